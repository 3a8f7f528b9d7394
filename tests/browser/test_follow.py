"""Phones follow one phone's match live on the static site, over a direct link
made by two scans (issue 43): in a network namespace that holds only
loopback, each phone Chromium on a profile of its own, every code read off the
other phone's screen by the app's own scanner (peer_site.py)."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from driver import Table
from flows import record_round, start_match
from peer_site import FOLLOWING, PeerSite, follow, qr_picture, show_to_camera

from companion.storage.match_code import decode_match, encode_match
from companion.storage.records import StoredMatch

PLAYERS = ["Ada", "Bo", "Åse"]
RESUME = "Resume Crazy Eights with Ada, Bo, and Åse"
VIEW_ONLY = "You can only view this table. Ask the host to let you record."
NOT_CONNECTED = "Not connected: scan again"
GONE_MS = 40_000
"""A closed tab says no goodbye: 4 s of missed heartbeats make the link
quiet, 10 s more make it gone."""
HEARD_JS = """() => {
  // What the host's messages say, as the page hands them to Python: a test
  // plays a guest whose app was changed to send its own rounds.
  self.heardFromHost = [];
  const tell = self.companionPython.tell;
  self.companionPython.tell = (message) => {
    if (message.kind === 'peer-event' && message.event === 'message') {
      self.heardFromHost.push(message.text);
    }
    tell(message);
  };
}"""


@pytest.fixture(scope="module")
def tables(peer_site: PeerSite) -> Iterator[dict[str, Table]]:
    """The host's and the guest's tabs: the host on a match of two rounds,
    the guest following it (the first test makes them; the rest go on)."""
    yield {}


def _host_and_guest(peer_site: PeerSite, tables: dict[str, Table]) -> None:
    host = peer_site.phone("host").tab()
    guest = peer_site.phone("guest").tab()
    guest.page.evaluate(HEARD_JS)
    start_match(host, "Crazy Eights", PLAYERS)
    record_round(host, "Ada", {"Bo": ["8"], "Åse": ["K"]})
    follow(host, guest)
    tables.update(host=host, guest=guest)


def test_a_phone_follows_every_round_the_host_records(
    peer_site: PeerSite, tables: dict[str, Table]
) -> None:
    _host_and_guest(peer_site, tables)
    host, guest = tables["host"], tables["guest"]
    guest.see(FOLLOWING)
    guest.standing(1, "Ada", 0)
    guest.standing(2, "Åse", 10)
    guest.standing(3, "Bo", 50)
    # A phone that only watches gets no control that changes the match.
    assert guest.page.get_by_role("button", name="Record round").count() == 0
    host.tap("Back to the match")
    record_round(host, "Bo", {"Ada": ["K"], "Åse": ["A"]})
    guest.see("Round 2 · Bo went out")
    guest.standing(1, "Ada", 10)
    guest.standing(2, "Åse", 11)
    guest.shot("follow-guest-watching")


def _forged_round(guest: Table) -> str:
    """What a changed app on the guest would send: the host's last match with
    a third round, made to the host's last version."""
    last = json.loads(guest.page.evaluate("self.heardFromHost")[-1])
    sent = decode_match(last["code"])
    match = sent.match.record_round("Bo", {"Ada": 30, "Åse": 40})
    code = encode_match(StoredMatch(sent.id, sent.created, None, match))
    return json.dumps({"t": "save", "seq": last["seq"], "code": code})


def test_a_round_a_watching_phone_forges_is_refused_and_changes_nothing(
    tables: dict[str, Table],
) -> None:
    host, guest = tables["host"], tables["guest"]
    reply = guest.page.evaluate(
        "text => PeerLinks.handle({op: 'send', link: 'host', text})",
        _forged_round(guest),
    )
    assert reply["ok"], reply
    # The host's answer: refused, said on the guest in its words.
    guest.see(VIEW_ONLY)
    assert host.page.get_by_text("Round 3 · Bo went out").count() == 0
    assert guest.page.get_by_text("Round 3 · Bo went out").count() == 0
    host.standing(1, "Ada", 10)


def test_a_phone_the_host_lets_record_saves_its_round_on_the_host(
    tables: dict[str, Table],
) -> None:
    host, guest = tables["host"], tables["guest"]
    host.tap("Let a phone follow")
    host.tap("Phone 1 may record", role="switch")
    guest.see("Following another phone live: you may record rounds.")
    host.shot("follow-host-phones")
    record_round(guest, "Åse", {"Ada": ["2"], "Bo": ["3"]})
    host.tap("Back to the match")
    host.see("Round 3 · Åse went out")
    host.standing(1, "Åse", 11)
    host.standing(2, "Ada", 12)
    guest.standing(3, "Bo", 53)
    guest.shot("follow-guest-recorded")


def test_a_host_gone_leaves_the_copy_and_two_new_scans_bring_it_up_to_date(
    peer_site: PeerSite, tables: dict[str, Table]
) -> None:
    host, guest = tables["host"], tables["guest"]
    host.page.close()
    guest.see(NOT_CONNECTED, timeout=GONE_MS)
    guest.shot("follow-guest-gone")
    # Never a stale score passed off as live; the copy is all there.
    assert guest.page.get_by_text(FOLLOWING).count() == 0
    guest.see("Round 3 · Åse went out")
    guest.standing(1, "Åse", 11)

    host = peer_site.phone("host").tab()
    host.tap(RESUME)
    record_round(host, "Bo", {"Ada": ["5"], "Åse": ["6"]})
    guest.tap("Follow again")
    follow(host, guest, guest_opens=False)
    guest.see("Round 4 · Bo went out")
    guest.standing(3, "Bo", 53)
    tables["host"] = host


def test_a_code_that_is_not_a_connection_code_says_so(
    peer_site: PeerSite, tables: dict[str, Table]
) -> None:
    host, guest = tables["host"], tables["guest"]
    host.tap("Back to the match")
    host.tap("Hand over")
    _, picture = qr_picture(host, "QR code of this match, for another phone to scan")
    host.tap("Back to the match")
    guest.tap("Back to matches")
    guest.tap("Follow a phone")
    show_to_camera(guest.page, picture)
    guest.tap("Scan the host's code")
    guest.see(
        "That is not a connection code of Card Table Companion, or it was read "
        "wrongly. Scan it again."
    )
