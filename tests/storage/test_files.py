"""Atomic file writes, revision names, and moving damaged files aside."""

import errno
import os
from pathlib import Path

import pytest

from companion.storage.files import (
    move_aside,
    remove_temporary_files,
    revision_name,
    scan_revisions,
    write_new_file,
)


def test_a_written_file_holds_all_the_bytes_and_no_temporary_remains(
    tmp_path: Path,
) -> None:
    data = os.urandom(300_000)
    write_new_file(tmp_path / "a.1.json", data)
    assert (tmp_path / "a.1.json").read_bytes() == data
    assert [p.name for p in tmp_path.iterdir()] == ["a.1.json"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "a.1.json"
    target.write_bytes(b"old")

    def full(*_: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError):
        write_new_file(target, b"new")
    monkeypatch.undo()
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["a.1.json"]


def test_scan_finds_revisions_newest_first_and_ignores_other_files(
    tmp_path: Path,
) -> None:
    for name in ("ab.2.json", "ab.10.json", "cd.1.json", ".lock", "ab.3.json.x"):
        (tmp_path / name).write_text("{}")
    (tmp_path / ".tmp-1-2-ab.11.json").write_text("{")
    assert scan_revisions(tmp_path) == {"ab": [10, 2], "cd": [1]}
    assert revision_name("ab", 11) == "ab.11.json"
    assert scan_revisions(tmp_path / "missing") == {}


def test_unfinished_temporary_files_are_removed(tmp_path: Path) -> None:
    (tmp_path / ".tmp-1-2-ab.11.json").write_text("{")
    (tmp_path / "ab.10.json").write_text("{}")
    remove_temporary_files(tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == ["ab.10.json"]


def test_a_damaged_file_is_renamed_never_deleted(tmp_path: Path) -> None:
    damaged = tmp_path / "ab.3.json"
    damaged.write_bytes(b"\xff\xfe")
    moved = move_aside(damaged)
    assert not damaged.exists()
    assert moved.parent == tmp_path and moved.name.startswith("ab.3.json.damaged-")
    assert moved.read_bytes() == b"\xff\xfe"
