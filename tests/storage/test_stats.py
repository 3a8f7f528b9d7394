"""Stats per game from the index: known figures, and equal to a recomputation."""

import contextlib
import json
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine.match import Match, MatchError
from companion.storage import Store, StoredMatch, StoreError
from companion.storage.records import summary_of
from companion.storage.stats import GameKey, HeadToHead, StatsBook

VANDATTA = GameKey("vandatta", True)
UNO = GameKey("uno", False)
EIGHTS = GameKey("crazy-eights", True)
EIGHTS_COLLECT = GameKey("crazy-eights", False)
START = datetime(2026, 3, 1, 18, 0, tzinfo=UTC)
SINCE = START + timedelta(days=3)
"""A period's start for the leaderboards the snapshots also compare."""


def at(day: int) -> datetime:
    return START + timedelta(days=day)


def known_matches() -> list[StoredMatch]:
    """Six finished matches over three games (one with two rules) and one open."""

    def done(n: int, match: Match) -> StoredMatch:
        assert match.is_over
        return StoredMatch(f"{n:012x}", at(n), at(n) + timedelta(hours=1), match)

    def vandatta(players: list[str]) -> Match:
        return Match.new("vandatta", players, rounds=2)

    matches = [
        # Ada 5, Bo 10, Cy 3: Cy wins.
        done(
            1,
            vandatta(["Ada", "Bo", "Cy"])
            .record_round("Ada", {"Bo": {"8": 1}, "Cy": {"3": 2}})
            .record_round("Bo", {"Ada": {"A": 1}, "Cy": {"K": 1}}),
        ),
        # Ada 0, Bo 2: Ada wins.
        done(
            2,
            vandatta(["Ada", "Bo"])
            .record_round("Ada", {"Bo": {"K": 1}})
            .record_round("Ada", {"Bo": {"2": 1}}),
        ),
        # Ada 1, Bo 1: a shared win.
        done(
            3,
            vandatta(["Ada", "Bo"])
            .record_round("Ada", {"Bo": {"3": 1}})
            .record_round("Bo", {"Ada": {"4": 1}}),
        ),
        # Uno, highest wins: Ada collects 720 in one round.
        done(
            4,
            Match.new("uno", ["Ada", "Bo"]).record_round(
                "Ada", {"Bo": {"RJ": 4, "BJ": 4, "K": 8, "Q": 8}}
            ),
        ),
        # Crazy Eights, winner collects: Bo 150.
        done(
            5,
            Match.new(
                "crazy-eights", ["Ada", "Bo"], scoring="winner-collects"
            ).record_round("Bo", {"Ada": {"8": 3}}),
        ),
        # Crazy Eights, penalty: Cy passes 100, Ada wins on 0.
        done(
            6,
            Match.new("crazy-eights", ["Ada", "Cy"]).record_round(
                "Ada", {"Cy": {"8": 3}}
            ),
        ),
    ]
    still_open = vandatta(["Ada", "Bo"]).record_round("Bo", {"Ada": {"8": 4}})
    matches.append(StoredMatch(f"{7:012x}", at(7), None, still_open))
    return matches


def filled(store: Store) -> Store:
    store.merge_all(known_matches())
    return store


def recomputed(store: Store) -> dict:
    """The figures worked out afresh from every match file."""
    stored = [store.load_stored(s.id) for s in store.list_matches()]
    return StatsBook(summary_of(s) for s in stored).snapshot(SINCE)


def by_key(store: Store, player: str) -> dict:
    return {s.key: s for s in store.player_games(player)}


def test_a_players_figures_per_game_are_kept_apart(store: Store) -> None:
    games = by_key(filled(store), "Ada")
    assert set(games) == {VANDATTA, UNO, EIGHTS, EIGHTS_COLLECT}
    vandatta = games[VANDATTA]
    # The open match does not count.
    assert (vandatta.matches, vandatta.wins, vandatta.shared_wins) == (3, 2, 1)
    assert vandatta.win_rate == 2 / 3
    assert (vandatta.rounds, vandatta.points) == (6, 6)
    assert (vandatta.per_round, vandatta.per_match) == (1.0, 2.0)
    # Lowest wins: the best round is the fewest points.
    assert (vandatta.best_round, vandatta.worst_round) == (0, 5)
    assert (vandatta.current_streak, vandatta.longest_streak) == (2, 2)
    assert vandatta.last_played == at(3) + timedelta(hours=1)
    uno = games[UNO]
    # Highest wins: the best round is the most points.
    assert (uno.matches, uno.wins, uno.best_round, uno.points) == (1, 1, 720, 720)
    assert (games[EIGHTS].wins, games[EIGHTS_COLLECT].wins) == (1, 0)
    # The game Ada played most comes first.
    assert store.player_games("Ada")[0].key == VANDATTA


