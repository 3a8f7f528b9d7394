"""Where a round came from: the phone that recorded it, when, and whose phone it is.

A round's origin is a label, never part of what was played: two rounds are
the same round whatever phones recorded them (Round compares without it), so
a merge compares what was played. In a match's dict, the phones are listed
once (`phones`: [id, name] pairs) and each round points at one (`by`:
[index, seconds since 1970 UTC]): a phone's id and name are not written again
for every round it recorded.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.engine.errors import MatchError
from companion.engine.names import phone_name
from companion.engine.rounds import Origin, Round

__all__ = ["Origin"]

PHONE_ID_CHARS = 8
"""A phone's id: this many lowercase hex digits (32 random bits): enough to
tell apart the few phones that ever meet one match, and short in a code."""
LATEST_SECOND = 32_503_679_999
"""The last second of the year 2999 (as a stored match's times)."""
MAX_MATCH_PHONES = 64
"""The most phones one match says it was recorded on: far past any table."""


def new_phone_id() -> str:
    """A phone's id, made once per store."""
    return secrets.token_hex(PHONE_ID_CHARS // 2)


def is_phone_id(value: object) -> bool:
    """Whether `value` is a phone's id as new_phone_id makes them."""
    return (
        isinstance(value, str)
        and len(value) == PHONE_ID_CHARS
        and all(c in "0123456789abcdef" for c in value)
    )


def _second(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise MatchError("bad-match-data", reason="origin")
    if not 0 <= value <= LATEST_SECOND:
        raise MatchError("bad-match-data", reason="origin")
    return value


def origin_phones(origins: Sequence[Origin | None]) -> list[tuple[str, str]]:
    """The phones (id, name) the origins name, in the order first met."""
    seen: dict[tuple[str, str], None] = {}
    for origin in origins:
        if origin is not None:
            seen.setdefault((origin.phone, origin.name))
    return list(seen)


def origins_to_dict(origins: Sequence[Origin | None], data: dict[str, Any]) -> None:
    """Write the rounds' origins into a match's dict (`data`, its `rounds`
    in the same order): nothing for a match whose rounds say none."""
    phones = origin_phones(origins)
    if not phones:
        return
    index = {phone: at for at, phone in enumerate(phones)}
    data["phones"] = [list(phone) for phone in phones]
    for origin, written in zip(origins, data["rounds"], strict=True):
        if origin is not None:
            written["by"] = [index[(origin.phone, origin.name)], origin.at]


def _phones(raw: object) -> list[tuple[str, str]]:
    if not isinstance(raw, list) or len(raw) > MAX_MATCH_PHONES:
        raise MatchError("bad-match-data", reason="origin")
    phones = []
    for entry in raw:
        if not isinstance(entry, list) or len(entry) != 2:
            raise MatchError("bad-match-data", reason="origin")
        phone, name = entry
        if not is_phone_id(phone) or phone_name(name) != name:
            raise MatchError("bad-match-data", reason="origin")
        phones.append((phone, name))
    return phones


def origins_from_dict(data: Mapping[str, Any]) -> list[Origin | None]:
    """Each round's origin in a match's dict (None where it says none);
    MatchError("bad-match-data", reason="origin") for any that is no origin."""
    rounds = data["rounds"]
    if "phones" not in data:
        return [None] * len(rounds)
    phones = _phones(data["phones"])
    origins: list[Origin | None] = []
    for round_ in rounds:
        by = round_.get("by") if isinstance(round_, Mapping) else None
        if by is None:
            origins.append(None)
            continue
        if not isinstance(by, list) or len(by) != 2:
            raise MatchError("bad-match-data", reason="origin")
        at_phone = by[0]
        if isinstance(at_phone, bool) or not isinstance(at_phone, int):
            raise MatchError("bad-match-data", reason="origin")
        if not 0 <= at_phone < len(phones):
            raise MatchError("bad-match-data", reason="origin")
        phone, name = phones[at_phone]
        origins.append(Origin(phone, _second(by[1]), name))
    return origins


def stamped(
    rounds: tuple[Round, ...], before: tuple[Round, ...], origin: Origin
) -> tuple[Round, ...]:
    """`rounds` with each one recorded now (none of `before`, the rounds it
    was changed from) given `origin`; the rest keep theirs.

    A round of `before` kept as it was is the same object (a change copies
    the others along), else the same round at the same place; only a round
    that is neither and says no origin is new.
    """
    kept = {id(round_) for round_ in before}
    if all(round_.origin is not None or id(round_) in kept for round_ in rounds):
        return rounds
    fresh = list(rounds)
    for at, round_ in enumerate(rounds):
        if round_.origin is not None or id(round_) in kept:
            continue
        if at < len(before) and before[at] == round_:
            fresh[at] = before[at]
            continue
        fresh[at] = replace(round_, origin=origin)
    return tuple(fresh)
