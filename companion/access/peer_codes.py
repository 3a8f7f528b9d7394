"""A phone's WebRTC offer or answer as a short code of decimal digits, for a QR
code in numeric mode, and back.

The digits: two for the format version, then the frame's bytes as
engine/digit_blocks.py writes them (7 bytes to 17 digits), as the hand-over's
match code does. The frame, big-endian: the kind and DTLS role (one byte), the
ICE user name and password (a length byte, then 6 bits a character), the
sha-256 fingerprint (32 bytes), the mid (a length byte, ASCII), the SCTP port
(2 bytes) and maximum message size (4), the candidates (a count byte; each a
flags byte: IPv6, TCP type; the address, 4 or 16 bytes; the port, 2 bytes),
then 16 bits of a CRC-32 of the version and all before. About 75 bytes, 180
digits, for one IPv4 candidate.

Reading checks the cheap things first (type, length, digits only, version,
digit count, checksum) and only then the fields, every address on the table's
network (peer_sdp.on_table_network); a refusal is a PeerCodeError.
"""

from __future__ import annotations

import base64
import ipaddress

from companion.access.peer_sdp import (
    FINGERPRINT_BYTES,
    MAX_CANDIDATES,
    MID,
    PWD_LENGTHS,
    SETUPS,
    TCP_TYPES,
    UFRAG_LENGTHS,
    Candidate,
    Kind,
    PeerCodeError,
    PeerDescription,
    on_table_network,
)
from companion.engine.digit_blocks import (
    VERSION_DIGITS,
    DigitBlockError,
    check_bytes,
    digits_for_bytes,
    digits_to_bytes,
    versioned_digits,
)

FORMAT_VERSION = 1
"""The version of the code this app writes; it reads this one and none newer."""
CHECK_BYTES = 2
ROLES = [(kind, setup) for kind in Kind for setup in SETUPS[kind]]
"""The kind-and-role byte's values: 0 an offer (actpass), 1 and 2 answers."""
IPV6_FLAG = 1
TCP_TYPE_SHIFT = 1


MAX_FRAME_BYTES = (
    1 + (1 + 24) + (1 + 48) + FINGERPRINT_BYTES + (1 + 16) + 6
    + 1 + MAX_CANDIDATES * (1 + 16 + 2) + CHECK_BYTES
)  # fmt: skip
"""The longest frame: the longest name, password and mid, every candidate IPv6."""
MAX_CODE_DIGITS = VERSION_DIGITS + digits_for_bytes(MAX_FRAME_BYTES)


def _bytes(digits: str) -> bytes:
    try:
        return digits_to_bytes(digits)
    except DigitBlockError as error:
        raise PeerCodeError(f"peer-code-{error.reason}") from error


def _checksum(data: bytes) -> bytes:
    return check_bytes(FORMAT_VERSION, data, CHECK_BYTES)


def encode(description: PeerDescription) -> str:
    """The code of `description`: digits only."""
    frame = bytearray([ROLES.index((description.kind, description.setup))])
    for text in (description.ufrag, description.pwd):
        frame += bytes([len(text)]) + _pack_ice_chars(text)
    frame += description.fingerprint
    frame += bytes([len(description.mid)]) + description.mid.encode("ascii")
    frame += description.sctp_port.to_bytes(2, "big")
    frame += description.max_message_size.to_bytes(4, "big")
    frame.append(len(description.candidates))
    for candidate in description.candidates:
        flags = TCP_TYPES.index(candidate.tcp_type) << TCP_TYPE_SHIFT
        flags |= IPV6_FLAG if candidate.address.version == 6 else 0
        frame.append(flags)
        frame += candidate.address.packed + candidate.port.to_bytes(2, "big")
    frame += _checksum(bytes(frame))
    return versioned_digits(FORMAT_VERSION, bytes(frame))


def decode(code: object, expected: Kind) -> PeerDescription:
    """The description a code stands for, if it is of the `expected` kind.

    PeerCodeError for anything else: not a string of digits, too long, cut
    short, damaged or forged, naming an address off the table's network (so
    no connection is tried there), from a newer app, or of the other kind.
    """
    if not isinstance(code, str) or not code.isascii() or not code.isdigit():
        raise PeerCodeError("peer-code-not-digits")
    if len(code) > MAX_CODE_DIGITS:
        raise PeerCodeError("peer-code-too-long", max=MAX_CODE_DIGITS)
    if len(code) <= VERSION_DIGITS:
        raise PeerCodeError("peer-code-cut-short")
    version = int(code[:VERSION_DIGITS])
    if version > FORMAT_VERSION:
        raise PeerCodeError(
            "peer-code-newer-version", version=version, supported=FORMAT_VERSION
        )
    frame = _bytes(code[VERSION_DIGITS:])
    body, check = frame[:-CHECK_BYTES], frame[-CHECK_BYTES:]
    if version != FORMAT_VERSION or check != _checksum(body):
        raise PeerCodeError("peer-code-damaged")
    description = _FrameReader(body).description()
    if description.kind is not expected:
        raise PeerCodeError("peer-code-wrong-kind", expected=expected.value)
    return description


class _FrameReader:
    """Reads a frame whose checksum held; any misfit is a forged code."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def take(self, size: int) -> bytes:
        if self.at + size > len(self.data):
            raise PeerCodeError("peer-code-damaged")
        self.at += size
        return self.data[self.at - size : self.at]

    def number(self, size: int, below: int) -> int:
        value = int.from_bytes(self.take(size), "big")
        if value >= below:
            raise PeerCodeError("peer-code-damaged")
        return value

    def text(self, lengths: range, ice_chars: bool) -> str:
        length = self.take(1)[0]
        if length not in lengths:
            raise PeerCodeError("peer-code-damaged")
        if ice_chars:
            return base64.b64encode(self.take(_ice_bytes(length))).decode()[:length]
        text = self.take(length).decode("latin-1")
        if not MID.fullmatch(text):
            raise PeerCodeError("peer-code-damaged")
        return text

    def candidate(self) -> Candidate:
        flags = self.number(1, len(TCP_TYPES) << TCP_TYPE_SHIFT)
        size = 16 if flags & IPV6_FLAG else 4
        address = ipaddress.ip_address(self.take(size))
        if not on_table_network(address):
            raise PeerCodeError("peer-code-outside-network")
        port = self.number(2, 0x10000)
        return Candidate(address, port, TCP_TYPES[flags >> TCP_TYPE_SHIFT])

    def description(self) -> PeerDescription:
        kind, setup = ROLES[self.number(1, len(ROLES))]
        ufrag = self.text(UFRAG_LENGTHS, ice_chars=True)
        pwd = self.text(PWD_LENGTHS, ice_chars=True)
        fingerprint = self.take(FINGERPRINT_BYTES)
        mid = self.text(range(1, 17), ice_chars=False)
        sctp_port = self.number(2, 0x10000)
        max_message_size = self.number(4, 1 << 32)
        count = self.number(1, MAX_CANDIDATES + 1)
        candidates = tuple(self.candidate() for _ in range(count))
        if not candidates or self.at != len(self.data):
            raise PeerCodeError("peer-code-damaged")
        return PeerDescription(
            kind, setup, ufrag, pwd, fingerprint, mid, sctp_port,
            max_message_size, candidates,
        )  # fmt: skip


def _pack_ice_chars(text: str) -> bytes:
    """ICE characters (the base64 alphabet) at 6 bits each."""
    packed = base64.b64decode(text + "A" * (-len(text) % 4), validate=True)
    return packed[: _ice_bytes(len(text))]


def _ice_bytes(length: int) -> int:
    return -(-length * 6 // 8)
