"""Drafts in the store: per device, atomic, and dropped rather than trusted."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from event_loops import run_apart
from tinydb import TinyDB

from companion.engine.match import Match
from companion.storage import Store
from companion.storage.backends import FileBackend
from companion.storage.browser_files import IndexedDBFiles
from companion.storage.drafts import (
    HOST_DEVICE,
    MAX_AGE,
    MAX_DRAFTS,
    MAX_PHONES,
    ONE_DEVICE,
    Drafts,
    check_drafts,
    device_key,
    draft_slot,
    new_device_token,
    slot_index,
)
from companion.storage.files import scan_revisions

DRAFT = {"went_out": "Ada", "hands": {"Bo": {"K": 1}}}


class InstantFS:
    """Emscripten's FS.syncfs finishing at once, counting the syncs."""

    def __init__(self) -> None:
        self.syncs = 0

    def syncfs(self, _populate: bool, done: Callable[..., None]) -> None:
        self.syncs += 1
        done(None)


Opener = Callable[[], Store]


@pytest.fixture(params=["file", "memory", "browser"])
def opener(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Opener]:
    """Opens the store again on the same data, as a restart would (memory: the
    same store, which has nothing to reopen)."""
    opened: list[Store] = []

    def open_store() -> Store:
        if request.param == "memory":
            if not opened:
                opened.append(Store.in_memory())
            return opened[0]
        for store in opened:
            store.close()
        if request.param == "file":
            store = Store.open(tmp_path / "data")
        else:
            files = IndexedDBFiles(InstantFS(), str(tmp_path / "idb"), lambda f: f)
            store = Store.in_browser(files)
        opened.append(store)
        return store

    yield open_store
    for store in opened:
        store.close()


def run(scenario: Callable[[], None]) -> None:
    """Run a scenario inside an event loop: the browser store starts its syncs
    as tasks."""

    async def inside() -> None:
        scenario()
        await asyncio.sleep(0)

    run_apart(inside())


def _match_id(store: Store) -> str:
    return store.add_match(Match.new("crazy-eights", ["Ada", "Bo", "Cy"]))


DEVICE = device_key(new_device_token()) or ""
OTHER = device_key(new_device_token()) or ""


def test_a_kept_draft_comes_back_after_a_restart_for_its_device_only(
    opener: Opener,
) -> None:
    def scenario() -> None:
        store = opener()
        match_id = _match_id(store)
        assert store.keep_draft(DEVICE, match_id, draft_slot(None), DRAFT)
        assert store.keep_draft(DEVICE, match_id, draft_slot(2), {"edit": 3})
        again = opener()
        assert again.draft(DEVICE, match_id, "next") == DRAFT
        assert again.draft(DEVICE, match_id, "round-3") == {"edit": 3}
        assert again.draft(OTHER, match_id, "next") is None
        assert again.drafts(DEVICE) == {
            match_id: {"next": DRAFT, "round-3": {"edit": 3}}
        }
        assert again.drafts(OTHER) == {}
        again.drop_draft(DEVICE, match_id, "next")
        assert opener().draft(DEVICE, match_id, "next") is None
        # Nothing of a draft is a round: the match is as it was.
        assert opener().load_match(match_id).rounds == ()

    run(scenario)


def test_a_refused_draft_writes_nothing(opener: Opener) -> None:
    def scenario() -> None:
        store = opener()
        match_id = _match_id(store)
        refused = [
            ("../roster", match_id, "next", DRAFT),
            ("", match_id, "next", DRAFT),
            (DEVICE, "no-such-match", "next", DRAFT),
            (DEVICE, "../x", "next", DRAFT),
            (DEVICE, match_id, "round-0", DRAFT),
            (DEVICE, match_id, "next", {"text": "x" * 30_000}),
            (DEVICE, match_id, "next", {"odd": {1, 2}}),
        ]
        for device, match, slot, draft in refused:
            assert not store.keep_draft(device, match, slot, draft)
        assert store.draft(DEVICE, match_id, "next") is None

    run(scenario)


