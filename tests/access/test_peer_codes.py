"""A WebRTC offer or answer as a QR code's digits and back: round trips of
SDPs captured from Chromium 156, the QR versions they give, refusals, a fuzz.

peer_sdps/ holds Chromium's own offers and answers for a data channel, the
camera granted, in a network namespace of three kinds: loopback alone (1 UDP
candidate, with --allow-loopback-in-peer-connection), two IPv4 networks (2)
and two networks each with IPv4 and IPv6 (4); the addresses were the
documentation ranges 192.0.2.0/24 and 2001:db8::/32, rewritten to the private
192.168.2.0/24 and the unique-local fd00:db8::/32, as a table's are."""

from __future__ import annotations

import contextlib
import ipaddress
import zlib
from dataclasses import replace
from pathlib import Path

import pytest
import segno
from hypothesis import given
from hypothesis import strategies as st

from companion.access.peer_codes import FORMAT_VERSION, MAX_CODE_DIGITS, decode, encode
from companion.access.peer_sdp import (
    Candidate,
    Kind,
    PeerCodeError,
    allow_loopback,
    read_sdp,
)
from companion.engine.digit_blocks import bytes_to_digits, digits_to_bytes

SDPS = Path(__file__).with_name("peer_sdps")
# Read as the tests' phones read them (conftest.py), loopback allowed.
allow_loopback(True)
CAPTURED = {
    path.stem: read_sdp(
        path.read_bytes().decode(), Kind.ANSWER if "answer" in path.name else Kind.OFFER
    )
    for path in sorted(SDPS.glob("*.sdp"))
}
OFFER = CAPTURED["chromium-loopback-offer"]
OFFER_CODE = encode(OFFER)
allow_loopback(False)


def refused(code: object, expected: Kind = Kind.OFFER) -> PeerCodeError:
    with pytest.raises(PeerCodeError) as error:
        decode(code, expected)
    return error.value


def forged(frame: bytes, version: int = FORMAT_VERSION) -> str:
    """A code of `frame` with a checksum that holds, as a forger would make."""
    check = (zlib.crc32(bytes([version]) + frame) & 0xFFFF).to_bytes(2, "big")
    return f"{version:02d}" + bytes_to_digits(frame + check)


@pytest.mark.parametrize("name", sorted(CAPTURED))
def test_a_captured_description_comes_back_whole_from_its_digits(name: str) -> None:
    description = CAPTURED[name]
    code = encode(description)
    assert code.isdigit() and code.isascii()
    assert decode(code, description.kind) == description


@pytest.mark.parametrize(
    ("name", "most_l", "most_m"),
    [
        ("chromium-loopback-offer", 4, 5),
        ("chromium-loopback-answer", 4, 5),
        ("chromium-two-ipv4-offer", 5, 5),
        ("chromium-ipv4-ipv6-offer", 6, 7),
    ],
)
def test_a_code_fits_a_small_qr_code(name: str, most_l: int, most_m: int) -> None:
    code = encode(CAPTURED[name])
    assert segno.make(code, error="L", micro=False).version <= most_l
    assert segno.make(code, error="M", micro=False).version <= most_m
    assert segno.make(code, micro=False).mode == "numeric"


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        (None, "peer-code-not-digits"),
        ("", "peer-code-not-digits"),
        ("http://192.0.2.1/#m=0123", "peer-code-not-digits"),
        # Digits of another script: str.isdigit() takes them, int() too.
        ("٠١" + OFFER_CODE[2:], "peer-code-not-digits"),
        ("01", "peer-code-cut-short"),
        (OFFER_CODE[:-1], "peer-code-cut-short"),
        (OFFER_CODE[: 2 + (len(OFFER_CODE) - 2) // 17 * 17], "peer-code-damaged"),
        (OFFER_CODE[:40] + ("1" if OFFER_CODE[40] == "0" else "0") + OFFER_CODE[41:],
         "peer-code-damaged"),
        ("00" + OFFER_CODE[2:], "peer-code-damaged"),
        ("01" + "99999999999999999" * 5, "peer-code-damaged"),
    ],
    ids=["none", "empty", "a link", "other digits", "version only", "one digit cut",
         "last block cut", "a digit changed", "version 0", "block past 7 bytes"],
)  # fmt: skip
def test_a_bad_code_is_refused_with_its_reason(code: object, expected: str) -> None:
    assert refused(code).code == expected


def test_an_overlong_code_is_refused_before_it_is_read() -> None:
    error = refused("1" * (MAX_CODE_DIGITS + 1))
    assert (error.code, error.params) == (
        "peer-code-too-long",
        {"max": MAX_CODE_DIGITS},
    )


