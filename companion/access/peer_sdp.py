"""What another phone needs of a data channel's WebRTC offer or answer, read
from the browser's SDP and written back as SDP the browser accepts."""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass
from enum import StrEnum

MAX_SDP_CHARS = 16_384
"""The longest SDP read; a data channel's from Chromium is under 1 KB."""
MAX_CANDIDATES = 8
"""Candidates kept, best first: a phone has one or two networks, each giving a
UDP candidate (IPv4, maybe IPv6) and a TCP one."""
ICE_CHARS = re.compile(r"[A-Za-z0-9+/]+")
"""RFC 8839's ice-char: the base64 alphabet, so 6 bits a character."""
UFRAG_LENGTHS = range(4, 33)
"""RFC 8839 allows 4 to 256 characters; browsers use 4 (Chromium, Safari) to 32."""
PWD_LENGTHS = range(22, 65)
MID = re.compile(r"[A-Za-z0-9_.-]{1,16}")
FINGERPRINT_BYTES = 32
"""sha-256, the hash every browser offers."""
SCTP_PORT = 5000
"""RFC 8841's default when a description names no sctp-port."""
TABLE_NETWORKS = tuple(
    ipaddress.ip_network(network)
    for network in (
        "10.0.0.0/8",  # RFC 1918's private ranges
        "172.16.0.0/12",
        "192.168.0.0/16",
        "100.64.0.0/10",  # carrier-grade shared, as some phones' hotspots give
        "169.254.0.0/16",  # link-local: two phones and no router
        "fe80::/10",
        "fc00::/7",  # unique-local IPv6
    )
)
"""The networks phones at one table share: an address anywhere else (the
internet, multicast, broadcast, 0.0.0.0) is never one a phone connects to."""

_loopback = [False]
# Whether loopback counts as the table's network: set once at start (tests).

PEER_CODE_ERROR_CODES: dict[str, tuple[str, ...]] = {
    # The browser's description is longer than any data channel's.
    "peer-sdp-too-long": ("max",),
    # The browser's description lacks a part a connection needs (`part`: media,
    # ice-ufrag, ice-pwd, fingerprint, setup, mid, sctp-port).
    "peer-sdp-unusable": ("part",),
    # No candidate with a real address: the camera was not granted (the browser
    # then hides local addresses behind .local names), or no network is up.
    "peer-no-address": (),
    # What was scanned is not a connection code (not digits).
    "peer-code-not-digits": (),
    "peer-code-too-long": ("max",),
    "peer-code-cut-short": (),
    # The code's checksum or shape says it changed on the way.
    "peer-code-damaged": (),
    # A code written by a newer app.
    "peer-code-newer-version": ("version", "supported"),
    # An answer where an offer was expected (a guest's code scanned by a guest),
    # or the other way round.
    "peer-code-wrong-kind": ("expected",),
    # A code naming an address outside the table's networks (TABLE_NETWORKS):
    # forged, as no phone's own code holds one. Refused before any connection.
    "peer-code-outside-network": (),
}
"""Every code PeerCodeError can carry, with the names of its parameters."""


class PeerCodeError(ValueError):
    """A description or code refused as a whole: nothing was returned.

    `code` is a stable identifier (see PEER_CODE_ERROR_CODES) and `params` the
    values a translated message needs, as with AccessError.
    """

    def __init__(self, code: str, **params: object) -> None:
        detail = ", ".join(f"{key}={value!r}" for key, value in params.items())
        super().__init__(f"{code}: {detail}" if detail else code)
        assert sorted(PEER_CODE_ERROR_CODES.get(code, ("?",))) == sorted(params), code
        self.code = code
        self.params = params


def allow_loopback(allowed: bool) -> None:
    """Let loopback addresses count as the table's network, or no longer: for
    tests alone, whose phones share one machine (Chromium gathers loopback
    candidates only with --allow-loopback-in-peer-connection)."""
    _loopback[0] = allowed


