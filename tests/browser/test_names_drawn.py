"""Every name is drawn: no character of any script the name rules accept is a box."""

from __future__ import annotations

import io
import time

from driver import ARTIFACTS, Table
from flet_web import get_package_web_dir
from fontTools.ttLib import TTFont
from PIL import Image, ImageChops
from playwright.sync_api import expect

from companion.engine.names import check_name

NAMES = {
    "Latin with diacritics": "Åse Ðorđe Nguyễn",
    "emoji": "Mamma 👑🎉",
    "Chinese": "李雷",
    "Japanese": "さくら",
    "Korean": "민준",
    "Cyrillic": "Олег",
    "Greek": "Σοφία",
    "Arabic": "ليلى",
    "Hebrew": "נועה",
    "Devanagari": "अर्जुन",
    "Bengali": "অর্জুন",
    "Tamil": "அருண்",
    "Thai": "สมชาย",
    "Georgian": "ნინო",
    "Armenian": "Արամ",
    "Ethiopic": "አበበ",
}
"""A name in each script family: the rules accept any visible character."""

BOX = "\uffff"
"""A noncharacter no font has: Flutter draws it as the box a missing glyph gets."""

DIFFERENT_PIXELS = 60
"""Pixels that must differ from the boxes drawn the same way: more than the
field's caret (2 x 20 px), which may blink between the two pictures."""

DRAWN_S = 10.0
"""How long a name's fonts may take to come (fetched the first time)."""

FIELD = "New player's name"


def _roboto() -> frozenset[int]:
    """The code points the app's own text font draws (flet-web's Roboto)."""
    path = f"{get_package_web_dir()}/assets/fonts/roboto.woff2"
    return frozenset(TTFont(path).getBestCmap())


def _boxed(name: str, roboto: frozenset[int]) -> str:
    """`name` as it is drawn with no fallback font: what Roboto lacks, boxes.
    A name Roboto draws whole is compared with a row of boxes instead."""
    boxed = "".join(c if ord(c) in roboto or c == " " else BOX for c in name)
    return boxed if boxed != name else "".join(BOX if c != " " else c for c in name)


def _field_picture(table: Table) -> Image.Image:
    box = table.page.get_by_role("textbox", name=FIELD).bounding_box()
    assert box is not None
    picture = table.page.screenshot(clip=box)  # type: ignore[arg-type]
    return Image.open(io.BytesIO(picture)).convert("RGB")


def _type(table: Table, text: str) -> None:
    """`text` in the name field, which keeps the focus from name to name."""
    field = table.page.get_by_role("textbox", name=FIELD)
    field.fill(text)
    expect(field).to_have_value(text)


def _different_pixels(one: Image.Image, other: Image.Image) -> int:
    difference = ImageChops.difference(one, other).convert("L")
    # The histogram of a grey picture counts its pixels by value, 0 to 255.
    return sum(difference.histogram()[49:])


def _settled(table: Table) -> Image.Image:
    """The field as drawn once two pictures in a row are the same."""
    previous = _field_picture(table)
    for _ in range(40):
        time.sleep(0.05)
        now = _field_picture(table)
        if _different_pixels(now, previous) == 0:
            return now
        previous = now
    return previous


def test_a_name_in_every_script_is_drawn_without_boxes(table: Table) -> None:
    roboto = _roboto()
    table.open("/")
    table.tap("New match")
    table.see("House rules")
    table.fill(FIELD, BOX)
    rows, boxed = [], {}
    for script, name in NAMES.items():
        assert check_name(name) == name, script
        _type(table, _boxed(name, roboto))
        boxes = _settled(table)
        _type(table, name)
        deadline = time.monotonic() + DRAWN_S
        drawn = _field_picture(table)
        while _different_pixels(drawn, boxes) <= DIFFERENT_PIXELS:
            if time.monotonic() > deadline:
                boxed[script] = name
                break
            time.sleep(0.1)
            drawn = _field_picture(table)
        rows.append((_settled(table), boxes))
    sheet = Image.new("RGB", (rows[0][0].width * 2, rows[0][0].height * len(rows)))
    for index, (drawn, boxes) in enumerate(rows):
        sheet.paste(drawn, (0, index * drawn.height))
        sheet.paste(boxes, (drawn.width, index * drawn.height))
    sheet.save(ARTIFACTS / "names-drawn-390x844.png")
    assert boxed == {}, f"drawn as the boxes of missing glyphs: {boxed}"
