"""A phone on the Wi-Fi that forges what it sends: never the host, never a crash.

Played with a raw websocket (raw_phone.py) against the real `companion --share`
server: what a hostile phone could send, not what a browser would.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from event_loops import run_apart
from raw_phone import (
    INVOKE,
    PAGE_ID,
    PHONE_PAGE,
    RawPhone,
    event,
    frame,
    register,
    shared_server,
    update_props,
)

from companion.engine.match import Match
from companion.storage import Store

PHONE = "192.0.2.7"
"""The forging phone's address (a documentation address: never this computer)."""


class Table:
    """The shared server, its join code, its data folder."""

    def __init__(self, port: int, log: Path, data_dir: Path) -> None:
        self.port = port
        self.log = log
        self.data_dir = data_dir

    @property
    def code(self) -> str:
        printed = self.log.read_text()
        found = re.findall(r"join code(?: is now)?:? (\d{3}) (\d{3})", printed, re.I)
        assert found, printed
        return "".join(found[-1])

    def stored(self) -> dict[str, bytes]:
        """Every stored file's bytes, by path."""
        return {
            str(path.relative_to(self.data_dir)): path.read_bytes()
            for path in sorted(self.data_dir.rglob("*"))
            if path.is_file() and path.suffix != ".lock"
        }


HOSTS_PLAYER = "Ada Lovelace"
"""A player of the host's stored match, which no phone that has not joined sees."""


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    root = tmp_path_factory.mktemp("forged")
    data_dir = root / "data"
    with Store.open(data_dir) as store:
        # A name with a space: the random ids in what the phone is sent are
        # letters and digits, and once held "Ada" by chance.
        store.add_match(Match.new("crazy-eights", [HOSTS_PLAYER, "Bo"]))
    log = root / "server.log"
    with shared_server(data_dir, log) as port:
        yield Table(port, log, data_dir)


def forged_address(address: str = "127.0.0.1") -> bytes:
    return update_props(PAGE_ID, {"client_ip": address})


def to_settings() -> bytes:
    return event(PAGE_ID, "route_change", {"route": "/settings"})


FIRST_MESSAGES: dict[str, list[list[bytes]]] = {
    # Each entry: the writes, each of them frames sent in one write.
    "address with register": [[register(), forged_address()]],
    "address before register": [[forged_address(), register()]],
    "address inside register": [[register({**PHONE_PAGE, "client_ip": "127.0.0.1"})]],
    "address around register": [[forged_address(), register(), forged_address()]],
    "ipv6 loopback": [[register(), forged_address("::1")]],
    "mapped loopback": [[register(), forged_address("::ffff:127.0.0.1")]],
    "address and user agent": [
        [
            register(),
            update_props(
                PAGE_ID, {"client_ip": "127.0.0.1", "client_user_agent": "host"}
            ),
        ]
    ],  # fmt: skip
    "address then settings": [
        [register({**PHONE_PAGE, "route": "/settings"}), forged_address()],
        [to_settings()],
    ],
    "address after the reply": [[register()], [forged_address(), to_settings()]],
    "address twice, registered twice": [
        [register(), forged_address(), register(), forged_address()]
    ],
}


MALFORMED = "The join code is six digits"
"""The Join screen's answer to a code that is not six digits: the marker that
the server has handled everything the phone sent before it."""


async def _play(table: Table, writes: list[list[bytes]]) -> RawPhone:
    async with RawPhone(table.port, PHONE) as phone:
        for frames in writes:
            await phone.send(*frames)
            # The server's answer: the Join screen, before the next write.
            assert await phone.wait_for_text("Join this table", 20), writes
        await _handled(phone)
        return phone


async def _handled(phone: RawPhone) -> None:
    """Wait until the server has handled all the phone sent: a malformed code
    sent last on the same connection is answered after it."""
    field = _field(phone, "Join code")
    await phone.send(
        update_props(field, {"value": "12 34"}),
        event(field, "change", "12 34"),
        event(_join_button(phone), "click"),
    )
    assert await phone.wait_for_text(MALFORMED, 20)


def _assert_nothing_of_the_hosts(phone: RawPhone, table: Table) -> None:
    seen = phone.seen()
    code = table.code
    assert code not in seen and f"{code[:3]} {code[3:]}" not in seen
    assert str(table.data_dir) not in seen
    # The host's screens: the navigation bar, the stored match, Settings.
    kinds = {control.get("_c") for control in phone.controls().values()}
    assert "NavigationBar" not in kinds
    assert HOSTS_PLAYER not in seen
    assert phone.crashed() == []
    assert "Traceback" not in seen


@pytest.mark.parametrize("name", FIRST_MESSAGES)
def test_a_forged_address_never_makes_a_phone_the_host(table: Table, name: str) -> None:
    before = table.stored()
    phone = run_apart(_play(table, FIRST_MESSAGES[name]))
    # The phone got the Join screen and nothing else, whatever came before
    # its register message (flet_quirks.registered_first drops that).
    _assert_nothing_of_the_hosts(phone, table)
    assert "Join this table" in phone.seen()
    assert table.stored() == before


def _field(phone: RawPhone, label: str) -> int:
    return phone.find("TextField", label=label)


