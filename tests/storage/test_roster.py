"""The player roster and the settings, against the file store and the in-memory one."""

from pathlib import Path

import pytest

from companion.engine.errors import MatchError
from companion.engine.match import Match
from companion.storage import PlayerRecord, Store, StoreError


def played(store: Store, *names: str) -> str:
    match = Match.new("vandatta", names, rounds=3).record_round(
        names[0], {name: {"8": 1} for name in names[1:]}
    )
    return store.add_match(match)


def test_players_are_listed_alphabetically(store: Store) -> None:
    for name in ("cy", "Ada", "Bo"):
        store.add_player(name)
    assert [p.name for p in store.players()] == ["Ada", "Bo", "cy"]


def test_a_duplicate_name_is_refused_whatever_its_case(store: Store) -> None:
    store.add_player("Ada")
    with pytest.raises(StoreError) as caught:
        store.add_player("  ada ")
    assert (caught.value.code, caught.value.params) == (
        "duplicate-player",
        {"player": "ada"},
    )
    assert store.players() == [PlayerRecord("Ada")]


def test_a_blank_name_is_refused_by_the_engine_rule(store: Store) -> None:
    with pytest.raises(MatchError) as caught:
        store.add_player("   ")
    assert caught.value.code == "empty-name"
    assert store.players() == []


def test_renaming_updates_every_stored_match(store: Store) -> None:
    first, second = played(store, "Ada", "Bo"), played(store, "Bo", "Cy")
    untouched = played(store, "Ada", "Cy")
    before = store.load_match(second).totals()
    store.rename_player("Bo", "Bob")
    assert store.load_match(first).players == ("Ada", "Bob")
    assert store.load_match(second).players == ("Bob", "Cy")
    assert store.load_match(second).rounds[0].went_out == "Bob"
    assert list(store.load_match(second).totals().values()) == list(before.values())
    assert store.load_match(untouched).players == ("Ada", "Cy")
    assert [p.name for p in store.players()] == ["Ada", "Bob", "Cy"]
    assert {s.id: s.players for s in store.list_matches()}[first] == ("Ada", "Bob")


def test_renaming_to_a_name_in_use_or_an_unknown_player_is_refused(
    store: Store,
) -> None:
    match_id = played(store, "Ada", "Bo")
    with pytest.raises(StoreError) as caught:
        store.rename_player("Bo", "ADA")
    assert caught.value.code == "duplicate-player"
    with pytest.raises(StoreError) as caught:
        store.rename_player("Zed", "Zoe")
    assert caught.value.code == "no-such-player"
    assert store.load_match(match_id).players == ("Ada", "Bo")


def test_changing_only_the_case_of_a_name_is_a_rename(store: Store) -> None:
    match_id = played(store, "ada", "Bo")
    store.rename_player("ada", "Ada")
    assert store.load_match(match_id).players == ("Ada", "Bo")


def test_a_player_in_a_stored_match_can_be_hidden_but_not_deleted(
    store: Store,
) -> None:
    played(store, "Ada", "Bo")
    played(store, "Ada", "Cy")
    with pytest.raises(StoreError) as caught:
        store.delete_player("Ada")
    assert (caught.value.code, caught.value.params) == (
        "player-in-match",
        {"player": "Ada", "matches": 2},
    )
    store.hide_player("Ada")
    assert PlayerRecord("Ada", hidden=True) in store.players()
    store.hide_player("Ada", hidden=False)
    assert PlayerRecord("Ada") in store.players()


def test_a_player_in_no_match_can_be_deleted(store: Store) -> None:
    store.add_player("Dee")
    store.delete_player("Dee")
    assert store.players() == []
    with pytest.raises(StoreError) as caught:
        store.delete_player("Dee")
    assert caught.value.code == "no-such-player"


