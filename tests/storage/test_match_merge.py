"""Merging a handed-over match: each outcome of storage/match_merge.py's table."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest
from handed_matches import SIX, mau_mau, play, stored, table
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine.match import Match
from companion.engine.origins import Origin
from companion.storage import Store, StoreError
from companion.storage.match_copies import copy_id
from companion.storage.match_link import match_from_link, match_link
from companion.storage.match_merge import Followed, Outcome
from companion.storage.records import StoredMatch, summary_of
from companion.storage.stats import StatsBook

SITE = "https://cards.example.org/"
SINCE = datetime(2026, 1, 1, tzinfo=UTC)


def hand_over(store: Store, handed: StoredMatch):
    """What the other phone does: make the link; what this one does: take it in."""
    return store.merge(match_from_link(match_link(SITE, handed)))


def contents(store: Store) -> tuple[object, ...]:
    summaries = store.list_matches()
    return (
        summaries,
        [store.load_stored(s.id) for s in summaries],
        store.players(),
        store.own_games(),
        store.stats_snapshot(SINCE),
    )


def evening(rounds: int, seed: int = 1) -> Match:
    """The first `rounds` rounds of one evening's match (the same for any count)."""
    return play(table(SIX[:4], limit=5000), rounds, seed=seed)


def test_a_new_match_is_added_with_its_id_times_and_players(store: Store) -> None:
    handed = stored(evening(10))
    taken = hand_over(store, handed)
    assert taken.outcome is Outcome.ADDED
    assert (taken.match_id, taken.rounds_added) == (handed.id, 10)
    assert store.load_stored(handed.id) == handed
    assert sorted(taken.players_added) == sorted(SIX[:4])
    assert {p.name for p in store.players()} == set(SIX[:4])


def test_the_same_match_with_two_more_rounds_is_updated_not_doubled(
    store: Store,
) -> None:
    first = hand_over(store, stored(evening(10)))
    again = hand_over(store, stored(evening(12)))
    assert again.outcome is Outcome.UPDATED
    assert (again.match_id, again.rounds_added) == (first.match_id, 2)
    assert [s.round_count for s in store.list_matches()] == [12]
    assert store.load_match(first.match_id) == evening(12)
    assert again.players_added == ()


def _from(match: Match, origin: Origin, first: int = 0) -> Match:
    """`match` with its rounds from `first` on recorded at `origin`."""
    rounds = tuple(
        replace(r, origin=origin) if at >= first else r
        for at, r in enumerate(match.rounds)
    )
    return replace(match, rounds=rounds)


HERE = Origin("a1b2c3d4", 1_765_000_000, "Åse")
THERE = Origin("0f0f0f0f", 1_765_000_600, "Bo")


def _origins(store: Store, match_id: str) -> list[Origin | None]:
    return [r.origin for r in store.load_match(match_id).rounds]


def test_rounds_are_merged_by_what_was_played_and_keep_the_kept_copys_origins(
    store: Store,
) -> None:
    taken = hand_over(store, stored(_from(evening(10), HERE)))
    # The same rounds said to come from elsewhere: the same match.
    same = hand_over(store, stored(_from(evening(10), THERE)))
    assert same.outcome is Outcome.ALREADY_HERE
    assert _origins(store, taken.match_id) == [HERE] * 10
    # Two more, all said to come from elsewhere: the ten kept keep theirs.
    more = hand_over(store, stored(_from(evening(12), THERE)))
    assert (more.outcome, more.rounds_added) == (Outcome.UPDATED, 2)
    assert _origins(store, taken.match_id) == [HERE] * 10 + [THERE] * 2


def test_the_same_or_an_older_state_changes_nothing(store: Store) -> None:
    hand_over(store, stored(evening(10)))
    before = contents(store)
    for rounds, outcome in ((10, Outcome.ALREADY_HERE), (7, Outcome.KEPT_AHEAD)):
        taken = hand_over(store, stored(evening(rounds)))
        assert taken.outcome is outcome
        assert taken.match_id == stored(evening(10)).id
        assert contents(store) == before
    assert hand_over(store, stored(evening(0))).outcome is Outcome.KEPT_AHEAD


def _other_way(rounds: int) -> Match:
    """The evening's match as the other phone told round 4 (then played on)."""
    match = evening(10)
    hands = {p: 7 for p in match.players if p != "Bo"}
    changed = match.edit_round(3, "Bo", hands)
    return play(changed, rounds - 10, seed=99)


