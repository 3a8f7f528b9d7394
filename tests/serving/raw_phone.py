"""A phone played without a browser: Flet's msgpack protocol over a raw websocket.

Everything a hostile phone on the Wi-Fi could send, byte for byte, against the
real `companion --share` server on 127.0.0.1 (its address given in
X-Forwarded-For, which the server believes from loopback in tests only).
"""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import msgpack
from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.uri import parse_uri

REPO = Path(__file__).resolve().parents[2]

REGISTER, PATCH, EVENT, UPDATE_PROPS, INVOKE, CRASHED = 1, 2, 3, 4, 5, 6
"""Flet 1.0.5's message actions (flet.messaging.protocol.MessageAction)."""

PAGE_ID = 1
"""The page's control id in every session."""

PHONE_PAGE = {"route": "/", "width": 390.0, "height": 844.0, "web": True}
"""What a phone's client says of its page when it registers (the part we need)."""


def frame(action: int, body: Any) -> bytes:
    """One Flet message as the client sends it: 0x00, then msgpack."""
    return b"\x00" + msgpack.packb([action, body])


def register(page: dict[str, Any] | None = None, session_id: Any = None) -> bytes:
    """The client's first message: who it is and its page."""
    body = {"session_id": session_id, "page_name": "", "page": page or PHONE_PAGE}
    return frame(REGISTER, body)


def update_props(control_id: int, props: dict[str, Any]) -> bytes:
    """A property update of a control, as the client sends a typed value."""
    return frame(UPDATE_PROPS, {"id": control_id, "props": props})


def event(target: int, name: str, data: Any = None) -> bytes:
    """A control event (a tap, a change, a submit)."""
    return frame(EVENT, {"target": target, "name": name, "data": data})


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def shared_server(data_dir: Path, log: Path) -> Iterator[int]:
    """`companion --share` on 127.0.0.1 serving `data_dir`: its port, until exit."""
    port = _free_port()
    env = {
        **os.environ, "FLET_FORCE_WEB_SERVER": "1", "LANGUAGE": "en",
        "COMPANION_TRUST_FORWARDED_FOR": "1", "PYTHONPATH": str(REPO),
    }  # fmt: skip
    env.pop("DISPLAY", None)
    command = [
        sys.executable, "-m", "companion.cli.main", "--host", "127.0.0.1",
        "--port", str(port), "--data-dir", str(data_dir), "--share",
    ]  # fmt: skip
    with log.open("a") as out:
        process = subprocess.Popen(
            command, cwd=REPO, env=env, stdout=out, stderr=subprocess.STDOUT
        )
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                raise RuntimeError(log.read_text())
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.3)
        yield port
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


class RawPhone:
    """A websocket to the server, its frames sent in one write when asked."""

    def __init__(self, port: int, address: str, languages: str = "") -> None:
        self.port = port
        self.address = address
        self.languages = languages
        """Its Accept-Language header ("": none)."""
        self.protocol = ClientProtocol(parse_uri(f"ws://127.0.0.1:{port}/ws"))
        self.received: list[Any] = []
        self.closed = False

    async def __aenter__(self) -> RawPhone:
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        request = self.protocol.connect()
        request.headers["X-Forwarded-For"] = self.address
        if self.languages:
            request.headers["Accept-Language"] = self.languages
        self.protocol.send_request(request)
        self._flush()
        while self.protocol.handshake_exc is None and not self._open():
            await self._read(10)
        if self.protocol.handshake_exc is not None:
            raise self.protocol.handshake_exc
        return self

    async def __aexit__(self, *_: object) -> None:
        self.writer.close()
        with suppress(OSError):
            await self.writer.wait_closed()

    def _open(self) -> bool:
        return self.protocol.state.name == "OPEN"

    def _flush(self) -> None:
        data = b"".join(self.protocol.data_to_send())
        if data:
            self.writer.write(data)

    async def send(self, *frames: bytes) -> None:
        """Send `frames` as websocket messages in a single write to the socket."""
        for data in frames:
            self.protocol.send_binary(data)
        self._flush()
        await self.writer.drain()

    async def _read(self, timeout: float) -> None:
        data = await asyncio.wait_for(self.reader.read(1 << 16), timeout)
        if not data:
            self.closed = True
            self.protocol.receive_eof()
            return
        self.protocol.receive_data(data)
        self._flush()
        for item in self.protocol.events_received():
            if isinstance(item, Frame) and item.opcode is Opcode.BINARY:
                payload = bytes(item.data)
                if payload[:1] == b"\x00":
                    self.received.append(
                        msgpack.unpackb(payload[1:], strict_map_key=False)
                    )
            elif isinstance(item, Frame) and item.opcode is Opcode.CLOSE:
                self.closed = True

    async def listen(self, seconds: float) -> None:
        """Take in what the server sends for `seconds` (or until it closes)."""
        end = asyncio.get_running_loop().time() + seconds
        while not self.closed:
            left = end - asyncio.get_running_loop().time()
            if left <= 0:
                return
            try:
                await self._read(left)
            except TimeoutError:
                return

    async def wait_for_text(self, text: str, seconds: float = 30) -> bool:
        """Whether `text` came in what the server sent within `seconds`."""
        end = asyncio.get_running_loop().time() + seconds
        while text not in self.seen() and not self.closed:
            left = end - asyncio.get_running_loop().time()
            if left <= 0:
                break
            try:
                await self._read(left)
            except TimeoutError:
                break
        return text in self.seen()

    def seen(self) -> str:
        """Everything the server sent, as text to search."""
        return repr(self.received)

    def controls(self) -> dict[int, dict[str, Any]]:
        """Every control the server sent, by id (its type and properties)."""
        found: dict[int, dict[str, Any]] = {}

        def walk(value: Any) -> None:
            if isinstance(value, dict):
                if isinstance(value.get("_i"), int) and "_c" in value:
                    found[value["_i"]] = value
                for item in value.values():
                    walk(item)
            elif isinstance(value, list | tuple):
                for item in value:
                    walk(item)

        walk(self.received)
        return found

    def find(self, kind: str, **props: Any) -> int:
        """The id of the latest control of type `kind` with `props` the server
        sent (a screen drawn again gets controls with new, higher ids)."""
        ids = [
            i
            for i, c in self.controls().items()
            if c.get("_c") == kind and all(c.get(k) == v for k, v in props.items())
        ]
        assert ids, (kind, props)
        return max(ids)

    def crashed(self) -> list[Any]:
        """The session-crashed messages the server sent (each with its text)."""
        return [m for m in self.received if m and m[0] == CRASHED]