def test_settings_have_defaults_and_keep_changes(store: Store) -> None:
    assert store.settings() == {
        "language": None,
        "theme": "system",
        "last_game": None,
        "house_rules": {},
        "keep_awake": True,
        "site_address": None,
        "phone_name": "",
        "phone_id": "",
    }
    rules = {"uno": {"limit": 300, "values": {"J": 25}}}
    store.update_settings(language="nb", last_game="uno", house_rules=rules)
    store.update_settings(theme="dark", keep_awake=False)
    store.update_settings(site_address="https://cards.example/scores/")
    store.update_settings(phone_name="Åse 🎉")
    assert store.settings() == {
        "language": "nb",
        "theme": "dark",
        "last_game": "uno",
        "house_rules": rules,
        "keep_awake": False,
        "site_address": "https://cards.example/scores/",
        "phone_name": "Åse 🎉",
        "phone_id": "",
    }


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"colour": "red"}, "unknown-setting"),
        ({"last_game": "chess"}, "bad-setting"),
        ({"language": 7}, "bad-setting"),
        ({"language": "nb", "keep_awake": 1}, "bad-setting"),
        ({"keep_awake": "yes"}, "bad-setting"),
        ({"house_rules": {"uno": {"limit": {1, 2}}}}, "bad-setting"),
        ({"site_address": "cards.example"}, "bad-setting"),
        ({"site_address": "https://cards.example/#m=1"}, "bad-setting"),
        ({"site_address": " https://cards.example/"}, "bad-setting"),
        ({"site_address": 7}, "bad-setting"),
        # Whose phone it is: a player's name, cleaned, within its bounds.
        ({"phone_name": None}, "bad-setting"),
        ({"phone_name": " Ada"}, "bad-setting"),
        ({"phone_name": "A" * 25}, "bad-setting"),
        ({"phone_name": "A\u200bda"}, "bad-setting"),
        ({"phone_id": "0123456G"}, "bad-setting"),
        ({"phone_id": "0123456"}, "bad-setting"),
    ],
)
def test_bad_settings_are_refused_and_change_nothing(
    store: Store, changes: dict[str, object], code: str
) -> None:
    store.update_settings(theme="light")
    with pytest.raises(StoreError) as caught:
        store.update_settings(theme="dark", **changes)
    assert caught.value.code == code
    assert store.settings()["theme"] == "light"


def test_an_interrupted_rename_is_finished_on_open(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        first, second = played(store, "Ada", "Bo"), played(store, "Bo", "Cy")
        # What a crash after the first renamed match leaves behind.
        store._roster.begin_rename("Bo", "Bob")
        renamed = store.load_match(first).rename_player("Bo", "Bob")
        store.save_match(first, renamed)
    with Store.open(tmp_path) as store:
        assert store.load_match(first).players == ("Ada", "Bob")
        assert store.load_match(second).players == ("Bob", "Cy")
        assert [p.name for p in store.players()] == ["Ada", "Bob", "Cy"]
        assert store._roster.pending_rename() is None


@pytest.mark.parametrize(
    ("name", "code"),
    [("Bo\u200b", "hidden-character"), ("Bo\nCy", "hidden-character")],
)
def test_a_name_hiding_characters_is_refused_on_the_roster(
    store: Store, name: str, code: str
) -> None:
    store.add_player("Ada")
    with pytest.raises(MatchError) as caught:
        store.add_player(name)
    assert caught.value.code == code
    with pytest.raises(MatchError) as caught:
        store.rename_player("Ada", name)
    assert caught.value.code == code
    assert store.players() == [PlayerRecord("Ada")]


def test_a_name_that_reads_like_a_known_one_is_refused(store: Store) -> None:
    store.add_player("Ada")
    store.add_player("Bo")
    for taken in ("Ａｄａ", "ADA"):
        with pytest.raises(StoreError) as caught:
            store.add_player(taken)
        assert caught.value.code == "duplicate-player"
    with pytest.raises(StoreError) as caught:
        store.rename_player("Bo", "Ａｄａ")
    assert caught.value.code == "duplicate-player"
    assert [p.name for p in store.players()] == ["Ada", "Bo"]


def test_names_stored_under_the_old_rules_are_still_shown(tmp_path: Path) -> None:
    old = Match.new("crazy-eights", ["Ada", "Bo"]).to_dict()
    old["players"], old["first_dealer"] = ["Ada", "Ada\u200b"], "Ada"
    with Store.open(tmp_path) as store:
        match_id = store.add_match(Match.from_dict(old))
    with Store.open(tmp_path) as store:
        assert store.load_match(match_id).players == ("Ada", "Ada\u200b")
        assert {p.name for p in store.players()} == {"Ada", "Ada\u200b"}
        # Renamed, the player meets the new rules.
        store.rename_player("Ada\u200b", "Ida")
        assert store.load_match(match_id).players == ("Ada", "Ida")
