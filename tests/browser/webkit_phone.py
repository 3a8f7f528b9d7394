"""A phone in WebKitGTK (Safari's engine family), driven through webkit_driver.py.

Debian's WebKitGTK runs under Xvfb, driven by Debian's python3 (its `gi`):
Playwright's own WebKit cannot be downloaded here. The app is found in the
page's accessibility tree, as the Chromium tests find it (Flutter's
semantics, switched on by a click on its placeholder).
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import subprocess
import threading
import time
from pathlib import Path

DRIVER = Path(__file__).with_name("webkit_driver.py")
SYSTEM_PYTHON = "/usr/bin/python3"
REPLY = "REPLY "
WAIT_S = 120.0
"""The longest a screen may take to come: a first visit boots Python in
WebKit's JavaScript build of the client."""

_SEMANTICS = """
(() => {
  const placeholder = document.querySelector('flt-semantics-placeholder');
  if (placeholder) { placeholder.click(); }
})()
"""
_FIND = """
((text, role) => {
  const all = [...document.querySelectorAll(role ? `[role="${role}"]` : '*')];
  const found = all.find((element) => {
    const label = element.getAttribute('aria-label') || '';
    const own = [...element.childNodes].filter((n) => n.nodeType === 3)
      .map((n) => n.textContent).join('');
    return label.includes(text) || own.includes(text);
  });
  return found ? found : null;
})
"""


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


class WebKitPhone:
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

    def _found(self, text: str, role: str) -> bool:
        self.run(_SEMANTICS)
        script = f"Boolean({_FIND}({json.dumps(text)}, {json.dumps(role)}))"
        return self.run(script) is True

    def see(self, text: str, role: str = "", wait_s: float = WAIT_S) -> None:
        """Wait until the page shows `text` (in the words or labels of `role`)."""
        deadline = time.monotonic() + wait_s
        while time.monotonic() < deadline:
            with contextlib.suppress(AssertionError):
                if self._found(text, role):
                    return
            time.sleep(0.25)
        raise AssertionError(
            f"WebKit never showed {text!r}; console: {self.console[-20:]}"
        )

    def quit(self) -> None:
        if self.process is None:
            return
        with contextlib.suppress(OSError, ValueError):
            assert self.process.stdin is not None
            self.process.stdin.write(json.dumps({"quit": True}) + "\n")
            self.process.stdin.flush()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, 9)
            self.process.wait()
        self.process = None
