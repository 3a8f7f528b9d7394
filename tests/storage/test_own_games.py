"""The user's own games in the store: saved, refused, deleted, exported."""

import json
from pathlib import Path

import pytest

from companion.engine.match import Match, MatchError
from companion.storage import Store, StoreError


def definition(**changes) -> dict:
    data = {
        "name": "Mau-Mau",
        "card_set": "regular",
        "faces": {"J": {"value": 20, "copies": 4}, "7": {"value": 7, "copies": 4}},
        "decks": 1,
        "scoring": "penalty",
        "end": {"kind": "limit", "value": 100, "rule": "exceeds"},
        "lowest_wins": True,
        "nobody_out": False,
        "min_players": 2,
        "max_players": 5,
    }
    return data | changes


def test_a_game_is_saved_listed_and_edited_without_touching_its_matches(
    tmp_path: Path,
) -> None:
    with Store.open(tmp_path) as store:
        game = store.save_own_game(definition())
        assert game.id.startswith("own-")
        match_id = store.add_match(
            Match.new(game, ["Ada", "Bo"]).record_round("Ada", {"Bo": {"J": 4}})
        )
        edited = store.save_own_game(
            definition(id=game.id, faces={"J": {"value": 2, "copies": 4}})
        )
        assert [g.values["J"] for g in store.own_games()] == [2]
        assert edited.id == game.id
    with Store.open(tmp_path) as again:
        assert again.own_games() == [edited]
        assert again.load_match(match_id).totals() == {"Ada": 0, "Bo": 80}


@pytest.mark.parametrize(
    ("bad", "code"),
    [
        (definition(faces={}), "game-no-faces"),
        (definition(name=""), "game-name-empty"),
        (definition(name="Vändåtta"), "game-name-taken"),
        (definition(min_players=5, max_players=2), "bad-player-range"),
    ],
)
def test_a_bad_definition_saves_nothing(bad: dict, code: str) -> None:
    store = Store.in_memory()
    with pytest.raises(MatchError) as refused:
        store.save_own_game(bad)
    assert refused.value.code == code
    assert store.own_games() == []


def test_two_own_games_cannot_share_a_name() -> None:
    store = Store.in_memory()
    first = store.save_own_game(definition())
    with pytest.raises(MatchError) as refused:
        store.save_own_game(definition(name=" mau-MAU "))
    assert refused.value.code == "game-name-taken"
    assert store.own_games() == [first]


def test_a_played_game_is_deleted_only_when_asked_and_its_matches_stay() -> None:
    store = Store.in_memory()
    game = store.save_own_game(definition())
    match_id = store.add_match(Match.new(game, ["Ada", "Bo"]))
    with pytest.raises(StoreError) as refused:
        store.delete_own_game(game.id)
    assert refused.value.params == {"game": "Mau-Mau", "matches": 1}
    assert store.own_games() == [game]
    store.delete_own_game(game.id, even_if_played=True)
    assert store.own_games() == []
    assert store.load_match(match_id).game == game


def test_own_games_go_out_with_an_export_and_come_back_once(tmp_path: Path) -> None:
    source = Store.in_memory()
    game = source.save_own_game(definition())
    source.add_match(Match.new(game, ["Ada", "Bo"]).record_round("Bo", {"Ada": 3}))
    path = tmp_path / "all.json"
    source.export_all(path)
    assert json.loads(path.read_text())["games"][0]["name"] == "Mau-Mau"
    target = Store.in_memory()
    result = target.import_file(path)
    assert result.games_added == (game.id,) and len(result.added) == 1
    assert target.own_games() == [game]
    assert target.import_file(path).games_added == ()


def test_an_import_whose_game_clashes_with_one_here_changes_nothing(
    tmp_path: Path,
) -> None:
    source = Store.in_memory()
    source.save_own_game(definition())
    path = tmp_path / "all.json"
    source.export_all(path)
    target = Store.in_memory()
    target.save_own_game(definition(name="MAU-MAU"))
    with pytest.raises(StoreError) as refused:
        target.import_file(path)
    assert refused.value.code == "import-bad-game"
    assert [g.name_key for g in target.own_games()] == ["MAU-MAU"]
    assert target.list_matches() == []
