"""A whole match as decimal digits (deflated, checksummed, versioned) and back.

The digits: two for the format version, then the frame's bytes as
engine/digit_blocks.py writes them (7 bytes to 17 digits), so the byte count
follows from the digit count and a QR code carries them in numeric mode. The
frame: its head (the deflated layout's length, a varint, then 16 bits of a CRC-32 of the
version and that length), the layout deflated raw (what the browser's
DecompressionStream('deflate-raw') reads), then a CRC-32 of the version and
all before it; big-endian.

Reading checks the cheap things first: the version; the head, from the first
17 digits, which says how many digits the code has (fewer: cut short; a head
that fails its check: changed on the way); the checksum; and only then
inflates, to at most MAX_LAYOUT_BYTES. A refusal is a StoreError with a code
of its own (code-*), and nothing is returned half-read.
"""

from __future__ import annotations

import zlib

from companion.engine import digit_blocks
from companion.engine.digit_blocks import (
    BLOCK_BYTES,
    DIGITS_FOR,
    VERSION_DIGITS,
    DigitBlockError,
    check_bytes,
    digits_for_bytes,
    versioned_digits,
)
from companion.engine.errors import MatchError
from companion.engine.match import Match
from companion.engine.names import NameBook, check_name, spelt_out
from companion.storage.errors import StoreError
from companion.storage.layout_bytes import (
    MAX_VARINT_BYTES,
    LayoutError,
    LayoutReader,
    LayoutWriter,
)
from companion.storage.match_layout import read_layout, write_layout
from companion.storage.records import MATCH_ID, StoredMatch

FORMAT_VERSION = 2
"""The version of the code this app writes; it reads this one and every older
one, none newer. 2: each round says where it came from (origin_layout.py)."""
CHECKSUM_BYTES = 4
HEAD_CHECK_BYTES = 2

MAX_LAYOUT_BYTES = 512 * 1024
"""The most a code inflates to. A match as large as the engine allows (1,000
rounds at 10 players, each hand left 120 cards of a game of one's own with
every face) lays out in about 150 KB; a real evening's match in a few hundred
bytes."""
MAX_DEFLATED_BYTES = MAX_LAYOUT_BYTES + 1024
"""Deflate grows data that does not compress by 5 bytes in 64 KB at most."""


MAX_CODE_DIGITS = VERSION_DIGITS + digits_for_bytes(
    MAX_VARINT_BYTES + HEAD_CHECK_BYTES + MAX_DEFLATED_BYTES + CHECKSUM_BYTES
)
"""The longest code read: the largest deflated layout, with head and checksum."""


def digits_to_bytes(digits: str) -> bytes:
    """The bytes `digits` stand for; StoreError if no bytes are written so."""
    try:
        return digit_blocks.digits_to_bytes(digits)
    except DigitBlockError as error:
        raise StoreError(f"code-{error.reason}") from error


def _checksum(
    data: bytes, size: int = CHECKSUM_BYTES, version: int = FORMAT_VERSION
) -> bytes:
    return check_bytes(version, data, size)


def frame_deflated(deflated: bytes, version: int = FORMAT_VERSION) -> bytes:
    """Deflated bytes framed: head, the bytes, checksum (see the module)."""
    length = LayoutWriter()
    length.uint(len(deflated))
    head = length.bytes() + _checksum(length.bytes(), HEAD_CHECK_BYTES, version)
    return head + deflated + _checksum(head + deflated, version=version)


def pack_layout(layout: bytes, version: int = FORMAT_VERSION) -> str:
    """A layout as a code of `version`: deflated, framed, checksummed, in digits."""
    packer = zlib.compressobj(6, zlib.DEFLATED, -15)
    frame = frame_deflated(packer.compress(layout) + packer.flush(), version)
    return versioned_digits(version, frame)


def encode_match(stored: StoredMatch) -> str:
    """The code of a stored match: digits only, about 2.4 per deflated byte.

    StoreError("match-too-large") for a match past what any code carries
    (only names of thousands of combining marks get there).
    """
    layout = write_layout(stored, FORMAT_VERSION)
    if len(layout) > MAX_LAYOUT_BYTES:
        raise StoreError("match-too-large")
    return pack_layout(layout)


