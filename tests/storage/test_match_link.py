"""The hand-over link and its QR code: what a phone scans, sends and opens."""

from __future__ import annotations

import io

import pytest
import segno
import zxingcpp
from handed_matches import SIX, play, stored, table
from PIL import Image

from companion.storage import StoreError
from companion.storage.match_link import (
    MAX_LINK_CHARS,
    QUIET_ZONE,
    handover_qr,
    largest_version,
    match_from_link,
    match_link,
    site_address,
)

SITE = "https://ada-lovelace.github.io/card-table-companion/"
EVENING = stored(play(table(SIX, limit=5000), 30, seed=42))
"""A 30-round, 6-player Crazy Eights match: 1 to 7 cards in each hand left."""


def test_the_link_opens_the_site_with_the_match_in_its_fragment() -> None:
    link = match_link(SITE, EVENING)
    assert link.startswith(SITE + "#m=")
    assert link[len(SITE) + 3 :].isdigit()
    assert match_from_link(link) == EVENING


@pytest.mark.parametrize(
    "shown",
    [
        lambda link: link,
        lambda link: "\n  " + link + " \n",
        lambda link: link[link.index("#") :],
        lambda link: link[link.index("#") + 1 :],
        lambda link: link[link.index("=") + 1 :],
    ],
    ids=["link", "with spaces", "fragment", "fragment without #", "digits"],
)
def test_the_match_is_read_from_the_link_or_its_fragment(shown) -> None:
    assert match_from_link(shown(match_link(SITE, EVENING))) == EVENING


def _refusal(text: str) -> str:
    with pytest.raises(StoreError) as refused:
        match_from_link(text)
    return refused.value.code


@pytest.mark.parametrize(
    "text",
    ["https://example.org/", SITE + "#settings", "hello", "", "#", SITE + "#x=0123"],
)
def test_text_that_is_no_match_link_says_so(text: str) -> None:
    assert _refusal(text) == "code-not-a-match"


def test_a_link_with_something_added_to_its_digits_is_damaged() -> None:
    assert _refusal(match_link(SITE, EVENING) + ".") == "code-damaged"
    assert _refusal(match_link(SITE, EVENING) + "&x=1") == "code-damaged"


def test_a_link_cut_after_its_key_is_cut_short() -> None:
    assert _refusal(SITE + "#m=") == "code-cut-short"


def test_text_past_the_longest_link_is_refused_unread() -> None:
    assert _refusal(" " * (MAX_LINK_CHARS + 1)) == "code-too-large"


@pytest.mark.parametrize(
    "address",
    ["https://cards.example.org/", "http://127.0.0.1:8000/", "https://x.org/a/b/?p=1"],
)
def test_a_site_address_is_taken_as_given(address: str) -> None:
    assert site_address(f" {address} ") == address


@pytest.mark.parametrize(
    "address",
    [
        "ftp://cards.example.org/",
        "cards.example.org",
        "https://",
        "https://cards.example.org/#m=1",
        "https://cards example.org/",
        "https://bücher.example/",
        "https://x.org/" + "a" * 2000,
    ],
)
def test_a_bad_site_address_is_refused(address: str) -> None:
    with pytest.raises(StoreError) as refused:
        site_address(address)
    assert refused.value.code == "bad-site-address"


def test_an_evening_match_fits_version_15_at_level_l_as_a_full_link() -> None:
    code = handover_qr(match_link(SITE, EVENING))
    assert code is not None
    assert code.version <= 15


def test_the_digits_in_numeric_mode_take_versions_off_one_byte_mode_code() -> None:
    link = match_link(SITE, EVENING)
    code = handover_qr(link, most=40)
    assert code is not None
    assert segno.make(link, error="l").version >= code.version + 4


def test_a_phone_camera_reads_the_whole_link_from_the_code() -> None:
    link = match_link(SITE, EVENING)
    code = handover_qr(link)
    assert code is not None
    png = io.BytesIO()
    code.save(png, kind="png", scale=4, border=QUIET_ZONE)
    read = zxingcpp.read_barcodes(Image.open(io.BytesIO(png.getvalue())))
    assert [barcode.text for barcode in read] == [link]
    assert match_from_link(read[0].text) == EVENING


def test_a_match_too_long_for_one_code_goes_as_the_link_alone() -> None:
    long_match = stored(play(table(SIX, limit=100_000), 120, seed=43))
    link = match_link(SITE, long_match)
    assert handover_qr(link) is None
    assert handover_qr(link, most=40) is not None
    assert match_from_link(link) == long_match


def test_the_largest_version_shown_keeps_4_pixels_a_module_on_a_phone() -> None:
    version = largest_version()
    assert version == 18
    assert (17 + 4 * version + 2 * QUIET_ZONE) * 4 <= 390
    assert (17 + 4 * (version + 1) + 2 * QUIET_ZONE) * 4 > 390
    assert largest_version(1080, 4) == 40


def test_a_code_of_digits_alone_is_one_numeric_segment_that_reads_back() -> None:
    digits = "0100" + "31415926535897932384" * 9
    code = handover_qr(digits)
    assert code is not None and code.mode == "numeric"
    out = io.BytesIO()
    code.save(out, kind="png", scale=4)
    out.seek(0)
    assert [r.text for r in zxingcpp.read_barcodes(Image.open(out))] == [digits]
