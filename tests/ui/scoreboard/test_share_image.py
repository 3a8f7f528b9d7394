"""The standings picture: a PNG of phone width, drawn in the theme's colours."""

import io
from datetime import UTC, datetime

from PIL import Image

from companion.engine.match import Match
from companion.ui.scoreboard.share_image import (
    DARK,
    LIGHT,
    chart_ticks,
    image_name,
    standings_png,
)
from companion.words.i18n import get_translator

WHEN = datetime(2026, 3, 1, 20, tzinfo=UTC)


def finished() -> Match:
    match = Match.new("vandatta", ["Åse", "Bo", "Cy"], rounds=2)
    match = match.record_round("Åse", {"Bo": {"8": 1}, "Cy": {"K": 2}})
    return match.record_round("Bo", {"Åse": {"A": 1}, "Cy": {"3": 1}})


def picture(match: Match, dark: bool, lang: str = "en") -> Image.Image:
    slots = tuple(range(len(match.players)))
    data = standings_png(get_translator(lang), match, WHEN, dark, slots)
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    return image.convert("RGB")


def hex_rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def test_the_picture_is_phone_width_and_not_blank() -> None:
    image = picture(finished(), dark=False)
    assert image.width == 1080 and 1000 < image.height < 2400
    colours = image.getcolors(1 << 20) or []
    # Text, three seat colours and the chart's lines: far more than a few colours.
    assert len(colours) > 50
    assert image.getpixel((2, 2)) == hex_rgb(LIGHT.background)


def test_dark_follows_the_theme() -> None:
    image = picture(finished(), dark=True)
    assert image.getpixel((2, 2)) == hex_rgb(DARK.background)
    assert sum(hex_rgb(DARK.background)) < sum(hex_rgb(LIGHT.background))


def test_a_match_without_rounds_still_draws_and_more_players_make_it_taller() -> None:
    empty = picture(Match.new("uno", ["Ada", "Bo"]), dark=False)
    many = picture(Match.new("uno", [f"P{n}" for n in range(10)]), dark=False)
    assert many.height > empty.height


def test_the_language_changes_the_picture() -> None:
    assert picture(finished(), False, "en") != picture(finished(), False, "nb")


def test_the_file_is_named_after_the_game_and_day() -> None:
    assert image_name(finished(), WHEN).startswith("vandatta-2026-03-0")
    assert image_name(finished(), None) == "vandatta.png"


def test_the_chart_is_ruled_at_round_numbers() -> None:
    match = Match.new("crazy-eights", ["Åse", "Bo"]).record_round(
        "Åse", {"Bo": {"8": 2, "K": 2, "6": 1}}
    )
    assert match.totals()["Bo"] == 126
    assert chart_ticks(match).values == [0, 25, 50, 75, 100, 125, 150]
