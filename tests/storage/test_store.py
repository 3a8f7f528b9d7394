"""The Store, file and memory: one lock for all sessions, the roster kept, reopening."""

import threading
from pathlib import Path

import pytest

from companion.engine.match import Match
from companion.storage import Store, StoreError

BO_OUT = {"Ada": {"K": 1}, "Cy": {"3": 2}}


def new_match(**options: object) -> Match:
    return Match.new("crazy-eights", ["Ada", "Bo", "Cy"], **options)  # type: ignore[arg-type]


def test_a_new_store_is_empty_with_nothing_to_report(store: Store) -> None:
    assert store.list_matches() == []
    assert store.players() == []
    assert store.notices == []


def test_adding_a_match_puts_its_players_on_the_roster(store: Store) -> None:
    store.add_match(new_match())
    assert [p.name for p in store.players()] == ["Ada", "Bo", "Cy"]


def test_concurrent_sessions_lose_no_round(store: Store, tmp_path: Path) -> None:
    match_ids = [store.add_match(new_match(rounds=200)) for _ in range(4)]
    failures: list[BaseException] = []

    def session(match_id: str) -> None:
        try:
            for _ in range(50):
                store.update_match(match_id, lambda m: m.record_round("Bo", BO_OUT))
        except BaseException as error:  # noqa: BLE001 - reported by the assert below
            failures.append(error)

    threads = [
        threading.Thread(target=session, args=(match_ids[n % 4],)) for n in range(8)
    ]
    for thread in threads:
        thread.start()
    if store.data_dir is not None:
        with pytest.raises(StoreError) as caught:
            Store.open(store.data_dir)
        assert caught.value.code == "data-locked"
    for thread in threads:
        thread.join()
    assert failures == []
    for match_id in match_ids:
        assert len(store.load_match(match_id).rounds) == 100
    assert {s.round_count for s in store.list_matches()} == {100}


def test_everything_survives_reopening(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        match = new_match().record_round("Bo", BO_OUT)
        match_id = store.add_match(match)
        store.hide_player("Cy")
        store.update_settings(language="sv")
    with Store.open(tmp_path) as store:
        assert store.load_match(match_id) == match
        assert [(p.name, p.hidden) for p in store.players()][-1] == ("Cy", True)
        assert store.settings()["language"] == "sv"
        assert store.notices == []


def test_reopening_a_closed_store_is_allowed(tmp_path: Path) -> None:
    Store.open(tmp_path).close()
    Store.open(tmp_path).close()


def test_a_match_started_with_drop_empty_removes_the_empty_ones_left(
    store: Store,
) -> None:
    store.add_match(Match.new("uno", ["Ada", "Bo"]))
    played = store.add_match(
        Match.new("uno", ["Ada", "Bo"]).record_round("Ada", {"Bo": {"K": 1}})
    )
    store.add_match(Match.new("uno", ["Cy", "Bo"]))
    newest = store.add_match(Match.new("uno", ["Ada", "Cy"]), drop_empty=True)
    assert {s.id for s in store.list_matches()} == {played, newest}
