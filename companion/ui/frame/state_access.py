"""A session's access to a shared table: its role, joining, the host's grants."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from companion.access.sharing import AccessError, Role, ShareGate
from companion.engine.errors import MatchError
from companion.engine.names import check_name
from companion.storage import StoreError


class Seat(Protocol):
    """What the parts of a session (AppState) read of it and tell it: who it
    is at the table, and what changed or went wrong."""

    gate: ShareGate
    session_id: str
    client_ip: str | None
    device: str
    phone_name: str

    def report(self, error: StoreError | MatchError | AccessError) -> None:
        """Show a failed action's reason until dismissed."""

    def changed(self) -> None:
        """Re-render what shows the session's data."""

    def saved(self, match_id: str, rerender: bool = True) -> None:
        """A write succeeded: re-render (unless not `rerender`), tell the others."""


class SessionAccess:
    """The part of AppState that asks the share gate what this session may do.

    Every write asks first (`allowed`, `hosting`): a viewer's session changes
    nothing, whatever event its browser sends. Only the host's own session
    hands out codes and rights.
    """

    def __init__(self, seat: Seat) -> None:
        self._seat = seat
        self._announce_access: Callable[[], None] | None = None

    @property
    def role(self) -> Role:
        """What this session may do at the table: host, recorder, viewer or locked."""
        return self._seat.gate.role(self._seat.session_id, self._seat.client_ip)

    @property
    def is_guest(self) -> bool:
        """Whether this session is a phone that joined (or must join) with the code."""
        return self.role is not Role.HOST

    @property
    def can_change(self) -> bool:
        """Whether this session may record, edit and delete rounds, start matches."""
        return self.role.can_change

    @property
    def is_host(self) -> bool:
        """Whether this session is the host's: imports, exports, names, settings."""
        return self.role is Role.HOST

    def allowed(self) -> bool:
        """Whether this session may write; a refusal is reported, nothing changes."""
        seat = self._seat
        try:
            seat.gate.check_change(seat.session_id, seat.client_ip)
        except AccessError as error:
            seat.report(error)
            return False
        return True

    def hosting(self) -> bool:
        """Whether this is the host's session; a guest's attempt is reported."""
        # Only the host's own device hands out codes and rights, imports,
        # exports and renames: a guest's browser could send the event for these
        # controls just the same.
        if self.role is Role.HOST:
            return True
        self._seat.report(AccessError("host-only" if self.can_change else "view-only"))
        return False

    def tell_access_changes_with(self, announce: Callable[[], None]) -> None:
        """Set how a join, new code or promotion is announced to every session."""
        self._announce_access = announce

    def access_changed(self) -> None:
        """A join, new code, promotion or name: every session's screens show it."""
        if self._announce_access is None:
            self._seat.changed()
        else:
            self._announce_access()

    def join(
        self, attempt: object, name: object = ""
    ) -> AccessError | MatchError | None:
        """Join the shared table with its code; the refusal, or None once in.

        A name, if one is given, is held to the rules of a player's name: the
        host must not be shown one that looks like another guest's or hides text.
        """
        seat = self._seat
        replaced = seat.gate.codes_replaced
        try:
            # Both are what the phone's fields hold: a forged one may be any type.
            if not isinstance(attempt, str):
                raise AccessError("join-code-format")
            if not isinstance(name, str) or name.strip():
                name = check_name(name)
            joined = seat.gate.join(
                seat.session_id, seat.client_ip, attempt, name, seat.device
            )
        except (AccessError, MatchError) as error:
            if seat.gate.codes_replaced != replaced:
                # Too many wrong codes at the table: the host's screen shows the
                # new code at once.
                self.access_changed()
            return error
        seat.phone_name = joined.name
        self.access_changed()
        return None

    def name_guest(self, name: str) -> bool:
        """Tell the gate this joined phone's new name (the host's list shows
        it); False after reporting why not."""
        seat = self._seat
        try:
            seat.gate.name_guest(seat.session_id, seat.client_ip, name)
        except AccessError as error:
            seat.report(error)
            return False
        seat.phone_name = name
        self.access_changed()
        return True

    def new_join_code(self) -> None:
        """A fresh join code: every guest is dropped and must join again."""
        if self.hosting():
            self._seat.gate.regenerate()
            self.access_changed()

    def let_record(self, session_id: str, can_record: bool) -> None:
        """Let a joined phone record and edit rounds, or make it a viewer again."""
        if not self.hosting():
            return
        try:
            self._seat.gate.set_can_record(session_id, can_record)
        except AccessError as error:
            self._seat.report(error)
        self.access_changed()

    def set_away(self, away: bool) -> None:
        """This session's browser went away or came back: the host's list shows it."""
        # Not a re-render here either: the browser may be gone for now.
        seat = self._seat
        if seat.gate.set_away(seat.session_id, away) and self._announce_access:
            self._announce_access()

    def leave(self) -> None:
        """This session ended: the gate forgets it, the host's list drops it."""
        if self.role in (Role.RECORDER, Role.VIEWER):
            self._seat.gate.leave(self._seat.session_id)
            # Not a re-render here: this session has no browser any more.
            if self._announce_access is not None:
                self._announce_access()
