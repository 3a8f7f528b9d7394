"""What a phone and the phones following it say over their link, read within bounds.

The host sends its match as the hand-over's match code, whole, after each
change (`match`), and why it refused a change (`refused`); a phone that may
record sends its changed match the same way (`save`), naming the `seq` of the
host's match it changed, and whose phone it is (`name`: a label the host
shows, never who the phone is, which its link says). Every message is one
JSON object of a known type `t`; what a phone sends is read as untrusted: its
length and nesting first, then its JSON, then each field's type. A refusal is
an AccessError.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.access.sharing import ACCESS_ERROR_CODES, AccessError
from companion.engine.json_depth import nests_deeper_than
from companion.engine.names import MAX_NAME_BYTES, phone_name

MAX_MESSAGE_CHARS = 262_144
"""The longest message read: Chromium's and Safari's largest data channel
message (webclient/peer_link.js drops a longer one before it gets here: the
same number, which tests/access/test_follow_messages.py holds them to)."""
MAX_NAME_MESSAGE_CHARS = 4 * MAX_NAME_BYTES
"""The longest message saying whose phone it is: the longest name the rules
allow, each byte's character escaped as JSON escapes it, fits."""
MAX_SEQ = 2**31
"""Change numbers stay below this: a phone plays far fewer rounds."""
RATE = 5.0
"""Messages a second a following phone may send, on average..."""
BURST = 10
"""...and at once: a person taps Save a few times a minute."""


@dataclass(frozen=True)
class MatchSent:
    """The host's match after its `seq`-th change, as a match code; whether
    the phone that hears it may send changes."""

    seq: int
    code: str
    may_record: bool


@dataclass(frozen=True)
class Refused:
    """The host refused a phone's change: the AccessError code why."""

    error: str


@dataclass(frozen=True)
class SaveAsked:
    """A phone's changed match (a match code), made to the host's `seq`-th."""

    seq: int
    code: str


@dataclass(frozen=True)
class NameTold:
    """Whose phone it is, as it says ("" for nobody's): engine/names.py's
    rules, cleaned; a label only."""

    name: str


def match_sent(seq: int, code: str, may_record: bool) -> str:
    """The host's message with its match."""
    return json.dumps({"t": "match", "seq": seq, "code": code, "record": may_record})


def refused(error: str) -> str:
    """The host's message that it refused a change, and why (a known code)."""
    return json.dumps({"t": "refused", "error": error})


def save_asked(seq: int, code: str) -> str:
    """A following phone's message with its changed match."""
    return json.dumps({"t": "save", "seq": seq, "code": code})


def name_told(name: str) -> str:
    """A following phone's message saying whose phone it is."""
    return json.dumps({"t": "name", "name": name})


def _object(text: object) -> dict[str, Any]:
    if not isinstance(text, str) or len(text) > MAX_MESSAGE_CHARS:
        raise AccessError("follow-unreadable")
    # Before the parser, which a deep text overflows: RecursionError in
    # CPython, the whole app gone in Pyodide. Brackets are ASCII, whatever the
    # rest of the text (a lone surrogate too) holds.
    if nests_deeper_than(text.encode("utf-8", "surrogatepass")):
        raise AccessError("follow-unreadable")
    try:
        message = json.loads(text)
    except ValueError as error:
        raise AccessError("follow-unreadable") from error
    if not isinstance(message, dict):
        raise AccessError("follow-unreadable")
    return message


def _seq(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise AccessError("follow-unreadable")
    if not 0 <= value < MAX_SEQ:
        raise AccessError("follow-unreadable")
    return value


def _code(value: object) -> str:
    if not isinstance(value, str) or not value.isascii() or not value.isdigit():
        raise AccessError("follow-unreadable")
    return value


def read_from_host(text: object) -> MatchSent | Refused:
    """The host's message; AccessError("follow-unreadable") if it is not one."""
    message = _object(text)
    if message.get("t") == "match" and isinstance(message.get("record"), bool):
        return MatchSent(
            _seq(message.get("seq")), _code(message.get("code")), message["record"]
        )
    error = message.get("error")
    # Only a code with no parameters: the host sends no words of its own.
    known = isinstance(error, str) and ACCESS_ERROR_CODES.get(error) == ()
    if message.get("t") == "refused" and known:
        return Refused(str(error))
    raise AccessError("follow-unreadable")


def name_from_phone(text: object) -> NameTold | None:
    """A following phone's message saying whose phone it is; None if it is
    no such message (read_from_phone reads the rest), AccessError
    ("follow-unreadable") if it is one and its name breaks the name rules.

    Any phone may say it, one that only watches too: so only a short text
    that names the field is read here, and a watcher's others stay unread.
    """
    if not isinstance(text, str) or len(text) > MAX_NAME_MESSAGE_CHARS:
        return None
    if '"name"' not in text:
        return None
    message = _object(text)
    if message.get("t") != "name":
        return None
    # Held to the rules of a player's name, its bytes bounded first.
    name = phone_name(message.get("name"))
    if name is None:
        raise AccessError("follow-unreadable")
    return NameTold(name)


def read_from_phone(text: object) -> SaveAsked:
    """A following phone's message with a change; AccessError
    ("follow-unreadable") if it is not one."""
    message = _object(text)
    if message.get("t") != "save":
        raise AccessError("follow-unreadable")
    return SaveAsked(_seq(message.get("seq")), _code(message.get("code")))


class MessageBudget:
    """How many messages a phone may still send now: RATE a second, BURST at
    once (or the `rate` and `burst` of another sender)."""

    def __init__(
        self,
        clock: Callable[[], float] = time.monotonic,
        *,
        rate: float = RATE,
        burst: int = BURST,
    ) -> None:
        self._clock = clock
        self._rate, self._burst = rate, float(burst)
        self._tokens = self._burst
        self._at = clock()

    def take(self) -> bool:
        """Spend one message; False (and nothing spent) when none is left."""
        now = self._clock()
        self._tokens = min(self._burst, self._tokens + (now - self._at) * self._rate)
        self._at = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True