def test_a_match_that_went_another_way_is_kept_beside_as_a_copy(store: Store) -> None:
    original = stored(evening(10))
    hand_over(store, original)
    taken = hand_over(store, stored(_other_way(11)))
    assert taken.outcome is Outcome.COPIED
    assert taken.beside == original.id
    assert taken.match_id == copy_id(original.id, 1) != original.id
    assert store.load_match(original.id) == original.match
    assert store.load_match(taken.match_id) == _other_way(11)
    assert len(store.list_matches()) == 2


def test_the_copy_is_found_again_updated_and_never_doubled(store: Store) -> None:
    hand_over(store, stored(evening(10)))
    copy = hand_over(store, stored(_other_way(11))).match_id
    again = hand_over(store, stored(_other_way(13)))
    assert (again.outcome, again.match_id, again.rounds_added) == (
        Outcome.UPDATED,
        copy,
        2,
    )
    assert hand_over(store, stored(_other_way(12))).outcome is Outcome.KEPT_AHEAD
    assert hand_over(store, stored(_other_way(13))).outcome is Outcome.ALREADY_HERE
    # The first line goes on too: the original is brought up to date.
    assert hand_over(store, stored(evening(12))).match_id == stored(evening(12)).id
    assert sorted(s.round_count for s in store.list_matches()) == [12, 13]


def test_a_third_line_gets_a_second_copy(store: Store) -> None:
    hand_over(store, stored(evening(10)))
    hand_over(store, stored(_other_way(11)))
    third = evening(10).edit_round(2, "Ada", {p: 9 for p in SIX[1:4]})
    taken = hand_over(store, stored(third))
    assert (taken.outcome, taken.match_id) == (
        Outcome.COPIED,
        copy_id(stored(third).id, 2),
    )


def test_a_match_ended_early_here_and_played_on_there_is_a_copy(store: Store) -> None:
    hand_over(store, stored(evening(6).end_early()))
    taken = hand_over(store, stored(evening(8)))
    assert taken.outcome is Outcome.COPIED
    assert store.load_match(stored(evening(8)).id).ended_early


def test_a_match_ended_early_there_ends_it_here(store: Store) -> None:
    hand_over(store, stored(evening(6)))
    ended = stored(evening(6).end_early())
    taken = hand_over(store, ended)
    assert (taken.outcome, taken.rounds_added) == (Outcome.UPDATED, 0)
    assert store.load_stored(ended.id).match.is_over
    assert store.list_matches()[0].winners == tuple(ended.match.winners)


def test_other_house_rules_under_the_same_id_are_another_way(store: Store) -> None:
    hand_over(store, stored(table(SIX[:4], limit=5000)))
    taken = hand_over(store, stored(table(SIX[:4], limit=500)))
    assert taken.outcome is Outcome.COPIED


def test_names_that_read_the_same_are_this_phones_players(store: Store) -> None:
    store.add_player("ada")
    store.add_player("ＢＯ")
    match = play(table(["Ada", "Bo", "Cy"], limit=5000), 4)
    taken = hand_over(store, stored(match))
    here = store.load_match(taken.match_id)
    assert here.players == ("ada", "ＢＯ", "Cy")
    assert here.totals() == dict(
        zip(here.players, match.totals().values(), strict=True)
    )
    assert taken.players_added == ("Cy",)
    # Handed over again, with more: the same match, brought up to date.
    more = play(table(["Ada", "Bo", "Cy"], limit=5000), 6)
    assert hand_over(store, stored(more)).outcome is Outcome.UPDATED


def test_a_look_alike_of_a_player_here_is_refused_and_nothing_changes(
    store: Store,
) -> None:
    store.add_player("Ada")
    hand_over(store, stored(evening(3), match_id="fedcba987654"))
    before = contents(store)
    forged = play(table(["\u0410da", "Bo"], limit=5000), 3)
    with pytest.raises(StoreError) as refused:
        hand_over(store, stored(forged))
    assert refused.value.code == "code-look-alike"
    assert refused.value.params == {"name": "\u0410da", "known": "Ada"}
    assert contents(store) == before


def test_an_own_game_keeps_its_definition_apart_from_one_of_the_same_name(
    store: Store,
) -> None:
    mine = store.save_own_game(
        {
            "name": "Mau-Mau",
            "card_set": "regular",
            "faces": {"A": {"value": 1, "copies": 4}},
            "decks": 1,
            "scoring": "penalty",
            "end": {"kind": "rounds", "value": 3},
            "lowest_wins": True,
            "nobody_out": False,
            "min_players": 2,
            "max_players": 4,
        }
    )
    theirs = play(table(SIX[:3], mau_mau()), 5, seed=2)
    taken = hand_over(store, stored(theirs))
    assert taken.outcome is Outcome.ADDED
    assert store.load_match(taken.match_id).definition == mau_mau()
    assert store.own_games() == [mine]


