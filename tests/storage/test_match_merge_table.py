"""Each outcome of the merge's table (docs/data.md), on a phone that already
holds matches: what changes is the kept match alone, every other match's
stored bytes stay as they were."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from handed_matches import SIX, mau_mau, play, stored, table
from merge_phones import (
    KEPT_ID,
    entry,
    evening,
    export_file,
    holding,
    other_way,
    untouched,
)

from companion.engine.match import Match
from companion.storage import Store, StoreError
from companion.storage.match_copies import copy_id
from companion.storage.match_merge import (
    Followed,
    Outcome,
    Relation,
    compare,
)


def ids(store: Store) -> list[str]:
    return sorted(s.id for s in store.list_matches())


def test_a_match_of_an_id_not_here_is_added(store: Store) -> None:
    phone = holding(store, stored(evening(10)))
    before = untouched(phone)
    taken = phone.merge(stored(evening(3), "fedcba987654"))
    assert (taken.outcome, taken.match_id, taken.rounds_added) == (
        Outcome.ADDED,
        "fedcba987654",
        3,
    )
    assert phone.load_match("fedcba987654") == evening(3)
    assert phone.load_match(KEPT_ID) == evening(10)
    assert {k: v for k, v in untouched(phone).items() if "fedcba" not in k} == before


def test_the_same_match_changes_nothing(store: Store) -> None:
    phone = holding(store, stored(evening(10)))
    before, kept = untouched(phone), phone.load_stored(KEPT_ID)
    taken = phone.merge(stored(evening(10)))
    assert (taken.outcome, taken.match_id) == (Outcome.ALREADY_HERE, KEPT_ID)
    assert phone.load_stored(KEPT_ID) == kept
    assert untouched(phone) == before


def test_a_match_that_extends_the_kept_one_brings_it_up_to_date(store: Store) -> None:
    phone = holding(store, stored(evening(10)))
    before = untouched(phone)
    taken = phone.merge(stored(evening(12)))
    assert (taken.outcome, taken.match_id, taken.rounds_added) == (
        Outcome.UPDATED,
        KEPT_ID,
        2,
    )
    assert phone.load_match(KEPT_ID) == evening(12)
    assert KEPT_ID in ids(phone) and len(ids(phone)) == 4
    assert untouched(phone) == before


def test_a_match_the_kept_one_extends_changes_nothing(store: Store) -> None:
    phone = holding(store, stored(evening(12)))
    before, kept = untouched(phone), phone.load_stored(KEPT_ID)
    taken = phone.merge(stored(evening(9)))
    assert (taken.outcome, taken.match_id) == (Outcome.KEPT_AHEAD, KEPT_ID)
    assert phone.load_stored(KEPT_ID) == kept
    assert untouched(phone) == before


def test_a_match_that_went_another_way_is_kept_beside_as_a_copy(store: Store) -> None:
    phone = holding(store, stored(evening(12)))
    before = untouched(phone)
    taken = phone.merge(stored(other_way(11)))
    assert (taken.outcome, taken.beside) == (Outcome.COPIED, KEPT_ID)
    assert taken.match_id == copy_id(KEPT_ID, 1)
    assert phone.load_match(KEPT_ID) == evening(12)
    assert phone.load_match(taken.match_id) == other_way(11)
    assert untouched(phone) == before
    # The copy again is the copy, already here; the evening again, itself.
    again = phone.merge(stored(other_way(11)))
    assert (again.outcome, again.match_id) == (Outcome.ALREADY_HERE, taken.match_id)
    assert phone.merge(stored(evening(12))).match_id == KEPT_ID
    assert len(ids(phone)) == 5


def _other_players() -> Match:
    return play(table([*SIX[:3], "Zoë"], limit=5000), 10)


def _other_dealer() -> Match:
    return replace(evening(10), first_dealer="Bo")


OTHER = {
    "house rules": lambda: play(table(SIX[:4], limit=500), 3),
    "players": _other_players,
    "game": lambda: play(table(SIX[:4], "uno"), 3),
    "own game's definition": lambda: play(table(SIX[:4], mau_mau()), 3),
    "first dealer": _other_dealer,
}


@pytest.mark.parametrize("what", OTHER)
def test_anything_but_the_rounds_other_is_kept_beside_as_a_copy(
    store: Store, what: str
) -> None:
    phone = holding(store, stored(evening(10)))
    before = untouched(phone)
    arriving = OTHER[what]()
    assert compare(evening(10), arriving).relation is Relation.OTHER
    taken = phone.merge(stored(arriving))
    assert (taken.outcome, taken.beside) == (Outcome.COPIED, KEPT_ID)
    assert phone.load_match(KEPT_ID) == evening(10)
    assert phone.load_match(taken.match_id) == arriving
    assert untouched(phone) == before


def test_a_match_ended_early_elsewhere_and_played_on_here_is_a_copy(
    store: Store,
) -> None:
    phone = holding(store, stored(evening(8)))
    before = untouched(phone)
    ended = evening(6).end_early()
    assert compare(evening(8), ended).relation is Relation.DIVERGED
    taken = phone.merge(stored(ended))
    assert taken.outcome is Outcome.COPIED
    assert phone.load_match(KEPT_ID) == evening(8)
    assert untouched(phone) == before


def test_a_followed_copy_still_the_hosts_last_version_becomes_the_hosts(
    store: Store,
) -> None:
    phone = holding(store, stored(evening(6)))
    before = untouched(phone)
    # The host deleted two rounds: its match is the truth while this phone
    # made no change of its own.
    taken = phone.merge(stored(evening(4)), Followed(KEPT_ID, evening(6)))
    assert (taken.outcome, taken.match_id) == (Outcome.UPDATED, KEPT_ID)
    assert phone.load_match(KEPT_ID) == evening(4)
    assert untouched(phone) == before


def test_a_followed_copy_with_a_round_of_its_own_keeps_it(store: Store) -> None:
    phone = holding(store, stored(evening(6)))
    # This phone recorded its round 7 alone; the host recorded another.
    phone.save_match(KEPT_ID, evening(7))
    before = untouched(phone)
    taken = phone.merge(stored(other_way(11)), Followed(KEPT_ID, evening(6)))
    assert (taken.outcome, taken.beside) == (Outcome.COPIED, KEPT_ID)
    assert phone.load_match(KEPT_ID) == evening(7)
    assert phone.load_match(taken.match_id) == other_way(11)
    assert untouched(phone) == before
    # The host caught up to this phone's rounds: kept ahead, nothing changes.
    ahead = phone.merge(stored(evening(5)), Followed(KEPT_ID, evening(6)))
    assert (ahead.outcome, phone.load_match(KEPT_ID)) == (
        Outcome.KEPT_AHEAD,
        evening(7),
    )


@pytest.mark.parametrize("what", ["another id", *OTHER])
def test_a_followed_copy_refuses_another_match(store: Store, what: str) -> None:
    phone = holding(store, stored(evening(6)))
    before, kept = untouched(phone), phone.load_stored(KEPT_ID)
    arriving = (
        stored(evening(6), "fedcba987654")
        if what == "another id"
        else stored(OTHER[what]())
    )
    with pytest.raises(StoreError) as refused:
        phone.merge(arriving, Followed(KEPT_ID, evening(6)))
    assert refused.value.code == "follow-other-match"
    assert phone.load_stored(KEPT_ID) == kept
    assert untouched(phone) == before and len(ids(phone)) == 4


def _imported(phone: Store, tmp_path: Path, *matches: Match) -> object:
    path = export_file(
        tmp_path / "one.json", [entry(KEPT_ID, m.to_dict()) for m in matches]
    )
    return phone.import_file(path)


def test_an_imported_match_that_extends_the_kept_one_brings_it_up_to_date(
    store: Store, tmp_path: Path
) -> None:
    phone = holding(store, stored(evening(10)))
    before = untouched(phone)
    result = _imported(phone, tmp_path, evening(12))
    assert result.updated == (KEPT_ID,) and result.added == ()
    assert phone.load_match(KEPT_ID) == evening(12)
    assert untouched(phone) == before


def test_an_imported_match_never_overwrites_one_that_went_another_way(
    store: Store, tmp_path: Path
) -> None:
    phone = holding(store, stored(evening(12)))
    before = untouched(phone)
    result = _imported(phone, tmp_path, other_way(11))
    assert result.copied == (copy_id(KEPT_ID, 1),)
    assert phone.load_match(KEPT_ID) == evening(12)
    assert phone.load_match(copy_id(KEPT_ID, 1)) == other_way(11)
    assert untouched(phone) == before


def test_an_imported_older_state_changes_nothing(store: Store, tmp_path: Path) -> None:
    phone = holding(store, stored(evening(12)))
    before, kept = untouched(phone), phone.load_stored(KEPT_ID)
    result = _imported(phone, tmp_path, evening(7))
    assert result.skipped == (KEPT_ID,)
    assert phone.load_stored(KEPT_ID) == kept
    assert untouched(phone) == before
