"""The screens write only through AppState, and AppState asks the share gate first.

The store's writing methods are its public methods that
`companion.storage.store.reads` does not mark: a method is a write until it is
marked as changing nothing, and one named with a verb that changes things may
not be marked. Under companion/ui/ (and companion/sync/, the follow
protocol below it) the store is held under the name `store` (or
`_store`) only, so a writing method named on it is found wherever it is called,
passed or looked up; only AppState and its parts (ui/frame/state*.py) may name
one, and each of their methods that writes asks the gate (its access part's
`allowed` or `hosting`) before it does, or is only called by methods that asked.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest
from test_layers import made_package

from companion.storage import Store

PACKAGE = Path(__file__).resolve().parents[1] / "companion"
GATE = "ui/frame/state*.py"
"""AppState and its parts: the modules of companion/ui/ that call the store's
writing methods, each asking the gate first."""
STORE_NAMES = frozenset({"store", "_store"})
ASKS = frozenset({"allowed", "hosting"})
"""SessionAccess's questions to the share gate."""
ACCESS = "_access"
"""The name each part of AppState holds SessionAccess under."""
CHANGING_VERBS = frozenset(
    {"add", "save", "update", "delete", "restore", "keep", "drop", "include"}
    | {"hide", "rename", "import", "export", "put", "remove", "set", "clear"}
    | {"write", "move", "replace", "insert", "store", "destroy", "forget", "take"}
)
"""First words of a method name that changes data: no such Store method may
be marked as reading only."""


def _public_methods() -> dict[str, object]:
    """Store's own public methods (its constructors, class methods, aside)."""
    return {
        name: value
        for name, value in vars(Store).items()
        if inspect.isfunction(value) and not name.startswith("_")
    }


def writing_methods() -> frozenset[str]:
    """The Store methods not marked as changing nothing: writes and exports."""
    return frozenset(
        name
        for name, value in _public_methods().items()
        if not getattr(value, "reads_only", False)
    )


def _names_the_store(node: ast.AST) -> bool:
    if isinstance(node, ast.Name):
        return node.id in STORE_NAMES
    return isinstance(node, ast.Attribute) and node.attr in STORE_NAMES


def _annotated_store(annotation: ast.AST | None) -> bool:
    if annotation is None:
        return False
    text = ast.unparse(annotation).strip("'\"")
    return text.split("|")[0].strip() in ("Store", "storage.Store")


def _holds_store_otherwise(argument: ast.arg) -> bool:
    named = argument.arg in STORE_NAMES
    return not named and _annotated_store(argument.annotation)


def _looks_up_on_the_store(call: ast.Call) -> bool:
    function = call.func
    named = isinstance(function, ast.Name) and function.id == "getattr"
    return named and bool(call.args) and _names_the_store(call.args[0])


def direct_writes(tree: ast.AST, writers: frozenset[str]) -> list[tuple[int, str]]:
    """Where a module names a writing method on the store, or holds the store
    under another name (where the first check could not see it)."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in writers:
            if _names_the_store(node.value):
                found.append((node.lineno, f"writes with store.{node.attr}"))
        elif isinstance(node, ast.Call) and _looks_up_on_the_store(node):
            found.append((node.lineno, "looks up a method of the store"))
        elif isinstance(node, ast.Assign | ast.AnnAssign | ast.NamedExpr):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if node.value is not None and _names_the_store(node.value):
                for target in targets:
                    if not _names_the_store(target):
                        name = ast.unparse(target)
                        found.append((node.lineno, f"holds the store as {name}"))
        elif isinstance(node, ast.arg) and _holds_store_otherwise(node):
            found.append((node.lineno, f"takes the store as {node.arg}"))
    return found


Place = tuple[int, int]
"""(line, column) of a node: two calls on one line keep their order."""


def _calls(function: ast.AST, names: frozenset[str]) -> list[Place]:
    """Where `function` calls self.<one of names>(...)."""
    return [
        (node.lineno, node.col_offset)
        for node in ast.walk(function)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "self"
        and node.func.attr in names
    ]


def _writes(function: ast.AST, writers: frozenset[str]) -> list[Place]:
    return [
        (node.lineno, node.col_offset)
        for node in ast.walk(function)
        if isinstance(node, ast.Attribute)
        and node.attr in writers
        and _names_the_store(node.value)
    ]


def _asked(function: ast.AST) -> list[Place]:
    """Where `function` asks the gate: self._access.allowed() or .hosting()."""
    return [
        (node.lineno, node.col_offset)
        for node in ast.walk(function)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in ASKS
        and ast.unparse(node.func.value) == f"self.{ACCESS}"
    ]


def _asks_before(function: ast.AST, places: list[Place]) -> bool:
    asked = _asked(function)
    return bool(asked) and min(asked) < min(places)


def ungated_writes(tree: ast.AST, writers: frozenset[str]) -> list[tuple[int, str]]:
    """Each method of the gate module that writes without asking the gate first,
    itself or in every method that calls it."""
    problems: list[tuple[int, str]] = []
    for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
        methods = {
            f.name: f
            for f in cls.body
            if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)
        }
        for name, method in methods.items():
            places = _writes(method, writers)
            if not places or _asks_before(method, places):
                continue
            callers = [
                other for other in methods.values() if _calls(other, frozenset({name}))
            ]
            asked = all(
                _asks_before(other, _calls(other, frozenset({name})))
                for other in callers
            )
            if not (name.startswith("_") and callers and asked):
                problems.append((method.lineno, f"{name} writes before asking"))
    return problems + _private_calls_between_parts(tree)


def _private_calls_between_parts(tree: ast.AST) -> list[tuple[int, str]]:
    """Where a part calls another part's underscored method: those are
    trusted to be called only by their own part's methods that asked."""
    return [
        (node.lineno, f"calls {ast.unparse(node.func)} of another part")
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr.startswith("_")
        and not node.func.attr.startswith("__")
        and isinstance(node.func.value, ast.Attribute)
        and ast.unparse(node.func.value).startswith("self.")
    ]


