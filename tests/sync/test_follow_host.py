"""The phone others follow: each change a following phone sends is checked by
the share gate, its budget and the recorder's limits before the host saves it,
and every save reaches the phones that follow the match."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace

import pytest
from event_loops import run_apart
from follow_phones import LinkedPhone, answer_code

from companion.access.follow_messages import BURST, name_told, save_asked
from companion.engine.match import Match
from companion.engine.origins import Origin
from companion.storage.match_code import decode_match, encode_match
from companion.sync import follow_host
from companion.sync.follow_host import FLOOD
from companion.sync.links import LinkStatus
from companion.sync.peer_links import PeerEvent, PeerLinkError


class Table(LinkedPhone):
    """A host phone with one match of two rounds, one phone following it."""

    def __init__(self) -> None:
        super().__init__()
        self.host = self.following.host
        match = Match.new("crazy-eights", ["Ada", "Bo", "Åse"])
        match = match.record_round("Ada", {"Bo": 50, "Åse": 10})
        self.match_id = self.state.writes.add_match(match) or ""
        saved = self.state.save_match(
            self.match_id, match.record_round("Bo", {"Ada": 10, "Åse": 1})
        )
        assert saved
        run_apart(self._connect())
        self.heard("open")

    async def _connect(self) -> None:
        await self.host.make_offer(self.match_id)
        await self.host.take_answer(answer_code())

    def heard(self, event: str, text: str = "") -> None:
        self.deliver("phone-1", event, text)

    def told(self) -> list[dict[str, object]]:
        return [json.loads(text) for text in self.peers.sent.get("phone-1", [])]

    def stored(self) -> Match:
        return self.store.load_match(self.match_id)

    def change_sent(self, match: Match, seq: int | None = None) -> None:
        """The following phone sends `match` as its change to the last version."""
        last = [m for m in self.told() if m["t"] == "match"][-1]
        stored = self.store.load_stored(self.match_id)
        code = encode_match(replace(stored, match=match))
        version = last["seq"] if seq is None else seq
        assert isinstance(version, int)
        self.heard("message", save_asked(version, code))


@pytest.fixture
def table() -> Table:
    return Table()


def _refusals(table: Table) -> list[object]:
    return [m["error"] for m in table.told() if m["t"] == "refused"]


def test_a_phone_that_connects_gets_the_match_to_watch(table: Table) -> None:
    (first,) = table.told()
    assert first["t"] == "match" and first["record"] is False
    sent = decode_match(str(first["code"])).match
    assert sent == table.stored()
    assert table.host.phones["phone-1"].link.status is LinkStatus.LIVE


def test_a_phone_that_says_whose_it_is_is_listed_by_that_name_alone(
    table: Table,
) -> None:
    phone = table.host.phones["phone-1"]
    assert phone.told_name == ""
    table.heard("message", name_told("Åse"))
    assert phone.told_name == "Åse"
    # A label: the phone is still the link it came on, and still only watches.
    assert list(table.host.phones) == ["phone-1"]
    assert not phone.session.can_change
    before = table.stored()
    table.change_sent(before.record_round("Åse", {"Ada": 5, "Bo": 5}))
    assert _refusals(table) == ["view-only"]
    assert table.stored() == before


def test_a_name_past_the_rules_is_refused_and_the_last_one_stays(
    table: Table,
) -> None:
    table.heard("message", name_told("Åse"))
    table.heard("message", json.dumps({"t": "name", "name": "B\u200bo"}))
    table.heard("message", json.dumps({"t": "name", "name": "x" * 2000}))
    assert _refusals(table) == ["follow-unreadable", "follow-unreadable"]
    assert table.host.phones["phone-1"].told_name == "Åse"


def test_rounds_a_named_phone_recorded_say_its_name(table: Table) -> None:
    table.heard("message", name_told("Åse"))
    table.host.let_record("phone-1", True)
    run_apart(table.run_pending())
    table.change_sent(table.stored().record_round("Åse", {"Ada": 5, "Bo": 5}))
    came = table.host.came_from[table.match_id]
    assert (came.first, came.last, came.told_name) == (3, 3, "Åse")


def test_a_watching_phones_round_is_refused_and_nothing_changes(table: Table) -> None:
    before = table.stored()
    table.change_sent(before.record_round("Åse", {"Ada": 5, "Bo": 5}))
    assert _refusals(table) == ["view-only"]
    assert table.stored() == before


def test_a_recording_phones_round_is_saved_and_sent_back(table: Table) -> None:
    table.host.let_record("phone-1", True)
    run_apart(table.run_pending())
    changed = table.stored().record_round("Åse", {"Ada": 5, "Bo": 5})
    table.change_sent(changed)
    assert _refusals(table) == []
    assert table.stored() == changed
    last = table.told()[-1]
    assert last["record"] is True
    assert decode_match(str(last["code"])).match == changed


def test_a_recorder_changes_rounds_only(table: Table) -> None:
    table.host.let_record("phone-1", True)
    run_apart(table.run_pending())
    before = table.stored()
    table.change_sent(before.end_early())
    table.change_sent(before.rename_player("Bo", "Bob"))
    assert _refusals(table) == ["follow-not-rounds", "follow-not-rounds"]
    assert table.stored() == before


def test_a_round_after_the_host_ended_the_match_is_refused(table: Table) -> None:
    table.host.let_record("phone-1", True)
    run_apart(table.run_pending())
    assert table.state.writes.end_match(table.match_id, table.stored())
    run_apart(table.run_pending())
    ended = table.stored()
    # A round the follower's copy, not yet ended, played on with.
    played_on = Match.new("crazy-eights", ["Ada", "Bo", "Åse"]).record_round(
        "Åse", {"Ada": 90, "Bo": 90}
    )
    table.change_sent(replace(ended, rounds=(*ended.rounds, played_on.rounds[0])))
    assert _refusals(table) == ["follow-after-end"]
    assert table.stored() == ended


def test_a_change_made_to_an_older_version_is_refused(table: Table) -> None:
    table.host.let_record("phone-1", True)
    run_apart(table.run_pending())
    before = table.stored()
    table.change_sent(before.record_round("Åse", {"Ada": 5, "Bo": 5}), seq=0)
    assert _refusals(table) == ["follow-stale"]
    assert table.stored() == before
    # And the phone is sent the host's match again.
    assert table.told()[-1]["t"] == "match"


def _last_seq(table: Table) -> int:
    seq = [m for m in table.told() if m["t"] == "match"][-1]["seq"]
    assert isinstance(seq, int)
    return seq


def test_what_a_phone_cannot_send_is_refused_unread(table: Table) -> None:
    before = table.stored()
    for text in ("{", json.dumps({"t": "save", "seq": 1, "code": "12"}), "x" * 10):
        table.heard("message", text)
    # A viewer is refused before its words are read.
    assert _refusals(table) == ["view-only"] * 3
    table.host.let_record("phone-1", True)
    run_apart(table.run_pending())
    asked = {"t": "save", "seq": _last_seq(table), "code": "12"}
    table.heard("message", json.dumps(asked))
    assert _refusals(table)[-1] == "follow-unreadable"
    assert table.stored() == before


def test_a_change_to_an_older_version_is_refused_before_its_match_is_read(
    table: Table,
) -> None:
    table.host.let_record("phone-1", True)
    run_apart(table.run_pending())
    # Not a match code at all: the version alone refuses it, cheaply.
    table.heard("message", json.dumps({"t": "save", "seq": 0, "code": "12"}))
    assert _refusals(table) == ["follow-stale"]


def test_a_change_to_a_match_deleted_here_is_told_so(table: Table) -> None:
    table.host.let_record("phone-1", True)
    run_apart(table.run_pending())
    changed = table.stored().record_round("Åse", {"Ada": 5, "Bo": 5})
    code = encode_match(replace(table.store.load_stored(table.match_id), match=changed))
    assert table.state.writes.delete_match(table.match_id) is not None
    table.heard("message", save_asked(_last_seq(table), code))
    assert _refusals(table) == ["follow-match-gone"]
    assert table.store.list_matches() == []


def test_a_phone_over_its_budget_is_not_answered_and_one_that_floods_is_cut_off(
    table: Table,
) -> None:
    before = table.tasks
    for _ in range(FLOOD + BURST + 50):
        table.heard("message", "{")
    # Within the budget each is answered; past it, none is, nor made a task.
    assert _refusals(table) == ["view-only"] * BURST
    phone = table.host.phones["phone-1"]
    # One task to read each of those, one to answer it, two to cut it off.
    assert table.tasks - before <= 2 * BURST + 2
    # And one that keeps at it is a phone no more: its row says why.
    assert phone.flooded and phone.link.status is LinkStatus.GONE
    assert table.state.gate.guests() == ()


def test_a_phone_heard_again_after_a_quiet_spell_gets_the_match_at_once(
    table: Table,
) -> None:
    table.heard("quiet")
    changed = table.stored().record_round("Åse", {"Ada": 5, "Bo": 5})
    assert table.state.save_match(table.match_id, changed)
    run_apart(table.run_pending())
    # Not sent while quiet...
    assert decode_match(str(table.told()[-1]["code"])).match != changed
    table.heard("heard")
    # ...but as soon as the phone is heard again.
    assert decode_match(str(table.told()[-1]["code"])).match == changed


def test_a_match_too_large_for_the_link_is_said_and_not_sent(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(follow_host, "MAX_MESSAGE_CHARS", 100)
    told = len(table.told())
    changed = table.stored().record_round("Åse", {"Ada": 5, "Bo": 5})
    for _ in range(3):
        assert table.state.save_match(table.match_id, table.stored())
        assert table.state.save_match(table.match_id, changed)
        run_apart(table.run_pending())
    assert len(table.told()) == told
    assert [p.code for p in table.state.problems] == ["follow-too-large"]


def test_a_phone_gone_leaves_the_gate(table: Table) -> None:
    table.heard("closed")
    assert table.host.phones["phone-1"].link.status is LinkStatus.GONE
    assert table.state.gate.guests() == ()


def test_a_save_on_the_host_reaches_the_phone(table: Table) -> None:
    changed = table.stored().record_round("Åse", {"Ada": 5, "Bo": 5})
    assert table.state.save_match(table.match_id, changed)
    run_apart(table.run_pending())
    assert decode_match(str(table.told()[-1]["code"])).match == changed


def _run_timers(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """Let every timer the links set run out now."""

    async def no_wait(_seconds: float) -> None:
        return None

    monkeypatch.setattr(asyncio, "sleep", no_wait)

    async def run() -> None:
        while table.pending:
            await table.pending.pop(0)()

    run_apart(run())


def test_two_phones_that_never_connect_are_told_so_after_a_while(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = Table()
    # A second phone scans and answers, but the link never opens.
    run_apart(table.host.make_offer(table.match_id))
    run_apart(table.host.take_answer(answer_code()))
    _run_timers(table, monkeypatch)
    second = table.host.phones["phone-2"]
    assert second.link.status is LinkStatus.UNREACHED
    # The first, open all along, stays.
    assert table.host.phones["phone-1"].link.status is LinkStatus.LIVE


def test_a_phone_quiet_for_long_is_gone_one_heard_again_is_back(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    table.host.heard(PeerEvent("phone-1", "quiet"))
    phone = table.host.phones["phone-1"]
    assert phone.link.status is LinkStatus.QUIET
    table.host.heard(PeerEvent("phone-1", "heard"))
    assert phone.link.status is LinkStatus.LIVE
    table.host.heard(PeerEvent("phone-1", "quiet"))
    _run_timers(table, monkeypatch)
    assert phone.link.status is LinkStatus.GONE


def test_a_second_offer_asked_while_one_is_made_changes_nothing(table: Table) -> None:
    async def twice() -> None:
        await asyncio.gather(
            table.host.make_offer(table.match_id), table.host.make_offer(table.match_id)
        )

    run_apart(twice())
    # One code, for one link: the one a phone may be reading stays the one taken.
    assert table.host.offer is not None
    assert table.host.offer.name == "phone-2"
    assert [g.session_id for g in table.state.gate.guests()] == ["phone-1", "phone-2"]


class _OpenBeforeAccepted(LinkedPhone):
    """A host whose page tells the link is open before it replies to
    `accept` (Chromium does, now and then, under load)."""

    async def _accept(self, link: str, answer: str) -> None:
        assert self.peers.listener is not None
        self.peers.listener(PeerEvent(link, "open"))

    def connect(self, match_id: str) -> None:
        self.peers.accept = self._accept  # type: ignore[method-assign]
        run_apart(self.following.host.make_offer(match_id))
        run_apart(self.following.host.take_answer(answer_code()))
        run_apart(self.run_pending())


def test_a_link_open_before_the_answer_is_taken_in_gets_the_match() -> None:
    host = _OpenBeforeAccepted()
    match_id = (
        host.state.writes.add_match(Match.new("crazy-eights", ["Ada", "Bo"])) or ""
    )
    host.connect(match_id)
    (first,) = [json.loads(text) for text in host.peers.sent["phone-1"]]
    assert first["t"] == "match"
    assert host.following.host.phones["phone-1"].link.status is LinkStatus.LIVE


def test_an_answer_the_link_refuses_lists_no_phone_and_keeps_the_offer() -> None:
    host = LinkedPhone()
    match_id = (
        host.state.writes.add_match(Match.new("crazy-eights", ["Ada", "Bo"])) or ""
    )

    async def refuse(link: str, answer: str) -> None:
        raise PeerLinkError("failed")

    host.peers.accept = refuse  # type: ignore[method-assign]
    sides = host.following.host
    run_apart(sides.make_offer(match_id))
    run_apart(sides.take_answer(answer_code()))
    assert sides.phones == {}
    assert sides.problem is not None and sides.offer is not None


def test_the_same_match_sent_back_changes_nothing_not_even_who_recorded(
    table: Table,
) -> None:
    # A recorder's copy equal to the host's but for the rounds' origins (a
    # code changed on the way, or a phone claiming the rounds): nothing is
    # saved, no new version goes out, the phone hears the one it has.
    table.host.let_record("phone-1", True)
    run_apart(table.run_pending())
    before = table.store.load_stored(table.match_id)
    seq = [m for m in table.told() if m["t"] == "match"][-1]["seq"]
    claimed = Origin("0badcafe", 1_800_000_000, "Mallory")
    rounds = tuple(replace(r, origin=claimed) for r in before.match.rounds)
    table.change_sent(replace(before.match, rounds=rounds))
    assert _refusals(table) == []
    after = table.store.load_stored(table.match_id)
    assert [r.origin for r in after.match.rounds] == [
        r.origin for r in before.match.rounds
    ]
    last = table.told()[-1]
    assert (last["t"], last["seq"]) == ("match", seq)
    assert decode_match(str(last["code"])).match.rounds[0].origin != claimed
