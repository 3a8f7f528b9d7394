"""The peer of bench/static_app.py: a bare Flet counter published by Flet's own
`flet publish` (flet-cli 1.0.5), the static start any other Flet developer gets.

flet-cli is a bench-only tool, never a dependency of the project. Make one
beside the project's Python (it sees the installed flet and flet-web):
    python3 -m venv --system-site-packages /tmp/flet-cli
    /tmp/flet-cli/bin/pip install flet-cli==1.0.5
and pass `--flet-cli /tmp/flet-cli/bin/python` (or set FLET_CLI_PYTHON).

Offline, `flet publish` 1.0.5 needs three workarounds (../shared/notes/
flet-static.md), applied here and nowhere else: a local Python build manifest
(FLET_PYTHON_BUILD_MANIFEST), flet-web's bundled Pyodide put in flet-cli's
cache with the `info.version` its lock file lacks, and an absolute
`flet.pyodideUrl` in the page (the module worker rejects the bare specifier
Flet writes). The counter's dependencies (flet and its pure-Python ones, as
the floor has them) go in the app's `__pypackages__` with their dist-info, so
that the worker's `micropip.install("flet==1.0.5")` finds them installed
instead of asking PyPI. Everything else is Flet's: its renderer (CanvasKit),
its page, no service worker.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

from harness.paths import FLOORS

from companion.publish.site import Source, client_folder, distribution_files

FLET_VERSION = "1.0.5"
PYODIDE_VERSION = "314.0.7"
MANIFEST = {
    "default_python_version": "3.14",
    "pythons": {
        "3.14": {
            "full_version": "3.14.2",
            "pyodide_version": PYODIDE_VERSION,
            "android_abis": ["arm64-v8a"],
        }
    },
}
PEER_DISTRIBUTIONS = ("flet", "msgpack", "repath", "six")
"""The counter's dependencies in the browser, as the floor's (static_sites)."""

PEER_MAIN = "import flet as ft\nfrom minimal_counter import main\n\nft.run(main)\n"
_PYODIDE_URL = re.compile(r'flet\.pyodideUrl\s*=\s*"[^"]*"')


def flet_cli_python(given: str | None) -> str | None:
    """The Python that can run flet-cli 1.0.5, or None (the peer is skipped)."""
    python = given or os.environ.get("FLET_CLI_PYTHON")
    if python is None:
        return None
    found = subprocess.run(
        [python, "-c", "import flet_cli, importlib.metadata as m;"
         " print(m.version('flet-cli'))"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    if found.returncode != 0 or found.stdout.strip() != FLET_VERSION:
        raise SystemExit(f"{python} has no flet-cli {FLET_VERSION}: {found.stderr}")
    return python


def _offline_cache(scratch: Path) -> dict[str, str]:
    """Workarounds 1 and 2: the environment for an offline `flet publish`."""
    manifest = scratch / "python-build-manifest.json"
    manifest.write_text(json.dumps(MANIFEST), "utf-8")
    cache = scratch / "flet-cache"
    pyodide = cache / "pyodide" / PYODIDE_VERSION
    shutil.copytree(client_folder() / "pyodide", pyodide)
    lock_path = pyodide / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text("utf-8"))
    lock["info"]["version"] = PYODIDE_VERSION
    lock_path.write_text(json.dumps(lock), "utf-8")
    return {
        **os.environ,
        "FLET_PYTHON_BUILD_MANIFEST": str(manifest),
        "FLET_CACHE_DIR": str(cache),
    }


def _project(scratch: Path, packages: list[tuple[str, Source]]) -> Path:
    """The counter's folder as a developer would hand it to `flet publish`."""
    project = scratch / "counter"
    for relative, source in packages:
        target = project / "__pypackages__" / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(source if isinstance(source, bytes) else source.read_bytes())
    for script in ("minimal_counter.py", "minimal_run.py"):
        shutil.copyfile(FLOORS / script, project / script)
    (project / "main.py").write_text(PEER_MAIN, "utf-8")
    return project


def build_peer(scratch: Path, python: str) -> Path:
    """Publish the counter with `flet publish --no-cdn`; the site's folder."""
    scratch.mkdir(parents=True, exist_ok=True)
    environment = _offline_cache(scratch)
    project = _project(scratch, distribution_files(PEER_DISTRIBUTIONS))
    # Not a string prefix of the project's folder: Flet 1.0.5's check that a
    # file is within `dist` compares the strings, and would pack nothing.
    dist = scratch / "site"
    subprocess.run(
        [python, "-m", "flet_cli.cli", "publish", str(project / "main.py"),
         "--no-cdn", "--distpath", str(dist)],
        cwd=project, env=environment, check=True, timeout=600,
        stdout=subprocess.DEVNULL,
    )  # fmt: skip
    index = dist / "index.html"
    page, count = _PYODIDE_URL.subn(
        'flet.pyodideUrl="/pyodide/pyodide.mjs"', index.read_text("utf-8")
    )
    if count != 1:
        raise SystemExit("flet publish wrote no flet.pyodideUrl: workaround 3 fails")
    index.write_text(page, "utf-8")  # workaround 3
    return dist