def _version(digits: str) -> int:
    if len(digits) < VERSION_DIGITS:
        raise StoreError("code-cut-short")
    version = int(digits[:VERSION_DIGITS])
    if version == 0:
        raise StoreError("code-damaged")
    if version > FORMAT_VERSION:
        raise StoreError(
            "code-newer-version", version=version, supported=FORMAT_VERSION
        )
    return version


def _frame(body: str, version: int) -> bytes:
    """The frame's bytes, once its head says they are all there and unchanged."""
    first_block = DIGITS_FOR[BLOCK_BYTES]
    if len(body) < first_block:
        # Even an empty layout's frame fills a first block.
        raise StoreError("code-cut-short")
    first = digits_to_bytes(body[:first_block])
    reader = LayoutReader(first)
    try:
        size = reader.uint()
        head_size = BLOCK_BYTES - reader.left
        check = reader.raw(HEAD_CHECK_BYTES)
    except LayoutError as error:
        raise StoreError("code-damaged") from error
    if check != _checksum(first[:head_size], HEAD_CHECK_BYTES, version):
        raise StoreError("code-damaged")
    total = head_size + HEAD_CHECK_BYTES + size + CHECKSUM_BYTES
    if len(body) < digits_for_bytes(total):
        raise StoreError("code-cut-short")
    if len(body) > digits_for_bytes(total):
        raise StoreError("code-damaged")
    return digits_to_bytes(body)


def _deflated(frame: bytes, version: int) -> bytes:
    """The deflated layout of a whole frame whose checksum holds."""
    if _checksum(frame[:-CHECKSUM_BYTES], version=version) != frame[-CHECKSUM_BYTES:]:
        raise StoreError("code-damaged")
    reader = LayoutReader(frame)
    reader.uint()
    reader.raw(HEAD_CHECK_BYTES)
    return frame[len(frame) - reader.left : -CHECKSUM_BYTES]


def _inflated(deflated: bytes) -> bytes:
    unpacker = zlib.decompressobj(-15)
    try:
        layout = unpacker.decompress(deflated, MAX_LAYOUT_BYTES + 1)
    except zlib.error as error:
        raise StoreError("code-damaged") from error
    if len(layout) > MAX_LAYOUT_BYTES:
        # A zip bomb, or a newer app's giant: never inflated past the bound.
        raise StoreError("code-too-large")
    if not unpacker.eof or unpacker.unused_data:
        raise StoreError("code-damaged")
    return layout


def _check_names(players: tuple[str, ...]) -> None:
    """The names held to the rules of a name typed in (names.py), as an
    import's are: nothing hidden, none too long, none like another."""
    book = NameBook()
    for name in players:
        try:
            check_name(name)
            book.refuse(name)
        except MatchError as error:
            raise StoreError("code-bad-name", name=spelt_out(name)) from error
        book.add(name)


def match_from_layout(layout: bytes, version: int = FORMAT_VERSION) -> StoredMatch:
    """The stored match a layout of a code of `version` describes, checked by
    the engine whole."""
    try:
        match_id, created, finished, data = read_layout(layout, version)
        match = Match.from_dict(data)
    except LayoutError as error:
        raise StoreError("code-damaged") from error
    except MatchError as error:
        reason = str(error.params.get("reason", error.code))
        if reason == "match-over":
            raise StoreError("code-round-after-end") from error
        raise StoreError("code-bad-match", reason=reason) from error
    if not MATCH_ID.match(match_id):
        raise StoreError("code-damaged")
    _check_names(match.players)
    return StoredMatch(match_id, created, finished if match.is_over else None, match)


def decode_match(digits: str) -> StoredMatch:
    """The stored match a code (digits only) carries, fully checked.

    StoreError with a code-* code for a code cut short, changed on the way
    (checksum), of a newer format, past the bounds, or holding a match or a
    name the app refuses.
    """
    if len(digits) > MAX_CODE_DIGITS:
        raise StoreError("code-too-large")
    if not digits:
        raise StoreError("code-cut-short")
    if not (digits.isascii() and digits.isdigit()):
        raise StoreError("code-not-a-match")
    version = _version(digits)
    frame = _frame(digits[VERSION_DIGITS:], version)
    return match_from_layout(_inflated(_deflated(frame, version)), version)
