"""Where a match's rounds came from, as compact bytes in a match code (version 2).

The phones once (their count, then each one's id as 4 bytes and its name),
then one varint a round: 0 for a round that says no origin, else 1 + its
phone's index + the phone count times its time, as the seconds from the last
time written (the match's creation first), zigzagged (a round edited later
may be older than the one before it). An evening's round, a few minutes after
the last on one of a few phones, costs 2 bytes.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.engine.match import Round
from companion.engine.names import MAX_NAME_BYTES, phone_name
from companion.engine.origins import (
    LATEST_SECOND,
    MAX_MATCH_PHONES,
    PHONE_ID_CHARS,
    Origin,
    origin_phones,
)
from companion.storage.layout_bytes import LayoutError, LayoutReader, LayoutWriter


def _zigzag(value: int) -> int:
    return value * 2 if value >= 0 else -value * 2 - 1


def _unzigzag(value: int) -> int:
    return value // 2 if value % 2 == 0 else -(value + 1) // 2


def write_origins(out: LayoutWriter, rounds: Sequence[Round], since: int) -> None:
    """The rounds' origins (see the module); `since`: the match's creation,
    in seconds since 1970 UTC."""
    phones = origin_phones([round_.origin for round_ in rounds])
    out.uint(len(phones))
    for phone, name in phones:
        out.raw(bytes.fromhex(phone))
        out.text(name)
    index = {phone: at for at, phone in enumerate(phones)}
    last = since
    for round_ in rounds:
        origin = round_.origin
        if origin is None:
            out.uint(0)
            continue
        which = index[(origin.phone, origin.name)]
        out.uint(1 + which + len(phones) * _zigzag(origin.at - last))
        last = origin.at


def read_origins(reader: LayoutReader, rounds: int, since: int) -> list[Origin | None]:
    """`rounds` rounds' origins, as write_origins wrote them (`since` as
    there); LayoutError for bytes of another shape or a name the rules refuse."""
    count = reader.count(MAX_MATCH_PHONES)
    phones = []
    for _ in range(count):
        phone = reader.raw(PHONE_ID_CHARS // 2).hex()
        name = reader.text(MAX_NAME_BYTES)
        if phone_name(name) != name:
            raise LayoutError("origin-name")
        phones.append((phone, name))
    last = since
    origins: list[Origin | None] = []
    for _ in range(rounds):
        # With no phone listed, the bound is 0: no round may name one.
        said = reader.uint(count * (2 * LATEST_SECOND + 1))
        if not said:
            origins.append(None)
            continue
        delta, which = divmod(said - 1, count)
        last += _unzigzag(delta)
        if not 0 <= last <= LATEST_SECOND:
            raise LayoutError("origin-time")
        phone, name = phones[which]
        origins.append(Origin(phone, last, name))
    return origins
