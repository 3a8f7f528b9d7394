"""A session's rounds being entered: kept for its device alone, each write asked of the
share gate as it is made, and a failed write logged, not shown."""

from __future__ import annotations

import logging

import pytest

from companion.access.sharing import ShareGate
from companion.engine.match import Match
from companion.storage import Store, StoreError
from companion.storage.drafts import device_key, new_device_token
from companion.ui.frame.state import AppState
from companion.ui.frame.state_drafts import HalfEntered

HOST_IP = "127.0.0.1"
PHONE_IP = "198.51.100.7"
NEXT = {"rounds": 0, "original": None, "draft": {"went_out": "Ada"}}
"""A next round's record as the record screen keeps it (round_entry.Entry.record)."""


def _table(store: Store) -> tuple[AppState, AppState, str]:
    """The host and a phone it lets record (a device of its own), and a match."""
    codes = iter(["123456", "654321"])
    gate = ShareGate(True, new_code=lambda: next(codes))
    host = AppState.load(store, gate, session_id="host", client_ip=HOST_IP)
    phone = AppState.load(store, gate, session_id="phone", client_ip=PHONE_IP)
    assert phone.access.join("123456", "Bo") is None
    host.let_record("phone", True)
    phone.device = device_key(new_device_token()) or ""
    match_id = host.writes.add_match(Match.new("crazy-eights", ["Ada", "Bo"]))
    assert match_id is not None
    return host, phone, match_id


def test_a_kept_round_is_its_devices_alone_and_marks_its_match(store: Store) -> None:
    host, phone, match_id = _table(store)
    assert phone.drafts.keep_draft(match_id, None, NEXT)
    assert phone.drafts.kept_draft(match_id, None) == NEXT
    assert host.drafts.kept_draft(match_id, None) is None
    assert phone.drafts.half_entered() == {match_id: HalfEntered(1, edit=False)}
    assert host.drafts.half_entered() == {}
    # An edit shows when no next round is kept.
    assert host.drafts.keep_draft(match_id, 2, NEXT | {"original": {}})
    assert host.drafts.half_entered() == {match_id: HalfEntered(3, edit=True)}
    assert phone.drafts.drop_draft(match_id, None)
    assert phone.drafts.kept_draft(match_id, None) is None
    assert phone.drafts.half_entered() == {}


def test_a_phone_whose_recording_was_taken_away_keeps_and_drops_nothing(
    store: Store,
) -> None:
    host, phone, match_id = _table(store)
    assert phone.drafts.keep_draft(match_id, None, NEXT)
    host.let_record("phone", False)
    changed = NEXT | {"draft": {"went_out": "Bo"}}
    assert not phone.drafts.keep_draft(match_id, None, changed)
    assert not phone.drafts.drop_draft(match_id, None)
    assert store.draft(phone.device, match_id, "next") == NEXT
    assert [p.code for p in phone.problems] == ["view-only", "view-only"]


def test_a_device_not_known_yet_keeps_nothing(store: Store) -> None:
    _, phone, match_id = _table(store)
    phone.device = ""
    assert not phone.drafts.keep_draft(match_id, None, NEXT)
    assert phone.drafts.kept_draft(match_id, None) is None
    assert phone.drafts.half_entered() == {}


class FullDisk:
    """A store whose disk is full: no draft can be written."""

    def __init__(self) -> None:
        self.inner = Store.in_memory()

    def __getattr__(self, name: str) -> object:
        return getattr(self.inner, name)

    def keep_draft(self, *_: object) -> bool:
        raise StoreError("save-failed", reason="No space left on device")


def test_a_round_that_cannot_be_kept_is_logged_not_shown(
    caplog: pytest.LogCaptureFixture,
) -> None:
    store = FullDisk()
    state = AppState.load(store)  # type: ignore[arg-type]
    match_id = state.writes.add_match(Match.new("crazy-eights", ["Ada", "Bo"]))
    assert match_id is not None
    with caplog.at_level(logging.WARNING):
        assert not state.drafts.keep_draft(match_id, None, NEXT)
    assert state.problems == ()
    assert "not kept" in caplog.text