async def _forge_then_join(table: Table, forge: Any) -> RawPhone:
    """A phone that forges, then joins with the right code as a person would."""
    async with RawPhone(table.port, PHONE) as phone:
        await phone.send(register())
        assert await phone.wait_for_text("Join this table", 20)
        await phone.send(*forge(phone))
        await phone.listen(1)
        code_field = _field(phone, "Join code")
        await phone.send(
            update_props(code_field, {"value": table.code}),
            event(code_field, "change", table.code),
        )
        await phone.listen(0.5)
        await phone.send(event(_join_button(phone), "click"))
        await phone.wait_for_text("NavigationBar", 20)
        return phone


def _join_button(phone: RawPhone) -> int:
    return phone.find("FilledButton", content="Join")


FORGED_BEFORE_JOINING: dict[str, Any] = {
    "code as a number": lambda p: [
        update_props(_field(p, "Join code"), {"value": 123456}),
        event(_field(p, "Join code"), "change", 123456),
        event(_join_button(p), "click"),
    ],
    "code as a list": lambda p: [
        update_props(_field(p, "Join code"), {"value": ["1", "2"]}),
        event(_field(p, "Join code"), "submit", {"value": 5}),
    ],
    "code as a map": lambda p: [
        update_props(_field(p, "Join code"), {"value": {"a": 1}}),
        event(_join_button(p), "click", {"x": [1, 2]}),
    ],
    "name as a number": lambda p: [
        update_props(_field(p, "Your name"), {"value": 7}),
        event(_field(p, "Your name"), "change", 7),
        event(_join_button(p), "click"),
    ],
    "name as null": lambda p: [
        update_props(_field(p, "Your name"), {"value": None}),
        event(_join_button(p), "click"),
    ],
    "page properties of the wrong types": lambda p: [
        update_props(
            PAGE_ID,
            {
                "route": 5,
                "width": "wide",
                "platform": "amiga",
                "platform_brightness": 3,
                "web": "yes",
                "media": "tall",
                "window": [1],
            },
        ),
        event(PAGE_ID, "route_change", {"route": 17}),
    ],  # fmt: skip
    "route events of the wrong shape": lambda p: [
        event(PAGE_ID, "route_change", "/settings"),
        event(PAGE_ID, "route_change", {"route": None}),
        event(PAGE_ID, "view_pop", {"route": ["/"]}),
        event(PAGE_ID, "keyboard_event", 12),
    ],
    "underscored and unknown properties": lambda p: [
        update_props(_field(p, "Join code"), {"_i": 1, "_parent": None, "nope": 1}),
        update_props(PAGE_ID, {"_dialogs": 3}),
        event(_join_button(p), "click"),
    ],
    "ids and bodies of the wrong types": lambda p: [
        update_props("1", {"client_ip": "127.0.0.1"}),
        frame(4, {"id": PAGE_ID, "props": [1, 2]}),
        event(_join_button(p), 5),
    ],
    "a forged device-info reply": lambda p: [
        frame(
            INVOKE,
            {"control_id": PAGE_ID, "call_id": call, "result": {"x": 1}, "error": None},
        )
        for call in _device_info_calls(p)
    ],  # fmt: skip
}


def _device_info_calls(phone: RawPhone) -> list[str]:
    return [
        body["call_id"]
        for action, body in phone.received
        if action == INVOKE and body.get("name") == "get_device_info"
    ]


@pytest.mark.parametrize("name", FORGED_BEFORE_JOINING)
def test_forged_types_before_joining_leave_a_working_join_screen(
    table: Table, name: str
) -> None:
    phone = run_apart(_forge_then_join(table, FORGED_BEFORE_JOINING[name]))
    seen = phone.seen()
    assert phone.crashed() == []
    assert "Traceback" not in seen and "object has no attribute" not in seen
    assert str(table.data_dir) not in seen
    # After the forgeries the screen still works: the right code lets it in.
    assert "NavigationBar" in {c.get("_c") for c in phone.controls().values()}


def test_a_code_sent_as_a_number_is_told_as_a_malformed_code(table: Table) -> None:
    async def play() -> RawPhone:
        async with RawPhone(table.port, PHONE) as phone:
            await phone.send(register())
            assert await phone.wait_for_text("Join this table", 20)
            field = _field(phone, "Join code")
            await phone.send(
                update_props(field, {"value": 123456}),
                event(field, "change", 123456),
                event(_join_button(phone), "click"),
            )
            await phone.wait_for_text("six digits", 20)
            return phone

    phone = run_apart(play())
    assert "The join code is six digits, like 123 456." in phone.seen()
    assert phone.crashed() == []


def test_this_computer_is_the_host_by_its_connection(table: Table) -> None:
    # Flet starts a session's main while it handles that session's websocket:
    # the address the server accepted reaches the gate (serving/peers.py).
    async def play() -> RawPhone:
        async with RawPhone(table.port, "127.0.0.1") as host:
            await host.send(register())
            await host.wait_for_text("NavigationBar", 20)
            return host

    host = run_apart(play())
    assert "NavigationBar" in {c.get("_c") for c in host.controls().values()}
    assert "Join this table" not in host.seen()
