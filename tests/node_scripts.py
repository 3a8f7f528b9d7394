"""Our shipped scripts run in node: the helper every JavaScript test uses.

Node is one of the test command's tools (scripts/test.sh installs it): a test
that needs it fails, never skips, when it is missing.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from companion.webclient.page_script import SETTINGS


def node() -> str:
    """Node's path; the test fails with what to do when there is none."""
    found = shutil.which("node")
    if found is None:
        pytest.fail("node is not installed: scripts/test.sh installs it", False)
    return found


def run_node(*args: str | Path, cwd: Path | None = None) -> str:
    """What node prints for `args` (a script's path, or `-e` and a program)."""
    done = subprocess.run(
        [node(), *map(str, args)],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def node_json(*args: str | Path, cwd: Path | None = None) -> object:
    """The JSON in the last line node prints for `args`."""
    return json.loads(run_node(*args, cwd=cwd).strip().split("\n")[-1])


def shipped_settings(shipped: str) -> dict[str, object]:
    """Every script's settings in `shipped` (page_script.settings_line's lines)."""
    prefix = f"self.{SETTINGS} = Object.assign(self.{SETTINGS} || {{}}, "
    found: dict[str, object] = {}
    for line in shipped.split("\n"):
        if line.startswith(prefix) and line.endswith(");"):
            found.update(json.loads(line[len(prefix) : -2]))
    return found
