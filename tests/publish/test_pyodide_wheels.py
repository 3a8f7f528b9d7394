"""The compiled modules a site ships are the ones built for its own Pyodide."""

from __future__ import annotations

import json
from importlib.metadata import version
from pathlib import Path

from companion.publish.pyodide_wheels import compiled_modules, pyodide_tag
from companion.publish.site import client_folder

MSGPACK_SO = "msgpack/_cmsgpack.cpython-314-wasm32-emscripten.so"


def _lock(tmp_path: Path, python: str, abi: str) -> Path:
    lock = tmp_path / "pyodide-lock.json"
    info = {"abi_version": abi, "arch": "wasm32", "python": python}
    lock.write_text(json.dumps({"info": info, "packages": {}}), "utf-8")
    return lock


def test_the_tag_names_pyodides_python_and_abi(tmp_path: Path):
    assert (
        pyodide_tag(_lock(tmp_path, "3.14.2", "2026_0"))
        == "cp314-cp314-pyemscripten_2026_0_wasm32"
    )
    assert pyodide_tag(_lock(tmp_path, "3.13.1", "2025_0")).startswith("cp313-cp313")


def test_msgpack_ships_compiled_for_the_clients_pyodide_only():
    tag = pyodide_tag(client_folder() / "pyodide" / "pyodide-lock.json")
    installed = version("msgpack")
    (module,) = compiled_modules("msgpack", installed, tag)
    assert module[0] == MSGPACK_SO
    # A WebAssembly module, as Pyodide loads it.
    assert module[1][:4] == b"\0asm"
    # Another Pyodide, or other Python files beside it: the pure-Python fallback.
    assert (
        compiled_modules("msgpack", installed, "cp313-cp313-pyemscripten_2025_0_wasm32")
        == []
    )
    assert compiled_modules("msgpack", "1.0.0", tag) == []
    assert compiled_modules("tinydb", version("tinydb"), tag) == []
