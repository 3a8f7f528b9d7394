"""A shared table: phones join with the code, follow live, and change nothing unless
the host lets them record."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import msgpack
import pytest
from conftest import Phones, Server, serving
from driver import Table
from flows import join, join_code, record_round
from playwright.sync_api import WebSocketRoute, expect

from companion.engine.match import Match

FLET_SOCKET = re.compile(r"/ws$")
CONTROL_EVENT = 3
"""Flet's wire action for an event a control sends (a tap is "click")."""


SEATS = {
    "live": ("Ada", "Bo", "Cy"),
    "forged": ("Ada", "Bo"),
    "recorder": ("Ada", "Bo"),
}
"""Each test's own match (starting one by taps is tests/browser/flows' and
test_crazy_eights.py's to check; here it is only the table being shared)."""


@pytest.fixture(scope="module")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """This module's shared table, each test's match stored before it starts
    (it stands in for conftest's)."""
    matches = {test: Match.new("crazy-eights", seats) for test, seats in SEATS.items()}
    yield from serving(tmp_path_factory, share=True, matches=matches)


def _clicks(frames: list[bytes]) -> list[bytes]:
    """The frames among `frames` that are taps on a control."""
    found = []
    for frame in frames:
        if not frame or frame[0] != 0:
            continue
        action, body = msgpack.unpackb(frame[1:], strict_map_key=False)[:2]
        if action == CONTROL_EVENT and body.get("name") == "click":
            found.append(frame)
    return found


def test_a_viewer_joins_with_the_code_and_sees_rounds_live(
    shared_server, phones: Phones
) -> None:
    host = phones(shared_server.url)
    path = shared_server.matches["live"]
    code = join_code(host)
    viewer = phones(shared_server.url, "198.51.100.1").open(path)
    viewer.see("Join this table")
    # Nothing of the table reaches a phone before it joins.
    expect(viewer.page.get_by_text("Ada")).to_have_count(0)
    viewer.shot("share-join-390x844")
    small = [f"join: {s}" for s in viewer.small_targets()]
    join(viewer, code, "Dee")
    viewer.standing(1, "Ada", 0)
    viewer.see("Ada deals, Bo starts")
    expect(viewer.button("Record round")).to_have_count(0)

    host.go(path)
    record_round(host, "Cy", {"Ada": ["K"], "Bo": ["5", "4"]}, save=False)
    host.tap("Save round")
    # How soon it arrives is bench/live.py's to measure; here, that it does.
    viewer.standing(2, "Bo", 9)
    viewer.standing(3, "Ada", 10)
    viewer.see("Bo deals, Cy starts")
    viewer.shot("share-viewer-scoreboard-390x844")
    small += [f"viewer scoreboard: {s}" for s in viewer.small_targets()]

    host.go("/settings")
    host.see("Dee")
    host.page.get_by_role("switch", name="Dee can record").wait_for()
    # The server listens on loopback only: no address a phone could open.
    host.see(re.compile("^Phones cannot reach this computer yet"))
    host.shot("share-settings-host-390x844")
    small += [f"host settings: {s}" for s in host.small_targets()]
    viewer.go("/settings")
    viewer.see(re.compile("^You joined this table as a viewer"))
    expect(viewer.page.get_by_text("Share this table")).to_have_count(0)
    expect(viewer.button("Import a file")).to_have_count(0)
    assert small == [], "\n".join(small)


