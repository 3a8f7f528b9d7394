"""One gate per upstream release, and the list of every workaround made for them.

A new Flet or Pyodide must be checked against each of WORKAROUNDS: `pytest -v`
on this file names them all. The list is whole: a module that asks the gate
or changes a file of Flet's and is not on it fails here.
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
