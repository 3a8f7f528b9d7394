"""Phones follow one phone's match live on the static site, over a direct link
made by two scans (issue 43): in a network namespace that holds only
loopback, each phone Chromium on a profile of its own, every code read off the
other phone's screen by the app's own scanner (peer_site.py)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from driver import Table
from flows import record_round, start_match
from hostile_phone import (
    FLOOD_RATE,
    HostilePhone,
    against_follower,
    against_host,
    store_files,
)
from peer_site import (
    FOLLOWING,
    PeerSite,
    follow,
    light_phones,
    qr_picture,
    show_to_camera,
)
from playwright.sync_api import Playwright

from companion.access.follow_messages import BURST, RATE
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
ATTACK_S = 4.0
"""How long the hostile phone floods each way: at FLOOD_RATE, twice what
the budget lets through and the flood that closes its link."""
GONE_MS = 40_000
"""A closed tab says no goodbye: 4 s of missed heartbeats make the link
quiet, 10 s more make it gone."""
LINK_EVENTS_JS = """() => {
  // Every link event the page hands to Python, as it hands it: what the
  // host's messages say (a test plays a guest whose app was changed to send
  // its own rounds), which link went quiet.
  self.linkEvents = [];
  const tell = self.companionPython.tell;
  self.companionPython.tell = (message) => {
    if (message.kind === 'peer-event') {
      self.linkEvents.push(message);
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
    guest.page.evaluate(LINK_EVENTS_JS)
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
    last = json.loads(
        guest.page.evaluate(
            "linkEvents.filter(e => e.event === 'message').map(e => e.text)"
        )[-1]
    )
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


def test_a_hostile_phone_changes_nothing_either_way(
    peer_site: PeerSite, playwright: Playwright, tmp_path: Path
) -> None:
    # Issue 54 §6, short: the bare peer page, not the app, follows the host
    # and floods it; then leads the guest and floods it. Each phone's store
    # is as it was, its screen still answers, and the flood's link is closed.
    rng = random.Random(54)
    host = peer_site.phone("host").tab()
    start_match(host, "Crazy Eights", ["Fay", "Gus", "Hal"])
    record_round(host, "Fay", {"Gus": ["8"], "Hal": ["K"]})
    hostile = HostilePhone(playwright, peer_site, tmp_path)
    try:
        hostile.follow(host)
        host.see("Phone 1")
        # Let record: its messages go past the first check to the deep ones.
        host.tap("Phone 1 may record", role="switch")
        told = hostile.told(record=True)
        before = store_files(host.page)
        troubles = peer_site.phone("host").troubles[host.page]
        calm = len(troubles)
        hostile.flood(against_host(told, rng), ATTACK_S)
        host.tap("Back to the match")
        host.see("Round 1 · Fay went out")
        flood = hostile.flooded()
        # The host closed the link of the phone that flooded it: its sends failed.
        assert flood["closed"] > 0, flood
        host.tap("Record round")
        host.see("Nobody went out")
        host.tap("Back to the scoreboard")
        host.standing(1, "Fay", 0)
        assert store_files(host.page) == before
        # Nothing it sent broke a task of the app (no traceback, no crash).
        assert not [t for t in troubles[calm:] if "error" in t or "crash" in t]
        # Over its budget, dropped unanswered: a refusal for no more than
        # the budget lets through.
        refusals = [m for m in hostile.messages() if m["t"] == "refused"]
        budget = BURST + RATE * flood["sent"] / FLOOD_RATE
        assert flood["sent"] > budget, flood
        assert len(refusals) <= budget, refusals

        guest = peer_site.phone("guest").tab()
        stored = hostile.lead(guest)
        guest.standing(1, "Ida", 0)
        before = store_files(guest.page)
        assert stored.id in json.dumps(before)
        troubles = peer_site.phone("guest").troubles[guest.page]
        calm = len(troubles)
        hostile.flood(against_follower(stored, rng), ATTACK_S)
        guest.tap("Back to matches")
        guest.tap("Resume Crazy Eights with Ida, Jon, and Kai")
        guest.standing(1, "Ida", 0)
        flood = hostile.flooded()
        # The host that flooded it was cut off: its sends failed, and said.
        assert flood["closed"] > 0, flood
        guest.see(NOT_CONNECTED)
        guest.shot("follow-guest-after-hostile-host")
        assert store_files(guest.page) == before
        assert not [t for t in troubles[calm:] if "error" in t or "crash" in t]
    finally:
        hostile.close()


def test_six_phones_follow_every_round_and_one_back_catches_up(
    peer_site: PeerSite,
) -> None:
    # Issue 54 §7: the six phones the host says it carries, each a page of
    # one more Chromium in a context of its own (six full browsers would not
    # fit the machine), each following by the two scans.
    host = peer_site.phone("host").tab()
    host.page.evaluate(LINK_EVENTS_JS)
    start_match(host, "Crazy Eights", ["Lia", "Max", "Ned"])
    record_round(host, "Lia", {"Max": ["8"], "Ned": ["K"]})
    with light_phones(peer_site, 6) as phones:
        for number, phone in enumerate(phones, 1):
            follow(host, phone, number)
            host.tap("Back to the match")
        record_round(host, "Max", {"Lia": ["K"], "Ned": ["A"]})
        for phone in phones:
            phone.see("Round 2 · Max went out")
            phone.standing(1, "Lia", 10)
            phone.standing(2, "Ned", 11)
        # The last one's screen locks: the host hears nothing from it, and
        # saves a round meanwhile, which the other five get at once.
        *five, dropped = phones
        record_round(host, "Ned", {"Lia": ["2"], "Max": ["3"]}, save=False)
        # Its page's script halted, as a locked screen's: no heartbeat goes.
        lock = dropped.page.context.new_cdp_session(dropped.page)
        lock.send("Debugger.enable")
        lock.send("Debugger.pause")
        host.page.wait_for_function(
            "() => linkEvents.some(e => e.event === 'quiet' && e.link === 'phone-6')"
        )
        # Saved before the quiet link counts as gone (links.QUIET_TIMEOUT_S).
        host.tap("Save round")
        for phone in five:
            phone.see("Round 3 · Ned went out")
            phone.standing(1, "Ned", 11)
        lock.send("Debugger.resume")
        dropped.see("Round 3 · Ned went out")
        dropped.standing(1, "Ned", 11)
        dropped.standing(2, "Lia", 12)
        dropped.standing(3, "Max", 53)
        dropped.shot("follow-sixth-phone-caught-up")
        # A spectator's phone, nobody's at the table: not asked again.
        asked = (
            "Whose phone is this? Tap your name: the host's list of phones shows it."
        )
        dropped.see(asked)
        dropped.tap("Not now")
        dropped.gone(asked)
        dropped.see("Round 3 · Ned went out")
