"""companion export and import on the command line, in the system's language."""

import csv
import json
from pathlib import Path

import pytest
from read_only import read_only

from companion.cli.main import main
from companion.engine.match import Match
from companion.storage import Store


def speak(monkeypatch: pytest.MonkeyPatch, language: str) -> None:
    """Make the system ask for `language` only, whatever the shell running us says."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANGUAGE", language)


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> None:
    speak(monkeypatch, "en")


def add_matches(directory: Path, count: int) -> None:
    with Store.open(directory) as store:
        for _ in range(count):
            match = Match.new("crazy-eights", ["Ada", "Bo"]).record_round(
                "Ada", {"Bo": {"8": 1}}
            )
            store.add_match(match)


@pytest.fixture
def data(tmp_path: Path) -> Path:
    directory = tmp_path / "data"
    add_matches(directory, 1)
    return directory


@pytest.fixture
def three(tmp_path: Path) -> Path:
    """Three matches with five players between them."""
    directory = tmp_path / "three"
    add_matches(directory, 2)
    with Store.open(directory) as store:
        match = Match.new("crazy-eights", ["Cy", "Di", "Ed"])
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
    assert capsys.readouterr().out == f"Exported 1 match to {path}\n"
    other = tmp_path / "other"
    assert main(["--data-dir", str(other), "import", str(path)]) == 0
    assert capsys.readouterr().out == (
        f"Imported 1 match from {path}\nAdded 2 new players\n"
    )
    assert only_match(other) == only_match(data)


def test_importing_again_says_what_was_already_there(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "all.json"
    assert main(["export", str(path), "--data-dir", str(data)]) == 0
    capsys.readouterr()
    assert main(["import", str(path), "--data-dir", str(data)]) == 0
    assert capsys.readouterr().out == (
        f"Imported 0 matches from {path}\n"
        "1 match was already in your data and was left unchanged\n"
    )


def test_export_one_match_as_json_and_as_csv(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match_id = only_match(data)
    path = tmp_path / "one.json"
    assert (
        main(["export", str(path), "--match", match_id, "--data-dir", str(data)]) == 0
    )
    assert capsys.readouterr().out == f"Exported match {match_id} to {path}\n"
    assert [m["id"] for m in json.loads(path.read_text())["matches"]] == [match_id]
    sheet = tmp_path / "one.csv"
    args = ["export", str(sheet), "--match", match_id, "--csv", "--data-dir", str(data)]
    assert main(args) == 0
    assert capsys.readouterr().out == (f"Exported match {match_id} as CSV to {sheet}\n")
    with sheet.open(newline="") as handle:
        assert list(csv.reader(handle))[-1] == ["total", "0", "50"]


def test_errors_are_reported_as_sentences(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "missing.json"
    assert main(["import", str(missing), "--data-dir", str(data)]) == 1
    error = capsys.readouterr().err
    assert error.startswith(f"companion: Could not read {missing} (")
    assert error.endswith("). Nothing was imported.\n")
    args = ["export", str(tmp_path / "x.csv"), "--match", "0123456789ab", "--csv"]
    assert main([*args, "--data-dir", str(data)]) == 1
    assert capsys.readouterr().err == (
        "companion: This match no longer exists (0123456789ab).\n"
    )


def test_csv_without_a_match_is_refused(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheet = tmp_path / "x.csv"
    assert main(["export", str(sheet), "--csv", "--data-dir", str(data)]) == 2
    assert capsys.readouterr().err == (
        "companion: --csv writes a single match: add --match ID\n"
    )
    assert not sheet.exists()


@pytest.mark.parametrize(
    ("language", "exported", "imported"),
    [
        (
            "nb",
            "Eksporterte 3 partier til {path}\n",
            "Importerte 3 partier fra {path}\nLa til 5 nye spillere\n",
        ),
        (
            "sv",
            "Exporterade 3 partier till {path}\n",
            "Importerade 3 partier från {path}\nLade till 5 nya spelare\n",
        ),
        (
            "es",
            "Se exportaron 3 partidas a {path}\n",
            "Se importaron 3 partidas de {path}\nSe añadieron 5 jugadores nuevos\n",
        ),
    ],
)
def test_export_and_import_speak_the_systems_language(
    three: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    language: str,
    exported: str,
    imported: str,
) -> None:
    speak(monkeypatch, language)
    path = tmp_path / "all.json"
    assert main(["export", str(path), "--data-dir", str(three)]) == 0
    assert capsys.readouterr().out == exported.format(path=path)
    other = tmp_path / "other"
    assert main(["import", str(path), "--data-dir", str(other)]) == 0
    assert capsys.readouterr().out == imported.format(path=path)


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "nb",
            "Importerte 0 partier fra {path}\n"
            "1 parti fantes allerede i dataene dine og ble ikke endret\n",
        ),
        (
            "sv",
            "Importerade 0 partier från {path}\n"
            "1 parti fanns redan i dina data och lämnades oförändrat\n",
        ),
        (
            "es",
            "Se importaron 0 partidas de {path}\n"
            "1 partida ya estaba en tus datos y se dejó sin cambios\n",
        ),
    ],
)
def test_a_repeated_import_is_told_in_the_systems_language(
    data: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    language: str,
    expected: str,
) -> None:
    path = tmp_path / "all.json"
    assert main(["export", str(path), "--data-dir", str(data)]) == 0
    speak(monkeypatch, language)
    capsys.readouterr()
    assert main(["import", str(path), "--data-dir", str(data)]) == 0
    assert capsys.readouterr().out == expected.format(path=path)


def test_one_match_is_exported_in_the_singular(
    data: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("LANGUAGE")
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    path = tmp_path / "all.json"
    assert main(["export", str(path), "--data-dir", str(data)]) == 0
    assert capsys.readouterr().out == f"Se exportó 1 partida a {path}\n"


def test_refusals_speak_the_systems_language(
    data: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    speak(monkeypatch, "sv")
    sheet = tmp_path / "x.csv"
    assert main(["export", str(sheet), "--csv", "--data-dir", str(data)]) == 2
    assert capsys.readouterr().err == (
        "companion: --csv skriver bara ett parti: lägg till --match ID\n"
    )
    speak(monkeypatch, "nb")
    args = ["export", str(sheet), "--match", "0123456789ab", "--csv"]
    assert main([*args, "--data-dir", str(data)]) == 1
    assert capsys.readouterr().err == (
        "companion: Dette partiet finnes ikke lenger (0123456789ab).\n"
    )
    speak(monkeypatch, "es")
    missing = tmp_path / "missing.json"
    assert main(["import", str(missing), "--data-dir", str(data)]) == 1
    error = capsys.readouterr().err
    assert error.startswith(f"companion: No se pudo leer {missing} (")
    assert error.endswith("). No se ha importado nada.\n")
    assert not sheet.exists()


def test_export_works_from_a_read_only_data_folder(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = sorted(p.relative_to(data) for p in data.rglob("*"))
    path = tmp_path / "all.json"
    match_path = tmp_path / "one.csv"
    with read_only(data, folders_in_it=True):
        assert main(["export", str(path), "--data-dir", str(data)]) == 0
        match_id = json.loads(path.read_text())["matches"][0]["id"]
        command = ["export", "--match", match_id, "--csv", str(match_path)]
        assert main([*command, "--data-dir", str(data)]) == 0
    assert capsys.readouterr().out.startswith(f"Exported 1 match to {path}\n")
    assert match_path.read_text().splitlines()[-1] == "total,0,50"
    assert sorted(p.relative_to(data) for p in data.rglob("*")) == before


def test_export_is_refused_while_the_app_writes_to_the_folder(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with Store.open(data):
        assert main(["export", str(tmp_path / "a.json"), "--data-dir", str(data)]) == 1
    assert "Traceback" not in capsys.readouterr().err
    assert not (tmp_path / "a.json").exists()


def test_export_of_a_folder_with_no_data_creates_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "nothing-here"
    assert main(["export", str(tmp_path / "a.json"), "--data-dir", str(empty)]) == 0
    assert not empty.exists()
    assert json.loads((tmp_path / "a.json").read_text())["matches"] == []


def test_a_file_nested_ten_thousand_deep_is_refused_with_a_sentence(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 10_000 + "]" * 10_000)
    assert main(["import", str(deep), "--data-dir", str(data)]) == 1
    err = capsys.readouterr().err
    assert err == (
        f"companion: {deep} is not an export from this app. Nothing was imported.\n"
    )
    assert only_match(data)


def test_export_from_a_read_only_folder_passes_over_a_damaged_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    first = Match.new("crazy-eights", ["Ada", "Bo"]).record_round(
        "Ada", {"Bo": {"8": 1}}
    )
    with Store.open(data) as store:
        match_id = store.add_match(first)
        store.save_match(match_id, first.record_round("Bo", {"Ada": {"K": 1}}))
    (data / "matches" / f"{match_id}.2.json").write_bytes(b'{"match": {"1": {')
    before = sorted(p.relative_to(data) for p in data.rglob("*"))
    path = tmp_path / "all.json"
    with read_only(data, folders_in_it=True):
        assert main(["export", str(path), "--data-dir", str(data)]) == 0
    assert capsys.readouterr().err == ""
    exported = json.loads(path.read_text())["matches"][0]
    # The backup, the match as it was saved before.
    assert Match.from_dict(exported["match"]) == first
    assert sorted(p.relative_to(data) for p in data.rglob("*")) == before


def test_export_from_a_read_only_folder_repairs_in_memory_only(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match_id = only_match(data)
    for bucket in (data / "index").iterdir():
        bucket.unlink()
    before = sorted(p.relative_to(data) for p in data.rglob("*"))
    path = tmp_path / "all.json"
    with read_only(data, folders_in_it=True):
        assert main(["export", str(path), "--data-dir", str(data)]) == 0
    assert capsys.readouterr().out == f"Exported 1 match to {path}\n"
    assert json.loads(path.read_text())["matches"][0]["id"] == match_id
    assert sorted(p.relative_to(data) for p in data.rglob("*")) == before


def test_a_csv_names_each_rounds_cards_as_the_matchs_deck_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    directory = tmp_path / "uno"
    with Store.open(directory) as store:
        match = Match.new("uno", ["Ada", "Bo", "Cy"], card_set="uno-cards")
        match = match.record_round(
            "Ada", {"Bo": {"J": 2, "10": 1}, "Cy": {"BJ": 1, "A": 3}}
        )
        match_id = store.add_match(match)
    sheet = tmp_path / "uno.csv"
    args = ["export", str(sheet), "--match", match_id, "--csv"]
    speak(monkeypatch, "es")
    assert main([*args, "--data-dir", str(directory)]) == 0
    with sheet.open(newline="") as handle:
        rows = list(csv.reader(handle))
    assert rows[0][4] == "cartas en la mano"
    assert rows[1][:4] == ["1", "93", "0", "0"]
    assert rows[1][4] == "Bo: 0, Salto ×2; Cy: 1 ×3, Comodín roba cuatro"


def test_an_import_says_what_it_brought_up_to_date_and_kept_beside(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with Store.open(data) as store:
        (match_id,) = [s.id for s in store.list_matches()]
        match = store.load_match(match_id)
    further = tmp_path / "further.json"
    with Store.in_memory() as phone:
        phone.import_file(_exported(data, tmp_path / "now.json"))
        phone.update_match(match_id, lambda m: m.record_round("Bo", {"Ada": 5}))
        phone.export_all(further)
    capsys.readouterr()
    assert main(["import", str(further), "--data-dir", str(data)]) == 0
    assert capsys.readouterr().out == (
        f"Imported 0 matches from {further}\n1 match you had was brought up to date\n"
    )
    with Store.open(data) as store:
        store.save_match(match_id, match.record_round("Ada", {"Bo": 9}))
    assert main(["import", str(further), "--data-dir", str(data)]) == 0
    assert capsys.readouterr().out == (
        f"Imported 0 matches from {further}\n"
        "1 match went another way than yours and was kept as a copy beside it\n"
    )


def _exported(data: Path, path: Path) -> Path:
    assert main(["export", str(path), "--data-dir", str(data)]) == 0
    return path
