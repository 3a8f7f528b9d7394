"""Who may see and change a shared table: the join code, the guests, the wrong tries."""

from __future__ import annotations

import ipaddress
import math
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum

from companion.engine.names import NameBook, name_key

JOIN_CODE_DIGITS = 6
MAX_FAILURES = 5
FAILURE_WINDOW = 60.0
"""Seconds in which MAX_FAILURES wrong codes lock a client out."""
FIRST_WAIT = 60.0
"""Seconds of the first lockout; each further lockout doubles it."""
MAX_WAIT = 3600.0
FORGET_AFTER = 3600.0
"""Seconds of quiet (no wrong code, no lockout) after which a client's wrong tries
are forgotten: its next lockout is a first one again, and the gate keeps no
record of every address that ever mistyped."""
TABLE_LIMITS = ((60.0, 10), (3600.0, 30))
"""(seconds, wrong codes): wrong codes from every address together that the table
takes in that many seconds. Reaching one replaces the code and refuses every join
until the oldest of those wrong codes is that old: an address that changes its
address gains nothing (docs/sharing.md)."""

ACCESS_ERROR_CODES: dict[str, tuple[str, ...]] = {
    # What was typed is not six digits; this does not count as a wrong try.
    "join-code-format": (),
    # A wrong code; `attempts_left` more wrong ones before the lockout.
    "join-code-wrong": ("attempts_left",),
    # Too many wrong codes: wait `seconds` (rounded up) before trying again.
    "join-rate-limited": ("seconds",),
    # A viewer (or a session that has not joined) tried to change something.
    "view-only": (),
    # A guest tried what only the host's own device does (import, export, the
    # stored settings, the players' names, sharing).
    "host-only": (),
    # The host acted on a guest who has left or was dropped.
    "guest-gone": (),
    # Another phone at the table joined under a name that reads the same.
    "guest-name-taken": ("name",),
    # Another phone joined under a name that looks like this one, spelt with
    # letters of another alphabet (names.NameBook).
    "guest-name-look-alike": ("name", "known"),
    # A guest's change failed on the host's device for a reason that names the
    # host's files (a data folder that cannot be written to): the guest is told
    # that much, the host sees the path when its own saves fail.
    "host-could-not-save": (),
    # A seventh phone asked to follow the host phone (MAX_PHONES).
    "follow-full": ("most",),
    # A following phone sent a change that is more than its rounds (the
    # players, the rules, the end): a recorder records, edits and deletes rounds.
    "follow-not-rounds": (),
    # A following phone sent a round more for a match that is over here.
    "follow-after-end": (),
    # A following phone sent what the host cannot read.
    "follow-unreadable": (),
    # A following phone's change was made to a copy older than the host's.
    "follow-stale": (),
    # A following phone's change came for a match the host has since deleted.
    "follow-match-gone": (),
    # A change of a followed match while its link is quiet (or behind).
    "follow-quiet": (),
    # A match too large for the link between two phones (its largest message).
    "follow-too-large": (),
}
"""Every code AccessError can carry, with the names of its parameters."""


class Role(StrEnum):
    """What a session may do with the table."""

    HOST = "host"
    RECORDER = "recorder"
    VIEWER = "viewer"
    LOCKED = "locked"

    @property
    def can_change(self) -> bool:
        """Whether this role may record, edit and delete rounds and start matches.

        Everything else that changes or reveals the host's data (import, export,
        stored settings, the data folder, players' names, sharing) is the host's.
        """
        return self in (Role.HOST, Role.RECORDER)

    @property
    def can_see(self) -> bool:
        """Whether this role may see the table at all."""
        return self is not Role.LOCKED


class AccessError(ValueError):
    """A join or change refused: nothing was changed.

    `code` is a stable identifier (see ACCESS_ERROR_CODES) and `params` the values
    a translated message needs, as with MatchError.
    """

    def __init__(self, code: str, **params: object) -> None:
        detail = ", ".join(f"{key}={value!r}" for key, value in params.items())
        super().__init__(f"{code}: {detail}" if detail else code)
        assert sorted(ACCESS_ERROR_CODES.get(code, ("?",))) == sorted(params), code
        self.code = code
        self.params = params


