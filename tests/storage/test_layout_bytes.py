"""The bytes and bits a match code is built of: written, read back, or refused."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.storage.layout_bytes import (
    BitReader,
    BitWriter,
    LayoutError,
    LayoutReader,
    LayoutWriter,
)


@given(st.lists(st.integers(min_value=0, max_value=2**63)), st.text())
def test_varints_and_texts_come_back(numbers: list[int], text: str) -> None:
    out = LayoutWriter()
    for number in numbers:
        out.uint(number)
    out.text(text)
    reader = LayoutReader(out.bytes())
    assert [reader.uint() for _ in numbers] == numbers
    assert reader.text(len(text.encode())) == text
    reader.end()


def test_a_small_number_takes_one_byte() -> None:
    out = LayoutWriter()
    out.uint(127)
    out.uint(128)
    assert out.bytes() == b"\x7f\x80\x01"


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"\x80" * 11, "varint-too-long"),
        (b"\x80", "ends-early"),
        (b"\x05ab", "number-too-large"),  # a text of 5 bytes, 2 left
        (b"\x02\xff\xfe", "not-utf-8"),
        (b"\x04\xff\xfe\xff\xfe", "text-too-long"),  # past 3: refused unread
    ],
)
def test_bytes_that_are_no_layout_are_refused(data: bytes, reason: str) -> None:
    with pytest.raises(LayoutError, match=reason):
        LayoutReader(data).text(3)


def test_a_count_past_the_bytes_left_is_refused_before_any_item() -> None:
    out = LayoutWriter()
    out.uint(1000)
    with pytest.raises(LayoutError, match="count-past-end"):
        LayoutReader(out.bytes() + b"\x00" * 10).count(5000)
    with pytest.raises(LayoutError, match="number-too-large"):
        LayoutReader(out.bytes()).count(999)


def test_a_choice_out_of_its_options_is_refused() -> None:
    assert LayoutReader(b"\x01").choice(("a", "b")) == "b"
    with pytest.raises(LayoutError):
        LayoutReader(b"\x02").choice(("a", "b"))


def test_bytes_left_over_are_refused() -> None:
    with pytest.raises(LayoutError, match="bytes-left-over"):
        LayoutReader(b"\x01\x02").end()


fields = st.lists(
    st.one_of(
        st.tuples(st.just("gamma"), st.integers(min_value=1, max_value=2**64 - 1)),
        st.integers(min_value=0, max_value=200).flatmap(
            lambda width: st.tuples(
                st.just(width), st.integers(min_value=0, max_value=2**width - 1)
            )
        ),
    )
)


@given(fields)
def test_bit_fields_and_gamma_codes_come_back(written) -> None:
    out = BitWriter()
    for width, value in written:
        if width == "gamma":
            out.gamma(value)
        else:
            out.bits(value, width)
    reader = BitReader(out.bytes())
    for width, value in written:
        assert (reader.gamma() if width == "gamma" else reader.bits(width)) == value
    reader.end()


def test_gamma_codes_take_few_bits_for_small_numbers() -> None:
    out = BitWriter()
    for value in (1, 2, 3, 4):
        out.gamma(value)
    # 1 | 010 | 011 | 00100, then zero filling.
    assert out.bytes() == bytes([0b10100110, 0b01000000])


def test_bits_past_the_end_or_left_over_are_refused() -> None:
    with pytest.raises(LayoutError, match="ends-early"):
        BitReader(b"\xff").bits(9)
    with pytest.raises(LayoutError, match="gamma-too-long"):
        BitReader(bytes(9)).gamma()
    reader = BitReader(b"\xf0\x00")
    reader.bits(4)
    with pytest.raises(LayoutError, match="bits-left-over"):
        reader.end()
    filled = BitReader(b"\xf1")
    filled.bits(4)
    with pytest.raises(LayoutError, match="bits-left-over"):
        filled.end()