def test_streaks_follow_the_order_matches_finished(store: Store) -> None:
    bo = by_key(filled(store), "Bo")[VANDATTA]
    # Lost, lost, shared win.
    assert (bo.wins, bo.current_streak, bo.longest_streak) == (1, 1, 1)
    cy = by_key(store, "Cy")[VANDATTA]
    assert (cy.matches, cy.wins, cy.current_streak) == (1, 1, 1)


def test_head_to_head_counts_who_finished_ahead(store: Store) -> None:
    filled(store)
    assert store.head_to_head("Ada", VANDATTA) == [
        HeadToHead("Bo", together=3, ahead=2, behind=0),
        HeadToHead("Cy", together=1, ahead=0, behind=1),
    ]
    assert store.head_to_head("Ada", VANDATTA)[0].level == 1
    assert store.head_to_head("Bo", EIGHTS_COLLECT) == [HeadToHead("Ada", 1, 1, 0)]
    assert store.head_to_head("Cy", UNO) == []


def test_records_name_the_match_that_set_them(store: Store) -> None:
    records = {r.key: r for r in filled(store).records()}
    vandatta = records[VANDATTA]
    assert vandatta.highest_round.value == 10
    assert vandatta.highest_round.players == ("Bo",)
    assert vandatta.highest_round.match_id == f"{1:012x}"
    assert vandatta.lowest_winning_total.value == 0
    assert vandatta.lowest_winning_total.match_id == f"{2:012x}"
    # Every match had two rounds: the first to do so holds the record.
    assert (vandatta.longest_match.value, vandatta.longest_match.match_id) == (
        2,
        f"{1:012x}",
    )
    assert (vandatta.most_wins.value, vandatta.most_wins.players) == (2, ("Ada",))
    assert vandatta.most_wins.when == at(3) + timedelta(hours=1)
    assert records[UNO].highest_round.value == 720
    # Vändåtta has the most matches and comes first.
    assert store.records()[0].key == VANDATTA


def test_results_over_time_give_total_and_place(store: Store) -> None:
    results = filled(store).results("Ada", VANDATTA)
    assert [(r.total, r.place, r.won) for r in results] == [
        (5, 2, False),
        (0, 1, True),
        (1, 1, True),
    ]


def test_edit_delete_rename_and_finish_keep_the_figures_true(store: Store) -> None:
    filled(store)
    first, open_id = f"{1:012x}", f"{7:012x}"
    store.update_match(first, lambda m: m.edit_round(0, "Cy", {"Ada": 9, "Bo": 1}))
    assert recomputed(store) == store.stats_snapshot(SINCE)
    store.update_match(open_id, lambda m: m.record_round("Ada", {"Bo": {"K": 1}}))
    assert by_key(store, "Bo")[VANDATTA].matches == 4
    assert recomputed(store) == store.stats_snapshot(SINCE)
    store.rename_player("Ada", "Ava")
    assert store.player_games("Ada") == []
    assert by_key(store, "Ava")[VANDATTA].matches == 4
    assert recomputed(store) == store.stats_snapshot(SINCE)
    store.delete_match(f"{4:012x}")
    assert UNO not in by_key(store, "Ava")
    assert recomputed(store) == store.stats_snapshot(SINCE)
    # A round deleted from a finished match reopens it: it stops counting.
    store.update_match(first, lambda m: m.delete_round(1))
    assert VANDATTA not in by_key(store, "Cy")
    assert recomputed(store) == store.stats_snapshot(SINCE)


def test_ending_early_deleting_and_undoing_keep_the_figures_true(
    store: Store,
) -> None:
    filled(store)
    open_id, uno_id = f"{7:012x}", f"{4:012x}"
    # The open Vändåtta match (Bo went out, Ada holds 40) ends on its standings.
    store.update_match(open_id, lambda m: m.end_early())
    assert store.load_stored(open_id).finished is not None
    assert by_key(store, "Bo")[VANDATTA].wins == 2
    assert recomputed(store) == store.stats_snapshot(SINCE)
    # Undo: the match as it was, open again, counts no more.
    store.update_match(open_id, lambda m: replace(m, ended_early=False))
    assert by_key(store, "Bo")[VANDATTA].matches == 3
    assert recomputed(store) == store.stats_snapshot(SINCE)
    before = store.stats_snapshot(SINCE)
    deleted = store.load_stored(uno_id)
    store.delete_match(uno_id)
    assert UNO not in by_key(store, "Ada")
    assert store.records()[0].key != UNO
    assert recomputed(store) == store.stats_snapshot(SINCE)
    store.restore_match(deleted)
    assert store.load_stored(uno_id) == deleted
    assert store.stats_snapshot(SINCE) == before == recomputed(store)
    with pytest.raises(StoreError) as refused:
        store.restore_match(deleted)
    assert refused.value.code == "match-exists"


