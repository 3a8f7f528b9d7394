"""Bytes as a QR code's digits: 7 bytes to 17 digits, and back exactly."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.engine.digit_blocks import (
    DigitBlockError,
    bytes_to_digits,
    digits_for_bytes,
    digits_to_bytes,
)


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