def test_wrong_codes_are_refused_and_then_rate_limited(
    shared_server, phones: Phones
) -> None:
    host = phones(shared_server.url)
    code = join_code(host)
    wrong = f"{(int(code) + 1) % 10**6:06d}"
    guest = phones(shared_server.url, "198.51.100.2").open("/")
    guest.see("Join this table")
    guest.fill("Join code", "12 34")
    guest.tap("Join")
    guest.see("The join code is six digits, like 123 456.")
    for left in (4, 3, 2, 1):
        guest.fill("Join code", wrong)
        guest.tap("Join")
        tries = "try" if left == 1 else "tries"
        guest.see(f"That is not the join code. {left} {tries} left before a pause.")
    guest.fill("Join code", wrong)
    guest.tap("Join")
    guest.see("Too many wrong codes. Try again in 60 seconds.")
    # The sixth try within the minute is refused even with the right code.
    guest.fill("Join code", code)
    guest.tap("Join")
    guest.see(re.compile(r"^Too many wrong codes\. Try again in (5\d|60) seconds\.$"))
    guest.shot("share-join-rate-limited-390x844")
    expect(guest.page.get_by_role("tab")).to_have_count(0)
    # Another phone is not held up by this one's wrong tries.
    other = phones(shared_server.url, "198.51.100.22").open("/")
    join(other, code)
    other.page.get_by_role("tab", name="Matches").wait_for()


