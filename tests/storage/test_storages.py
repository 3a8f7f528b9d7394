"""Damaged, refused and failing files: a clear message and nothing lost."""

import errno
import json
import os
from pathlib import Path

import pytest
from read_only import read_only

from companion.engine.match import Match
from companion.storage import Store, StoreError
from companion.storage.storages import (
    DamagedData,
    MemoryJSONStorage,
    RevisionedJSONStorage,
    decode_tables,
)

BO_OUT = {"Ada": {"K": 1}, "Cy": {"3": 2}}


def two_saves(data: Path) -> tuple[str, Match, Match]:
    """A match saved twice: the newest file holds `second`, its backup `first`."""
    with Store.open(data) as store:
        first = Match.new("crazy-eights", ["Ada", "Bo", "Cy"]).record_round(
            "Bo", BO_OUT
        )
        match_id = store.add_match(first)
        second = first.record_round("Ada", {"Bo": {"2": 1}, "Cy": {"4": 1}})
        store.save_match(match_id, second)
        store.update_settings(theme="dark")
        store.update_settings(language="es")
    return match_id, first, second


def revisions(directory: Path, key: str) -> list[Path]:
    """The revision files of one document, newest first."""
    found = directory.glob(f"{key}.*.json")
    return sorted(found, key=lambda p: int(p.name.split(".")[1]), reverse=True)


def moved_aside(directory: Path) -> list[Path]:
    return sorted(directory.glob("*.damaged-*"))


DAMAGE = {
    "empty": b"",
    "truncated": b'{"match": {"1": {"schema": 1, "id": "ab',
    "garbage": bytes(range(256)),
    "wrong-shape": b"[1, 2, 3]",
    "wrong-tables": b'{"match": {"1": {"schema": 1, "id": 5}}}',
    "bad-schema": b'{"match": {"1": {"schema": "one"}}}',
}


@pytest.mark.parametrize("damage", DAMAGE)
def test_damaged_match_file_is_moved_aside_and_backup_restored(
    tmp_path: Path, damage: str
) -> None:
    match_id, first, _ = two_saves(tmp_path)
    newest = revisions(tmp_path / "matches", match_id)[0]
    newest.write_bytes(DAMAGE[damage])
    with Store.open(tmp_path) as store:
        assert store.load_match(match_id) == first
        assert store.list_matches()[0].round_count == 1
        codes = [notice.code for notice in store.notices]
        assert "backup-restored" in codes
    (kept,) = moved_aside(tmp_path / "matches")
    assert kept.read_bytes() == DAMAGE[damage]


@pytest.mark.parametrize("damage", DAMAGE)
def test_damaged_roster_is_restored_from_its_backup(
    tmp_path: Path, damage: str
) -> None:
    two_saves(tmp_path)
    revisions(tmp_path, "roster")[0].write_bytes(DAMAGE[damage])
    with Store.open(tmp_path) as store:
        assert store.settings()["theme"] == "dark"
        (notice,) = store.notices
        assert notice.code == "backup-restored"
        assert Path(str(notice.params["moved_to"])).read_bytes() == DAMAGE[damage]
        assert [p.name for p in store.players()] == ["Ada", "Bo", "Cy"]


def test_damaged_file_without_backup_is_moved_aside_and_the_app_starts(
    tmp_path: Path,
) -> None:
    match_id, _, second = two_saves(tmp_path)
    for path in revisions(tmp_path, "roster"):
        path.write_bytes(b"\x00garbage")
    with Store.open(tmp_path) as store:
        assert [n.code for n in store.notices] == ["file-moved-aside"] * 2
        assert store.settings()["theme"] == "system"
        assert store.load_match(match_id) == second
        # The roster is rebuilt from the players of the stored matches.
        assert [p.name for p in store.players()] == ["Ada", "Bo", "Cy"]
    assert len(moved_aside(tmp_path)) == 2


def test_damaged_index_is_rebuilt_from_the_match_files(tmp_path: Path) -> None:
    match_id, _, second = two_saves(tmp_path)
    for path in (tmp_path / "index").iterdir():
        path.write_bytes(b"{not json")
    with Store.open(tmp_path) as store:
        assert "index-repaired" in [n.code for n in store.notices]
        (summary,) = store.list_matches()
        assert (summary.id, summary.round_count) == (match_id, 2)
        assert store.load_match(match_id) == second


def test_newer_schema_is_refused_and_left_unchanged(tmp_path: Path) -> None:
    two_saves(tmp_path)
    newest = revisions(tmp_path, "roster")[0]
    tables = json.loads(newest.read_text())
    tables["settings"]["1"]["schema"] = 99
    newest.write_text(json.dumps(tables))
    before = sorted((p.name, p.read_bytes()) for p in tmp_path.rglob("*.json"))
    with pytest.raises(StoreError) as caught:
        Store.open(tmp_path)
    assert caught.value.code == "newer-schema"
    assert caught.value.params == {
        "path": str(newest),
        "version": 99,
        "supported": 1,
    }
    after = sorted((p.name, p.read_bytes()) for p in tmp_path.rglob("*.json"))
    assert after == before
    # Refused again for the same reason: the directory lock was let go.
    with pytest.raises(StoreError) as caught:
        Store.open(tmp_path)
    assert caught.value.code == "newer-schema"


