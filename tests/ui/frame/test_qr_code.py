"""The hand-over QR code: as wide as the screen at whole pixels a module, readable."""

from __future__ import annotations

import io
from datetime import UTC, datetime

import zxingcpp
from PIL import Image

from companion.engine.match import Match
from companion.storage.match_link import QUIET_ZONE, handover_qr, match_link
from companion.storage.records import StoredMatch
from companion.ui.frame import qr_code

SITE = "https://cards.example/scores/"
CREATED = datetime(2026, 3, 14, 19, 30, tzinfo=UTC)


def _link(rounds: int) -> str:
    match = Match.new("crazy-eights", ["Ada", "Bo", "Åse", "Cyrus", "Dagny", "Eirik"])
    for number in range(rounds):
        out = match.players[number % 6]
        hands = {p: (number * 7 + len(p)) % 9 for p in match.players if p != out}
        match = match.record_round(out, hands)
    return match_link(SITE, StoredMatch("0123456789ab", CREATED, None, match))


def test_the_code_fills_a_phone_screen_at_whole_pixels_a_module() -> None:
    link = _link(12)
    code = handover_qr(link)
    assert code is not None
    modules = code.symbol_size(scale=1, border=QUIET_ZONE)[0]
    scale = qr_code.module_scale(link, 390)
    assert scale >= 4
    assert modules * scale <= 390 < modules * (scale + 1)
    # A tablet's code stops growing, a computer's too.
    assert qr_code.module_scale(link, 2000) * modules <= qr_code.WIDEST


def test_the_picture_is_black_on_white_and_reads_back_as_the_link() -> None:
    link = _link(12)
    scale = qr_code.module_scale(link, 390)
    picture = Image.open(io.BytesIO(qr_code._png(link, scale))).convert("RGB")
    assert {colour for _, colour in picture.getcolors()} == {(0, 0, 0), (255, 255, 255)}
    # The quiet zone is white all round.
    assert picture.getpixel((0, 0)) == (255, 255, 255)
    assert picture.getpixel((QUIET_ZONE * scale - 1, QUIET_ZONE * scale - 1)) == (
        255,
        255,
        255,
    )
    assert [found.text for found in zxingcpp.read_barcodes(picture)] == [link]


def test_a_match_too_long_for_one_code_gets_none() -> None:
    assert qr_code.fits_one_code(_link(12))
    assert not qr_code.fits_one_code(SITE + "#m=" + "9" * 5000)
