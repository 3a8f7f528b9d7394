"""A data channel's SDP from Chromium: what another phone needs of it, and an
SDP rebuilt from that (captured SDPs in peer_sdps/, see test_peer_codes.py)."""

from __future__ import annotations

import contextlib
import ipaddress
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.access.peer_sdp import (
    MAX_CANDIDATES,
    MAX_SDP_CHARS,
    Candidate,
    Kind,
    PeerCodeError,
    allow_loopback,
    read_sdp,
    write_sdp,
)

SDPS = Path(__file__).with_name("peer_sdps")
OFFER = (SDPS / "chromium-ipv4-ipv6-offer.sdp").read_bytes().decode()
"""Chromium's offer on a phone with two networks, each with IPv4 and IPv6."""
ANSWER = (SDPS / "chromium-loopback-answer.sdp").read_bytes().decode()


def captured() -> list[tuple[str, Kind]]:
    return [
        (
            path.read_bytes().decode(),
            Kind.ANSWER if "answer" in path.name else Kind.OFFER,
        )
        for path in sorted(SDPS.glob("*.sdp"))
    ]


def attribute(sdp: str, name: str) -> str:
    return re.search(rf"^a={name}:(.*?)\r?$", sdp, re.MULTILINE).group(1)


def refused(sdp: str, kind: Kind = Kind.OFFER) -> PeerCodeError:
    with pytest.raises(PeerCodeError) as error:
        read_sdp(sdp, kind)
    return error.value


def test_an_offer_keeps_what_the_other_phone_needs() -> None:
    offer = read_sdp(OFFER, Kind.OFFER)
    assert (offer.ufrag, offer.pwd) == (
        attribute(OFFER, "ice-ufrag"), attribute(OFFER, "ice-pwd")
    )  # fmt: skip
    assert offer.fingerprint.hex(":").upper() == attribute(OFFER, "fingerprint")[8:]
    assert (offer.setup, offer.mid) == ("actpass", "0")
    assert (offer.sctp_port, offer.max_message_size) == (5000, 262144)
    # The UDP candidates, best first; Chromium's TCP ones are active, which only
    # a passive candidate answers, and no browser gathers those.
    udp = sorted(
        (line.split() for line in OFFER.splitlines() if " udp " in line),
        key=lambda fields: -int(fields[3]),
    )
    assert len(udp) == 4 and " tcp " in OFFER
    assert [[str(c.address), str(c.port)] for c in offer.candidates] == [
        fields[4:6] for fields in udp
    ]
    assert {c.tcp_type for c in offer.candidates} == {""}


def test_an_answer_is_read_with_its_role() -> None:
    answer = read_sdp(ANSWER, Kind.ANSWER)
    assert answer.setup == "active"
    assert answer.candidates[0].address == ipaddress.ip_address("127.0.0.1")


@pytest.mark.parametrize(("sdp", "kind"), captured())
def test_a_rebuilt_sdp_reads_back_the_same(sdp: str, kind: Kind) -> None:
    description = read_sdp(sdp, kind)
    rebuilt = write_sdp(description)
    assert read_sdp(rebuilt, kind) == description
    assert rebuilt.endswith("\r\n") and "\n\n" not in rebuilt


def test_parts_at_the_session_level_and_upper_case_udp_are_read_too() -> None:
    """Firefox writes its fingerprint above the media section, and "UDP"."""
    fingerprint = re.search(r"a=fingerprint:.*\r\n", ANSWER).group(0)
    moved = ANSWER.replace(fingerprint, "").replace("m=", fingerprint + "m=", 1)
    moved = moved.replace(" udp ", " UDP ")
    assert moved.index("a=fingerprint") < moved.index("m=application")
    assert read_sdp(moved, Kind.ANSWER) == read_sdp(ANSWER, Kind.ANSWER)


def test_a_passive_tcp_candidate_is_kept_after_every_udp_one() -> None:
    sdp = ANSWER.replace(
        "a=ice-ufrag:",
        "a=candidate:9 1 tcp 1518280447 192.168.2.7 9000 typ host tcptype passive\r\n"
        "a=ice-ufrag:",
    )
    candidates = read_sdp(sdp, Kind.ANSWER).candidates
    assert candidates[-1] == Candidate(
        ipaddress.ip_address("192.168.2.7"), 9000, "passive"
    )
    assert "tcptype passive" in write_sdp(read_sdp(sdp, Kind.ANSWER))


