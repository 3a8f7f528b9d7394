"""Servers the benches start: ours or a floor, on a free port, timed to the first
HTTP 200, with the memory of their process tree read from /proc."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from harness.paths import FLOORS, RENDERER_RUN, REPO

BYTECODE = Path(tempfile.gettempdir()) / "companion-bench-bytecode"
"""Where the servers keep their bytecode when the environment says write none."""


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


COMPANION = Path(sys.executable).with_name("companion")
"""The `companion` command as pip installed it: how a person starts the app."""


def ours_command(data_dir: Path) -> Callable[[int], list[str]]:
    """The `companion` command serving `data_dir`, given a port."""
    if not COMPANION.exists():
        raise SystemExit(f"{COMPANION} is missing: pip install -e . first")
    # The command itself, a script like the minimal apps, not `python -m
    # companion.cli.main`: that way took ~60 ms longer to its first HTTP 200 here
    # (bench/README.md, startup.py).
    return lambda port: [
        str(COMPANION),
        "--host", "127.0.0.1", "--port", str(port), "--data-dir", str(data_dir),
    ]  # fmt: skip


def checkout_command(data_dir: Path) -> Callable[[int], list[str]]:
    """This checkout's app serving `data_dir` (`python -m companion.cli.main`, run
    in the repository root), given a port: what a branch's bench measures."""
    return lambda port: [
        sys.executable, "-m", "companion.cli.main",
        "--host", "127.0.0.1", "--port", str(port), "--data-dir", str(data_dir),
    ]  # fmt: skip


def minimal_command(script: str) -> Callable[[int], list[str]]:
    """A floor from bench/floors/ (`minimal_app.py`...), given a port."""
    return lambda port: [
        sys.executable, str(FLOORS / script),
        "--host", "127.0.0.1", "--port", str(port),
    ]  # fmt: skip


def under_renderer(
    config: str, command: Callable[[int], list[str]]
) -> Callable[[int], list[str]]:
    """`command` (a script or `-m` module run by this Python) started through
    harness/renderer_run.py under the renderer configuration `config` (issue
    31), given a port."""
    return lambda port: [sys.executable, str(RENDERER_RUN), config, *command(port)[1:]]


class Server:
    """A web server process started on a free port, timed to its first HTTP 200."""

    def __init__(self, command: Callable[[int], list[str]]) -> None:
        self.port = free_port()
        self.command = command(self.port)
        self.process: subprocess.Popen[bytes] | None = None
        self.launched = 0.0
        self.first_200 = 0.0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        """Launch and poll every 5 ms until "/" answers 200; `first_200` in seconds."""
        env = {
            **os.environ,
            "FLET_WEB_NO_CDN": "1",
            "FLET_FORCE_WEB_SERVER": "1",
            "LANGUAGE": "en",
        }
        env.pop("DISPLAY", None)
        if env.pop("PYTHONDONTWRITEBYTECODE", None):
            # A person's start reads our modules' bytecode (pip writes it at
            # install, an editable checkout at its first start). Told to write
            # none, every start compiled all of ours from source again (~0.1 s
            # of the served start), which the floors, a file or two, hardly
            # pay: the servers keep it in a folder of their own instead.
            env["PYTHONPYCACHEPREFIX"] = str(BYTECODE)
        self.launched = time.perf_counter()
        self.process = subprocess.Popen(
            self.command, cwd=REPO, env=env,
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )  # fmt: skip
        deadline = self.launched + 60
        while time.perf_counter() < deadline:
            if self.process.poll() is not None:
                error = (
                    self.process.stderr.read().decode() if self.process.stderr else ""
                )
                raise RuntimeError(f"{self.command} exited:\n{error}")
            try:
                with urllib.request.urlopen(self.url + "/", timeout=2) as reply:
                    if reply.status == 200:
                        self.first_200 = time.perf_counter() - self.launched
                        return self
            except OSError:
                time.sleep(0.005)
        raise RuntimeError(f"{self.command} did not answer within 60 s")

    def since_launch(self) -> float:
        """Seconds since the process was launched."""
        return time.perf_counter() - self.launched

    def rss_mb(self) -> float:
        """Resident memory of the server and all its descendants, in MB."""
        if self.process is None:
            return 0.0
        return sum(rss_kb(pid) for pid in process_tree(self.process.pid)) / 1024

    def stop(self) -> None:
        """Terminate the server (and wait for it)."""
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        if self.process.stderr is not None:
            self.process.stderr.close()
        self.process = None


@contextmanager
def serving(command: Callable[[int], list[str]]) -> Iterator[Server]:
    """A started server, stopped on the way out."""
    server = Server(command)
    try:
        yield server.start()
    finally:
        server.stop()


def process_tree(root: int) -> list[int]:
    """`root` and every process descended from it."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        # The command name may hold spaces and parentheses: split after the last ")".
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(parent, []).append(int(entry))
    found, pending = [], [root]
    while pending:
        pid = pending.pop()
        found.append(pid)
        pending.extend(children.get(pid, []))
    return found


def rss_kb(pid: int) -> int:
    """VmRSS of one process in kB (0 if it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0
