"""companion export and companion import on the command line."""

import csv
import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.match import Match
from companion.storage import Store


@pytest.fixture
def data(tmp_path: Path) -> Path:
    directory = tmp_path / "data"
    with Store.open(directory) as store:
        match = Match.new("crazy-eights", ["Ada", "Bo"]).record_round(
            "Ada", {"Bo": {"8": 1}}
        )
        store.add_match(match)
    return directory


def only_match(data: Path) -> str:
    with Store.open(data) as store:
        return store.list_matches()[0].id


def test_export_and_import_round_trip(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "all.json"
    assert main(["export", str(path), "--data-dir", str(data)]) == 0
    assert capsys.readouterr().out == f"Exported 1 matches to {path}\n"
    other = tmp_path / "other"
    assert main(["--data-dir", str(other), "import", str(path)]) == 0
    assert "Imported 1 matches (0 already present), 2 new players" in (
        capsys.readouterr().out
    )
    assert only_match(other) == only_match(data)


def test_export_one_match_as_json_and_as_csv(data: Path, tmp_path: Path) -> None:
    match_id = only_match(data)
    path = tmp_path / "one.json"
    assert (
        main(["export", str(path), "--match", match_id, "--data-dir", str(data)]) == 0
    )
    assert [m["id"] for m in json.loads(path.read_text())["matches"]] == [match_id]
    sheet = tmp_path / "one.csv"
    args = ["export", str(sheet), "--match", match_id, "--csv", "--data-dir", str(data)]
    assert main(args) == 0
    with sheet.open(newline="") as handle:
        assert list(csv.reader(handle))[-1] == ["total", "0", "50"]


def test_errors_are_reported_as_sentences(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "missing.json"
    assert main(["import", str(missing), "--data-dir", str(data)]) == 1
    error = capsys.readouterr().err
    assert error.startswith("companion: ")
    assert str(missing) in error and "import-unreadable" not in error
    args = ["export", str(tmp_path / "x.csv"), "--match", "0123456789ab", "--csv"]
    assert main([*args, "--data-dir", str(data)]) == 1
    assert "0123456789ab" in capsys.readouterr().err


def test_csv_without_a_match_is_refused(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        main(["export", str(tmp_path / "x.csv"), "--csv", "--data-dir", str(data)]) == 2
    )
    assert "--match" in capsys.readouterr().err
