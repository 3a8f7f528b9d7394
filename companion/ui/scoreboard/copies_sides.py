"""Two copies of a match side by side, from the first round where they differ."""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from companion.engine.match import Match
from companion.storage.match_merge import Relation, compare
from companion.ui.frame import format as fmt
from companion.words.i18n import Translator


@dataclass(frozen=True)
class Side:
    """What one copy shows of one round (or of its totals): a heading line,
    then one line per player."""

    heading: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class RoundPair:
    """A round number and what each copy recorded for it."""

    title: str
    kept: Side
    copy: Side


def _round_side(t: Translator, match: Match, index: int) -> Side:
    if index >= len(match.rounds):
        return Side(t.gettext("Not played"), ())
    played = match.rounds[index]
    points = match.round_points()[index]
    heading = (
        fmt.places_text(t, match, played)
        if played.places
        else fmt.went_out_text(t, played)
    )
    return Side(
        heading, tuple(f"{p} {fmt.signed(t, points[p])}" for p in match.players)
    )


def _totals_side(t: Translator, match: Match) -> Side:
    totals = match.totals()
    count = len(match.rounds)
    heading = (
        fmt.winners_text(t, match.winners)
        if match.is_over
        else t.ngettext("After {n} round", "After {n} rounds", count).format(
            n=t.number(count)
        )
    )
    return Side(heading, tuple(f"{p} {t.number(totals[p])}" for p in match.players))


def differing_rounds(t: Translator, kept: Match, copy: Match) -> list[RoundPair]:
    """Each round from the first the copies do not share to the last either has."""
    start = compare(kept, copy).common
    end = max(len(kept.rounds), len(copy.rounds))
    return [
        RoundPair(
            fmt.round_title(t, index + 1),
            _round_side(t, kept, index),
            _round_side(t, copy, index),
        )
        for index in range(start, end)
    ]


def totals(t: Translator, kept: Match, copy: Match) -> RoundPair:
    """Each copy's totals, and how far it got or who won."""
    return RoundPair(t.gettext("Totals"), _totals_side(t, kept), _totals_side(t, copy))


def shared_line(t: Translator, kept: Match, copy: Match) -> str:
    """The rounds both copies share, and what else differs, in a line."""
    comparison = compare(kept, copy)
    common = comparison.common
    if common:
        line = t.ngettext(
            "{n} round from the start is the same in both copies.",
            "{n} rounds from the start are the same in both copies.",
            common,
        ).format(n=t.number(common))
    else:
        line = t.gettext("The copies differ from the first round on.")
    if comparison.relation is Relation.OTHER:
        line += " " + t.gettext(
            "They also differ in their players, game or house rules."
        )
    elif kept.ended_early != copy.ended_early:
        line += " " + t.gettext("One of them was ended early.")
    return line


def side_names(t: Translator) -> tuple[str, str]:
    """The two columns' headings: the match this phone had, the copy that came."""
    return t.gettext("The match you had"), t.gettext("The copy that came")


def _cell(t: Translator, name: str, title: str, side: Side, bold: bool) -> ft.Control:
    # One label per cell: a screen reader hears which copy and round it is in,
    # which the eye takes from the column's heading far above.
    label = f"{name}, {title}: {'; '.join((side.heading, *side.lines))}"
    weight = ft.FontWeight.W_600 if bold else None
    return ft.Semantics(
        label=label,
        container=True,
        exclude_semantics=True,
        expand=True,
        content=ft.Container(
            padding=8,
            border_radius=8,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
            content=ft.Column(
                [
                    ft.Text(side.heading, size=13, italic=not side.lines),
                    *(ft.Text(line, weight=weight) for line in side.lines),
                ],
                spacing=2,
            ),
        ),
    )


def _pair_row(
    t: Translator, names: tuple[str, str], pair: RoundPair, bold: bool = False
) -> ft.Control:
    return ft.Column(
        [
            ft.Text(pair.title, theme_style=ft.TextThemeStyle.TITLE_SMALL),
            ft.Row(
                [
                    _cell(t, names[0], pair.title, pair.kept, bold),
                    _cell(t, names[1], pair.title, pair.copy, bold),
                ],
                spacing=8,
                vertical_alignment=ft.CrossAxisAlignment.START,
            ),
        ],
        spacing=4,
    )


def side_by_side(t: Translator, kept: Match, copy: Match) -> list[ft.Control]:
    """The shared rounds in a line, then the columns: each differing round,
    then each copy's totals."""
    names = side_names(t)
    headings = ft.Row(
        [ft.Text(name, expand=True, weight=ft.FontWeight.BOLD) for name in names],
        spacing=8,
    )
    return [
        ft.Text(shared_line(t, kept, copy)),
        headings,
        *(_pair_row(t, names, pair) for pair in differing_rounds(t, kept, copy)),
        _pair_row(t, names, totals(t, kept, copy), bold=True),
    ]
