"""A phone in WebKitGTK (Safari's engine family), driven through webkit_driver.py.

Debian's WebKitGTK runs under Xvfb, driven by Debian's python3 (its `gi`):
Playwright's own WebKit cannot be downloaded here. The app is found in the
page's accessibility tree (scripted_phone.py).
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import subprocess
import threading
from pathlib import Path

from scripted_phone import ScriptedPhone, stop_group

DRIVER = Path(__file__).with_name("webkit_driver.py")
SYSTEM_PYTHON = "/usr/bin/python3"
REPLY = "REPLY "


class Xvfb:
    """A virtual X display for the browsers that need one."""

    def __init__(self) -> None:
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1024x900x24",
             "-nolisten", "tcp"],
            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        os.close(write)
        with os.fdopen(read) as said:
            self.display = ":" + said.readline().strip()

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=15)


class WebKitPhone(ScriptedPhone):
    """One WebKitGTK window on a data folder of its own, which outlives it."""

    def __init__(self, profile: Path, display: str) -> None:
        self.profile = profile
        self.display = display
        self.console: list[str] = []
        self.process: subprocess.Popen[str] | None = None
        self._replies: queue.Queue[dict[str, object]] = queue.Queue()

    def start(self) -> WebKitPhone:
        self.profile.mkdir(parents=True, exist_ok=True)
        env = {**os.environ, "DISPLAY": self.display, "LANG": "C.UTF-8"}
        self.process = subprocess.Popen(
            [SYSTEM_PYTHON, str(DRIVER), str(self.profile)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True, env=env,
            start_new_session=True,
        )  # fmt: skip
        threading.Thread(target=self._read, daemon=True).start()
        assert self._reply()["value"] == "ready"
        return self

    def _read(self) -> None:
        assert self.process is not None and self.process.stdout is not None
        for line in self.process.stdout:
            if line.startswith(REPLY):
                self._replies.put(json.loads(line[len(REPLY) :]))
            else:
                self.console.append(line.rstrip("\n"))

    def _reply(self) -> dict[str, object]:
        try:
            return self._replies.get(timeout=60)
        except queue.Empty:
            said = self.console[-20:]
            raise AssertionError(f"WebKit said nothing; its console: {said}") from None

    def _ask(self, command: dict[str, object]) -> object:
        assert self.process is not None and self.process.stdin is not None
        self.process.stdin.write(json.dumps(command) + "\n")
        self.process.stdin.flush()
        reply = self._reply()
        if "error" in reply:
            raise AssertionError(f"WebKit: {reply['error']}")
        return reply["value"]

    def open(self, url: str) -> None:
        """Load `url` as typing it in the address bar would."""
        self._ask({"open": url})

    def back(self) -> None:
        """The browser's back button."""
        self._ask({"back": True})

    def run(self, script: str) -> object:
        """The JSON value of `script`, an expression, in the page."""
        return self._ask({"eval": script})

    def quit(self) -> None:
        if self.process is None:
            return
        with contextlib.suppress(OSError, ValueError):
            assert self.process.stdin is not None
            self.process.stdin.write(json.dumps({"quit": True}) + "\n")
            self.process.stdin.flush()
        stop_group(self.process, 15)
        self.process = None
