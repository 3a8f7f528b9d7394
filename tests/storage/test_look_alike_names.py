"""Look-alike names through the store: typed, renamed, and in import files."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.engine.errors import MatchError
from companion.engine.match import Match
from companion.storage import Store, StoreError

CYRILLIC_A = "\u0410"
GREEK_ALPHA = "\u0391"
CYRILLIC_O = "\u043e"

IMITATIONS = {
    "cyrillic": f"{CYRILLIC_A}da",
    "greek": f"{GREEK_ALPHA}da",
    "full-width": "Ａｄａ",
    "mixed script": f"{CYRILLIC_A}d{CYRILLIC_O}",  # Cyrillic А and о, Latin d
}
"""Each imitates one of the names below (Ada, or Ado for the mixed one)."""

KNOWN = {"cyrillic": "Ada", "greek": "Ada", "full-width": "Ada", "mixed script": "Ado"}


def _contents(store: Store) -> tuple[object, ...]:
    summaries = store.list_matches()
    return (summaries, store.players(), [store.load_match(s.id) for s in summaries])


def _export_with(tmp_path: Path, *tables: list[str]) -> Path:
    """An export file of a match between each of `tables`' players."""
    source = Store.in_memory()
    for players in tables:
        source.add_match(Match.new("crazy-eights", players))
    path = tmp_path / "all.json"
    source.export_all(path)
    return path


@pytest.mark.parametrize("case", IMITATIONS)
def test_an_import_with_a_look_alike_of_a_stored_name_is_refused_whole(
    tmp_path: Path, case: str
) -> None:
    path = _export_with(tmp_path, [IMITATIONS[case], "Bo"])
    target = Store.in_memory()
    target.add_player(KNOWN[case])
    before = _contents(target)
    with pytest.raises(StoreError) as caught:
        target.import_file(path)
    assert caught.value.code == "import-look-alike"
    assert caught.value.params == {
        "path": str(path),
        "name": IMITATIONS[case],
        "known": KNOWN[case],
    }
    assert _contents(target) == before


@pytest.mark.parametrize("case", IMITATIONS)
def test_an_import_with_two_look_alikes_in_it_is_refused(
    tmp_path: Path, case: str
) -> None:
    path = _export_with(tmp_path, [KNOWN[case], "Bo"], [IMITATIONS[case], "Bo"])
    target = Store.in_memory()
    with pytest.raises(StoreError) as caught:
        target.import_file(path)
    assert caught.value.code == "import-look-alike"
    assert caught.value.params["name"] == IMITATIONS[case]
    assert caught.value.params["known"] == KNOWN[case]
    assert target.players() == []


def test_an_import_of_names_already_stored_as_they_are_is_taken(
    tmp_path: Path,
) -> None:
    # An earlier version stored both spellings: a file with them imports.
    path = _export_with(tmp_path, ["Ada", "Bo"])
    target = Store.in_memory()
    target.add_match(Match.new("crazy-eights", ["Ada", "Bo"]))
    assert target.import_file(path)


@pytest.mark.parametrize("case", ["cyrillic", "greek", "mixed script"])
def test_a_typed_look_alike_is_refused_naming_both(case: str) -> None:
    store = Store.in_memory()
    store.add_player(KNOWN[case])
    with pytest.raises(MatchError) as caught:
        store.add_player(IMITATIONS[case])
    assert caught.value.code == "look-alike-name"
    assert caught.value.params == {"name": IMITATIONS[case], "known": KNOWN[case]}
    store.add_player("Bo")
    with pytest.raises(MatchError) as caught:
        store.rename_player("Bo", IMITATIONS[case])
    assert caught.value.params["known"] == KNOWN[case]
    assert [p.name for p in store.players()] == sorted(["Bo", KNOWN[case]])


def test_a_typed_full_width_name_is_the_same_player() -> None:
    store = Store.in_memory()
    store.add_player("Ada")
    with pytest.raises(StoreError) as caught:
        store.add_player("ＡＤＡ")
    assert caught.value.code == "duplicate-player"