def test_a_device_keeps_its_newest_drafts_and_none_of_a_deleted_match(
    opener: Opener,
) -> None:
    def scenario() -> None:
        store = opener()
        gone = _match_id(store)
        store.keep_draft(DEVICE, gone, "next", DRAFT)
        store.delete_match(gone)
        match_id = _match_id(store)
        for number in range(1, MAX_DRAFTS + 2):
            store.keep_draft(DEVICE, match_id, f"round-{number}", {"n": number})
        again = opener()
        assert again.draft(DEVICE, match_id, "round-1") is None
        assert again.draft(DEVICE, match_id, f"round-{MAX_DRAFTS + 1}") is not None
        assert again.draft(DEVICE, gone, "next") is None

    run(scenario)


def test_a_slot_names_the_round_it_edits() -> None:
    for index in (None, 0, 41):
        assert slot_index(draft_slot(index)) == index
    assert slot_index("round-x") is None


def test_tokens_name_devices_by_a_hash_and_anything_else_names_none() -> None:
    token = new_device_token()
    key = device_key(token)
    assert key is not None and token not in key and key == device_key(token)
    assert device_key(new_device_token()) != key
    for forged in (None, 12, "", "short", "x" * 65, token[:-1] + "!", [token]):
        assert device_key(forged) is None
    assert device_key(ONE_DEVICE) is None


@pytest.mark.parametrize(
    "content",
    [
        b"not json",
        b'{"drafts": {"1": {"schema": 1, "entries": {"x/next": 5}}}}',
        b'{"drafts": {"1": {"schema": 99, "entries": {}}}}',
        b'{"drafts": {"1": {"entries": []}}}',
        b"[1, 2]",
    ],
    ids=["garbage", "bad-entry", "newer", "no-schema", "list"],
)
def test_a_damaged_drafts_file_is_passed_over_quietly(
    tmp_path: Path, content: bytes
) -> None:
    with Store.open(tmp_path) as store:
        match_id = _match_id(store)
        store.keep_draft(DEVICE, match_id, "next", DRAFT)
    for old in (tmp_path / "drafts").glob("*.json"):
        old.write_bytes(content)
    with Store.open(tmp_path) as store:
        assert store.draft(DEVICE, match_id, "next") is None
        # A draft is no one's data: nothing to tell the person about.
        assert store.notices == []
        assert store.keep_draft(DEVICE, match_id, "next", DRAFT)
        assert store.draft(DEVICE, match_id, "next") == DRAFT


def test_a_draft_file_is_written_whole_through_a_temporary_file(
    tmp_path: Path,
) -> None:
    with Store.open(tmp_path) as store:
        match_id = _match_id(store)
        store.keep_draft(DEVICE, match_id, "next", DRAFT)
        store.keep_draft(DEVICE, match_id, "next", {"second": True})
    files = sorted((tmp_path / "drafts").iterdir())
    # The newest revision and its backup; no temporary file left behind.
    assert [f.name.startswith(DEVICE) for f in files] == [True, True]
    newest = json.loads(files[-1].read_text())
    assert newest["drafts"]["1"]["entries"][f"{match_id}/next"]["draft"] == {
        "second": True
    }


