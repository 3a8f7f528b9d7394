"""Compiled modules built for the site's Pyodide, shipped beside their Python.

msgpack packs every message between the app and the page; its pure-Python
fallback took 25-40 ms of a Save on a 200-round match in the static app, its
compiled module 4-15 ms (bench/README.md). The installed package on a
computer is built for that computer, so the module comes from a wheel built
for Pyodide that ships with this package, and only for the Pyodide it was
built for and the same version of the Python files beside it.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path, PurePosixPath

WHEELS = Path(__file__).parent / "wheels"
"""Wheels built for Pyodide (from PyPI), one per distribution and version."""


def pyodide_tag(lock: Path) -> str:
    """The wheel platform tag of the Pyodide whose pyodide-lock.json is `lock`:
    `cp314-cp314-pyemscripten_2026_0_wasm32` for Python 3.14.x, ABI 2026_0."""
    info = json.loads(lock.read_text("utf-8"))["info"]
    major, minor = info["python"].split(".")[:2]
    python = f"cp{major}{minor}"
    return f"{python}-{python}-pyemscripten_{info['abi_version']}_{info['arch']}"


def compiled_modules(name: str, version: str, tag: str) -> list[tuple[str, bytes]]:
    """The compiled modules of `name` `version` built for `tag`: (path, bytes);
    none when no wheel here matches all three."""
    wheel = WHEELS / f"{name.replace('-', '_')}-{version}-{tag}.whl"
    if not wheel.is_file():
        return []
    with zipfile.ZipFile(wheel) as archive:
        return [
            (member, archive.read(member))
            for member in sorted(archive.namelist())
            if PurePosixPath(member).suffix == ".so"
        ]
