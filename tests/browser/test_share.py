"""A shared table: phones join with the code, follow live, and change nothing unless
the host lets them record."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import Phones, Server
from driver import Table
from flows import choose_game, join, join_code, record_round
from playwright.sync_api import expect

from companion.access.sharing import AccessError
from companion.engine.match import Match
from companion.storage import Store
from companion.ui.new_match.own_game_draft import OwnGameDraft
from companion.words.i18n import get_translator
from companion.words.messages import error_message

SEATS = {
    "live": ("Ada", "Bo", "Cy"),
    "viewer": ("Ada", "Bo"),
    "taken back": ("Ada", "Bo"),
    "recorder": ("Ada", "Bo"),
}
"""Each test's own match (starting one by taps is tests/browser/flows' and
test_crazy_eights.py's to check; here it is only the table being shared)."""

HOSTS_GAME = "Switch"
"""A game of the table's own that the host stored: a recorder may not change it."""

ENGLISH = get_translator("en")
VIEW_ONLY = error_message(ENGLISH, AccessError("view-only"))
"""What a phone is told when the gate refuses it a change as a viewer."""


@pytest.fixture(scope="module")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """This module's shared table, each test's match and the host's own game
    stored before it starts (it stands in for conftest's)."""
    matches = {test: Match.new("crazy-eights", seats) for test, seats in SEATS.items()}
    data_dir = tmp_path_factory.mktemp("data") / "companion"
    with Store.open(data_dir) as store:
        store.save_own_game(OwnGameDraft().set(name=HOSTS_GAME).definition())
    running = Server(data_dir, share=True, matches=matches).start()
    yield running
    running.stop()


def _seated(
    server: Server, phones: Phones, address: str, name: str = "", path: str = "/"
) -> tuple[Table, Table, str]:
    """The host on its Settings, a phone at `address` that opened `path` and
    joined under `name`, and the join code."""
    host = phones(server.url)
    code = join_code(host)
    phone = phones(server.url, address).open(path)
    join(phone, code, name)
    return host, phone, code


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


def test_a_viewer_is_offered_no_change_to_the_match(
    shared_server, phones: Phones
) -> None:
    path = shared_server.matches["viewer"]
    host, viewer, _ = _seated(shared_server, phones, "198.51.100.3", path=path)
    viewer.standing(1, "Ada", 0)
    expect(viewer.button("Record round")).to_have_count(0)

    host.go(path)
    record_round(host, "Ada", {"Bo": ["K"]})
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


def test_a_phone_whose_recording_was_taken_away_cannot_undo_its_round(
    shared_server, phones: Phones
) -> None:
    path = shared_server.matches["taken back"]
    host, phone, _ = _seated(shared_server, phones, "198.51.100.4", "Hal", path)
    phone.standing(1, "Ada", 0)
    host.tap("Hal can record", role="switch")
    record_round(phone, "Ada", {"Bo": ["K"]})
    phone.see("Round 1 saved.")

    # The host takes recording away while the phone's snackbar still offers
    # Undo: the phone's own control, on its own screen, asks the gate as it
    # is tapped, and the gate says no.
    host.tap("Hal can record", role="switch")
    expect(phone.button("Record round")).to_have_count(0)
    phone.undo()
    phone.see(VIEW_ONLY)
    phone.shot("share-undo-refused-390x844")
    phone.standing(2, "Bo", 10)
    host.go(path)
    host.standing(2, "Bo", 10)
    host.see("Round 2")


def test_a_new_code_sends_guests_back_to_the_join_screen(
    shared_server, phones: Phones
) -> None:
    host, guest, old = _seated(shared_server, phones, "198.51.100.5", "Fay")
    guest.page.get_by_role("tab", name="Matches").wait_for()
    host.see("Fay")

    host.tap("New code")
    # The host is asked first; its answer is the dialog's own New code.
    host.see("Make a new join code?")
    host.page.get_by_role("button", name="New code", exact=True).last.click()
    guest.see("Join this table")
    host.see("No phone has joined yet.")
    new = join_code(host)
    assert new != old
    join(guest, old)
    guest.see(re.compile(r"^That is not the join code\."))
    join(guest, new)
    guest.page.get_by_role("tab", name="Matches").wait_for()