def test_in_the_browser_a_draft_is_synced_without_holding_the_screen(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        fs = InstantFS()
        files = IndexedDBFiles(fs, str(tmp_path), lambda f: f)
        store = Store.in_browser(files)
        match_id = _match_id(store)
        for _ in range(5):
            await asyncio.sleep(0)
        before, held = fs.syncs, files.writes
        assert store.keep_draft(ONE_DEVICE, match_id, "next", DRAFT)
        # Not a write the screen's messages wait for, but synced all the same.
        assert files.writes == held and not files.unsynced
        for _ in range(5):
            await asyncio.sleep(0)
        assert fs.syncs > before

    run_apart(scenario())


class Clock:
    """A clock the test moves by hand (seconds, as time.time gives them)."""

    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        return self.now


def _drafts_on_disk(folder: Path, clock: Clock) -> Drafts:
    """Drafts in `folder` as a Store opening it would make them."""
    backend = FileBackend(folder, lambda _notice: None)
    databases: dict[str, TinyDB] = {}

    def open_file(device: str) -> TinyDB:
        if device not in databases:
            databases[device] = backend.database("drafts", device, check_drafts)
        return databases[device]

    return Drafts(
        open_file,
        lambda _match_id: True,
        clock,
        phones=backend.keys()["drafts"],
        forget=lambda device: databases.pop(device, None),
    )


def _files(folder: Path) -> set[str]:
    """The devices with a drafts file in the data folder."""
    return set(scan_revisions(folder / "drafts"))


def test_a_draft_a_month_old_is_gone_and_with_its_last_its_phones_file(
    tmp_path: Path,
) -> None:
    clock = Clock()
    drafts = _drafts_on_disk(tmp_path, clock)
    assert drafts.keep(DEVICE, "m1", "next", DRAFT)
    assert drafts.keep(HOST_DEVICE, "m1", "next", DRAFT)
    clock.now += MAX_AGE - 60
    assert drafts.get(DEVICE, "m1", "next") == DRAFT
    clock.now += 120
    assert drafts.get(DEVICE, "m1", "next") is None
    assert drafts.get(HOST_DEVICE, "m1", "next") is None
    # The next phone's draft, even after a restart, takes the old phone's
    # file away; the host's computer keeps its file (it is no phone).
    drafts = _drafts_on_disk(tmp_path, clock)
    assert drafts.keep(OTHER, "m1", "next", DRAFT)
    assert _files(tmp_path) == {OTHER, HOST_DEVICE}


def test_no_more_than_max_phones_keep_a_file_however_many_tokens_come(
    tmp_path: Path,
) -> None:
    clock = Clock()
    drafts = _drafts_on_disk(tmp_path, clock)
    assert drafts.keep(HOST_DEVICE, "m1", "next", DRAFT)
    phones = [device_key(new_device_token()) or "" for _ in range(MAX_PHONES + 5)]
    for phone in phones[:-1]:
        clock.now += 1
        assert drafts.keep(phone, "m1", "next", DRAFT)
    # A restart reads what the folder holds and goes on counting from it.
    drafts = _drafts_on_disk(tmp_path, clock)
    clock.now += 1
    assert drafts.keep(phones[-1], "m1", "next", DRAFT)
    assert _files(tmp_path) == {HOST_DEVICE, *phones[-MAX_PHONES:]}
    assert drafts.get(phones[-1], "m1", "next") == DRAFT
    assert drafts.get(phones[0], "m1", "next") is None


def test_a_phone_that_drops_its_last_draft_leaves_no_file(opener: Opener) -> None:
    def scenario() -> None:
        store = opener()
        match_id = _match_id(store)
        store.keep_draft(DEVICE, match_id, "next", DRAFT)
        store.keep_draft(DEVICE, match_id, "round-1", DRAFT)
        store.drop_draft(DEVICE, match_id, "next")
        assert store.draft(DEVICE, match_id, "round-1") == DRAFT
        store.drop_draft(DEVICE, match_id, "round-1")
        assert store.draft(DEVICE, match_id, "round-1") is None
        if store.data_dir is not None:
            assert DEVICE not in _files(store.data_dir)
        # The phone keeps a round again later: a new file.
        assert store.keep_draft(DEVICE, match_id, "next", DRAFT)
        assert opener().draft(DEVICE, match_id, "next") == DRAFT

    run(scenario)


def test_a_store_holds_no_more_than_max_phones_drafts_files(tmp_path: Path) -> None:
    with Store.open(tmp_path / "data") as store:
        match_id = _match_id(store)
        for _ in range(MAX_PHONES + 3):
            phone = device_key(new_device_token()) or ""
            assert store.keep_draft(phone, match_id, "next", DRAFT)
        assert len(_files(tmp_path / "data")) == MAX_PHONES
    with Store.open(tmp_path / "data") as store:
        assert store.keep_draft(OTHER, match_id, "next", DRAFT)
        assert len(_files(tmp_path / "data")) == MAX_PHONES
        assert store.draft(OTHER, match_id, "next") == DRAFT