def on_table_network(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """Whether another phone at the table could be at `address`."""
    if address.is_loopback:
        return _loopback[0]
    return any(address in network for network in TABLE_NETWORKS)


class Kind(StrEnum):
    OFFER = "offer"
    ANSWER = "answer"


SETUPS: dict[Kind, tuple[str, ...]] = {
    Kind.OFFER: ("actpass",),
    Kind.ANSWER: ("active", "passive"),
}
"""The DTLS roles a browser's offer and answer take (RFC 8842)."""
TCP_TYPES = ("", "passive", "so")
"""A TCP candidate's tcptype ("" for UDP). Active ones are dropped: they pair
only with a passive one, which no browser gathers."""


@dataclass(frozen=True)
class Candidate:
    """A host candidate: an address of the phone, where it listens."""

    address: ipaddress.IPv4Address | ipaddress.IPv6Address
    port: int
    tcp_type: str = ""
    """One of TCP_TYPES: "" is UDP."""


@dataclass(frozen=True)
class PeerDescription:
    """What the other side needs to connect to this one's data channel."""

    kind: Kind
    setup: str
    ufrag: str
    pwd: str
    fingerprint: bytes
    mid: str
    sctp_port: int
    max_message_size: int
    """0: the description named none (RFC 8841 then means 64 KB)."""
    candidates: tuple[Candidate, ...]


def read_sdp(sdp: str, kind: Kind) -> PeerDescription:
    """The parts of a browser's data-channel-only `sdp` another browser needs.

    Host candidates with a literal address on the table's network are kept
    (UDP, TCP passive or simultaneous-open), best first, at most
    MAX_CANDIDATES; `.local` names are not: the design needs real addresses
    (the camera granted); a phone's public IPv6 address is not. PeerCodeError
    when a needed part is missing or there is no usable candidate.
    """
    if len(sdp) > MAX_SDP_CHARS:
        raise PeerCodeError("peer-sdp-too-long", max=MAX_SDP_CHARS)
    attributes: dict[str, str] = {}
    fingerprint = b""
    ranked: list[tuple[int, Candidate]] = []
    media = 0
    for line in sdp.splitlines():
        if line.startswith("m="):
            media += 1
            if not re.fullmatch(
                r"m=application \d+ UDP/DTLS/SCTP webrtc-datachannel", line
            ):
                raise PeerCodeError("peer-sdp-unusable", part="media")
        if not line.startswith("a="):
            continue
        name, _, value = line[2:].partition(":")
        if name == "candidate":
            ranked += _candidate(value)
        elif name == "fingerprint":
            fingerprint = _sha256(value) or fingerprint
        else:
            attributes.setdefault(name, value.strip())
    if media != 1:
        raise PeerCodeError("peer-sdp-unusable", part="media")
    ufrag = _checked(attributes, "ice-ufrag", ICE_CHARS, UFRAG_LENGTHS)
    pwd = _checked(attributes, "ice-pwd", ICE_CHARS, PWD_LENGTHS)
    mid = _checked(attributes, "mid", MID, range(1, 17))
    if not fingerprint:
        raise PeerCodeError("peer-sdp-unusable", part="fingerprint")
    setup = attributes.get("setup", "")
    if setup not in SETUPS[kind]:
        raise PeerCodeError("peer-sdp-unusable", part="setup")
    sctp_port = _number(attributes, "sctp-port", SCTP_PORT, 0xFFFF)
    max_message_size = _number(attributes, "max-message-size", 0, 0xFFFFFFFF)
    ranked.sort(key=lambda pair: -pair[0])
    candidates = tuple(dict.fromkeys(c for _, c in ranked))[:MAX_CANDIDATES]
    if not candidates:
        raise PeerCodeError("peer-no-address")
    return PeerDescription(
        kind, setup, ufrag, pwd, fingerprint, mid, sctp_port, max_message_size,
        candidates,
    )  # fmt: skip


def _checked(
    attributes: dict[str, str], name: str, shape: re.Pattern[str], lengths: range
) -> str:
    value = attributes.get(name, "")
    if len(value) not in lengths or not shape.fullmatch(value):
        raise PeerCodeError("peer-sdp-unusable", part=name)
    return value


def _number(attributes: dict[str, str], name: str, absent: int, most: int) -> int:
    value = attributes.get(name)
    if value is None:
        return absent
    if not value.isascii() or not value.isdigit() or int(value) > most:
        raise PeerCodeError("peer-sdp-unusable", part=name)
    return int(value)


def _sha256(value: str) -> bytes:
    """The fingerprint's bytes if it is a sha-256 one, else b"" (others skipped)."""
    algorithm, _, hexes = value.strip().partition(" ")
    if algorithm.lower() != "sha-256":
        return b""
    try:
        digest = bytes.fromhex(hexes.replace(":", ""))
    except ValueError:
        return b""
    return digest if len(digest) == FINGERPRINT_BYTES else b""


def _candidate(value: str) -> list[tuple[int, Candidate]]:
    """The candidate line's (priority, candidate) if it is one we carry, else []."""
    fields = value.split()
    if len(fields) < 8 or fields[1] != "1" or fields[6:8] != ["typ", "host"]:
        return []
    protocol, priority, address, port = fields[2].lower(), fields[3], *fields[4:6]
    extras = dict(zip(fields[8::2], fields[9::2], strict=False))
    tcp_type = extras.get("tcptype", "") if protocol == "tcp" else ""
    if protocol not in ("udp", "tcp") or (protocol == "tcp") != (tcp_type != ""):
        return []
    if tcp_type not in TCP_TYPES or not priority.isdigit() or not port.isdigit():
        return []
    try:
        literal = ipaddress.ip_address(address)
    except ValueError:
        return []  # a .local name, or junk
    if getattr(literal, "scope_id", None) or int(port) > 0xFFFF:
        return []
    if not on_table_network(literal):
        return []
    return [(int(priority), Candidate(literal, int(port), tcp_type))]


def write_sdp(description: PeerDescription) -> str:
    """An SDP for `description` that a browser takes as the remote one."""
    lines = [
        "v=0",
        "o=- 1 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        f"a=group:BUNDLE {description.mid}",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
    ]
    lines += [
        _candidate_line(index, candidate)
        for index, candidate in enumerate(description.candidates)
    ]
    lines += [
        f"a=ice-ufrag:{description.ufrag}",
        f"a=ice-pwd:{description.pwd}",
        "a=fingerprint:sha-256 " + description.fingerprint.hex(":").upper(),
        f"a=setup:{description.setup}",
        f"a=mid:{description.mid}",
        f"a=sctp-port:{description.sctp_port}",
    ]
    if description.max_message_size:
        lines.append(f"a=max-message-size:{description.max_message_size}")
    return "\r\n".join(lines) + "\r\n"


def _candidate_line(index: int, candidate: Candidate) -> str:
    """RFC 8445's priority from the order the candidates were ranked in."""
    type_preference = 90 if candidate.tcp_type else 126  # as Chromium's host ones
    priority = type_preference << 24 | (0xFFFF - index) << 8 | 255
    protocol = "tcp" if candidate.tcp_type else "udp"
    line = (
        f"a=candidate:{index + 1} 1 {protocol} {priority} {candidate.address} "
        f"{candidate.port} typ host"
    )
    return f"{line} tcptype {candidate.tcp_type}" if candidate.tcp_type else line