def test_a_phone_whose_browser_was_killed_joins_again_as_itself(
    shared_server, phones: Phones
) -> None:
    host, phone, code = _seated(shared_server, phones, "198.51.100.10", "Eve")
    phone.page.get_by_role("tab", name="Matches").wait_for()
    host.tap("Eve can record", role="switch")
    # The tab ends without a word, as when the phone kills its browser: the
    # session stays at the table, away, and the token stays in the browser.
    context = phone.page.context
    phone.page.close()
    host.see("Eve · away")

    back = Table(context.new_page(), shared_server.url).open("/")
    join(back, code, "Eve")
    back.page.get_by_role("tab", name="Matches").wait_for()
    host.gone("Eve · away")
    host.see("Eve")
    expect(host.page.get_by_role("switch", name="Eve can record")).to_be_checked()
    back.go(shared_server.matches["live"])
    back.button("Record round").wait_for()

    # A name another phone holds stays refused.
    other = phones(shared_server.url, "198.51.100.11").open("/")
    join(other, code, "Eve")
    other.see(error_message(ENGLISH, AccessError("guest-name-taken", name="Eve")))


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
    path = shared_server.matches["recorder"]
    host, phone, _ = _seated(shared_server, phones, "198.51.100.8", "Ivy", path)
    phone.standing(1, "Ada", 0)
    expect(phone.button("Record round")).to_have_count(0)

    # The host lets it record: the control comes to the screen it is on.
    host.tap("Ivy can record", role="switch")
    phone.button("Record round").wait_for()
    record_round(phone, "Bo", {"Ada": ["Q"]})
    host.go(path)
    host.standing(2, "Ada", 10)

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
    host.see("Share this table")
    host.reload()
    host.see("Share this table")
    phone.tap("English")
    phone.see("Settings")

    # Recording is what it may do, still.
    phone.go(path)
    record_round(phone, "Bo", {"Ada": ["Q"]})
    # Ending or deleting the match is the host's (AppState refuses anyone else).
    expect(phone.button("End match now")).to_have_count(0)
    expect(phone.button("Delete match")).to_have_count(0)
    host.go(path)
    host.standing(2, "Ada", 20)

    # The host takes it back: the control leaves the screen it is on.
    host.go("/settings")
    host.tap("Ivy can record", role="switch")
    expect(phone.button("Record round")).to_have_count(0)
    phone.standing(2, "Ada", 20)


def test_a_recorder_adds_a_game_of_its_own_but_the_hosts_game_stays_the_hosts(
    shared_server, phones: Phones
) -> None:
    host, phone, _ = _seated(shared_server, phones, "198.51.100.9", "Jo", "/new")
    host.tap("Jo can record", role="switch")
    phone.see("House rules")
    choose_game(phone, HOSTS_GAME)
    expect(phone.button(f"Edit {HOSTS_GAME}")).to_have_count(0)
    host.go("/new")
    choose_game(host, HOSTS_GAME)
    host.tap(f"Edit {HOSTS_GAME}")
    host.see("Name of the game")
    stored = host.path()

    # The host's game at its own address: the phone gets no way to change it.
    phone.go(stored)
    phone.see("Only the host changes this game")
    expect(phone.button("Delete this game")).to_have_count(0)
    expect(phone.button("Save game")).to_have_count(0)
    phone.shot("share-recorder-hosts-game-390x844")

    # A game of its own, for a match it starts: added beside the host's. The
    # screen starts afresh, not on the game it showed at the address before
    # (whose Save would change the host's game, and be refused).
    phone.go("/games/new")
    phone.fill("Name of the game", "Mau-Mau")
    phone.tap("Save game")
    phone.see("House rules")
    phone.see("Mau-Mau")
    host.go("/new")
    host.tap("Change game")
    host.see("Mau-Mau")
    host.see(HOSTS_GAME)
