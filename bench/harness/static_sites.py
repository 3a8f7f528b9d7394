"""The sites bench/static_app.py measures, and the static server that counts bytes.

Our site and the floor (a bare Flet counter) are built by the same
companion.publish.site.build_site; `--pyc` (an experiment, needs node) adds
bytecode compiled by Pyodide's own Python to our archive.
"""

from __future__ import annotations

import functools
import gzip
import http.server
import io
import os
import subprocess
import tarfile
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from companion.publish.site import (
    APP_ARCHIVE,
    build_site,
    client_folder,
    distribution_files,
    files_loaded_signal,
)
from harness.paths import FLOORS

MB = 1_000_000
FLOOR_DISTRIBUTIONS = ("flet", "msgpack", "repath", "six")
"""What a bare Flet app needs in the browser: flet and its pure-Python deps."""


def floor_entry(version: str) -> str:
    """The floor's entry module: the same signal to the page, then the counter."""
    return (
        f"{files_loaded_signal()}\n"
        "import flet as ft\n"
        "from minimal_counter import main\n"
        "\n"
        "ft.run(main)\n"
    )


def build_sites(scratch: Path, pyc: str = "") -> dict[str, Path]:
    """Our site and the floor's, built the same way; their folders by name."""
    ours = build_site(scratch / "ours")
    floor_files = distribution_files(FLOOR_DISTRIBUTIONS)
    # The counter and the start-up every bare app of the benches shares.
    for script in ("minimal_counter.py", "minimal_run.py"):
        floor_files.append((script, FLOORS / script))
    floor = build_site(
        scratch / "floor", packages=floor_files, entry=floor_entry, early=""
    )
    if pyc:
        for site in (ours, floor):
            compile_archive(site.folder / APP_ARCHIVE, sourceless=pyc == "only")
    for name, site in (("ours", ours), ("floor", floor)):
        print_size(name, site.folder)
    return {"ours": ours.folder, "floor": floor.folder}


def print_size(name: str, folder: Path) -> None:
    """A built site's files, size and archive size."""
    files = [path for path in folder.rglob("*") if path.is_file()]
    size = sum(path.stat().st_size for path in files)
    archive = (folder / APP_ARCHIVE).stat().st_size
    print(
        f"{name}: {len(files)} files, {size / MB:.1f} MB "
        f"({APP_ARCHIVE} {archive / MB:.2f} MB)"
    )


_COMPILE_MJS = """
import { loadPyodide } from %(pyodide)s;
const py = await loadPyodide({ indexURL: %(index)s });
py.FS.mkdirTree('/mnt');
py.FS.mount(py.FS.filesystems.NODEFS, { root: %(root)s }, '/mnt');
py.runPython(`
import compileall, py_compile
compileall.compile_dir('/mnt', quiet=1, legacy=%(legacy)s,
    invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
`);
"""


def compile_archive(archive: Path, sourceless: bool = False) -> None:
    """Add `__pycache__` bytecode for Pyodide's Python to an app archive.

    Compiled by that Python itself (Pyodide in node), unchecked-hash pycs: the
    archive's files all have mtime 0, so a timestamp check would be useless.
    `sourceless`: each module's bytecode in place of its source (the entry
    module aside), so that the archive is no larger.
    """
    pyodide = client_folder() / "pyodide"
    with tempfile.TemporaryDirectory(prefix="bench-pyc-") as scratch:
        root = Path(scratch) / "app"
        with tarfile.open(archive) as tar:
            tar.extractall(root, filter="data")
        script = Path(scratch) / "compile.mjs"
        script.write_text(
            _COMPILE_MJS
            % {
                "pyodide": repr(str(pyodide / "pyodide.mjs")),
                "index": repr(str(pyodide) + "/"),
                "root": repr(str(root)),
                "legacy": str(sourceless),
            }
        )
        subprocess.run(["node", str(script)], check=True, timeout=600)
        for source in root.rglob("*.py") if sourceless else ():
            if source.with_suffix(".pyc").exists() and source.parent != root:
                source.unlink()
        raw = io.BytesIO()
        with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
            for path in sorted(root.rglob("*")):
                if path.is_file():
                    info = tarfile.TarInfo(path.relative_to(root).as_posix())
                    info.size = path.stat().st_size
                    info.mode = 0o644
                    tar.addfile(info, io.BytesIO(path.read_bytes()))
        archive.write_bytes(gzip.compress(raw.getvalue(), mtime=0))


@functools.cache
def gzip_size(file: Path) -> int:
    """Bytes of `gzip -6` of a file (headers aside): what a gzipping host sends."""
    return len(gzip.compress(file.read_bytes(), compresslevel=6, mtime=0))


class CountingHandler(http.server.SimpleHTTPRequestHandler):
    """`python -m http.server`'s handler, counting the bytes it sends."""

    def __init__(
        self,
        *args,
        sent: Callable[[str, int], None],
        body: Callable[[str], None],
        **kwargs,
    ) -> None:
        self._sent = sent
        self._body = body
        super().__init__(*args, **kwargs)

    def copyfile(self, source, outputfile) -> None:
        """Send a file's body (a 200: a 304 sends none), noting which file."""
        self._body(source.name)
        super().copyfile(source, outputfile)

    def setup(self) -> None:
        super().setup()
        raw, handler = self.wfile, self

        class Counted:
            def write(self, data: bytes) -> int:
                handler._sent(getattr(handler, "path", "?"), len(data))
                return raw.write(data)

            def __getattr__(self, name: str) -> object:
                return getattr(raw, name)

        self.wfile = Counted()  # type: ignore[assignment]

    def log_message(self, format: str, *args: object) -> None:
        if os.environ.get("BENCH_LOG_REQUESTS"):
            agent = self.headers.get("Service-Worker", "") if self.headers else ""
            print(f"    request {format % args} {agent}", flush=True)


class StaticServer:
    """A static file server on 127.0.0.1 in a thread; bytes sent so far, by path."""

    handler: type[CountingHandler] = CountingHandler

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.by_path: dict[str, int] = {}
        self.bodies: dict[str, int] = {}
        """How many times each file's body was sent, by its path on disk."""
        self._lock = threading.Lock()
        self._server: http.server.ThreadingHTTPServer | None = None
        self.port = 0

    def _count(self, path: str, size: int) -> None:
        with self._lock:
            self.by_path[path] = self.by_path.get(path, 0) + size

    def _count_body(self, file: str) -> None:
        with self._lock:
            self.bodies[file] = self.bodies.get(file, 0) + 1

    @property
    def sent(self) -> int:
        with self._lock:
            return sum(self.by_path.values())

    def gzip_sent(self) -> int:
        """The bodies sent so far as a host that gzips them (level 6) sends them."""
        with self._lock:
            bodies = dict(self.bodies)
        return sum(times * gzip_size(Path(file)) for file, times in bodies.items())

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> StaticServer:
        handler = functools.partial(
            self.handler,
            directory=str(self.folder),
            sent=self._count,
            body=self._count_body,
        )
        server = http.server.ThreadingHTTPServer(("127.0.0.1", self.port), handler)
        self.port = server.server_address[1]
        self._server = server
        threading.Thread(target=server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None


@contextmanager
def static_serving(folder: Path) -> Iterator[StaticServer]:
    """A started StaticServer, stopped on the way out."""
    server = StaticServer(folder).start()
    try:
        yield server
    finally:
        server.stop()
