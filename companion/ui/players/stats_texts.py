"""The text the stats screens show: figures per game, head to head and records."""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import quote, unquote

from companion.engine.games import GAMES, Game, Scoring
from companion.storage.stats import (
    Feat,
    GameKey,
    HeadToHead,
    PlayerGameStats,
    Ranked,
)
from companion.ui.frame import format as fmt
from companion.words.game_texts import rounds_count
from companion.words.i18n import Translator

TONIGHT, ALL_TIME = "tonight", "all"
"""The leaderboard's periods."""


def player_route(name: str) -> str:
    """The route of a player's page (any character of a name is safe in it)."""
    return "/players/" + quote(name, safe="")


def player_from_route(value: str) -> str:
    """The player a route parameter names."""
    return unquote(value)


def game_label(t: Translator, key: GameKey, own: Mapping[str, Game]) -> str:
    """The game's name (`own`: the user's games by id); with its scoring when the
    match chose another than usual."""
    game = GAMES.get(key.game_id) or own.get(key.game_id)
    if game is None:
        # A user's game deleted since: its id is all that is left of it.
        return fmt.game_name(t, key.game_id)
    name = fmt.game_name(t, game)
    usual_lowest = game.scoring is Scoring.PENALTY
    if usual_lowest == key.lowest_wins:
        return name
    scoring = Scoring.PENALTY if key.lowest_wins else Scoring.WINNER_COLLECTS
    # TRANSLATORS: a game played under a scoring other than its usual one,
    # e.g. "Crazy Eights (Winner collects)".
    return t.gettext("{game} ({scoring})").format(
        game=name, scoring=fmt.scoring_label(t, scoring)
    )


def headline(t: Translator, stats: PlayerGameStats, own: Mapping[str, Game]) -> str:
    """One game on the roster: "Vändåtta: 2 of 3 matches won (67%)"."""
    return t.ngettext(
        "{game}: {wins} of {n} match won ({rate})",
        "{game}: {wins} of {n} matches won ({rate})",
        stats.matches,
    ).format(
        game=game_label(t, stats.key, own),
        wins=t.number(stats.wins),
        n=t.number(stats.matches),
        rate=t.percent(stats.win_rate),
    )


def _average(t: Translator, value: float | None) -> str:
    return "–" if value is None else t.number(round(value, 1))


def _optional_points(t: Translator, value: int | None) -> str:
    return "–" if value is None else fmt.points(t, value)


def figure_rows(t: Translator, stats: PlayerGameStats) -> list[tuple[str, str]]:
    """The per-game table of a player's page: (what, figure) rows."""
    wins = t.number(stats.wins)
    if stats.shared_wins:
        wins = t.ngettext(
            "{wins} ({n} shared)", "{wins} ({n} shared)", stats.shared_wins
        ).format(wins=wins, n=t.number(stats.shared_wins))
    return [
        (t.gettext("Matches"), t.number(stats.matches)),
        (t.gettext("Wins"), wins),
        (t.gettext("Win rate"), t.percent(stats.win_rate)),
        (t.gettext("Points per round"), _average(t, stats.per_round)),
        (t.gettext("Points per match"), _average(t, stats.per_match)),
        (t.gettext("Best round"), _optional_points(t, stats.best_round)),
        (t.gettext("Worst round"), _optional_points(t, stats.worst_round)),
        (t.gettext("Current winning streak"), t.number(stats.current_streak)),
        (t.gettext("Longest winning streak"), t.number(stats.longest_streak)),
        (t.gettext("Last played"), fmt.when_text(t, stats.last_played)),
    ]


def _beaten(t: Translator, winner: str, loser: str, times: int) -> str:
    if not times:
        return t.gettext("{winner} has never beaten {loser}").format(
            winner=winner, loser=loser
        )
    return t.ngettext(
        "{winner} has beaten {loser} once",
        "{winner} has beaten {loser} {n} times",
        times,
    ).format(winner=winner, loser=loser, n=t.number(times))


def head_to_head_line(t: Translator, player: str, h2h: HeadToHead) -> str:
    """One opponent in plain words: "Mor has beaten Far 3 times, Far has beaten
    Mor once" (and how often they finished level, if ever)."""
    both = t.gettext("{won}, {lost}").format(
        won=_beaten(t, player, h2h.other, h2h.ahead),
        lost=_beaten(t, h2h.other, player, h2h.behind),
    )
    if not h2h.level:
        return both
    # TRANSLATORS: {both} is "Mor has beaten Far 3 times, Far has beaten Mor once".
    return t.ngettext(
        "{both}; level once", "{both}; level {n} times", h2h.level
    ).format(both=both, n=t.number(h2h.level))


