"""The round on the record screen: opened as its device left it, let go when the
match changed under it, and said to be kept when the browser comes back."""

from __future__ import annotations

from companion.engine.match import Match
from companion.ui.record.round_draft import RoundDraft
from companion.ui.record.round_entry import Entry, Held, Key, held_now, kept

BO_OUT = {"Ada": {"K": 1}, "Cy": {"3": 2}}


def _entry(match: Match) -> Entry:
    entry = Entry.start(match, None)
    draft = entry.draft.choose_out("Ada").add_card("Bo", "K").add_card("Cy", "8")
    return Entry(draft, entry.rounds)


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


KEY: Key = ("this-device", "m1", None)


def _opened(match: Match, record: object) -> Held:
    return held_now(None, KEY, match, 0, lambda: record)


def test_a_round_opens_as_it_was_left_fresh_or_let_go() -> None:
    match = Match.new("crazy-eights", ["Ada", "Bo", "Cy"])
    left = _opened(match, _entry(match).record())
    assert (left.entry, left.note, left.changed) == (_entry(match), "kept", False)
    fresh = _opened(match, None)
    assert (fresh.entry, fresh.note) == (Entry.start(match, None), None)
    assert not fresh.let_go
    saved = match.record_round("Bo", BO_OUT)
    gone = _opened(saved, _entry(match).record())
    assert (gone.entry, gone.note, gone.lost) == (Entry.start(saved, None), "stale", 1)
    # What was kept is dropped once drawn; a tap on the new round keeps that.
    assert gone.let_go
    assert not gone.changed_to(gone.entry.draft.choose_out("Ada")).let_go


def test_the_round_on_the_screen_is_let_go_when_saved_elsewhere() -> None:
    match = Match.new("crazy-eights", ["Ada", "Bo", "Cy"])
    shown = _opened(match, None).changed_to(_entry(match).draft)
    assert held_now(shown, KEY, match, 0, lambda: None) is shown
    saved = match.record_round("Bo", BO_OUT)
    after = held_now(shown, KEY, saved, 0, lambda: None)
    assert (after.note, after.lost, after.entry) == (
        "stale",
        1,
        Entry.start(saved, None),
    )


def test_a_round_entered_says_it_was_kept_when_the_browser_comes_back() -> None:
    match = Match.new("crazy-eights", ["Ada", "Bo", "Cy"])
    fresh = _opened(match, None)
    shown = fresh.changed_to(_entry(match).draft)
    assert shown.note is None and shown.changed
    back = held_now(shown, KEY, match, 1, lambda: None)
    assert (back.note, back.entry, back.visit) == ("kept", shown.entry, 1)
    # Nothing entered yet: nothing to say was kept.
    assert held_now(fresh, KEY, match, 1, lambda: None).note is None
