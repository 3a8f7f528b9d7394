"""Rounds being entered, kept per device until saved or discarded: never rounds."""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import secrets
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from tinydb import TinyDB

from companion.storage import schema
from companion.storage.errors import StoreError
from companion.storage.storages import DamagedData, Tables, put_document

ONE_DEVICE = "this-device"
"""The device key of a store that only one device ever opens (the static site's
IndexedDB, a packaged app's own folder)."""

HOST_DEVICE = "host-computer"
"""The device key of the computer that serves the table, whichever of its
browsers a session runs in: the server names it, from the peer address it
accepted the session from, never from anything a browser says (a browser's
token only ever gives a "d-" key, device_key)."""

MAX_DRAFTS = 20
"""Drafts a device keeps; past it the oldest goes (a table has one or two)."""

MAX_AGE = 30 * 24 * 3600.0
"""Seconds a draft is kept: a round left half entered a month ago is no round
anyone is still entering. A phone's file goes with its last draft."""

MAX_PHONES = 20
"""Phones whose drafts are kept at once; past it, the phone that kept one
longest ago loses its file. A table has a handful of phones, and 20 covers
evenings of guests coming and going; yet a stream of new tokens (each a new
phone to the server) keeps the folder at 20 files of at most MAX_DRAFTS ×
MAX_DRAFT_CHARS (8 MB together, as much again in backups). The host's
computer and a one-device store are no phone: never pushed out."""

MAX_DRAFT_CHARS = 20_000
"""The largest draft kept, as JSON text: a 10-player round is ~1,000."""

_PHONE = "d-"
"""How the key of a device told apart by its token begins (a phone's)."""
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{40,64}$")
_DEVICE_KEY = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")
_MATCH_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_SLOT = re.compile(r"^(next|round-[1-9][0-9]{0,4})$")
_TABLE = "drafts"
_DOC_ID = 1


def new_device_token() -> str:
    """A fresh secret a browser keeps to be known as the same device later."""
    return secrets.token_urlsafe(32)


def device_key(token: object) -> str | None:
    """The key a device's drafts are filed under, from the token its browser holds;
    None for anything that is not a token this app hands out.

    Only a hash of the token is stored, so the data folder does not give away
    the secret that would let another browser pass for the device.
    """
    if not isinstance(token, str) or not _TOKEN.match(token):
        return None
    return _PHONE + hashlib.sha256(token.encode("ascii")).hexdigest()[:40]


def draft_slot(index: int | None) -> str:
    """Which draft of a match: the next round's, or round `index`'s (0-based) edit."""
    return "next" if index is None else f"round-{index + 1}"


def slot_index(slot: str) -> int | None:
    """The round (0-based) a slot's draft edits; None for the next round's."""
    number = slot.removeprefix("round-")
    return int(number) - 1 if number != slot and number.isdigit() else None


def _entry_key(match_id: str, slot: str) -> str:
    return f"{match_id}/{slot}"


def _good_entry(key: object, entry: object) -> bool:
    if not isinstance(key, str) or not isinstance(entry, dict):
        return False
    match_id, _, slot = key.partition("/")
    at = entry.get("at")
    return (
        bool(_MATCH_ID.match(match_id))
        and bool(_SLOT.match(slot))
        and isinstance(at, int | float)
        and not isinstance(at, bool)
        and isinstance(entry.get("draft"), dict)
    )


def check_drafts(tables: Tables, _path: Path | str = "") -> Tables:
    """A device's drafts file with only its usable entries (the rest dropped).

    A draft is only ever a convenience: one that does not read right is left
    out, never reported, and never stops the store from opening.
    """
    try:
        tables = schema.upgrade_tables(tables, _path, lambda _version: None)
    except (DamagedData, StoreError):
        # A newer app's drafts too: this one cannot read them, and a draft
        # is not worth refusing to open for.
        return {}
    document = tables.get(_TABLE, {}).get(str(_DOC_ID))
    entries = document.get("entries") if isinstance(document, dict) else None
    if not isinstance(entries, dict):
        return {}
    kept = {k: e for k, e in entries.items() if _good_entry(k, e)}
    return {_TABLE: {str(_DOC_ID): {"schema": schema.SCHEMA_VERSION, "entries": kept}}}