def test_a_newer_apps_code_says_so() -> None:
    error = refused(forged(b"\x00", version=FORMAT_VERSION + 1))
    assert (error.code, error.params) == (
        "peer-code-newer-version", {"version": 2, "supported": 1}
    )  # fmt: skip


def test_an_answer_scanned_where_an_offer_is_expected_says_so() -> None:
    answer = encode(CAPTURED["chromium-loopback-answer"])
    error = refused(answer, Kind.OFFER)
    assert (error.code, error.params) == ("peer-code-wrong-kind", {"expected": "offer"})
    assert refused(OFFER_CODE, Kind.ANSWER).code == "peer-code-wrong-kind"


FRAME = digits_to_bytes(OFFER_CODE[2:])[:-2]
"""The loopback offer's frame, without its checksum: role 0, ufrag 4 chars in 3
bytes, pwd 24 in 18, fingerprint 32, mid "0", port, size, 1 candidate."""
CANDIDATES_AT = 1 + 4 + 19 + 32 + 2 + 2 + 4


@pytest.mark.parametrize(
    "frame",
    [
        FRAME[:CANDIDATES_AT] + b"\x00",  # no candidate
        FRAME[:CANDIDATES_AT] + b"\x09" + FRAME[CANDIDATES_AT + 1 :],  # 9 of them
        FRAME + b"\x00",  # a byte past the last candidate
        FRAME[:-7],  # the count says 1, none follows
        FRAME[:CANDIDATES_AT + 1] + b"\x08" + FRAME[CANDIDATES_AT + 2 :],  # flags
        b"\x03" + FRAME[1:],  # no such role
        b"\x00\x02" + FRAME[2:],  # a 2-character ufrag
        FRAME[:56] + b"\x01!" + FRAME[58:],  # a mid of punctuation
        FRAME[:56] + b"\x00" + FRAME[58:],  # an empty mid
        b"",
    ],
    ids=["none", "nine", "trailing", "missing", "flags", "role", "ufrag", "mid",
         "empty mid", "empty"],
)  # fmt: skip
def test_a_forged_frame_whose_checksum_holds_is_refused(frame: bytes) -> None:
    assert decode(forged(FRAME), Kind.OFFER) == OFFER  # the forger's own frame reads
    assert refused(forged(frame)).code == "peer-code-damaged"


@given(st.text(alphabet="0123456789", max_size=MAX_CODE_DIGITS) | st.text())
def test_any_text_is_a_description_or_a_refusal(text: str) -> None:
    with contextlib.suppress(PeerCodeError):
        decode(text, Kind.OFFER)


@given(st.integers(0, len(OFFER_CODE) - 1), st.text(alphabet="0123456789", max_size=3))
def test_a_code_changed_anywhere_is_refused_or_read(at: int, change: str) -> None:
    with contextlib.suppress(PeerCodeError):
        decode(OFFER_CODE[:at] + change + OFFER_CODE[at + 1 :], Kind.OFFER)


def _naming(address: str) -> str:
    """The offer's code, forged to name `address` alone (its checksum holds)."""
    candidate = Candidate(ipaddress.ip_address(address), 9000)
    return encode(replace(OFFER, candidates=(candidate,)))


@pytest.mark.parametrize(
    "address",
    [
        "8.8.8.8",  # the internet
        "192.0.2.1",  # a documentation range: no table's
        "224.0.0.251",  # multicast
        "255.255.255.255",  # broadcast
        "0.0.0.0",
        "2001:4860:4860::8888",
        "ff02::1",
        "::ffff:192.168.1.20",  # a private address, mapped: not as a phone gives it
        "::",
    ],
)
def test_a_code_naming_an_address_off_the_tables_network_is_refused(
    address: str,
) -> None:
    # Before any connection is tried: the code gives no description at all.
    assert refused(_naming(address)).code == "peer-code-outside-network"


def test_loopback_is_the_tables_network_only_behind_the_tests_setting() -> None:
    code = _naming("127.0.0.1")
    assert decode(code, Kind.OFFER).candidates[0].port == 9000
    allow_loopback(False)
    assert refused(code).code == "peer-code-outside-network"


@pytest.mark.parametrize(
    "address",
    [
        "10.1.2.3",
        "172.16.0.5",
        "192.168.1.20",
        "100.64.0.9",  # a carrier's shared range, as some hotspots give
        "169.254.3.4",
        "fe80::1",
        "fd12:3456::1",
    ],
)
def test_a_code_naming_the_tables_network_is_read(address: str) -> None:
    allow_loopback(False)
    (candidate,) = decode(_naming(address), Kind.OFFER).candidates
    assert candidate.address == ipaddress.ip_address(address)
