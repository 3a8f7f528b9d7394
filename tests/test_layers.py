"""Imports point down the layers, screens keep to their rooms, the engine stays pure."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "companion"

# What each layer of companion/ may import of ours: ui -> sync -> (storage,
# access) -> engine, ui -> words, with serving and the CLI on top. Words may
# name access errors.
MAY_IMPORT: dict[str, frozenset[str]] = {
    "engine": frozenset(),
    "access": frozenset({"engine"}),
    "storage": frozenset({"engine"}),
    "words": frozenset({"engine", "access"}),
    # Phones that follow one phone live: the protocol, no screen.
    "sync": frozenset({"engine", "access", "storage"}),
    "ui": frozenset({"engine", "access", "storage", "words", "sync", "upstream"}),
    "serving": frozenset(
        {"engine", "access", "storage", "words", "sync", "ui", "webclient"}
        | {"upstream"}
    ),
    "cli": frozenset(
        {"engine", "access", "storage", "words", "sync", "ui", "serving"}
        | {"publish", "webclient", "upstream"}
    ),
    # The Flet and Pyodide releases measured on, and the workarounds for them.
    "upstream": frozenset(),
    # The web client's files as we ship them (service worker, fonts, Rive stub).
    "webclient": frozenset(),
    # `companion publish`: the static site, with the app's catalogs in it.
    "publish": frozenset({"words", "webclient", "upstream"}),
}

# The rooms of companion/ui/ and the other rooms each may import: every screen's
# room the frame alone (a screen opens another only through the router's routes),
# the frame nothing of the screens, the router every room.
SCREEN_ROOMS = frozenset(
    {"matches", "new_match", "record", "scoreboard", "players", "rules"}
    | {"settings", "join", "follow"}
)
ROOM_MAY_IMPORT: dict[str, frozenset[str]] = {
    "frame": frozenset(),
    "router": SCREEN_ROOMS | {"frame"},
    **{room: frozenset({"frame"}) for room in SCREEN_ROOMS},
}

# Outside packages a layer must not touch (top-level module names).
FLET = frozenset({"flet", "flet_web", "flet_charts"})
FORBIDDEN: dict[str, frozenset[str]] = {
    "engine": FLET | {"tinydb", "gettext", "babel"},
    "access": FLET | {"tinydb"},
    "storage": FLET,
    "words": FLET | {"tinydb"},
    "sync": FLET | {"tinydb"},
}


def imported_modules(source: Path, package_root: Path) -> list[tuple[int, str]]:
    """Every module the file imports (absolute dotted names), with its line."""
    tree = ast.parse(source.read_text(encoding="utf-8"), filename=str(source))
    here = source.relative_to(package_root.parent).with_suffix("").parts
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(here[: len(here) - node.level])
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            # `from companion import ui` imports the subpackage ui (and likewise
            # `from companion.ui import frame` a room).
            packages = {package_root.name, f"{package_root.name}.ui"}
            found.extend(
                (
                    node.lineno,
                    f"{module}.{alias.name}" if module in packages else module,
                )
                for alias in node.names
            )
    return found


def layer_of(module: str, package: str) -> str | None:
    """The layer a dotted module of ours belongs to, or None for the package root."""
    parts = module.split(".")
    if parts[0] != package or len(parts) < 2:
        return None
    return parts[1]


def room_of(module: str, package: str) -> str | None:
    """The room of companion/ui/ a dotted module of ours is in, or None."""
    parts = module.split(".")
    if parts[:2] != [package, "ui"] or len(parts) < 3:
        return None
    return parts[2]


def wrong_room_import(inside: tuple[str, ...], module: str, package: str) -> str:
    """What is wrong with a module of companion/ui/ importing `module` ('' if not)."""
    room = inside[1] if len(inside) > 2 else None
    target = room_of(module, package)
    if room is None:
        return f"ui imports {module} outside a room" if target else ""
    if room not in ROOM_MAY_IMPORT:
        return f"{room} is not a known room of ui"
    if target in (None, room) or target in ROOM_MAY_IMPORT[room]:
        return ""
    return f"ui room {room} imports {module} (another room's internals)"


def wrong_imports(package_root: Path) -> list[str]:
    """Each import against the layers' direction, as 'file:line: what'."""
    package = package_root.name
    problems: list[str] = []
    for source in sorted(package_root.rglob("*.py")):
        inside = source.relative_to(package_root).parts
        layer = inside[0] if len(inside) > 1 else None
        for line, module in imported_modules(source, package_root):
            where = f"{source.relative_to(package_root.parent)}:{line}"
            target = layer_of(module, package)
            top = module.split(".")[0]
            if layer is None:
                if target is not None:
                    problems.append(f"{where}: the package root imports {module}")
                continue
            if layer not in MAY_IMPORT:
                problems.append(f"{where}: {layer} is not a known layer")
                continue
            ours_above = target not in (None, layer, *MAY_IMPORT[layer])
            if ours_above or top in FORBIDDEN.get(layer, frozenset()):
                problems.append(f"{where}: {layer} imports {module}")
            elif layer == "ui":
                wrong = wrong_room_import(inside, module, package)
                if wrong:
                    problems.append(f"{where}: {wrong}")
    return problems