def test_newer_match_file_is_refused_when_loaded(tmp_path: Path) -> None:
    match_id, _, _ = two_saves(tmp_path)
    with Store.open(tmp_path) as store:
        newest = revisions(tmp_path / "matches", match_id)[0]
        tables = json.loads(newest.read_text())
        tables["match"]["1"]["schema"] = 2
        newest.write_text(json.dumps(tables))
        store._matches._files._open.clear()
        with pytest.raises(StoreError) as caught:
            store.load_match(match_id)
        assert caught.value.code == "newer-schema"
    assert json.loads(newest.read_text()) == tables


def no_space(*_: object) -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def snapshot(directory: Path) -> list[tuple[str, bytes]]:
    """Every data file with its content."""
    return sorted((str(p), p.read_bytes()) for p in directory.rglob("*.json"))


@pytest.mark.parametrize("failing", ["fsync", "replace", "write"])
def test_full_disk_fails_the_save_and_keeps_the_previous_data(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    match_id, _, second = two_saves(tmp_path)
    with Store.open(tmp_path) as store:
        before = snapshot(tmp_path)
        third = second.record_round("Bo", BO_OUT)
        with monkeypatch.context() as patched:
            patched.setattr(os, failing, no_space)
            with pytest.raises(StoreError) as caught:
                store.save_match(match_id, third)
        assert (caught.value.code, caught.value.params) == (
            "save-failed",
            {"reason": "No space left on device"},
        )
        assert snapshot(tmp_path) == before
        assert not list(tmp_path.rglob(".tmp-*"))
        assert store.load_match(match_id) == second
        assert store.list_matches()[0].round_count == 2
        store.save_match(match_id, third)
    with Store.open(tmp_path) as store:
        assert store.load_match(match_id) == third
        assert store.notices == []


def test_a_failed_directory_sync_rolls_the_save_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id, _, second = two_saves(tmp_path)
    before = sorted(p.name for p in (tmp_path / "matches").iterdir())
    with Store.open(tmp_path) as store:
        monkeypatch.setattr("companion.storage.storages.fsync_directory", no_space)
        with pytest.raises(StoreError):
            store.save_match(match_id, second.record_round("Bo", BO_OUT))
    assert sorted(p.name for p in (tmp_path / "matches").iterdir()) == before
    monkeypatch.undo()
    with Store.open(tmp_path) as store:
        assert store.load_match(match_id) == second


def test_read_only_directory_is_refused_with_a_clear_error(tmp_path: Path) -> None:
    data = tmp_path / "data"
    two_saves(data)
    with read_only(data), pytest.raises(StoreError) as caught:
        Store.open(data)
    assert (caught.value.code, caught.value.params) == (
        "read-only-directory",
        {"path": str(data)},
    )


def test_a_directory_turned_read_only_fails_saves_clearly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id, _, second = two_saves(tmp_path)
    with Store.open(tmp_path) as store:

        def read_only(*_: object) -> None:
            raise OSError(errno.EROFS, os.strerror(errno.EROFS))

        monkeypatch.setattr(os, "open", read_only)
        with pytest.raises(StoreError) as caught:
            store.save_match(match_id, second.record_round("Bo", BO_OUT))
        monkeypatch.undo()
        assert caught.value.code == "read-only-directory"
        assert store.load_match(match_id) == second


def test_storage_keeps_one_backup_and_reads_the_newest(tmp_path: Path) -> None:
    def open_storage() -> RevisionedJSONStorage:
        found = [int(p.name.split(".")[1]) for p in revisions(tmp_path, "doc")]
        return RevisionedJSONStorage(
            tmp_path, "doc", found, lambda t, _: t, lambda _: None
        )

    storage = open_storage()
    assert storage.read() is None
    for n in range(4):
        storage.write({"t": {"1": {"n": n}}})
    assert [p.name for p in revisions(tmp_path, "doc")] == ["doc.4.json", "doc.3.json"]
    assert open_storage().read() == {"t": {"1": {"n": 3}}}


def test_decode_tables_accepts_only_the_tinydb_shape() -> None:
    assert decode_tables(b'{"t": {"1": {"a": 1}}}') == {"t": {"1": {"a": 1}}}
    for raw in (b"", b"{}x", b'{"t": []}', b'{"t": {"x": {}}}', b'{"t": {"1": 2}}'):
        with pytest.raises(DamagedData):
            decode_tables(raw)


def test_memory_storage_hands_out_copies() -> None:
    storage = MemoryJSONStorage(lambda: None)
    storage.write({"t": {"1": {"a": [1]}}})
    storage.read()["t"]["1"]["a"].append(2)  # type: ignore[index]
    assert storage.read() == {"t": {"1": {"a": [1]}}}


def test_saving_over_a_damaged_file_moves_it_aside_first(tmp_path: Path) -> None:
    match_id, first, second = two_saves(tmp_path)
    newest = revisions(tmp_path / "matches", match_id)[0]
    newest.write_bytes(b"\x00\x01")
    with Store.open(tmp_path) as store:
        third = second.record_round("Bo", BO_OUT)
        store.save_match(match_id, third)
        assert [n.code for n in store.notices] == ["backup-restored"]
    (kept,) = moved_aside(tmp_path / "matches")
    assert kept.read_bytes() == b"\x00\x01"
    # The backup kept beside the new save is the last good file, not the garbage.
    newest, backup = revisions(tmp_path / "matches", match_id)
    assert json.loads(backup.read_text())["match"]["1"]["match"] == first.to_dict()
    with Store.open(tmp_path) as store:
        assert store.load_match(match_id) == third