def test_hiding_a_player_keeps_their_figures(store: Store) -> None:
    filled(store)
    before = store.stats_snapshot()
    store.hide_player("Cy")
    assert store.stats_snapshot() == before


def test_import_counts_what_it_adds(store: Store, tmp_path: Path) -> None:
    source = filled(Store.in_memory())
    source.export_all(tmp_path / "all.json")
    store.import_file(tmp_path / "all.json")
    assert store.stats_snapshot() == source.stats_snapshot()
    assert recomputed(store) == store.stats_snapshot(SINCE)


def test_figures_survive_reopening_and_an_index_without_them(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        filled(store)
        expected = store.stats_snapshot()
    with Store.open(tmp_path) as store:
        assert store.stats_snapshot() == expected
    # An index written before the stats existed has no facts: it is rebuilt.
    for bucket in (tmp_path / "index").glob("*.json"):
        data = json.loads(bucket.read_text())
        for document in data.get("matches", {}).values():
            document.pop("facts")
        bucket.write_text(json.dumps(data))
    with Store.open(tmp_path) as store:
        assert store.stats_snapshot() == expected
        assert [n.code for n in store.notices] == ["index-repaired"]
    with Store.open(tmp_path) as store:
        assert store.notices == []


PLAYERS = ["Ada", "Bo", "Cy"]
operation = st.one_of(
    st.tuples(st.just("new"), st.sampled_from(["vandatta", "uno", "crazy-eights"])),
    st.tuples(st.just("start"), st.sampled_from(["vandatta", "uno", "crazy-eights"])),
    st.tuples(st.just("round"), st.integers(0, 9), st.sampled_from(PLAYERS)),
    st.tuples(st.just("edit"), st.integers(0, 9), st.sampled_from(PLAYERS)),
    st.tuples(st.just("delete-round"), st.integers(0, 9)),
    st.tuples(st.just("delete"), st.integers(0, 9)),
    st.tuples(st.just("end"), st.integers(0, 9)),
    st.tuples(st.just("rename"), st.sampled_from(PLAYERS), st.sampled_from(PLAYERS)),
)


def _hands(match: Match, went_out: str) -> dict[str, dict[str, int]]:
    # Within every game's deck for three players; Uno's reach 500 in a round.
    hand = {"RJ": 2, "BJ": 2, "K": 3} if match.game_id == "uno" else {"K": 2, "8": 1}
    return {p: hand for p in match.players if p != went_out}


def apply(store: Store, op: tuple) -> None:
    """One change a user could make; refused ones (bad names etc.) change nothing."""
    with contextlib.suppress(MatchError, StoreError):
        _apply(store, op)


def _apply(store: Store, op: tuple) -> None:
    ids = [s.id for s in store.list_matches()]
    kind = op[0]
    if kind in ("new", "start"):
        limit = {"rounds": 2} if op[1] == "vandatta" else {}
        match = Match.new(op[1], store_players(store), **limit)
        # Started as the app starts one: the empty matches left behind go.
        store.add_match(match, drop_empty=kind == "start")
        return
    if kind == "rename":
        current = store_players(store)
        old = current[PLAYERS.index(op[1])]
        store.rename_player(old, op[2] + "x" if op[2] in current else op[2])
        return
    if not ids:
        return
    match_id = ids[op[1] % len(ids)]
    match = store.load_match(match_id)
    if kind == "round":
        went_out = match.players[PLAYERS.index(op[2]) % len(match.players)]
        changed = match.record_round(went_out, _hands(match, went_out))
    elif kind == "edit" and match.rounds:
        went_out = match.players[PLAYERS.index(op[2]) % len(match.players)]
        changed = match.edit_round(0, went_out, _hands(match, went_out))
    elif kind == "delete-round" and match.rounds:
        changed = match.delete_round(len(match.rounds) - 1)
    elif kind == "end":
        changed = match.end_early()
    elif kind == "delete":
        store.delete_match(match_id)
        return
    else:
        return
    store.save_match(match_id, changed)


def store_players(store: Store) -> list[str]:
    return sorted(p.name for p in store.players())[:3] or PLAYERS


def test_the_generated_changes_do_finish_matches() -> None:
    store = Store.in_memory()
    for game in ("vandatta", "uno", "crazy-eights"):
        for op in [("new", game), ("round", 0, "Ada"), ("round", 0, "Bo")]:
            apply(store, op)
    assert [r.key.game_id for r in store.records()] == [
        "crazy-eights",
        "uno",
        "vandatta",
    ]


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(st.lists(operation, max_size=25))
def test_any_sequence_of_changes_matches_a_recomputation(ops) -> None:
    store = Store.in_memory()
    for op in ops:
        apply(store, op)
        assert store.stats_snapshot(SINCE) == recomputed(store)