def test_every_import_of_the_package_points_down_the_layers() -> None:
    assert wrong_imports(PACKAGE) == []


def test_every_folder_of_the_package_is_a_known_layer() -> None:
    folders = {
        path.name
        for path in PACKAGE.iterdir()
        if path.is_dir() and (path / "__init__.py").exists()
    }
    assert folders - {"locales"} == set(MAY_IMPORT)


def test_every_folder_of_the_ui_is_a_known_room() -> None:
    rooms = {
        path.name
        for path in (PACKAGE / "ui").iterdir()
        if path.is_dir() and (path / "__init__.py").exists()
    }
    assert rooms == set(ROOM_MAY_IMPORT)
    assert not [p.name for p in (PACKAGE / "ui").glob("*.py") if p.stem != "__init__"]


def made_package(tmp_path: Path, files: dict[str, str]) -> Path:
    """A package named companion under tmp_path holding `files` (path: text)."""
    root = tmp_path / "companion"
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


@pytest.mark.parametrize(
    ("name", "text", "complaint"),
    [
        ("engine/match.py", "from companion.ui.router import root\n", "engine imports"),
        ("engine/match.py", "import flet as ft\n", "engine imports flet"),
        ("engine/match.py", "def f():\n    import tinydb\n", "engine imports tinydb"),
        ("engine/games.py", "from gettext import gettext\n", "engine imports gettext"),
        ("storage/store.py", "from companion.words import i18n\n", "storage imports"),
        ("access/sharing.py", "from companion.serving.server import x\n", "imports"),
        ("words/messages.py", "from ..ui import format\n", "words imports"),
        ("serving/server.py", "from companion.cli.main import main\n", "imports"),
        ("ui/router/root.py", "from companion import serving\n", "ui imports"),
    ],
)
def test_an_import_against_the_direction_is_named(
    tmp_path: Path, name: str, text: str, complaint: str
) -> None:
    root = made_package(tmp_path, {name: text, "ui/frame/state.py": "import flet\n"})
    problems = wrong_imports(root)
    assert len(problems) == 1 and complaint in problems[0], problems
    assert problems[0].startswith(f"companion/{name}:")


def test_imports_down_the_layers_pass(tmp_path: Path) -> None:
    root = made_package(
        tmp_path,
        {
            "engine/match.py": "from companion.engine.games import get_game\n",
            "words/messages.py": "from companion.access.sharing import AccessError\n",
            "ui/frame/state.py": "import flet\nfrom companion.storage import Store\n",
            "cli/main.py": "from companion.serving.server import serve\n",
        },
    )
    assert wrong_imports(root) == []