def latest_total(t: Translator, number: int, total: int) -> str:
    """Under the chart: the final total of the latest match, "Match 3: 42 points"."""
    return t.gettext("Match {number}: {total}").format(
        number=t.number(number), total=fmt.points(t, total)
    )


def _feat(t: Translator, template: str, feat: Feat, figure: str) -> str:
    return template.format(
        figure=figure,
        players=t.join(feat.players),
        date=fmt.when_text(t, feat.when),
    )


def highest_round_text(t: Translator, feat: Feat) -> str:
    """The record for the most points in one round."""
    return _feat(
        t,
        t.gettext("Highest round: {figure}, {players} · {date}"),
        feat,
        fmt.points(t, feat.value),
    )


def lowest_win_text(t: Translator, feat: Feat) -> str:
    """The record for the lowest total that won a match."""
    return _feat(
        t,
        t.gettext("Lowest winning total: {figure}, {players} · {date}"),
        feat,
        fmt.points(t, feat.value),
    )


def highest_win_text(t: Translator, feat: Feat) -> str:
    """The record for the highest total that won a match (where highest wins)."""
    return _feat(
        t,
        t.gettext("Highest winning total: {figure}, {players} · {date}"),
        feat,
        fmt.points(t, feat.value),
    )


def longest_match_text(t: Translator, feat: Feat) -> str:
    """The record for the most rounds in one match."""
    return _feat(
        t,
        t.gettext("Longest match: {figure}, {players} · {date}"),
        feat,
        rounds_count(t, feat.value),
    )


def most_wins_text(t: Translator, feat: Feat) -> str:
    """The record for the most matches won, with the date of the latest win."""
    wins = t.ngettext("{n} win", "{n} wins", feat.value).format(n=t.number(feat.value))
    return _feat(
        t, t.gettext("Most wins: {players}, {figure} · last {date}"), feat, wins
    )


def period_label(t: Translator, period: str) -> str:
    """The leaderboard's period choices: tonight or all time."""
    # TRANSLATORS: the leaderboard over the matches finished since 06:00 today.
    return t.gettext("Tonight") if period == TONIGHT else t.gettext("All time")


def ranked_figures(t: Translator, line: Ranked) -> str:
    """A leaderboard line's figures: "3 of 4 matches won (75%) · 12.3 points per
    round"."""
    won = t.ngettext(
        "{wins} of {n} match won ({rate})",
        "{wins} of {n} matches won ({rate})",
        line.matches,
    ).format(
        wins=t.number(line.wins),
        n=t.number(line.matches),
        rate=t.percent(line.win_rate),
    )
    if line.per_round is None:
        return won
    shown = round(line.per_round, 1)
    # A fraction takes the plural in our four languages: "1.5 points", "1,5 poeng".
    count = int(shown) if shown.is_integer() else 2
    return t.ngettext(
        "{won} · {points} point per round", "{won} · {points} points per round", count
    ).format(won=won, points=_average(t, line.per_round))


def ranked_label(t: Translator, line: Ranked) -> str:
    """A leaderboard row's accessible name, the player first: "Ada, place 1: ..."."""
    return t.gettext("{player}, place {place}: {figures}").format(
        player=line.player,
        place=t.number(line.place),
        figures=ranked_figures(t, line),
    )


def ranking_rule(t: Translator, key: GameKey, period: str) -> str:
    """Under the leaderboard: which matches count, and how the players are ordered."""
    if period == TONIGHT:
        if key.lowest_wins:
            return t.gettext(
                "Matches finished since 06:00. Most wins first, then win rate,"
                " then fewest points per round."
            )
        return t.gettext(
            "Matches finished since 06:00. Most wins first, then win rate,"
            " then most points per round."
        )
    if key.lowest_wins:
        return t.gettext(
            "Every finished match. Most wins first, then win rate,"
            " then fewest points per round."
        )
    return t.gettext(
        "Every finished match. Most wins first, then win rate,"
        " then most points per round."
    )


def nobody_ranked(t: Translator, period: str) -> str:
    """The leaderboard with no finished match in the period."""
    if period == TONIGHT:
        return t.gettext("No match finished tonight yet.")
    return t.gettext("No finished match yet")
