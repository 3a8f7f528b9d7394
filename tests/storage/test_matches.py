"""The stored matches, file and memory: saved, listed, finished, deleted, not stale."""

import pytest

from companion.engine.match import Match
from companion.storage import Store, StoreError

BO_OUT = {"Ada": {"K": 1}, "Cy": {"3": 2}}


def new_match(**options: object) -> Match:
    return Match.new("crazy-eights", ["Ada", "Bo", "Cy"], **options)  # type: ignore[arg-type]


def test_added_match_loads_back_equal_with_its_summary(store: Store) -> None:
    match = new_match().record_round("Bo", BO_OUT)
    match_id = store.add_match(match)
    assert store.load_match(match_id) == match
    (summary,) = store.list_matches()
    assert summary.id == match_id
    assert summary.game_id == "crazy-eights"
    assert summary.players == ("Ada", "Bo", "Cy")
    assert summary.round_count == 1
    assert summary.created.tzinfo is not None
    assert summary.finished is None
    assert summary.winners == ()


def test_each_saved_round_is_kept(store: Store) -> None:
    match = new_match()
    match_id = store.add_match(match)
    for _ in range(5):
        match = match.record_round("Bo", BO_OUT)
        store.save_match(match_id, match)
    assert store.load_match(match_id).totals() == match.totals()
    assert store.list_matches()[0].round_count == 5


def test_matches_list_newest_first(store: Store) -> None:
    ids = [store.add_match(new_match()) for _ in range(3)]
    assert [s.id for s in store.list_matches()] == ids[::-1]


def test_finished_is_set_when_the_match_ends_and_cleared_when_reopened(
    store: Store,
) -> None:
    match = new_match(limit=20)
    match_id = store.add_match(match)
    over = match.record_round("Bo", {"Ada": {"K": 3}, "Cy": {"3": 1}})
    store.save_match(match_id, over)
    (summary,) = store.list_matches()
    assert summary.finished is not None and summary.finished >= summary.created
    assert summary.winners == ("Bo",)
    store.save_match(match_id, over.delete_round(0))
    (summary,) = store.list_matches()
    assert summary.finished is None and summary.winners == ()


def test_missing_match_is_a_clear_error(store: Store) -> None:
    for action in (
        lambda: store.load_match("0123456789ab"),
        lambda: store.save_match("0123456789ab", new_match()),
        lambda: store.delete_match("0123456789ab"),
    ):
        with pytest.raises(StoreError) as caught:
            action()
        assert caught.value.code == "no-such-match"
        assert caught.value.params == {"id": "0123456789ab"}


def test_deleted_match_is_gone(store: Store) -> None:
    keep, drop = store.add_match(new_match()), store.add_match(new_match())
    store.delete_match(drop)
    assert [s.id for s in store.list_matches()] == [keep]
    with pytest.raises(StoreError):
        store.load_match(drop)


def test_save_from_a_stale_copy_is_refused_not_overwritten(store: Store) -> None:
    loaded = new_match()
    match_id = store.add_match(loaded)
    first_tab = loaded.record_round("Bo", BO_OUT)
    store.save_match(match_id, first_tab, base=loaded)
    second_tab = loaded.record_round("Ada", {"Bo": {"K": 1}, "Cy": {"3": 1}})
    with pytest.raises(StoreError) as caught:
        store.save_match(match_id, second_tab, base=loaded)
    assert caught.value.code == "match-changed"
    assert store.load_match(match_id) == first_tab


def test_update_match_applies_a_change_to_the_stored_match(store: Store) -> None:
    match_id = store.add_match(new_match())
    result = store.update_match(match_id, lambda m: m.record_round("Bo", BO_OUT))
    assert result.rounds and store.load_match(match_id) == result
