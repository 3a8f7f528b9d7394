"""Bytes as a QR code's digits: 7 bytes to 17 digits, and back exactly."""

from __future__ import annotations

import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.access import peer_codes
from companion.engine.digit_blocks import (
    DigitBlockError,
    bytes_to_digits,
    check_bytes,
    digits_for_bytes,
    digits_to_bytes,
    versioned_digits,
)
from companion.storage import match_code


def test_seven_bytes_are_seventeen_digits_and_a_short_block_the_fewest() -> None:
    assert bytes_to_digits(b"\xff" * 7 + b"\x00\x01") == "72057594037927935" + "00001"
    assert digits_to_bytes("72057594037927935" + "00001") == b"\xff" * 7 + b"\x00\x01"
    assert [digits_for_bytes(size) for size in range(9)] == [
        0, 3, 5, 8, 10, 13, 15, 17, 20
    ]  # fmt: skip


@given(st.binary(max_size=64))
def test_any_bytes_come_back_from_their_digits(data: bytes) -> None:
    digits = bytes_to_digits(data)
    assert len(digits) == digits_for_bytes(len(data))
    assert digits_to_bytes(digits) == data


@pytest.mark.parametrize(
    ("digits", "reason"),
    [("1234", "cut-short"), ("9" * 17 + "1" * 4, "cut-short"),
     ("9" * 17, "damaged"), ("0" * 17 + "256", "damaged")],
)  # fmt: skip
def test_digits_no_bytes_are_written_as_are_refused(digits: str, reason: str) -> None:
    with pytest.raises(DigitBlockError) as refused:
        digits_to_bytes(digits)
    assert refused.value.reason == reason


def test_a_code_is_its_versions_two_digits_then_its_frame() -> None:
    assert versioned_digits(1, b"\xff" * 7) == "01" + "72057594037927935"
    assert versioned_digits(12, b"") == "12"


def test_the_check_is_the_end_of_a_crc_32_of_the_version_and_the_bytes() -> None:
    crc = zlib.crc32(b"\x01hello").to_bytes(4, "big")
    assert check_bytes(1, b"hello", 4) == crc
    assert check_bytes(1, b"hello", 2) == crc[2:]


@pytest.mark.parametrize("code", [match_code, peer_codes])
def test_both_codes_check_their_frames_so(code: object) -> None:
    # The match code's and the connection code's checks: this one, not copies.
    data = b"a frame"
    checked = code._checksum(data)  # type: ignore[attr-defined]
    version = code.FORMAT_VERSION  # type: ignore[attr-defined]
    assert checked == check_bytes(version, data, len(checked))
