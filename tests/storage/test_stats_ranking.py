"""The leaderboard: its order (ties, lowest or highest wins), its periods, and its
figures equal to a recomputation from the match files."""

from datetime import UTC, datetime, timedelta, timezone

from companion.engine.match import Match
from companion.storage import Store, StoredMatch
from companion.storage.stats import GameKey
from companion.storage.stats_ranking import ranked, tonight_since

EIGHTS = GameKey("crazy-eights", True)
UNO = GameKey("uno", False)
OSLO = timezone(timedelta(hours=1))
EVENING = datetime(2026, 3, 6, 19, 0, tzinfo=OSLO)
"""Tonight's first match; the night before's matches are a day earlier."""


def places(board) -> list[tuple[int, str]]:
    return [(line.place, line.player) for line in board.lines]


def test_more_wins_first_then_win_rate_then_fewer_points_where_lowest_wins() -> None:
    board = ranked(
        EIGHTS,
        None,
        [
            # (player, matches, wins, rounds, points)
            ("Ada", 4, 2, 20, 100),
            ("Bo", 2, 2, 10, 90),  # as many wins as Ada, from fewer matches
            ("Cy", 4, 1, 20, 40),  # fewest points, but fewer wins
            ("Di", 4, 2, 20, 80),  # Ada's wins and rate, fewer points a round
        ],
    )
    assert places(board) == [(1, "Bo"), (2, "Di"), (3, "Ada"), (4, "Cy")]
    assert board.lines[0].win_rate == 1.0 and board.lines[0].per_round == 9.0


def test_more_points_a_round_first_where_highest_wins() -> None:
    rows = [("Ada", 4, 2, 20, 100), ("Di", 4, 2, 20, 80)]
    assert places(ranked(UNO, None, rows)) == [(1, "Ada"), (2, "Di")]
    assert places(ranked(EIGHTS, None, rows)) == [(1, "Di"), (2, "Ada")]


def test_players_equal_on_everything_share_a_place() -> None:
    board = ranked(
        EIGHTS,
        None,
        [
            ("Cy", 3, 1, 9, 27),
            ("Ada", 3, 1, 9, 27),
            # 2 of 6 is 1 of 3: the same rate and points a round.
            ("Bo", 6, 2, 18, 54),
            ("Di", 3, 0, 9, 27),
            ("Eve", 0, 0, 0, 0),  # no match in the period: not listed
        ],
    )
    assert places(board) == [(1, "Bo"), (2, "Ada"), (2, "Cy"), (4, "Di")]


def test_a_player_without_a_round_comes_after_those_with_one() -> None:
    board = ranked(EIGHTS, None, [("Ada", 1, 0, 0, 0), ("Bo", 1, 0, 3, 90)])
    assert places(board) == [(1, "Bo"), (2, "Ada")]
    assert board.lines[1].per_round is None


def test_tonight_began_at_six_this_morning_or_yesterday() -> None:
    six = datetime(2026, 3, 6, 6, 0, tzinfo=OSLO)
    assert tonight_since(datetime(2026, 3, 6, 21, 30, tzinfo=OSLO)) == six
    assert tonight_since(six) == six
    # Past midnight the evening goes on: it began at six the day before.
    assert tonight_since(datetime(2026, 3, 7, 1, 15, tzinfo=OSLO)) == six
    assert tonight_since(datetime(2026, 3, 7, 5, 59, tzinfo=OSLO)) == six


def eights(went_out: str, holding: str) -> Match:
    """A one-round Crazy Eights that ends at once: `holding` passes 100."""
    return Match.new("crazy-eights", [went_out, holding]).record_round(
        went_out, {holding: {"8": 3}}
    )


def stored(n: int, finished: datetime, match: Match) -> StoredMatch:
    return StoredMatch(f"{n:012x}", finished - timedelta(hours=1), finished, match)


def evenings(store: Store) -> Store:
    """Last night Bo won three times; tonight Ada twice, Bo once; Uno tonight."""
    night_before = EVENING - timedelta(days=1)
    store.merge_all(
        [
            stored(n, night_before + timedelta(minutes=n), eights("Bo", "Ada"))
            for n in (1, 2, 3)
        ]
        + [
            stored(4, EVENING, eights("Ada", "Bo")),
            stored(5, EVENING + timedelta(minutes=30), eights("Bo", "Cy")),
            stored(6, EVENING + timedelta(hours=1), eights("Ada", "Cy")),
            stored(
                7,
                EVENING + timedelta(hours=2),
                Match.new("uno", ["Ada", "Bo"]).record_round("Bo", {"Ada": {"K": 1}}),
            ),
        ]
    )
    return store


def test_tonight_counts_only_the_matches_finished_since_six(store: Store) -> None:
    evenings(store)
    since = tonight_since(EVENING + timedelta(hours=3))
    board = store.leaderboard(EIGHTS, since)
    assert [(r.player, r.matches, r.wins) for r in board.lines] == [
        ("Ada", 2, 2),
        ("Bo", 2, 1),
        ("Cy", 2, 0),
    ]
    all_time = store.leaderboard(EIGHTS)
    assert [(r.player, r.matches, r.wins) for r in all_time.lines] == [
        ("Bo", 5, 4),
        ("Ada", 5, 2),
        ("Cy", 2, 0),
    ]
    # The game played last comes first; a game not played tonight is not offered.
    assert store.leaderboard_games(since) == [UNO, EIGHTS]
    assert store.leaderboard_games(EVENING + timedelta(hours=1, minutes=30)) == [UNO]
    assert store.leaderboard(EIGHTS, EVENING + timedelta(days=1)).lines == ()


def from_the_files(store: Store, key: GameKey, since: datetime | None) -> dict:
    """Each player's (matches, wins, rounds, points), summed from every match file."""
    sums: dict[str, list[int]] = {}
    for summary in store.list_matches():
        kept = store.load_stored(summary.id)
        match = kept.match
        if kept.finished is None or match.game_id != key.game_id:
            continue
        if match.lowest_wins != key.lowest_wins:
            continue
        if since is not None and kept.finished < since:
            continue
        totals = match.totals()
        for player in match.players:
            row = sums.setdefault(player, [0, 0, 0, 0])
            row[0] += 1
            row[1] += player in match.winners
            row[2] += len(match.rounds)
            row[3] += totals[player]
    return {player: tuple(row) for player, row in sums.items()}


def test_the_figures_equal_a_recomputation_after_changes(store: Store) -> None:
    evenings(store)
    since = EVENING - timedelta(minutes=1)

    def same() -> None:
        for key in (EIGHTS, UNO):
            for period in (None, since):
                board = store.leaderboard(key, period)
                kept = {
                    r.player: (r.matches, r.wins, r.rounds, r.points)
                    for r in board.lines
                }
                assert kept == from_the_files(store, key, period)

    same()
    store.update_match(f"{4:012x}", lambda m: m.edit_round(0, "Bo", {"Ada": 120}))
    same()
    store.delete_match(f"{5:012x}")
    store.rename_player("Cy", "Cyd")
    same()
    store.merge_all([stored(8, EVENING.astimezone(UTC), eights("Cyd", "Ada"))])
    same()
