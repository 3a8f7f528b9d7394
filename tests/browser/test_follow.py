"""Phones follow one phone's match live on the static site, over a direct link
made by two scans (issue 43): in a network namespace that holds only
loopback, each phone Chromium on a profile of its own, every code read off the
other phone's screen by the app's own scanner (peer_site.py)."""

from __future__ import annotations

import json
import re

from driver import Table
from flows import record_round, start_match
from peer_site import FOLLOWING, PeerSite, follow, qr_picture, show_to_camera

from companion.storage.match_code import decode_match, encode_match
from companion.storage.records import StoredMatch

PLAYERS = ["Ada", "Bo", "Åse"]
EVENING = ["Cy", "Di", "Eli"]
RESUME_EVENING = "Resume Crazy Eights with Cy, Di, and Eli"
KEPT_BESIDE = (
    "This phone had rounds the other phone does not have: they are kept in "
    "this phone's own copy, beside this one."
)
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


def _following(
    peer_site: PeerSite, players: list[str], guest_name: str = ""
) -> tuple[Table, Table]:
    """The host's and the guest's tabs, each opened afresh (the phones keep
    what earlier tests stored): the host on a new match of `players` with one
    round (the first out, 8 and K for the others), the guest following it
    (its Settings saying whose phone it is first, if `guest_name`)."""
    host = peer_site.phone("host").tab()
    guest = peer_site.phone("guest").tab()
    guest.page.evaluate(HEARD_JS)
    if guest_name:
        _whose_phone(guest, guest_name)
    start_match(host, "Crazy Eights", players)
    first, second, third = players
    record_round(host, first, {second: ["8"], third: ["K"]})
    follow(host, guest, guest_name=guest_name)
    return host, guest


def _whose_phone(guest: Table, name: str) -> None:
    """The guest's Settings say whose phone it is, typed once."""
    guest.tab("Settings")
    guest.fill("Whose phone is this?", name)
    guest.tap("Save name")
    guest.see("Name saved.")
    guest.shot("follow-guest-named")
    guest.tab("Matches")


def test_a_round_recorded_alone_while_the_host_is_gone_is_never_lost(
    peer_site: PeerSite,
) -> None:
    # The evening of issue 52: the host's tab closes, the follower records
    # alone, the host comes back, the follower follows again.
    host, guest = _following(peer_site, EVENING)
    host.page.close()
    guest.see(NOT_CONNECTED, timeout=GONE_MS)
    guest.shot("follow-guest-gone")
    # Never a stale score passed off as live; the copy is all there.
    assert guest.page.get_by_text(FOLLOWING).count() == 0
    guest.standing(1, "Cy", 0)
    # Not connected: the copy is the phone's own, to play on.
    record_round(guest, "Di", {"Cy": ["5"], "Eli": ["6"]})
    guest.see("Round 2 · Di went out")

    host = peer_site.phone("host").tab()
    host.tap(RESUME_EVENING)
    guest.tap("Follow again")
    follow(host, guest, guest_opens=False)
    # The host let it watch only: its match is followed live, the phone's
    # round kept in its own copy beside it, and said.
    guest.see(KEPT_BESIDE)
    guest.standing(1, "Cy", 0)
    assert guest.page.get_by_text("Round 2 · Di went out").count() == 0
    guest.shot("follow-guest-kept-beside")
    guest.tap("Open this phone's copy")
    guest.see("Round 2 · Di went out")
    guest.standing(1, "Cy", 5)
    guest.standing(2, "Eli", 16)


def test_a_phone_follows_watches_and_records_as_the_host_lets_it(
    peer_site: PeerSite,
) -> None:
    host, guest = _following(peer_site, PLAYERS, guest_name="Åse")
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
    _a_forged_round_is_refused(host, guest)
    _a_phone_let_record_saves_its_round_on_the_host(host, guest)
    _a_code_that_is_no_connection_code_says_so(host, guest)


def _forged_round(guest: Table) -> str:
    """What a changed app on the guest would send: the host's last match with
    a third round, made to the host's last version."""
    last = json.loads(guest.page.evaluate("self.heardFromHost")[-1])
    sent = decode_match(last["code"])
    match = sent.match.record_round("Bo", {"Ada": 30, "Åse": 40})
    code = encode_match(StoredMatch(sent.id, sent.created, None, match))
    return json.dumps({"t": "save", "seq": last["seq"], "code": code})


def _a_forged_round_is_refused(host: Table, guest: Table) -> None:
    """What a changed app on a watching phone sends is refused, and said."""
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


def _a_phone_let_record_saves_its_round_on_the_host(host: Table, guest: Table) -> None:
    """A phone the host lets record, known by whose phone it said it is,
    saves its round on the host, which says where it came from."""
    host.tap("Let a phone follow")
    host.tap("Åse may record", role="switch")
    guest.see("Following another phone live: you may record rounds.")
    host.shot("follow-host-phones")
    record_round(guest, "Åse", {"Ada": ["2"], "Bo": ["3"]})
    host.tap("Back to the match")
    host.see("Round 3 · Åse went out")
    host.see("Round 3 came from Åse's phone.")
    # The round itself says where it was recorded, and when.
    host.tap("Round 3 · Åse went out", exact=False)
    host.see(re.compile("Recorded on Åse's phone, "))
    host.shot("follow-host-round-origin")
    host.standing(1, "Åse", 11)
    host.standing(2, "Ada", 12)
    guest.standing(3, "Bo", 53)
    guest.shot("follow-guest-recorded")


def _a_code_that_is_no_connection_code_says_so(host: Table, guest: Table) -> None:
    """The hand-over's code, scanned where the host's connection code was
    meant: said, and the guest still follows."""
    host.tap("Hand over")
    _, picture = qr_picture(host, "QR code of this match, for another phone to scan")
    host.tap("Back to the match")
    guest.tap("Back to matches")
    guest.tap("Follow a phone")
    show_to_camera(guest.page, picture)
    guest.tap("Scan the host's code")
    guest.see(
        "That is a match to add, not a connection code. To add it to this "
        "phone, use Scan a code on Matches."
    )
    guest.tap("Back to matches")
    guest.tap("Resume Crazy Eights with Ada, Bo, and Åse")
    guest.see("Following another phone live: you may record rounds.")
