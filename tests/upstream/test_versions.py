"""One gate per upstream release, and the list of every workaround made for them.

A new Flet or Pyodide must be checked against each of WORKAROUNDS: `pytest -v`
on this file names them all. The list is whole: a module that asks the gate,
changes a file of Flet's, or imports a private name or an internal module of
Flet's or Pyodide's, and is not on it, fails here.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest
from flet.version import flet_version

from companion.upstream import versions
from companion.upstream.versions import WORKAROUNDS, Workaround

PACKAGE = Path(__file__).resolve().parents[2] / "companion"
GATES = {"companion.upstream.versions", "companion.webclient.flet_patch"}
"""Whoever imports these works around a release of Flet's or Pyodide's."""


UPSTREAM = frozenset({"flet", "flet_web", "flet_charts", "pyodide"})
PUBLIC = frozenset({*UPSTREAM, "pyodide.ffi"})
"""The modules Flet and Pyodide give as their API (`import flet as ft`,
`pyodide.ffi`); every other module of theirs is internal, free to change."""


def _module_name(path: Path) -> str:
    return ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text("utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def _upstream_internals(source: str) -> set[str]:
    """The internal modules and private names of Flet's or Pyodide's that
    `source` imports (a TYPE_CHECKING import too: it names them all the same)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            if node.module.split(".")[0] not in UPSTREAM:
                continue
            if node.module not in PUBLIC:
                found.add(node.module)
            found.update(
                f"{node.module}.{alias.name}"
                for alias in node.names
                if alias.name.startswith("_")
            )
        elif isinstance(node, ast.Import):
            found.update(
                alias.name
                for alias in node.names
                if alias.name.split(".")[0] in UPSTREAM and alias.name not in PUBLIC
            )
    return found


def test_private_names_and_internal_modules_are_found_by_their_imports():
    assert (
        _upstream_internals("import flet as ft\nfrom pyodide.ffi import to_js") == set()
    )
    assert _upstream_internals(
        "from flet.controls.context import _context_page\n"
        "from flet import _secret\n"
        "import flet_web.fastapi.flet_app\n"
    ) == {
        "flet.controls.context",
        "flet.controls.context._context_page",
        "flet._secret",
        "flet_web.fastapi.flet_app",
    }


def test_every_use_of_a_private_name_of_flet_or_pyodide_is_listed():
    using = {
        _module_name(path): sorted(_upstream_internals(path.read_text("utf-8")))
        for path in PACKAGE.rglob("*.py")
        if _module_name(path) not in GATES
    }
    listed = {workaround.module for workaround in WORKAROUNDS}
    unlisted = {module: names for module, names in using.items() if names}
    assert set(unlisted) <= listed, {
        module: names for module, names in unlisted.items() if module not in listed
    }


def test_every_module_that_asks_a_gate_or_patches_flet_is_listed():
    asking = {
        _module_name(path)
        for path in PACKAGE.rglob("*.py")
        if _imports(path) & GATES and _module_name(path) not in GATES
    }
    listed = {workaround.module for workaround in WORKAROUNDS}
    assert asking <= listed, asking - listed


@pytest.mark.parametrize("workaround", WORKAROUNDS, ids=lambda w: w.module)
def test_each_workaround_names_a_module_of_ours(workaround: Workaround):
    module = importlib.import_module(workaround.module)
    assert module.__doc__
    assert workaround.upstream and workaround.what


def test_the_release_is_named_once_the_installed_one_compared_in_one_place():
    for path in PACKAGE.rglob("*.py"):
        if _module_name(path) == "companion.upstream.versions":
            continue
        text = path.read_text("utf-8")
        assert f'"{versions.FLET}"' not in text, path
        assert f'"{versions.PYODIDE}"' not in text, path
        assert "flet.version" not in _imports(path), path


def test_the_installed_releases_are_the_measured_ones():
    # The pinned flet[web]==1.0.5 and the Pyodide its client bundles: every
    # workaround is on. A new one turns the gated ones off until checked.
    assert versions.flet_is_measured() == (flet_version == versions.FLET)
    assert versions.flet_is_measured()
    assert versions.pyodide_is_measured()
    assert not versions.flet_is_measured("1.0.6")
    assert not versions.pyodide_is_measured("315.0.0")
