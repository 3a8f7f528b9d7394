"""Matches read back from the files kept open: always the newest saved, never stale."""

import os
from pathlib import Path

import pytest

from companion.engine.match import Match
from companion.storage import Store, StoreError, matchfiles
from companion.storage.records import StoredMatch

BO_OUT = {"Ada": {"K": 1}, "Cy": {"3": 2}}
ADA_OUT = {"Bo": {"2": 1}, "Cy": {"4": 1}}


def new_match() -> Match:
    return Match.new("crazy-eights", ["Ada", "Bo", "Cy"])


def test_each_save_is_read_back_as_saved_between_reads(store: Store) -> None:
    match = new_match()
    match_id = store.add_match(match)
    assert store.load_match(match_id) == match
    saved = match.record_round("Bo", BO_OUT)
    store.save_match(match_id, saved, base=store.load_match(match_id))
    assert store.load_match(match_id) == saved
    updated = store.update_match(match_id, lambda m: m.record_round("Ada", ADA_OUT))
    assert store.load_match(match_id) == updated
    assert len(store.load_match(match_id).rounds) == 2
    store.rename_player("Bo", "Bob")
    assert store.load_match(match_id) == updated.rename_player("Bo", "Bob")


def test_a_refused_save_leaves_the_last_saved_match(store: Store) -> None:
    match = new_match()
    match_id = store.add_match(match)
    first = match.record_round("Bo", BO_OUT)
    store.save_match(match_id, first)
    assert store.load_match(match_id) == first
    with pytest.raises(StoreError):
        store.save_match(match_id, match.record_round("Ada", ADA_OUT), base=match)
    assert store.load_match(match_id) == first


def test_a_match_deleted_then_imported_under_its_id_reads_as_imported(
    store: Store,
) -> None:
    match_id = store.add_match(new_match().record_round("Bo", BO_OUT))
    stored = store.load_stored(match_id)
    store.delete_match(match_id)
    other = new_match().record_round("Ada", ADA_OUT).record_round("Ada", ADA_OUT)
    store.merge_all([StoredMatch(match_id, stored.created, None, other)])
    assert store.load_match(match_id) == other


def test_matches_read_in_turn_past_the_open_files_each_read_as_saved(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    # One open file at a time: every read of the other match reopens its file.
    monkeypatch.setattr(matchfiles, "_KEPT_OPEN", 1)
    ids = [store.add_match(new_match()) for _ in range(2)]
    expected = {match_id: new_match() for match_id in ids}
    for turn in range(4):
        for match_id in ids:
            assert store.load_match(match_id) == expected[match_id]
            hands = BO_OUT if turn % 2 else ADA_OUT
            expected[match_id] = expected[match_id].record_round(
                "Bo" if turn % 2 else "Ada", hands
            )
            store.save_match(match_id, expected[match_id])
    for match_id in ids:
        assert store.load_match(match_id) == expected[match_id]


def revision_files(directory: Path, key: str) -> list[Path]:
    """The revision files of one match, newest first."""
    found = directory.glob(f"{key}.*.json")
    return sorted(found, key=lambda p: int(p.name.split(".")[1]), reverse=True)


def test_a_file_damaged_while_closed_is_read_from_its_backup_not_from_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(matchfiles, "_KEPT_OPEN", 1)
    with Store.open(tmp_path) as store:
        first = new_match().record_round("Bo", BO_OUT)
        match_id = store.add_match(first)
        second = first.record_round("Ada", ADA_OUT)
        store.save_match(match_id, second)
        assert store.load_match(match_id) == second
        store.load_match(store.add_match(new_match()))  # closes the first file
        newest = revision_files(tmp_path / "matches", match_id)[0]
        newest.write_bytes(b"\x00 not a match")
        assert store.load_match(match_id) == first
        assert [n.code for n in store.notices] == ["backup-restored"]


def test_a_file_restored_while_closed_is_read_as_restored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(matchfiles, "_KEPT_OPEN", 1)
    with Store.open(tmp_path) as store:
        first = new_match().record_round("Bo", BO_OUT)
        match_id = store.add_match(first)
        store.save_match(match_id, first.record_round("Ada", ADA_OUT))
        assert len(store.load_match(match_id).rounds) == 2
        store.load_match(store.add_match(new_match()))  # closes the first file
        # Someone puts the backup back in place of the newest revision.
        newest, backup = revision_files(tmp_path / "matches", match_id)
        os.replace(backup, newest)
        assert store.load_match(match_id) == first


def no_space(*_: object) -> None:
    raise OSError(28, "No space left on device")


def test_a_save_the_disk_refuses_leaves_the_match_read_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Store.open(tmp_path) as store:
        first = new_match().record_round("Bo", BO_OUT)
        match_id = store.add_match(first)
        assert store.load_match(match_id) == first
        with monkeypatch.context() as patched:
            patched.setattr(os, "fsync", no_space)
            with pytest.raises(StoreError):
                store.save_match(match_id, first.record_round("Ada", ADA_OUT))
        assert store.load_match(match_id) == first
