"""Two copies of a match: which ids make a pair, and one let go with nothing else
changed, never both gone, never a round lost unseen."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from handed_matches import SIX, play, stored, table
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine.match import Match
from companion.storage import Store, StoreError
from companion.storage.match_copies import copy_id, is_copy_of, one_match, pair_of

ORIGINAL = "0123456789ab"
COPY = copy_id(ORIGINAL, 1)
SINCE = datetime(2026, 1, 1, tzinfo=UTC)


def contents(store: Store) -> tuple[object, ...]:
    """Everything a person could notice of the store: the list, each match,
    the players and their figures."""
    summaries = store.list_matches()
    return (
        summaries,
        [store.load_stored(s.id) for s in summaries],
        store.players(),
        store.stats_snapshot(SINCE),
    )


def evening(rounds: int, seed: int = 1) -> Match:
    return play(table(SIX[:3], limit=5000), rounds, seed=seed)


def _other_way(rounds: int) -> Match:
    """The evening as the other phone told round 4, then played on."""
    changed = evening(6).edit_round(3, "Bo", {"Ada": 7, "Åse": 9})
    return play(changed, rounds - 6, seed=99)


def with_pair(store: Store, others: int = 2) -> None:
    """A phone that holds `others` other matches, and a match with a copy."""
    for seed in range(others):
        store.add_match(play(table(SIX[3:5]), 3, seed=seed))
    store.restore_match(stored(evening(6), ORIGINAL))
    store.restore_match(stored(_other_way(7), COPY))


def test_a_copy_is_its_originals_id_and_four_hex_digits() -> None:
    assert is_copy_of(COPY, ORIGINAL)
    assert not is_copy_of(ORIGINAL, COPY)
    assert not is_copy_of(ORIGINAL, ORIGINAL)
    assert not is_copy_of("1123456789ab0001", ORIGINAL)
    long = "ab" * 16
    assert is_copy_of(copy_id(long, 3), long)


def test_a_match_and_its_copy_name_the_same_pair_and_others_none() -> None:
    stored_ids = {ORIGINAL, COPY, "fedcba987654"}
    assert pair_of(ORIGINAL, stored_ids) == (ORIGINAL, COPY)
    assert pair_of(COPY, stored_ids) == (ORIGINAL, COPY)
    assert pair_of("fedcba987654", stored_ids) is None
    # A copy whose original is gone is no pair any more.
    assert pair_of(COPY, {COPY}) is None
    # Two copies of one match (a follower's, and one kept beside it) are one.
    second = copy_id(ORIGINAL, 2)
    assert one_match(COPY, second) and not one_match(COPY, "fedcba987654")
    assert pair_of(second, {COPY, second, "fedcba987654"}) == (COPY, second)
    # The longest ids: a copy takes the place of the original's last digits,
    # so either of two such ids reads as the other's copy; still one pair.
    long, other = "ab" * 16, "cd" * 16
    for one in (long, copy_id(long, 3)):
        pair = pair_of(one, {long, other, copy_id(long, 3)})
        assert pair is not None and set(pair) == {long, copy_id(long, 3)}


@pytest.mark.parametrize(("kept", "dropped"), [(ORIGINAL, COPY), (COPY, ORIGINAL)])
def test_keeping_one_deletes_the_other_alone_and_putting_it_back_restores_all(
    store: Store, kept: str, dropped: str
) -> None:
    with_pair(store)
    before = contents(store)
    others = [s.id for s in store.list_matches() if s.id not in (kept, dropped)]
    kept_match = store.load_stored(kept)

    let_go = store.let_copy_go(dropped, kept, store.load_match(dropped))

    assert {s.id for s in store.list_matches()} == {kept, *others}
    assert store.load_stored(kept) == kept_match
    store.restore_match(let_go)
    assert contents(store) == before


def test_the_other_is_not_deleted_when_the_one_kept_is_gone(store: Store) -> None:
    # Another window deleted the match kept meanwhile: deleting the copy too
    # would leave neither.
    with_pair(store)
    store.delete_match(ORIGINAL)
    before = contents(store)
    with pytest.raises(StoreError) as refused:
        store.let_copy_go(COPY, ORIGINAL, _other_way(7))
    assert refused.value.code == "no-such-match"
    assert contents(store) == before


def test_a_copy_that_gained_a_round_meanwhile_is_not_deleted(store: Store) -> None:
    with_pair(store)
    shown = store.load_match(COPY)
    store.save_match(COPY, play(shown, 1, seed=5))
    before = contents(store)
    with pytest.raises(StoreError) as refused:
        store.let_copy_go(COPY, ORIGINAL, shown)
    assert refused.value.code == "match-changed"
    assert contents(store) == before


def test_two_matches_that_are_no_pair_are_left_alone(store: Store) -> None:
    with_pair(store)
    other = next(s.id for s in store.list_matches() if s.id not in (ORIGINAL, COPY))
    before = contents(store)
    with pytest.raises(StoreError) as refused:
        store.let_copy_go(other, ORIGINAL, store.load_match(other))
    assert refused.value.code == "not-copies"
    assert contents(store) == before


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    others=st.integers(0, 3),
    shared=st.integers(0, 6),
    ours=st.integers(0, 4),
    theirs=st.integers(1, 4),
    keep_copy=st.booleans(),
)
def test_any_choice_changes_only_the_one_let_go_and_undo_gives_back_all(
    others: int, shared: int, ours: int, theirs: int, keep_copy: bool
) -> None:
    """Invariant: keeping one copy deletes exactly the other, leaves every other
    match (and the player's figures from them) as it was, and putting the one
    let go back restores the store exactly."""
    store = Store.in_memory()
    for seed in range(others):
        store.add_match(play(table(SIX[3:6]), seed + 1, seed=seed))
    base = evening(shared)
    mine = play(base, ours, seed=3)
    other = play(base.record_round("Åse", {"Ada": 1, "Bo": 2}), theirs - 1, seed=4)
    store.restore_match(stored(mine, ORIGINAL))
    store.restore_match(stored(other, COPY))
    before = contents(store)
    kept, dropped = (COPY, ORIGINAL) if keep_copy else (ORIGINAL, COPY)
    untouched = {
        s.id: store.load_stored(s.id) for s in store.list_matches() if s.id != dropped
    }

    let_go = store.let_copy_go(dropped, kept, store.load_match(dropped))

    assert {s.id: store.load_stored(s.id) for s in store.list_matches()} == untouched
    store.restore_match(let_go)
    assert contents(store) == before