def new_join_code() -> str:
    """A fresh random join code: six digits, leading zeros kept."""
    return f"{secrets.randbelow(10**JOIN_CODE_DIGITS):0{JOIN_CODE_DIGITS}d}"


def spaced_join_code(code: str) -> str:
    """The code as shown to people, in two groups: "123 456"; join() takes either."""
    half = len(code) // 2
    return f"{code[:half]} {code[half:]}" if code else ""


def is_loopback_client(client_ip: str | None) -> bool:
    """Whether a client address belongs to this machine (127.0.0.0/8 or ::1)."""
    if not client_ip:
        return False
    try:
        address = ipaddress.ip_address(client_ip)
    except ValueError:
        return False
    # A dual-stack socket reports IPv4 clients as ::ffff:a.b.c.d.
    mapped = getattr(address, "ipv4_mapped", None)
    return (mapped or address).is_loopback


PHONE_ADDRESS_PREFIX = "phone:"
"""Before the link name of a phone that follows this one over a direct
connection: what the gate knows it by, as it knows a served guest by its IP
address. No IP address starts so, so no served session can pass for one."""

MAX_PHONES = 6
"""Phones that may follow one phone at once: a table's other players."""


def phone_address(link: str) -> str:
    """The address the gate knows a directly connected phone by."""
    return PHONE_ADDRESS_PREFIX + link


def _typed_digits(attempt: str) -> str | None:
    """The code as typed without its spaces, or None when it is not six digits."""
    digits = "".join(attempt.split())
    if len(digits) == JOIN_CODE_DIGITS and digits.isascii() and digits.isdigit():
        return digits
    return None


@dataclass(frozen=True)
class Guest:
    """A phone that joined with the code; `number` counts joins from 1."""

    session_id: str
    name: str
    client_ip: str
    number: int
    can_record: bool
    away: bool = False
    """Its browser went away (closed, asleep, off the network) and may come back."""
    device: str = ""
    """The key of the device it joined from (the hash of the token its browser
    keeps, storage/drafts.py), "" if not known yet: a session that joins from
    the same device is the same guest."""


@dataclass
class _Tries:
    """One client's wrong codes in the window and its lockouts so far."""

    failures: deque[float]
    lockouts: int = 0
    locked_until: float = 0.0
    last_wrong: float = 0.0

    def quiet_since(self) -> float:
        """When this client last typed a wrong code or was last let go."""
        return max(self.last_wrong, self.locked_until)