class Drafts:
    """Each device's drafts, one document file per device, written atomically.

    `open_file` gives the TinyDB of a device's file; `exists` tells whether a
    match is still stored, so drafts of deleted matches are let go. `phones`
    are the devices whose files the store found as it opened, and `forget` is
    told of a device whose file was deleted. Drafts older than MAX_AGE count as
    gone, and no more than MAX_PHONES phones keep a file.
    """

    def __init__(
        self,
        open_file: Callable[[str], TinyDB],
        exists: Callable[[str], bool],
        clock: Callable[[], float] = time.time,
        *,
        phones: Iterable[str] = (),
        forget: Callable[[str], object] = lambda _device: None,
    ) -> None:
        self._open_file = open_file
        self._exists = exists
        self._clock = clock
        self._found = [d for d in phones if d.startswith(_PHONE)]
        self._forget = forget
        self._phones: dict[str, float] | None = None
        """Each phone with a file: when it last kept a draft (read when first
        needed)."""

    def _entries(self, device: str) -> dict[str, Any]:
        """The device's drafts that are still young enough to keep."""
        if not _DEVICE_KEY.match(device):
            return {}
        try:
            document = self._open_file(device).table(_TABLE).get(doc_id=_DOC_ID)
        except (DamagedData, StoreError, OSError, ValueError, KeyError, TypeError):
            return {}
        if not isinstance(document, dict):
            return {}
        checked = check_drafts({_TABLE: {str(_DOC_ID): dict(document)}})
        entries: dict[str, Any] = (
            checked.get(_TABLE, {}).get(str(_DOC_ID), {}).get("entries", {})
        )
        since = self._clock() - MAX_AGE
        return {key: entry for key, entry in entries.items() if entry["at"] > since}

    def get(self, device: str, match_id: str, slot: str) -> dict[str, Any] | None:
        """The draft a device keeps for one round of a match, or None."""
        entry = self._entries(device).get(_entry_key(match_id, slot))
        return None if entry is None else entry["draft"]

    def of_device(self, device: str) -> dict[str, dict[str, dict[str, Any]]]:
        """Every draft the device keeps of a stored match: {match id: {slot: draft}}."""
        kept: dict[str, dict[str, dict[str, Any]]] = {}
        for key, entry in self._live(device).items():
            match_id, _, slot = key.partition("/")
            kept.setdefault(match_id, {})[slot] = entry["draft"]
        return kept

    def keep(
        self, device: str, match_id: str, slot: str, draft: dict[str, Any]
    ) -> bool:
        """Keep `draft` for the device (replacing its draft of that round); False,
        and nothing written, for a device, match, slot or draft this store refuses.

        StoreError when the file cannot be written (the previous one stays).
        """
        if not (_DEVICE_KEY.match(device) and _MATCH_ID.match(match_id)):
            return False
        if not _SLOT.match(slot) or not self._exists(match_id):
            return False
        try:
            size = len(json.dumps(draft, ensure_ascii=False))
        except (TypeError, ValueError):
            return False
        if size > MAX_DRAFT_CHARS:
            return False
        now = self._clock()
        entries = self._live(device)
        entries[_entry_key(match_id, slot)] = {"at": now, "draft": draft}
        newest = sorted(entries.items(), key=lambda item: item[1]["at"])[-MAX_DRAFTS:]
        self._write(device, dict(newest))
        if device.startswith(_PHONE):
            self._kept_by_phone(device, now)
        return True

    def drop(self, device: str, match_id: str, slot: str) -> None:
        """Forget the device's draft of that round (if it has one); a phone left
        with none loses its file."""
        entries = self._entries(device)
        if entries.pop(_entry_key(match_id, slot), None) is None:
            return
        if entries or not device.startswith(_PHONE):
            self._write(device, entries)
        else:
            self._remove(device)

    def _live(self, device: str) -> dict[str, Any]:
        """The device's drafts without those of matches no longer stored."""
        entries = self._entries(device)
        return {k: e for k, e in entries.items() if self._exists(k.partition("/")[0])}

    def _write(self, device: str, entries: dict[str, Any]) -> None:
        document = {"schema": schema.SCHEMA_VERSION, "entries": entries}
        put_document(self._open_file(device).table(_TABLE), document, _DOC_ID)

    def _kept_by_phone(self, device: str, now: float) -> None:
        """Note the phone's draft, and delete the files of phones whose newest
        draft is MAX_AGE old, then of those that kept one longest ago, past
        MAX_PHONES."""
        phones = self._phone_files()
        phones[device] = now
        old = [d for d, at in phones.items() if at <= now - MAX_AGE]
        by_age = sorted(set(phones) - set(old), key=lambda d: phones[d])
        crowded = by_age[: max(0, len(by_age) - MAX_PHONES)]
        for gone in (*old, *crowded):
            # A file that cannot be deleted now is tried again at the next keep.
            with contextlib.suppress(StoreError):
                self._remove(gone)

    def _phone_files(self) -> dict[str, float]:
        if self._phones is None:
            self._phones = {}
            for device in self._found:
                ats = [entry["at"] for entry in self._entries(device).values()]
                self._phones[device] = max(ats, default=0.0)
        return self._phones

    def _remove(self, device: str) -> None:
        """Delete a phone's file (StoreError if it cannot be deleted)."""
        self._open_file(device).storage.destroy()  # type: ignore[attr-defined]
        if self._phones is not None:
            self._phones.pop(device, None)
        self._forget(device)
