"""The standings as a picture to send: drawn with Pillow, light or dark."""

from __future__ import annotations

import functools
import io
from dataclasses import dataclass
from datetime import datetime
from importlib import resources, util
from typing import TYPE_CHECKING

from companion.engine.match import Match
from companion.ui.frame import format as fmt
from companion.ui.frame.chart_axis import Ticks, value_ticks
from companion.ui.scoreboard.history import plotted_rounds
from companion.words.app_name import APP_NAME
from companion.words.i18n import Translator

if TYPE_CHECKING:
    from PIL import ImageDraw, ImageFont

WIDTH = 1080
"""Wide enough to stay sharp on a phone shown full width, small enough to send."""
MARGIN = 64
CHART_HEIGHT = 520
ROW_HEIGHT = 84

# The chart colours of ui.frame.theme.SERIES_COLOURS (Material 600/700 shades),
# as Pillow needs them, in the same order: a person's slot names theirs.
SEAT_RGB = (
    "#1E88E5",
    "#E53935",
    "#FFA000",
    "#9C27B0",
    "#00897B",
    "#EC407A",
    "#795548",
    "#5C6BC0",
    "#9E9D24",
    "#0097A7",
)


@dataclass(frozen=True)
class Palette:
    """The picture's colours for one theme."""

    background: str
    card: str
    text: str
    muted: str
    grid: str
    accent: str


LIGHT = Palette("#F4F8F1", "#FFFFFF", "#1A1C19", "#52634F", "#D5DDD2", "#2E6B30")
DARK = Palette("#101510", "#1B211A", "#E2E3DD", "#A8B5A3", "#3A4437", "#8FD88A")


ROBOTO = "web/assets/fonts/roboto.woff2"
"""The app's own font, shipped in flet-web (a dependency): the picture matches the
screen, and it has every letter of our four languages."""


@functools.cache
def can_draw_pictures() -> bool:
    """Whether Pillow is there to draw with (the static build has none)."""
    return util.find_spec("PIL") is not None


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    from PIL import ImageFont

    try:
        with resources.as_file(resources.files("flet_web") / ROBOTO) as path:
            return ImageFont.truetype(str(path), size)
    except (OSError, ModuleNotFoundError):
        # Pillow's own font lacks å and ø, but a picture beats none.
        return ImageFont.load_default(size=size)


def chart_ticks(match: Match) -> Ticks:
    """The round numbers the picture's chart is ruled at (0, 25, 50, ...)."""
    values = [v for totals in match.running_totals() for v in totals.values()]
    return value_ticks(min(values), max(values))


def _chart(
    draw: ImageDraw.ImageDraw,
    t: Translator,
    match: Match,
    box: tuple[int, int, int, int],
    palette: Palette,
    slots: tuple[int, ...],
) -> None:
    left, top, right, bottom = box
    series = match.running_totals()
    ticks = chart_ticks(match)
    low, high = ticks.low, ticks.high
    label_font = _font(28)
    axis = left + 96
    for value in ticks.values:
        y = bottom - (bottom - top) * (value - low) / (high - low)
        draw.line([(axis, y), (right, y)], fill=palette.grid, width=2)
        text = t.number(value)
        width = draw.textlength(text, font=label_font)
        at = (axis - 12 - width, y - 16)
        draw.text(at, text, fill=palette.muted, font=label_font)
    rounds = plotted_rounds(len(series))

    def point(n: int, value: int) -> tuple[float, float]:
        x = axis + (right - axis) * n / max(1, len(series))
        y = bottom - (bottom - top) * (value - low) / (high - low)
        return x, y

    for seat, player in enumerate(match.players):
        line = [point(0, 0)] + [point(n, series[n - 1][player]) for n in rounds]
        colour = SEAT_RGB[slots[seat]]
        draw.line(line, fill=colour, width=6, joint="curve")
        for x, y in line[1:]:
            draw.ellipse([x - 7, y - 7, x + 7, y + 7], fill=colour)


def standings_png(
    t: Translator,
    match: Match,
    when: datetime | None,
    dark: bool,
    slots: tuple[int, ...],
) -> bytes:
    """The standings as a PNG: game, date, winner, totals and the totals chart.

    `slots`: each seat's colour (player_colours.match_slots).
    """
    # Imported here: the static build runs without Pillow (can_draw_pictures).
    from PIL import Image, ImageDraw

    palette = DARK if dark else LIGHT
    standings = match.ranking()
    chart = bool(match.rounds)
    height = 420 + ROW_HEIGHT * len(standings) + (CHART_HEIGHT + 80) * chart + 96
    image = Image.new("RGB", (WIDTH, height), palette.background)
    draw = ImageDraw.Draw(image)
    y = MARGIN
    draw.text((MARGIN, y), fmt.game_name(t, match.game_id), fill=palette.text,
              font=_font(64))  # fmt: skip
    y += 84
    subtitle = fmt.progress_text(t, match)
    if when is not None:
        subtitle = fmt.when_text(t, when) + " · " + subtitle
    draw.text((MARGIN, y), subtitle, fill=palette.muted, font=_font(36))
    y += 72
    headline = fmt.winners_text(t, match.winners) if match.is_over else ""
    draw.text((MARGIN, y), headline, fill=palette.accent, font=_font(56))
    y += 100
    card_bottom = y + ROW_HEIGHT * len(standings) + 32
    draw.rounded_rectangle(
        [MARGIN - 16, y, WIDTH - MARGIN + 16, card_bottom], 28, fill=palette.card
    )
    y += 16
    row_font = _font(44)
    for standing in standings:
        seat = match.players.index(standing.player)
        centre = y + ROW_HEIGHT / 2
        colour = SEAT_RGB[slots[seat]]
        draw.ellipse([MARGIN, centre - 14, MARGIN + 28, centre + 14], fill=colour)
        name = f"{standing.rank}. {standing.player}"
        draw.text((MARGIN + 52, centre - 26), name, fill=palette.text, font=row_font)
        total = fmt.points(t, standing.total)
        width = draw.textlength(total, font=row_font)
        draw.text((WIDTH - MARGIN - width, centre - 26), total, fill=palette.text,
                  font=row_font)  # fmt: skip
        y += ROW_HEIGHT
    y = card_bottom + 48
    if chart:
        box = (MARGIN, y + 24, WIDTH - MARGIN, y + CHART_HEIGHT)
        _chart(draw, t, match, box, palette, slots)
        y += CHART_HEIGHT + 80
    draw.text((MARGIN, y), APP_NAME, fill=palette.muted,
              font=_font(32))  # fmt: skip
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def image_name(match: Match, when: datetime | None) -> str:
    """The file name the picture is sent or downloaded under."""
    day = "" if when is None else "-" + when.astimezone().date().isoformat()
    return f"{match.game_id}{day}.png"
