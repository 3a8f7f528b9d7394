"""Export and import files: round trips, CSV for spreadsheets, bad files refused."""

import csv
import json
from dataclasses import replace
from pathlib import Path

import pytest

from companion.engine.match import MAX_MATCH_ROUNDS, Match
from companion.engine.origins import Origin
from companion.storage import Store, StoreError
from companion.storage.transfer import (
    MAX_IMPORT_MATCHES,
    MAX_IMPORT_MEGABYTES,
    MAX_IMPORT_PLAYERS,
)


def fill(store: Store) -> list[str]:
    """Two matches (one finished), a hidden player and some settings."""
    uno = Match.new("uno", ["Ada", "Bo", "Cy", "Di"]).record_round(
        "Ada", {"Bo": {"RJ": 1, "K": 2}, "Cy": 7, "Di": {"10": 1, "A": 3}}
    )
    short = Match.new("vandatta", ["Ada", "Eve"], rounds=1).record_round(
        "Eve", {"Ada": {"8": 2}}
    )
    ids = [store.add_match(uno), store.add_match(short)]
    store.add_player("Fay")
    store.hide_player("Fay")
    store.update_settings(language="es", last_game="uno")
    return ids


def contents(store: Store) -> tuple[object, ...]:
    summaries = store.list_matches()
    return (
        summaries,
        [store.load_match(s.id) for s in summaries],
        store.players(),
        store.settings(),
    )


def test_whole_export_imports_into_an_empty_store_equal(
    store: Store, tmp_path: Path
) -> None:
    fill(store)
    path = tmp_path / "all.json"
    assert store.export_all(path) == 2
    fresh = Store.in_memory()
    result = fresh.import_file(path)
    assert len(result.added) == 2 and result.skipped == ()
    assert result.settings_restored
    assert contents(fresh) == contents(store)


def test_importing_again_duplicates_nothing(store: Store, tmp_path: Path) -> None:
    ids = fill(store)
    path = tmp_path / "all.json"
    store.export_all(path)
    before = contents(store)
    result = store.import_file(path)
    assert result.added == () and sorted(result.skipped) == sorted(ids)
    assert result.players_added == ()
    assert contents(store) == before


def test_single_match_export_brings_its_match_and_players(
    store: Store, tmp_path: Path
) -> None:
    uno_id, _ = fill(store)
    path = tmp_path / "one.json"
    store.export_match(uno_id, path)
    fresh = Store.in_memory()
    result = fresh.import_file(path)
    assert result.added == (uno_id,)
    assert not result.settings_restored
    assert fresh.load_match(uno_id) == store.load_match(uno_id)
    assert fresh.list_matches() == [s for s in store.list_matches() if s.id == uno_id]
    assert sorted(result.players_added) == ["Ada", "Bo", "Cy", "Di"]


def test_csv_has_a_row_per_round_a_column_per_player_and_the_engines_totals(
    store: Store, tmp_path: Path
) -> None:
    match = Match.new("crazy-eights", ["Ada", "Bo", "Cy"])
    for went_out in ("Ada", "Bo", "Cy"):
        others = [p for p in match.players if p != went_out]
        match = match.record_round(went_out, {others[0]: {"8": 1}, others[1]: 9})
    match_id = store.add_match(match)
    path = tmp_path / "match.csv"
    store.export_csv(match_id, path, round_label="Runde", total_label="Sum")
    with path.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    assert rows[0] == ["Runde", "Ada", "Bo", "Cy"]
    assert len(rows) == 1 + 3 + 1
    for row, points in zip(rows[1:4], match.round_points(), strict=True):
        assert [int(v) for v in row[1:]] == list(points.values())
    assert rows[-1][0] == "Sum"
    assert [int(v) for v in rows[-1][1:]] == list(match.totals().values())


def valid_export(store: Store, tmp_path: Path) -> dict[str, object]:
    fill(store)
    store.export_all(tmp_path / "all.json")
    return json.loads((tmp_path / "all.json").read_text())


