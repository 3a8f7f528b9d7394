"""Bytes as decimal digits and back, for a QR code's numeric mode: blocks of 7
bytes written as 17 digits (a last, shorter block of r bytes as the fewest
digits that hold 256**r - 1: 3, 5, 8, 10, 13 or 15), so the byte count follows
from the digit count; 10 bits per 3 digits, about a quarter fewer bits than
base64 in byte mode. The hand-over's match code and the phones' connection
codes both write their bytes so, framed alike: two digits for the format's
version, then the frame, checked by a truncated CRC-32 of the version and
the bytes."""

from __future__ import annotations

import zlib

BLOCK_BYTES = 7
DIGITS_FOR = {
    size: len(str(256**size - 1)) if size else 0 for size in range(BLOCK_BYTES + 1)
}
"""How many digits a block of so many bytes is written as (7: 17)."""
BYTES_FOR = {digits: size for size, digits in DIGITS_FOR.items()}
VERSION_DIGITS = 2
"""A code's first digits: the version of its format, 01 to 99."""


class DigitBlockError(ValueError):
    """Digits no bytes are written as. `reason`: "cut-short" (a digit count no
    byte count gives: the end is missing) or "damaged" (a block past its bytes)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def digits_for_bytes(size: int) -> int:
    """How many digits `size` bytes are written as."""
    blocks, tail = divmod(size, BLOCK_BYTES)
    return blocks * DIGITS_FOR[BLOCK_BYTES] + DIGITS_FOR[tail]


def bytes_to_digits(data: bytes) -> str:
    """`data` as decimal digits, 7 bytes to 17 digits (see the module)."""
    blocks = (data[at : at + BLOCK_BYTES] for at in range(0, len(data), BLOCK_BYTES))
    return "".join(
        str(int.from_bytes(block, "big")).zfill(DIGITS_FOR[len(block)])
        for block in blocks
    )


def digits_to_bytes(digits: str) -> bytes:
    """The bytes ASCII `digits` stand for; DigitBlockError if no bytes are
    written so."""
    full = DIGITS_FOR[BLOCK_BYTES]
    if len(digits) % full not in BYTES_FOR:
        raise DigitBlockError("cut-short")
    out = bytearray()
    for at in range(0, len(digits), full):
        chunk = digits[at : at + full]
        size = BYTES_FOR[len(chunk)]
        value = int(chunk)
        if value >= 256**size:
            raise DigitBlockError("damaged")
        out += value.to_bytes(size, "big")
    return bytes(out)


def versioned_digits(version: int, frame: bytes) -> str:
    """A code: its format's version in VERSION_DIGITS digits, then `frame`."""
    return str(version).zfill(VERSION_DIGITS) + bytes_to_digits(frame)


def check_bytes(version: int, data: bytes, size: int) -> bytes:
    """The last `size` bytes of the CRC-32 of the version's byte and `data`,
    big-endian: what a code's frame carries to show it came unchanged."""
    crc = zlib.crc32(bytes([version]) + data)
    return (crc & (1 << 8 * size) - 1).to_bytes(size, "big")
