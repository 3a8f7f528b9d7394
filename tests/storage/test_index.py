"""The matches list: small bucket files, kept in line with the match files."""

import json
from pathlib import Path

import pytest

from companion.engine.match import Match
from companion.storage import Store
from companion.storage.index import bucket_of
from companion.storage.matchfiles import MatchFiles
from companion.storage.records import StoredMatch

BO_OUT = {"Ada": {"K": 1}, "Cy": {"3": 2}}


def new_match() -> Match:
    return Match.new("crazy-eights", ["Ada", "Bo", "Cy"])


def files(directory: Path) -> set[str]:
    return {p.name for p in directory.iterdir()}


def test_a_save_writes_one_match_file_and_one_small_bucket(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        ids = [store.add_match(new_match()) for _ in range(300)]
        match_id = ids[123]
        index_before, matches_before = (
            files(tmp_path / "index"),
            files(tmp_path / "matches"),
        )
        store.save_match(match_id, new_match().record_round("Bo", BO_OUT))
        new_index = files(tmp_path / "index") - index_before
        new_matches = files(tmp_path / "matches") - matches_before
    (bucket_file,) = new_index
    assert bucket_file.startswith(bucket_of(match_id) + ".")
    (match_file,) = new_matches
    assert match_file.startswith(match_id + ".")
    # 300 matches over 256 buckets: the bucket holds a handful of summaries.
    bucket = json.loads((tmp_path / "index" / bucket_file).read_text())
    assert len(bucket["matches"]) < 10


def test_the_list_comes_from_the_index_without_opening_match_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Store.open(tmp_path) as store:
        match_id = store.add_match(new_match().record_round("Bo", BO_OUT))

    def refuse(*_: object) -> None:
        raise AssertionError("a match file was opened")

    monkeypatch.setattr(MatchFiles, "read", refuse)
    with Store.open(tmp_path) as store:
        (summary,) = store.list_matches()
    assert (summary.id, summary.round_count, summary.players) == (
        match_id,
        1,
        ("Ada", "Bo", "Cy"),
    )


def test_a_crash_between_match_file_and_index_is_repaired_on_open(
    tmp_path: Path,
) -> None:
    with Store.open(tmp_path) as store:
        match_id = store.add_match(new_match())
        stored = store.load_stored(match_id)
        played = stored.match.record_round("Bo", BO_OUT)
        # The match file is written, then the process dies before the index.
        store._matches._files.write(
            StoredMatch(match_id, stored.created, stored.finished, played)
        )
        assert store.list_matches()[0].round_count == 0
    with Store.open(tmp_path) as store:
        assert [n.code for n in store.notices] == ["index-repaired"]
        assert store.list_matches()[0].round_count == 1
    with Store.open(tmp_path) as store:
        assert store.notices == []


def test_index_entries_for_missing_files_are_dropped_and_new_files_listed(
    tmp_path: Path,
) -> None:
    with Store.open(tmp_path) as store:
        kept = store.add_match(new_match())
        lost = store.add_match(new_match())
    for path in (tmp_path / "matches").glob(f"{lost}.*"):
        path.unlink()
    for path in (tmp_path / "index").glob(f"{bucket_of(kept)}.*"):
        path.unlink()
    with Store.open(tmp_path) as store:
        assert [s.id for s in store.list_matches()] == [kept]
        (notice,) = store.notices
        assert notice.code == "index-repaired"
