"""Which device a session's drafts are kept for: the host's computer by the server's
word, a phone by its browser's token, and no browser passes for the host."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from event_loops import run_apart

from companion.access.sharing import ShareGate
from companion.engine.match import Match
from companion.storage import Store
from companion.storage.browser_files import IndexedDBFiles
from companion.storage.drafts import (
    HOST_DEVICE,
    ONE_DEVICE,
    device_key,
    draft_slot,
    new_device_token,
)
from companion.ui.frame import device_id
from companion.ui.frame.device_id import PREFERENCE, device_of_browser
from companion.ui.frame.state import AppState

PHONE_IP = "198.51.100.7"
DRAFT = {"went_out": "Ada", "hands": {"Bo": {"K": 1}}}


def _shared_gate() -> ShareGate:
    return ShareGate(True, new_code=lambda: "123456")


@pytest.mark.parametrize("peer", ["127.0.0.1", "127.0.0.2", "::1", "::ffff:127.0.0.1"])
def test_every_host_session_at_a_shared_table_is_the_hosts_computer(
    store: Store, peer: str
) -> None:
    gate = _shared_gate()
    first = AppState.load(store, gate, session_id="chromium", client_ip="127.0.0.1")
    other = AppState.load(store, gate, session_id="firefox", client_ip=peer)
    assert first.device == other.device == HOST_DEVICE


def test_a_table_not_shared_is_the_hosts_computer(store: Store) -> None:
    # Served on loopback alone: every session is this computer's.
    state = AppState.load(store, ShareGate(False), session_id="tab", client_ip=None)
    assert state.device == HOST_DEVICE


def test_a_phone_is_named_by_its_browser_before_and_after_it_joins(
    store: Store,
) -> None:
    gate = _shared_gate()
    phone = AppState.load(store, gate, session_id="phone", client_ip=PHONE_IP)
    # Not the host's computer even while it is on the Join screen: left to
    # the token its browser keeps (the App asks for it as the session starts).
    assert phone.device == ""
    assert phone.access.join("123 456", "Eve") is None
    assert phone.device == ""
    unknown = AppState.load(store, gate, session_id="stranger", client_ip="")
    assert unknown.device == ""


def test_the_static_sites_one_device_whoever_the_gate_says(tmp_path: Path) -> None:
    class InstantFS:
        def syncfs(self, _populate: bool, done: Any) -> None:
            done(None)

    files = IndexedDBFiles(InstantFS(), str(tmp_path / "idb"), lambda f: f)
    store = Store.in_browser(files)
    try:
        state = AppState.load(store, ShareGate(False), session_id="tab")
        assert state.device == ONE_DEVICE
    finally:
        store.close()


def test_a_draft_the_host_left_in_one_browser_is_found_in_another(
    store: Store, named_by: Callable[[FakePreferences], str]
) -> None:
    """The browser killed and another started (or the same, on a new profile):
    the host's computer is the same device, so its draft is there."""
    match_id = store.add_match(Match.new("crazy-eights", ["Ada", "Bo"]))
    gate = _shared_gate()
    killed = AppState.load(store, gate, session_id="before", client_ip="127.0.0.1")
    assert store.keep_draft(killed.device, match_id, draft_slot(None), DRAFT)
    again = AppState.load(store, gate, session_id="after", client_ip="127.0.0.1")
    assert store.draft(again.device, match_id, draft_slot(None)) == DRAFT
    phone = AppState.load(store, gate, session_id="phone", client_ip=PHONE_IP)
    phone.device = named_by(FakePreferences(None))
    assert store.draft(phone.device, match_id, draft_slot(None)) is None


class FakePreferences:
    """The browser's localStorage as SharedPreferences reads it: what a browser
    (a forging one too) answers."""

    def __init__(self, held: object) -> None:
        self.held = held
        self.written: list[object] = []

    async def get(self, key: str) -> object:
        assert key == PREFERENCE
        return self.held

    async def set(self, key: str, value: object) -> bool:
        assert key == PREFERENCE
        self.written.append(value)
        self.held = value
        return True


@pytest.fixture
def named_by(monkeypatch: pytest.MonkeyPatch) -> Callable[[FakePreferences], str]:
    """The device key device_of_browser gives, its browser holding `preferences`."""

    def name(preferences: FakePreferences) -> str:
        monkeypatch.setattr(device_id.ft, "SharedPreferences", lambda: preferences)
        return run_apart(device_of_browser())

    return name


def test_a_phone_keeps_its_token_and_is_the_same_device_next_time(
    named_by: Callable[[FakePreferences], str],
) -> None:
    preferences = FakePreferences(None)
    first = named_by(preferences)
    assert len(preferences.written) == 1
    assert named_by(preferences) == first
    assert first.startswith("d-") and preferences.written == [preferences.held]


@pytest.mark.parametrize(
    "claimed",
    [HOST_DEVICE, ONE_DEVICE, 12, None, ["x"], "A" * 65, "é" * 43],
)
def test_no_browser_answer_names_the_hosts_computer(
    claimed: object, named_by: Callable[[FakePreferences], str]
) -> None:
    preferences = FakePreferences(claimed)
    key = named_by(preferences)
    assert key not in (HOST_DEVICE, ONE_DEVICE)
    assert key.startswith("d-")
    # What it held is not a token of ours: a fresh one replaced it.
    assert len(preferences.written) == 1 and device_key(preferences.written[0]) == key


def test_a_browser_holding_a_devices_key_is_not_that_device(
    named_by: Callable[[FakePreferences], str],
) -> None:
    # The data folder names another phone's drafts by this key: a browser that
    # holds it as its token gets the key's hash, a device of its own.
    other_phone = named_by(FakePreferences(None))
    claiming = named_by(FakePreferences(other_phone))
    assert claiming != other_phone and claiming.startswith("d-")


def test_no_token_hashes_to_a_name_the_server_gives() -> None:
    keys = [device_key(new_device_token()) for _ in range(20)]
    assert all(key is not None and key.startswith("d-") for key in keys)
    assert device_key(HOST_DEVICE) is None and device_key(ONE_DEVICE) is None
