"""The link that hands a match over (site address + #m=digits) and its QR code.

The fragment is never sent to a server, so the match goes from phone to phone
whoever hosts the site. In the QR code the address is one byte-mode segment
and the digits one numeric-mode segment (segno takes the segments as given;
one mode for the whole link would put the digits in byte mode: version 21
instead of 13 for a 30-round, 6-player match).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast
from urllib.parse import urlsplit

from companion.storage.errors import StoreError
from companion.storage.match_code import MAX_CODE_DIGITS, decode_match, encode_match
from companion.storage.records import StoredMatch

if TYPE_CHECKING:
    import segno

FRAGMENT = "#m="
"""What comes between the site's address and the digits."""
MAX_SITE_ADDRESS = 2000
MAX_LINK_CHARS = MAX_CODE_DIGITS + MAX_SITE_ADDRESS + len(FRAGMENT) + 100
"""The longest text looked at, with room for spaces a chat app adds around it."""

QR_LEVEL = "l"
"""The lowest error correction: a screen is clean, and every level up costs a
version or more. From version 7 up, level M holds less at a version than L at
the one below, so no link is ever raised to M at its smallest version."""
QUIET_ZONE = 4
"""Light modules around a QR code, as the standard asks; phones need them."""
MODULE_PX = 4
SCREEN_PX = 390
"""A phone screen's width in CSS pixels, and the fewest a module may take
there for another phone's camera to read the code from the screen."""


def largest_version(width_px: int = SCREEN_PX, module_px: int = MODULE_PX) -> int:
    """The largest QR version that is at least `module_px` a module across
    `width_px`, quiet zone included (390 px at 4 px: version 18)."""
    modules = width_px // module_px - 2 * QUIET_ZONE
    return max(0, min(40, (modules - 17) // 4))


def site_address(text: str) -> str:
    """The phone-alone site's full address as a link starts with; StoreError
    ("bad-site-address") unless it is an http(s) address with a host, no
    fragment, no spaces and plain ASCII (what a QR code's byte mode holds)."""
    address = text.strip()
    if len(address) > MAX_SITE_ADDRESS or not address.isascii():
        raise StoreError("bad-site-address")
    parts = urlsplit(address)
    if (
        parts.scheme not in ("https", "http")
        or not parts.hostname
        or "#" in address
        or any(char.isspace() or not char.isprintable() for char in address)
    ):
        raise StoreError("bad-site-address")
    return address


def match_link(site: str, stored: StoredMatch) -> str:
    """The link that opens `site` (the phone-alone site's address) and hands it
    the stored match; StoreError for a bad address or a match past any code."""
    return site_address(site) + FRAGMENT + encode_match(stored)


def match_from_link(text: str) -> StoredMatch:
    """The match a link carries, from the whole link, its fragment (`#m=...`
    or `m=...`) or the bare digits; StoreError with a code-* code if it is not
    one or cannot be taken in as it is (see match_code.decode_match)."""
    if len(text) > MAX_LINK_CHARS:
        raise StoreError("code-too-large")
    text = text.strip()
    _, hash_sign, fragment = text.partition("#")
    code = fragment if hash_sign else text
    key = FRAGMENT[1:]
    if code.startswith(key):
        digits = code[len(key) :]
        if digits and not (digits.isascii() and digits.isdigit()):
            # Our fragment, with something changed or added on the way.
            raise StoreError("code-damaged")
        return decode_match(digits)
    if hash_sign or not code:
        raise StoreError("code-not-a-match")
    return decode_match(code)


def qr_segments(link: str) -> list[tuple[str, int]]:
    """The link as segno's segments: the address and `#m=` in byte mode, the
    digits in numeric mode; a code of digits alone (a phone's connection code,
    access/peer_codes.py) is its digits alone."""
    from segno import consts

    address, fragment, digits = link.rpartition(FRAGMENT)
    if not fragment:
        return [(digits, consts.MODE_NUMERIC)]
    return [(address + FRAGMENT, consts.MODE_BYTE), (digits, consts.MODE_NUMERIC)]


def handover_qr(link: str, most: int | None = None) -> segno.QRCode | None:
    """The QR code of a link made by match_link, the smallest version at level
    L; None when it needs a version above `most` (default: largest_version(),
    what a 390 px screen shows at 4 px a module) or above 40: then the link
    goes alone."""
    import segno

    most = largest_version() if most is None else most
    try:
        code = segno.make(
            qr_segments(link),  # type: ignore[arg-type]  # segno takes (text, mode) segments too
            error=QR_LEVEL,
            micro=False,
        )
    except segno.DataOverflowError:
        return None
    # micro=False: the version is a number, never a Micro QR's "M4".
    return code if cast(int, code.version) <= most else None