class Relay:
    """Forwards a page's Flet socket, keeping the frames the page sent, and can send
    the server a frame as if the page had sent it."""

    def __init__(self, table: Table) -> None:
        self.sent: list[bytes] = []
        self.server: WebSocketRoute | None = None
        table.page.route_web_socket(FLET_SOCKET, self._connect)

    def _connect(self, ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def outgoing(message: str | bytes) -> None:
            if isinstance(message, bytes):
                self.sent.append(message)
            server.send(message)

        ws.on_message(outgoing)
        server.on_message(ws.send)
        self.server = server

    def forge(self, frame: bytes) -> None:
        """Send `frame` to the server over this page's connection."""
        assert self.server is not None
        self.server.send(frame)


def test_a_viewer_cannot_record_and_a_forged_save_changes_nothing(
    shared_server, phones: Phones
) -> None:
    host = phones(shared_server.url)
    host_socket = Relay(host)
    path = shared_server.matches["forged"]
    code = join_code(host)
    viewer = phones(shared_server.url, "198.51.100.3")
    viewer_socket = Relay(viewer)
    viewer.open(path)
    join(viewer, code)
    viewer.standing(1, "Ada", 0)
    expect(viewer.button("Record round")).to_have_count(0)

    host.go(path)
    record_round(host, "Ada", {"Bo": ["K"]}, save=False)
    host.button("Save round").wait_for()
    before_save = len(host_socket.sent)
    host.tap("Save round")
    host.button("Record round").wait_for()
    save_clicks = _clicks(host_socket.sent[before_save:])
    assert save_clicks, "the host's tap on Save was not captured"
    viewer.standing(2, "Bo", 10)
    viewer.tap("Round 1 · Ada went out", exact=False)
    viewer.see(re.compile(r"went out\s*0\s*Bo\s*K\s*\+10"))  # the round is open
    expect(viewer.button("Edit round 1")).to_have_count(0)
    expect(viewer.button("Delete round 1")).to_have_count(0)

    viewer.go(path + "/round")
    viewer.see("View only")
    viewer.shot("share-view-only-390x844")
    assert viewer.small_targets() == []
    viewer.tap("Back to the scoreboard")
    viewer.standing(2, "Bo", 10)

    # The host's own Save tap, replayed into the viewer's connection.
    for frame in save_clicks:
        viewer_socket.forge(frame)
    time.sleep(1.5)
    host.reload()
    host.standing(2, "Bo", 10)
    host.see("Round 2")
    viewer.reload()
    viewer.standing(2, "Bo", 10)
    viewer.see("Round 2")


def test_a_new_code_sends_guests_back_to_the_join_screen(
    shared_server, phones: Phones
) -> None:
    host = phones(shared_server.url)
    old = join_code(host)
    guest = phones(shared_server.url, "198.51.100.5").open("/")
    join(guest, old, "Fay")
    guest.page.get_by_role("tab", name="Matches").wait_for()
    host.see("Fay")

    host.tap("New code")
    guest.see("Join this table")
    host.see("No phone has joined yet.")
    new = join_code(host)
    assert new != old
    join(guest, old)
    guest.see(re.compile(r"^That is not the join code\."))
    join(guest, new)
    guest.page.get_by_role("tab", name="Matches").wait_for()


def test_a_phone_that_left_drops_off_the_hosts_list(
    tmp_path: Path, phones: Phones
) -> None:
    # Flet ends a session this long after its browser went away (an hour by
    # default; a reload within it keeps the session and the guest), at its next
    # sweep (every 10 s). Long enough that "away" shows first, and that a
    # reload comes back within it, even on a busy machine.
    server = Server(tmp_path / "data", share=True, env={"FLET_SESSION_TIMEOUT": "10"})
    try:
        server.start()
        host = phones(server.url)
        code = join_code(host)
        guest = phones(server.url, "198.51.100.6").open("/")
        join(guest, code, "Gus")
        guest.page.get_by_role("tab", name="Matches").wait_for()
        host.see("Gus")
        guest.reload()
        guest.page.get_by_role("tab", name="Matches").wait_for()
        host.gone("Gus · away")
        guest.page.context.close()
        # Before Flet gives the session up: after that, Gus is gone, never away.
        host.see("Gus · away")
        host.see("No phone has joined yet.", timeout=60_000)
    finally:
        server.stop()


def test_a_phone_the_host_lets_record_records_but_never_reaches_the_hosts_data(
    shared_server, phones: Phones
) -> None:
    host = phones(shared_server.url)
    host_socket = Relay(host)
    path = shared_server.matches["recorder"]
    code = join_code(host)
    phone = phones(shared_server.url, "198.51.100.8")
    phone_socket = Relay(phone)
    phone.open(path)
    join(phone, code, "Ivy")
    phone.standing(1, "Ada", 0)
    expect(phone.button("Record round")).to_have_count(0)

    # The host lets it record: the control comes to the screen it is on.
    host.go("/settings")
    host.tap("Ivy can record", role="switch")
    phone.button("Record round").wait_for()
    record_round(phone, "Bo", {"Ada": ["Q"]})
    host.go(path)
    host.standing(2, "Ada", 10)
    downloads: list[object] = []
    phone.page.on("download", lambda download: downloads.append(download))

    phone.go("/settings")
    phone.see(re.compile("^You joined this table and the host lets you record"))
    expect(phone.button("Export everything")).to_have_count(0)
    expect(phone.button("Import a file")).to_have_count(0)
    expect(phone.page.get_by_text(re.compile("^Kept in"))).to_have_count(0)
    phone.shot("share-recorder-settings-390x844")
    phone.go("/players")
    phone.see("Ada")
    expect(phone.button("Rename Ada")).to_have_count(0)
    host.go("/players")
    host.button("Rename Ada").wait_for()
    # Its own language is its own: the host's stored one stays.
    phone.go("/settings")
    phone.tap("Español")
    phone.see("Ajustes")
    host.go("/settings")

    # The host's own Export tap, replayed into the recorder's connection.
    before_export = len(host_socket.sent)
    with host.page.expect_download():
        host.tap("Export everything")
    export_clicks = _clicks(host_socket.sent[before_export:])
    assert export_clicks, "the host's tap on Export was not captured"
    phone.open("/settings")
    for frame in export_clicks:
        phone_socket.forge(frame)
    time.sleep(1.5)
    assert downloads == []

    # Recording is what it may do, still.
    phone.tap("English")
    phone.see("Settings")
    phone.go(path)
    record_round(phone, "Bo", {"Ada": ["Q"]})
    # Ending or deleting the match is the host's (AppState refuses anyone else).
    expect(phone.button("End match now")).to_have_count(0)
    expect(phone.button("Delete match")).to_have_count(0)
    host.reload()
    host.see("Share this table")
    host.go(path)
    host.standing(2, "Ada", 20)

    # The host takes it back: the control leaves the screen it is on.
    host.go("/settings")
    host.tap("Ivy can record", role="switch")
    expect(phone.button("Record round")).to_have_count(0)
    phone.standing(2, "Ada", 20)