def _recomputed(store: Store) -> dict:
    summaries = store.list_matches()
    book = StatsBook(summary_of(store.load_stored(s.id)) for s in summaries)
    return book.snapshot(SINCE)


def test_stats_and_the_list_follow_an_update_as_recorded_rounds_do(
    store: Store,
) -> None:
    short = table(SIX[:3], "vandatta", rounds=4)
    whole = play(short, 4, seed=5)
    hand_over(store, stored(play(short, 2, seed=5)))
    assert store.player_games("Ada") == []
    hand_over(store, stored(whole))
    assert store.stats_snapshot(SINCE) == _recomputed(store)
    (summary,) = store.list_matches()
    assert (summary.round_count, summary.winners) == (4, tuple(whole.winners))
    ada = store.player_games("Ada")[0]
    assert (ada.matches, ada.rounds, ada.points) == (1, 4, whole.totals()["Ada"])
    # What recording the same rounds on this phone gives, figure for figure.
    recorded = Store.in_memory()
    recorded.restore_match(stored(play(short, 2, seed=5)))
    for round_ in whole.rounds[2:]:
        hands = {p: e if isinstance(e, int) else e.as_dict() for p, e in round_.hands}
        recorded.update_match(
            stored(whole).id,
            lambda m, r=round_, h=hands: m.record_round(r.went_out, h, places=r.places),
        )
    assert recorded.load_match(stored(whole).id) == whole
    mine = recorded.player_games("Ada")[0]
    assert replace(mine, last_played=None) == replace(ada, last_played=None)


def test_a_file_store_reopened_keeps_what_was_taken_in(tmp_path) -> None:
    with Store.open(tmp_path / "data") as store:
        hand_over(store, stored(evening(5)))
        hand_over(store, stored(evening(7)))
        hand_over(store, stored(_other_way(11)))
        before = contents(store)
    with Store.open(tmp_path / "data") as reopened:
        assert contents(reopened) == before
        assert reopened.notices == []


def _link_of(rounds: int) -> str:
    return match_link(SITE, stored(evening(rounds)))


BAD_LINKS = {
    "code-cut-short": _link_of(12)[:-40],
    "code-damaged": _link_of(12)[:-1] + str((int(_link_of(12)[-1]) + 1) % 10),
    "code-newer-version": _link_of(12).replace("#m=02", "#m=07"),
    "code-not-a-match": SITE + "#settings",
    "code-too-large": SITE + "#m=01" + "9" * 2_000_000,
}


@pytest.mark.parametrize("code", BAD_LINKS)
def test_a_bad_link_gets_its_message_and_changes_nothing(store: Store, code) -> None:
    hand_over(store, stored(evening(10)))
    before = contents(store)
    with pytest.raises(StoreError) as refused:
        store.merge(match_from_link(BAD_LINKS[code]))
    assert refused.value.code == code
    assert contents(store) == before


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    st.lists(
        st.tuples(st.integers(min_value=0), st.sampled_from("0123456789x#=")),
        min_size=1,
        max_size=4,
    )
)
def test_fuzz_a_changed_link_is_refused_or_is_the_match_already_here(
    store: Store, changes
) -> None:
    hand_over(store, stored(evening(12)))
    before = contents(store)
    link = list(_link_of(12))
    for at, char in changes:
        link[at % len(link)] = char
    try:
        taken = store.merge(match_from_link("".join(link)))
    except StoreError:
        assert contents(store) == before
        return
    # The change left the fragment's digits as they were (or touched only the
    # site's address): the same match, already here.
    assert taken.outcome is Outcome.ALREADY_HERE
    assert contents(store) == before


def test_a_followed_copy_becomes_what_the_host_sent_even_a_round_taken_back(
    store: Store,
) -> None:
    taken = store.merge(stored(evening(4)))
    # The host deleted its last round and recorded another: its match is the truth.
    host = evening(3).record_round(
        evening(3).players[0], dict.fromkeys(evening(3).players[1:], 7)
    )
    followed = store.merge(stored(host), Followed(taken.match_id, evening(4)))
    assert (followed.outcome, followed.rounds_added) == (Outcome.UPDATED, 1)
    assert store.load_match(taken.match_id) == host
    assert [s.id for s in store.list_matches()] == [taken.match_id]


def test_a_followed_copy_deleted_here_is_taken_in_again(store: Store) -> None:
    taken = store.merge(stored(evening(2)))
    store.delete_match(taken.match_id)
    again = store.merge(stored(evening(3)), Followed(taken.match_id, evening(2)))
    assert (again.outcome, again.match_id) == (Outcome.ADDED, taken.match_id)
    assert store.load_match(taken.match_id) == evening(3)