def gate_problems(package_root: Path, writers: frozenset[str]) -> list[str]:
    """Every write around the gate under package_root/ui and /sync (the follow
    protocol, which writes only through the session it is given), as
    'file:line: what'."""
    problems: list[str] = []
    sources = [*(package_root / "ui").rglob("*.py")]
    sources += (package_root / "sync").rglob("*.py")
    for source in sorted(sources):
        inside = source.relative_to(package_root)
        tree = ast.parse(source.read_text(encoding="utf-8"), filename=str(source))
        check = ungated_writes if inside.match(GATE) else direct_writes
        where = source.relative_to(package_root.parent)
        problems += [f"{where}:{line}: {what}" for line, what in check(tree, writers)]
    return problems


def test_every_write_of_the_screens_goes_through_the_gate() -> None:
    assert gate_problems(PACKAGE, writing_methods()) == []


def test_no_store_method_named_for_a_change_is_marked_as_reading_only() -> None:
    reading = set(_public_methods()) - writing_methods()
    assert {n for n in reading if n.split("_")[0] in CHANGING_VERBS} == set()
    # What the screens read directly, and what they never write but through
    # AppState: the mark divides them.
    assert {"list_matches", "settings", "durable"} <= reading
    assert {"save_match", "delete_own_game", "keep_draft", "merge"} <= (
        writing_methods()
    )


WRITERS = frozenset({"save_match", "delete_own_game"})


GATED = """
class SessionWrites:
    def save_match(self, match):
        if not self._access.allowed():
            return False
        self._store.save_match(match)
        return True

    def set_theme(self, theme):
        return self._access.hosting() and self._update(theme=theme)

    def _update(self, **changes):
        self._store.save_match(changes)
"""


@pytest.mark.parametrize(
    ("name", "text", "complaint"),
    [
        (
            "ui/new_match/own_game_screen.py",
            "def go(state):\n    state.store.delete_own_game('x')\n",
            "writes with store.delete_own_game",
        ),
        (
            "ui/record/draft_keeper.py",
            "class K:\n    def f(self):\n        self._store.save_match(1)\n",
            "writes with store.save_match",
        ),
        (
            "sync/follow_guest.py",
            "class G:\n    def f(self):\n        self.state.store.save_match(1)\n",
            "writes with store.save_match",
        ),
        (
            "ui/frame/format.py",
            "def go(state):\n    keep = state.store.save_match\n",
            "writes with store.save_match",
        ),
        (
            "ui/players/leaderboard.py",
            "def go(state):\n    db = state.store\n    db.save_match(1)\n",
            "holds the store as db",
        ),
        (
            "ui/rules/rules_screen.py",
            "def go(state):\n    getattr(state.store, 'save_' + 'match')(1)\n",
            "looks up a method of the store",
        ),
        (
            "ui/frame/player_colours.py",
            "def go(db: Store) -> None:\n    db.save_match(1)\n",
            "takes the store as db",
        ),
        (
            "ui/frame/state_writes.py",
            "class W:\n    def delete(self, i):\n"
            "        self.store.delete_own_game(i)\n",
            "delete writes before asking",
        ),
        (
            "ui/frame/state_writes.py",
            "class W:\n    def save(self, m):\n        self._store.save_match(m)\n"
            "        return self._access.allowed()\n",
            "save writes before asking",
        ),
        (
            "ui/frame/state_writes.py",
            GATED + "    def reset(self):\n        self._update(theme='x')\n",
            "_update writes before asking",
        ),
        (
            "ui/frame/state_drafts.py",
            "class D:\n    def keep(self, m):\n        self._store.save_match(m)\n",
            "keep writes before asking",
        ),
        (
            "ui/frame/state_handover.py",
            "class H:\n    def site(self, a):\n"
            "        self._settings._update(site_address=a)\n",
            "calls self._settings._update of another part",
        ),
    ],
)
def test_a_write_around_the_gate_is_named(
    tmp_path: Path, name: str, text: str, complaint: str
) -> None:
    problems = gate_problems(made_package(tmp_path, {name: text}), WRITERS)
    assert len(problems) == 1 and complaint in problems[0], problems
    assert problems[0].startswith(f"companion/{name}:")


def test_reads_and_writes_through_the_gate_pass(tmp_path: Path) -> None:
    root = made_package(
        tmp_path,
        {
            "ui/frame/state_writes.py": GATED,
            "ui/matches/matches_screen.py": (
                "def go(state, draft):\n"
                "    state.store.list_matches()\n"
                "    state.save_match(1)\n"
                "    draft.delete_own_game()\n"
            ),
            "ui/frame/player_colours.py": (
                "def go(store: Store) -> None:\n    store.joined_order()\n"
            ),
        },
    )
    assert gate_problems(root, WRITERS) == []