def broken_match(document: dict) -> None:
    document["matches"][1]["match"]["rounds"][0]["hands"]["Ada"] = {"8": 9}


def newer(document: dict) -> None:
    document["version"] = 3


def duplicate_ids(document: dict) -> None:
    document["matches"].append(document["matches"][0])


def bad_id(document: dict) -> None:
    document["matches"][0]["id"] = "../../etc"


def bad_player(document: dict) -> None:
    document["players"].append({"name": "  "})


def bad_setting(document: dict) -> None:
    document["settings"]["last_game"] = "chess"


@pytest.mark.parametrize(
    ("spoil", "code", "params"),
    [
        (broken_match, "import-bad-match", {"reason": "deck-limit"}),
        (newer, "import-newer-version", {"version": 3, "supported": 2}),
        (duplicate_ids, "import-wrong-shape", {"where": "matches[2].id"}),
        (bad_id, "import-wrong-shape", {"where": "matches[0].id"}),
        (bad_player, "import-bad-name", {"where": "players[6].name"}),
        (bad_setting, "import-wrong-shape", {"where": "settings"}),
    ],
)
def test_a_bad_import_file_is_refused_and_changes_nothing(
    tmp_path: Path, spoil, code: str, params: dict[str, object]
) -> None:
    document = valid_export(Store.in_memory(), tmp_path)
    spoil(document)
    path = tmp_path / "spoiled.json"
    path.write_text(json.dumps(document))
    target = Store.in_memory()
    target.add_player("Zed")
    before = contents(target)
    with pytest.raises(StoreError) as caught:
        target.import_file(path)
    assert caught.value.code == code
    assert {k: caught.value.params[k] for k in params} == params
    assert caught.value.params["path"] == str(path)
    assert contents(target) == before


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        (b"", "import-not-json"),
        (b'{"format": "card-table-companion", "vers', "import-not-json"),
        (bytes(range(256)), "import-not-json"),
        (b"[1, 2]", "import-wrong-shape"),
        (b'{"format": "other", "version": 1}', "import-wrong-shape"),
    ],
)
def test_unreadable_import_files_are_refused(
    tmp_path: Path, raw: bytes, code: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(raw)
    store = Store.in_memory()
    with pytest.raises(StoreError) as caught:
        store.import_file(path)
    assert caught.value.code == code
    assert store.list_matches() == []


def test_a_missing_import_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(StoreError) as caught:
        Store.in_memory().import_file(tmp_path / "nowhere.json")
    assert caught.value.code == "import-unreadable"


def test_export_to_an_unwritable_place_is_a_clear_error(
    store: Store, tmp_path: Path
) -> None:
    with pytest.raises(StoreError) as caught:
        store.export_all(tmp_path / "no" / "such" / "dir.json")
    assert caught.value.code == "export-failed"


def _export(path: Path, **content: object) -> Path:
    document = {"format": "card-table-companion", "version": 1, "kind": "all"}
    path.write_text(json.dumps({**document, "matches": [], **content}))
    return path


def _refusal(store: Store, path: Path, shown_as: str | None = None) -> StoreError:
    before = contents(store)
    with pytest.raises(StoreError) as caught:
        store.import_file(path, shown_as)
    assert contents(store) == before
    return caught.value


def test_a_file_nested_too_deep_is_not_an_export(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fill(store)
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 10_000 + "]" * 10_000)
    assert _refusal(store, deep).code == "import-not-json"
    # Refused before it is parsed: in the browser, json's parser would exhaust
    # the stack at such depths and take the whole app down (seen in Pyodide).
    loads, parsed = json.loads, []

    def recorded(text: str | bytes, **options: object) -> object:
        parsed.append(text)
        return loads(text, **options)

    monkeypatch.setattr(json, "loads", recorded)
    assert _refusal(store, deep).code == "import-not-json"
    assert deep.read_text() not in parsed


def test_a_file_past_the_size_limit_is_refused_unread(
    store: Store, tmp_path: Path
) -> None:
    big = tmp_path / "big.json"
    junk = "x" * (MAX_IMPORT_MEGABYTES * 2**20)
    _export(big, junk=junk)
    error = _refusal(store, big)
    assert (error.code, error.params) == (
        "import-too-large",
        {"path": str(big), "max": MAX_IMPORT_MEGABYTES},
    )


def test_more_matches_or_players_than_any_table_are_refused(
    store: Store, tmp_path: Path
) -> None:
    fill(store)
    many = _export(tmp_path / "many.json", matches=[{}] * (MAX_IMPORT_MATCHES + 1))
    error = _refusal(store, many)
    assert error.code == "import-too-many-matches"
    assert error.params["count"] == MAX_IMPORT_MATCHES + 1
    players = [{"name": f"P{n}"} for n in range(MAX_IMPORT_PLAYERS + 1)]
    crowd = _export(tmp_path / "crowd.json", players=players)
    assert _refusal(store, crowd).code == "import-too-many-players"


def test_players_are_counted_across_the_matches_too(
    store: Store, tmp_path: Path
) -> None:
    source = Store.in_memory()
    for n in range(MAX_IMPORT_PLAYERS // 10 + 1):
        source.add_match(Match.new("uno", [f"P{n}-{seat}" for seat in range(10)]))
    path = tmp_path / "tables.json"
    source.export_all(path)
    error = _refusal(store, path)
    assert error.code == "import-too-many-players"
    assert error.params["count"] == MAX_IMPORT_PLAYERS + 10


def test_a_match_past_the_round_limit_is_refused(store: Store, tmp_path: Path) -> None:
    source = Store.in_memory()
    source.add_match(Match.new("crazy-eights", ["Ada", "Bo"]))
    path = tmp_path / "long.json"
    source.export_all(path)
    document = json.loads(path.read_text())
    played = {"went_out": "Ada", "hands": {"Bo": 0}}
    document["matches"][0]["match"]["rounds"] = [played] * (MAX_MATCH_ROUNDS + 1)
    path.write_text(json.dumps(document))
    error = _refusal(store, path)
    assert error.code == "import-bad-match"
    assert error.params["reason"] == "too-many-rounds"


def test_refusals_name_the_file_the_user_picked(store: Store, tmp_path: Path) -> None:
    copy = tmp_path / "import.json"
    copy.write_text("not json")
    error = _refusal(store, copy, "kitchen table.json")
    assert error.params == {"path": "kitchen table.json"}


FIXTURES = Path(__file__).parent / "fixtures"


def test_an_export_made_before_card_sets_still_imports_as_regular_decks(
    store: Store,
) -> None:
    result = store.import_file(FIXTURES / "export-before-card-sets.json")
    assert len(result.added) == 2 and result.settings_restored
    matches = {s.game_id: store.load_match(s.id) for s in store.list_matches()}
    uno = matches["uno"]
    assert uno.settings.card_set == "regular" and uno.settings.extra_wilds == 0
    assert uno.totals() == {"Ada": 90, "Bo": 0, "Cy": 17}
    assert matches["crazy-eights"].totals() == {"Ada": 0, "Bo": 60}
    remembered = store.settings()["house_rules"]["uno"]
    assert (
        Match.from_dict(
            {
                "game": "uno",
                "players": ["A", "B"],
                "first_dealer": "A",
                "settings": remembered,
                "rounds": [],
            }
        ).settings
        == uno.settings
    )


def test_csv_names_the_cards_with_the_column_a_caller_gives(
    store: Store, tmp_path: Path
) -> None:
    match = Match.new("uno", ["Ada", "Bo"], card_set="uno-cards")
    match_id = store.add_match(match.record_round("Ada", {"Bo": {"K": 2}}))
    path = tmp_path / "uno.csv"

    def cards(shown: Match, index: int) -> str:
        return repr(shown.rounds[index].hands)

    store.export_csv(match_id, path, hands=("cards", cards))
    with path.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    assert rows[0] == ["round", "Ada", "Bo", "cards"]
    assert rows[1][:3] == ["1", "40", "0"]
    assert "K" in rows[1][3]


def hidden_seat(document: dict) -> None:
    match = document["matches"][1]["match"]
    match["players"][1] = "Eve\u200b"
    match["rounds"][0]["went_out"] = "Eve\u200b"


def hidden_player(document: dict) -> None:
    document["players"].append({"name": "Gus\u202e"})


@pytest.mark.parametrize(
    ("spoil", "where", "shown"),
    [
        (hidden_seat, "matches[1].match.players[1]", "Eve<U+200B>"),
        (hidden_player, "players[6].name", "Gus<U+202E>"),
    ],
)
def test_an_import_with_a_hidden_character_in_a_name_is_refused_whole(
    tmp_path: Path, spoil, where: str, shown: str
) -> None:
    document = valid_export(Store.in_memory(), tmp_path)
    spoil(document)
    path = tmp_path / "hidden.json"
    path.write_text(json.dumps(document))
    target = Store.in_memory()
    before = contents(target)
    with pytest.raises(StoreError) as caught:
        target.import_file(path)
    assert caught.value.code == "import-bad-name"
    assert caught.value.params == {"path": str(path), "where": where, "name": shown}
    assert contents(target) == before


def test_an_import_with_a_name_like_a_known_one_is_refused_whole(
    tmp_path: Path,
) -> None:
    document = valid_export(Store.in_memory(), tmp_path)
    path = tmp_path / "all.json"
    path.write_text(json.dumps(document))
    target = Store.in_memory()
    target.add_player("ＡＤＡ")
    before = contents(target)
    with pytest.raises(StoreError) as caught:
        target.import_file(path)
    assert (caught.value.code, caught.value.params) == (
        "import-look-alike",
        {"path": str(path), "name": "Ada", "known": "ＡＤＡ"},
    )
    assert contents(target) == before

    # Two spellings within one file are refused the same way.
    document["players"].append({"name": "ＢＯ"})
    path.write_text(json.dumps(document))
    with pytest.raises(StoreError) as caught:
        Store.in_memory().import_file(path)
    assert caught.value.params["name"] == "ＢＯ"
    assert caught.value.params["known"] == "Bo"


def test_an_ended_match_exports_and_imports_as_ended(
    store: Store, tmp_path: Path
) -> None:
    uno_id = fill(store)[0]
    store.update_match(uno_id, lambda m: m.end_early())
    path = tmp_path / "all.json"
    store.export_all(path)
    entry = next(
        e for e in json.loads(path.read_text())["matches"] if e["id"] == uno_id
    )
    assert entry["match"]["ended_early"] is True and entry["finished"]
    fresh = Store.in_memory()
    fresh.import_file(path)
    imported = fresh.load_stored(uno_id)
    assert imported.match.ended_early and imported.match.winners == ["Ada"]
    assert imported == store.load_stored(uno_id)
    assert fresh.stats_snapshot() == store.stats_snapshot()


def test_an_export_keeps_where_each_round_came_from_and_no_phone_becomes_another(
    tmp_path: Path,
) -> None:
    here = Origin("a1b2c3d4", 1_765_000_000, "Åse")
    source = Store.in_memory()
    match = Match.new("crazy-eights", ["Ada", "Bo"])
    match = match.record_round("Ada", {"Bo": 5}).record_round("Bo", {"Ada": 7})
    first, second = match.rounds
    match = replace(match, rounds=(replace(first, origin=here), second))
    match_id = source.add_match(match)
    source_id = source.phone_id()
    source.export_all(tmp_path / "all.json")
    document = json.loads((tmp_path / "all.json").read_text())
    assert document["version"] == 2
    other = Store.in_memory()
    other_id = other.phone_id()
    result = other.import_file(tmp_path / "all.json")
    assert result.settings_restored
    assert [r.origin for r in other.load_match(match_id).rounds] == [here, None]
    # The file's phone id is that phone's: this one stays itself.
    assert other.phone_id() == other_id != source_id
