"""A network namespace that holds only loopback, for Chromium and the servers
of a test that connects browsers to each other: WebRTC's host candidates are
then 127.0.0.1 alone, and no packet can leave the machine whatever a page does.

Needs root (or CAP_SYS_ADMIN), util-linux's `unshare` and `nsenter`, and
iproute2's `ip`: CI runs as root on a machine that has all three."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from driver import CHROMIUM_ARGS
from playwright.sync_api import Browser, BrowserContext, Playwright

from companion.access.peer_sdp import allow_loopback

WRAPPER = Path(__file__).with_name("chromium_in_netns")
"""Starts /usr/bin/chromium inside the namespace $LOOPBACK_NETNS names:
Playwright puts its own arguments first, so nsenter cannot be its executable."""
HOLD = "ip link set lo up && echo up && exec cat"
"""Loopback up, then a word that it is, then wait until stdin closes."""
PEER_ARGS = ["--allow-loopback-in-peer-connection"]
"""WebRTC leaves out loopback addresses unless told to take them; so does our
code (access/peer_sdp.allow_loopback) in this process while a namespace is
open, and in the app of a page served from loopback (serving/app.py)."""


class LoopbackNetwork:
    """A namespace held open by a process that waits on its stdin."""

    def __init__(self) -> None:
        self.holder = subprocess.Popen(
            ["unshare", "--net", "sh", "-c", HOLD],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        )  # fmt: skip
        assert self.holder.stdout is not None
        if self.holder.stdout.readline().strip() != "up":
            raise RuntimeError("no network namespace: root, unshare and ip needed")
        # unshare and sh exec what follows, so the holder's pid is the namespace's.
        self.path = f"/proc/{self.holder.pid}/ns/net"
        allow_loopback(True)

    def command(self, *argv: str) -> list[str]:
        """`argv` as a command run inside the namespace."""
        return ["nsenter", f"--net={self.path}", *argv]

    def interfaces(self) -> list[str]:
        """The names of the namespace's network interfaces."""
        listed = subprocess.run(
            self.command("ip", "-o", "link"), capture_output=True, text=True,
            check=True,
        )  # fmt: skip
        return [line.split(":")[1].strip() for line in listed.stdout.splitlines()]

    def serve_folder(self, folder: Path, port: int = 8000) -> subprocess.Popen[str]:
        """A static server of `folder` on http://127.0.0.1:`port` in the namespace,
        answering once this returns."""
        server = subprocess.Popen(
            self.command(
                sys.executable, "-u", "-m", "http.server", "--bind", "127.0.0.1",
                "--directory", str(folder), str(port),
            ),
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        )  # fmt: skip
        assert server.stdout is not None
        if not server.stdout.readline().startswith("Serving HTTP"):
            server.kill()
            raise RuntimeError(f"no static server on port {port} in the namespace")
        return server

    def chromium(self, playwright: Playwright, args: Sequence[str] = ()) -> Browser:
        """Chromium inside the namespace, driven over its pipes as usual, with
        `args` beyond the tests' and WebRTC's own flags."""
        return playwright.chromium.launch(
            executable_path=str(WRAPPER),
            args=[*CHROMIUM_ARGS, *PEER_ARGS, *args],
            env={**os.environ, "LOOPBACK_NETNS": self.path},
        )

    def profile_chromium(
        self, playwright: Playwright, profile: Path, args: Sequence[str] = ()
    ) -> BrowserContext:
        """Chromium inside the namespace on the on-disk `profile` (its one
        context), with `args` beyond the tests' and WebRTC's own flags."""
        return playwright.chromium.launch_persistent_context(
            profile,
            executable_path=str(WRAPPER),
            args=[*CHROMIUM_ARGS, *PEER_ARGS, *args],
            env={**os.environ, "LOOPBACK_NETNS": self.path},
            viewport={"width": 390, "height": 844},
        )

    def close(self) -> None:
        allow_loopback(False)
        assert self.holder.stdin is not None
        self.holder.stdin.close()
        self.holder.wait(timeout=15)