def test_local_names_are_not_carried_so_a_hidden_phone_has_no_address() -> None:
    hidden = re.sub(
        r"(a=candidate:\S+ 1 \w+ \d+ )\S+",
        r"\g<1>0d2f6c1e-5d4a-4b8e-9c11-7f3e2a1b9c0d.local",
        ANSWER,
    )
    assert hidden != ANSWER
    assert refused(hidden, Kind.ANSWER).code == "peer-no-address"


def test_at_most_eight_candidates_are_kept_the_best_ones() -> None:
    many = "".join(
        f"a=candidate:{n} 1 udp {1000 + n} 192.168.2.{n} {5000 + n} typ host\r\n"
        for n in range(1, 13)
    )
    sdp = ANSWER.replace("a=ice-ufrag:", many + "a=ice-ufrag:")
    ports = [c.port for c in read_sdp(sdp, Kind.ANSWER).candidates]
    assert len(ports) == MAX_CANDIDATES
    # Loopback's own (the highest priority) first, then the best of the rest.
    assert ports[1:] == [5012, 5011, 5010, 5009, 5008, 5007, 5006]


@pytest.mark.parametrize(
    ("change", "part"),
    [
        (lambda s: re.sub(r"a=ice-ufrag:.*\r\n", "", s), "ice-ufrag"),
        (lambda s: re.sub(r"(a=ice-ufrag:\w*)", r"\1!", s), "ice-ufrag"),
        (lambda s: re.sub(r"a=ice-pwd:\S*", "a=ice-pwd:short", s), "ice-pwd"),
        (lambda s: s.replace("sha-256", "sha-1"), "fingerprint"),
        (lambda s: re.sub(r"(fingerprint:sha-256 \S+):\w\w", r"\1", s), "fingerprint"),
        (lambda s: s.replace("a=setup:actpass", "a=setup:active"), "setup"),
        (lambda s: s.replace("a=mid:0", "a=mid:" + "m" * 17), "mid"),
        (lambda s: s.replace("a=sctp-port:5000", "a=sctp-port:70000"), "sctp-port"),
        (lambda s: s + "m=audio 9 UDP/TLS/RTP/SAVPF 111\r\n", "media"),
        (lambda s: s.replace("m=application", "m=video"), "media"),
    ],
    ids=["no ufrag", "ufrag junk", "short pwd", "sha-1", "short digest",
         "offer not actpass", "long mid", "port", "audio too", "no data"],
)  # fmt: skip
def test_an_sdp_missing_a_needed_part_says_which(change, part: str) -> None:
    offer = (SDPS / "chromium-loopback-offer.sdp").read_bytes().decode()
    error = refused(change(offer))
    assert (error.code, error.params) == ("peer-sdp-unusable", {"part": part})


def test_an_overlong_sdp_is_refused_before_it_is_read() -> None:
    error = refused(ANSWER + "a=x\r\n" * MAX_SDP_CHARS)
    assert (error.code, error.params) == ("peer-sdp-too-long", {"max": MAX_SDP_CHARS})


@given(
    st.text(max_size=400)
    | st.lists(st.sampled_from(ANSWER.splitlines())).map("\n".join)
)
def test_any_text_gives_a_description_or_a_refusal(text: str) -> None:
    for kind in Kind:
        with contextlib.suppress(PeerCodeError):
            read_sdp(text, kind)


def test_a_phones_addresses_off_the_tables_network_are_not_carried() -> None:
    # A phone's public IPv6 address, beside its address on the Wi-Fi.
    public = ANSWER.replace(
        "a=ice-ufrag:",
        "a=candidate:8 1 udp 2122262783 2001:4860::7 9001 typ host\r\n"
        "a=candidate:9 1 udp 2122262783 192.168.2.7 9000 typ host\r\n"
        "a=ice-ufrag:",
    )
    allow_loopback(False)
    assert [str(c.address) for c in read_sdp(public, Kind.ANSWER).candidates] == [
        "192.168.2.7"
    ]
    # Loopback alone, outside the tests: no address another phone could reach.
    assert refused(ANSWER, Kind.ANSWER).code == "peer-no-address"
