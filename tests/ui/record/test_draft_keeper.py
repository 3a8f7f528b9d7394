"""The round being entered, kept per device: coalesced writes, stale ones let go."""

from __future__ import annotations

import asyncio

from event_loops import run_apart

from companion.access.sharing import ShareGate
from companion.engine.match import Match
from companion.storage import Store
from companion.ui.frame.state import AppState
from companion.ui.record.draft_keeper import KEEP_AFTER, DraftKeeper, Entry, kept
from companion.ui.record.round_draft import RoundDraft

BO_OUT = {"Ada": {"K": 1}, "Cy": {"3": 2}}


def _entry(match: Match) -> Entry:
    entry = Entry.start(match, None)
    draft = entry.draft.choose_out("Ada").add_card("Bo", "K").add_card("Cy", "8")
    return Entry(draft, entry.rounds)


def test_taps_in_a_burst_are_one_write_the_newest_read_at_once() -> None:
    async def scenario() -> None:
        store = Store.in_memory()
        match = Match.new("crazy-eights", ["Ada", "Bo", "Cy"])
        match_id = store.add_match(match)
        keeper = DraftKeeper(store)
        state = AppState.load(store)
        device = state.device
        entry = _entry(match)
        writes = []
        keep = store.keep_draft
        store.keep_draft = lambda *a: writes.append(a) or keep(*a)  # type: ignore[method-assign]
        for face in ("2", "3", "4"):
            entry = Entry(entry.draft.add_card("Bo", face), entry.rounds)
            keeper.keep(state, match_id, None, entry)
        # Read back before the write: a reload right after a tap finds it.
        assert kept(keeper.read(device, match_id, None), match, None).entry == entry
        assert writes == []
        await asyncio.sleep(KEEP_AFTER * 2)
        assert len(writes) == 1
        assert kept(store.draft(device, match_id, "next"), match, None).entry == entry
        keeper.drop(state, match_id, None)
        assert keeper.read(device, match_id, None) is None
        await asyncio.sleep(KEEP_AFTER * 2)
        assert store.draft(device, match_id, "next") is None

    run_apart(scenario())


def test_a_draft_of_a_round_saved_elsewhere_is_let_go() -> None:
    match = Match.new("crazy-eights", ["Ada", "Bo", "Cy"])
    record = _entry(match).record()
    assert kept(record, match, None).entry == _entry(match)
    saved = match.record_round("Bo", BO_OUT)
    opened = kept(record, saved, None)
    assert opened.entry is None and opened.lost == 1


def test_an_edit_of_a_round_changed_elsewhere_is_let_go() -> None:
    match = Match.new("crazy-eights", ["Ada", "Bo", "Cy"]).record_round("Bo", BO_OUT)
    entry = Entry.start(match, 0)
    entry = Entry(entry.draft.add_card("Ada", "A"), entry.rounds, entry.original)
    assert kept(entry.record(), match, 0).entry == entry
    changed = match.edit_round(0, "Bo", {"Ada": {"Q": 1}, "Cy": {"3": 2}})
    assert kept(entry.record(), changed, 0).lost == 1
    assert kept(entry.record(), match.delete_round(0), 0).lost == 1


def test_a_record_that_is_not_a_draft_is_nothing_kept() -> None:
    match = Match.new("crazy-eights", ["Ada", "Bo", "Cy"])
    good = _entry(match).record()
    for bad in (None, "x", {}, good | {"rounds": "0"}, good | {"draft": {}}):
        assert kept(bad, match, None).entry is None
    assert kept(good, match, 0).entry is None  # an edit's record needs its round
    assert RoundDraft.from_data(good["draft"], match) == _entry(match).draft


def test_a_tap_written_after_recording_was_taken_away_is_not_kept() -> None:
    store = Store.in_memory()
    match = Match.new("crazy-eights", ["Ada", "Bo", "Cy"])
    match_id = store.add_match(match)
    gate = ShareGate(True, new_code=lambda: "123456")
    host = AppState.load(store, gate, session_id="host", client_ip="127.0.0.1")
    phone = AppState.load(store, gate, session_id="phone", client_ip="198.51.100.7")
    phone.device = "d-phone"
    assert phone.join("123456") is None
    host.let_record("phone", True)
    keeper = DraftKeeper(store)

    async def scenario() -> None:
        keeper.keep(phone, match_id, None, _entry(match))
        # The host takes recording away before the tap's write is due: the
        # write asks the gate as it happens.
        host.let_record("phone", False)
        await asyncio.sleep(KEEP_AFTER * 2)

    run_apart(scenario())
    assert store.draft("d-phone", match_id, "next") is None
    assert [p.code for p in phone.problems] == ["view-only"]