class ShareGate:
    """Who may see and change the table: the join code, the guests, the wrong tries.

    One gate serves every session of a server process, from any thread. When it
    is not shared, everyone is the host. A guest is bound to the address it
    joined from: the same session seen from another address has to join again.
    """

    def __init__(
        self,
        shared: bool,
        *,
        clock: Callable[[], float] = time.monotonic,
        new_code: Callable[[], str] = new_join_code,
        on_replaced: Callable[[str], None] | None = None,
    ) -> None:
        """`on_replaced` hears the new code whenever wrong codes replaced it."""
        self._shared = shared
        self._clock = clock
        self._new_code = new_code
        self._on_replaced = on_replaced
        self._told = 0
        self._lock = threading.Lock()
        self._code = new_code() if shared else ""
        self._guests: dict[str, Guest] = {}
        self._sent_back: frozenset[str] = frozenset()
        self._tries: dict[str, _Tries] = {}
        self._table_wrong: deque[float] = deque()
        self._replaced = 0
        self._joined = 0

    @property
    def shared(self) -> bool:
        """Whether the table is shared, so guests need the code."""
        return self._shared

    @property
    def code(self) -> str:
        """The current join code; "" when not shared."""
        with self._lock:
            return self._code

    @property
    def codes_replaced(self) -> int:
        """How often too many wrong codes made the gate replace the code itself."""
        with self._lock:
            return self._replaced

    def role(self, session_id: str, client_ip: str | None) -> Role:
        """What the session at `client_ip` may do now."""
        phone = (client_ip or "").startswith(PHONE_ADDRESS_PREFIX)
        if not phone and (not self._shared or is_loopback_client(client_ip)):
            return Role.HOST
        with self._lock:
            guest = self._guests.get(session_id)
        if guest is None or guest.client_ip != (client_ip or ""):
            return Role.LOCKED
        return Role.RECORDER if guest.can_record else Role.VIEWER

    def join(
        self,
        session_id: str,
        client_ip: str | None,
        attempt: str,
        name: str = "",
        device: str = "",
    ) -> Guest:
        """Let the session in as a viewer if `attempt` is the code; AccessError
        when the code is malformed or wrong, or the client is locked out.

        A session from the `device` of a guest already at the table (its
        browser was killed, and came back with its token) takes that guest's
        place: its number, its name if it gives it again, and its right to
        record. A name another device holds stays refused.
        """
        try:
            return self._join(session_id, client_ip, attempt, name, device)
        finally:
            self._tell_replaced()

    def admit_phone(self, link: str) -> Guest:
        """Let a phone that connected directly in as a viewer, under its link's
        name; AccessError("follow-full") past MAX_PHONES.

        Its two codes were scanned in person, each phone's camera at the
        other's screen: that is its join code.
        """
        address = phone_address(link)
        with self._lock:
            phones = [
                g
                for g in self._guests.values()
                if g.client_ip.startswith(PHONE_ADDRESS_PREFIX)
            ]
            if len(phones) >= MAX_PHONES:
                raise AccessError("follow-full", most=MAX_PHONES)
            self._joined += 1
            guest = Guest(link, "", address, self._joined, False)
            self._guests[link] = guest
            return guest

    def _tell_replaced(self) -> None:
        """Give on_replaced a code replaced since it last heard (outside the lock)."""
        with self._lock:
            news = self._code if self._replaced != self._told else None
            self._told = self._replaced
        if news is not None and self._on_replaced is not None:
            self._on_replaced(news)

    def _join(
        self,
        session_id: str,
        client_ip: str | None,
        attempt: str,
        name: str,
        device: str,
    ) -> Guest:
        ip = client_ip or ""
        with self._lock:
            known = self._guests.get(session_id)
            if known is not None and known.client_ip == ip:
                return known
            now = self._clock()
            self._forget_quiet(now)
            tries = self._tries.get(ip)
            if tries is not None and tries.locked_until > now:
                raise AccessError(
                    "join-rate-limited", seconds=math.ceil(tries.locked_until - now)
                )
            table_wait = self._table_wait(now)
            if table_wait > 0:
                raise AccessError("join-rate-limited", seconds=math.ceil(table_wait))
            digits = _typed_digits(attempt)
            if digits is None:
                raise AccessError("join-code-format")
            if not secrets.compare_digest(digits, self._code):
                raise self._failed(ip, now)
            self._tries.pop(ip, None)
            # Checked only once the code is right: a stranger learns no names.
            self._refuse_guest_name(session_id, name, device)
            back = self._take_device(session_id, device)
            if known is not None:
                # The session's id from another address: not trusted to record.
                number, can_record = known.number, False
            elif back is not None:
                number, can_record = back.number, back.can_record
            else:
                self._joined += 1
                number, can_record = self._joined, False
            guest = Guest(
                session_id, name.strip(), ip, number, can_record, device=device
            )
            self._guests[session_id] = guest
            self._sent_back -= {session_id}
            return guest

    def _take_device(self, session_id: str, device: str) -> Guest | None:
        """Forget the guest another session of `device` made, and return it
        (lock held): the device is back in a new session."""
        if not device:
            return None
        for other in list(self._guests.values()):
            if other.device == device and other.session_id != session_id:
                return self._guests.pop(other.session_id)
        return None

    def _refuse_guest_name(self, session_id: str, name: str, device: str) -> None:
        """AccessError if another phone joined under a name that reads or looks
        the same as `name` (lock held); this device's own guest holds no name
        against it."""
        if not name_key(name):
            return
        others = NameBook(
            g.name
            for g in self._guests.values()
            if g.session_id != session_id and not (device and g.device == device)
        )
        known = others.find(name)
        if known is None:
            return
        if name_key(known) == name_key(name):
            raise AccessError("guest-name-taken", name=name.strip())
        raise AccessError("guest-name-look-alike", name=name.strip(), known=known)

    def _table_wait(self, now: float) -> float:
        """Seconds until the table takes a wrong code again; 0 if now (lock held)."""
        longest = max(seconds for seconds, _ in TABLE_LIMITS)
        while self._table_wrong and self._table_wrong[0] <= now - longest:
            self._table_wrong.popleft()
        wait = 0.0
        for seconds, limit in TABLE_LIMITS:
            recent = [at for at in self._table_wrong if at > now - seconds]
            if len(recent) >= limit:
                wait = max(wait, recent[-limit] + seconds - now)
        return wait

    def _failed(self, ip: str, now: float) -> AccessError:
        """Count a wrong code for `ip` and the table (lock held); the error to raise."""
        self._table_wrong.append(now)
        table_wait = self._table_wait(now)
        if table_wait > 0:
            self._replace_code()
        tries = self._tries.setdefault(ip, _Tries(deque()))
        tries.failures.append(now)
        tries.last_wrong = now
        while tries.failures and tries.failures[0] <= now - FAILURE_WINDOW:
            tries.failures.popleft()
        wait = 0.0
        if len(tries.failures) >= MAX_FAILURES:
            wait = min(FIRST_WAIT * 2**tries.lockouts, MAX_WAIT)
            tries.lockouts += 1
            tries.locked_until = now + wait
            tries.failures.clear()
        if max(wait, table_wait) > 0:
            return AccessError(
                "join-rate-limited", seconds=math.ceil(max(wait, table_wait))
            )
        return AccessError(
            "join-code-wrong", attempts_left=MAX_FAILURES - len(tries.failures)
        )

    def _replace_code(self) -> None:
        """A fresh code after too many wrong ones; joined guests stay (lock held)."""
        # The guessers have seen this code fail often enough: a fresh one throws
        # away everything their wrong guesses ruled out.
        old = self._code
        while self._code == old:
            self._code = self._new_code()
        self._replaced += 1

    def _forget_quiet(self, now: float) -> None:
        """Drop the wrong tries of clients quiet for FORGET_AFTER (lock held)."""
        quiet = [
            ip
            for ip, tries in self._tries.items()
            if tries.quiet_since() + FORGET_AFTER <= now
        ]
        for ip in quiet:
            del self._tries[ip]

    def regenerate(self) -> str:
        """Switch to a new code, different from the old one, and drop every guest."""
        with self._lock:
            if not self._shared:
                return ""
            old = self._code
            while self._code == old:
                self._code = self._new_code()
            # Their join screen says why they are back: no more of them than
            # there were guests.
            self._sent_back = frozenset(self._guests)
            self._guests.clear()
            return self._code

    def sent_back(self, session_id: str) -> bool:
        """Whether a new code sent this session back to join again (and it has
        not joined since)."""
        with self._lock:
            return session_id in self._sent_back

    def set_can_record(self, session_id: str, can_record: bool) -> Guest:
        """Promote a guest to recorder or make it a viewer again."""
        with self._lock:
            guest = self._guests.get(session_id)
            if guest is None:
                raise AccessError("guest-gone")
            guest = replace(guest, can_record=can_record)
            self._guests[session_id] = guest
            return guest

    def name_guest(self, session_id: str, client_ip: str | None, name: str) -> Guest:
        """Give a joined phone the name it says it is known by (checked by the
        name rules already; "" for none); AccessError if it has not joined from
        `client_ip`, or another phone's name reads or looks the same."""
        with self._lock:
            guest = self._guests.get(session_id)
            if guest is None or guest.client_ip != (client_ip or ""):
                raise AccessError("guest-gone")
            self._refuse_guest_name(session_id, name, guest.device)
            guest = replace(guest, name=name.strip())
            self._guests[session_id] = guest
            return guest

    def set_away(self, session_id: str, away: bool) -> bool:
        """Note that a guest's browser went away or came back; whether that is news."""
        with self._lock:
            guest = self._guests.get(session_id)
            if guest is None or guest.away == away:
                return False
            self._guests[session_id] = replace(guest, away=away)
            return True

    def leave(self, session_id: str) -> None:
        """Forget a guest whose session closed; an unknown id is ignored."""
        with self._lock:
            self._guests.pop(session_id, None)

    def guests(self) -> tuple[Guest, ...]:
        """The joined guests, in the order they joined."""
        with self._lock:
            return tuple(sorted(self._guests.values(), key=lambda g: g.number))

    def check_change(self, session_id: str, client_ip: str | None) -> None:
        """Refuse with AccessError("view-only") unless the session may change things."""
        if not self.role(session_id, client_ip).can_change:
            raise AccessError("view-only")
