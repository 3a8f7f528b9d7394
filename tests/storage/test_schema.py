"""Schema versions: older documents are migrated, newer ones refused."""

import json
from pathlib import Path
from typing import Any

import pytest

from companion.engine.match import Match
from companion.storage import Store, StoreError, schema
from companion.storage.storages import DamagedData


def test_every_written_document_carries_the_schema_version(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        store.add_match(Match.new("uno", ["Ada", "Bo"]))
        store.update_settings(theme="dark")
    for path in tmp_path.rglob("*.json"):
        for table in json.loads(path.read_text()).values():
            for document in table.values():
                assert document["schema"] == schema.SCHEMA_VERSION


def test_older_documents_are_migrated_on_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Store.open(tmp_path) as store:
        match_id = store.add_match(Match.new("uno", ["Ada", "Bo"]))
        store.update_settings(theme="dark")
    seen: list[str] = []

    def rename_theme(table: str, document: dict[str, Any]) -> dict[str, Any]:
        seen.append(table)
        if table == "settings":
            return {**document, "theme": "light"}
        return document

    monkeypatch.setattr(schema, "SCHEMA_VERSION", 2)
    monkeypatch.setattr(schema, "MIGRATIONS", {1: rename_theme})
    with Store.open(tmp_path) as store:
        assert store.settings()["theme"] == "light"
        assert store.load_match(match_id).players == ("Ada", "Bo")
        (notice,) = store.notices
        assert (notice.code, dict(notice.params)) == (
            "data-migrated",
            {"from_version": 1, "to_version": 2},
        )
        store.update_settings(language="nb")
    assert {"settings", "players", "matches", "match"} <= set(seen)
    roster = max(tmp_path.glob("roster.*.json"), key=lambda p: int(p.name[7:-5]))
    tables = json.loads(roster.read_text())
    assert {d["schema"] for d in tables["players"].values()} == {2}
    settings = tables["settings"]["1"]
    assert (settings["schema"], settings["theme"], settings["language"]) == (
        2,
        "light",
        "nb",
    )


def test_newer_document_is_refused() -> None:
    with pytest.raises(StoreError) as caught:
        schema.upgrade_document("players", {"schema": 7, "name": "Ada"}, "p.json")
    assert caught.value.params == {"path": "p.json", "version": 7, "supported": 1}


@pytest.mark.parametrize("version", [None, 0, -1, "1", 1.0, True])
def test_a_version_that_makes_no_sense_is_damage(version: object) -> None:
    with pytest.raises(DamagedData):
        schema.upgrade_document("players", {"schema": version}, "p.json")
