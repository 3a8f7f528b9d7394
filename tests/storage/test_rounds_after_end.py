"""The end is the end: a code, a file or a merge never brings a round after a
match has ended; a match stored so by an earlier version still reads."""

from __future__ import annotations

from pathlib import Path

import pytest
from ended_matches import extended, finished
from handed_matches import stored
from merge_phones import KEPT_ID, entry, export_file, holding, untouched

from companion.storage import Store, StoreError
from companion.storage.match_code import decode_match, encode_match
from companion.storage.match_merge import Outcome


def test_a_code_with_a_round_after_the_end_is_refused_and_changes_nothing(
    store: Store,
) -> None:
    phone = holding(store, stored(finished()))
    before, kept = untouched(phone), phone.load_stored(KEPT_ID)
    code = encode_match(stored(extended(finished())))
    with pytest.raises(StoreError) as refused:
        phone.merge(decode_match(code))
    assert refused.value.code == "code-round-after-end"
    assert phone.load_stored(KEPT_ID) == kept
    assert phone.list_matches()[-1].winners == ("Ada",) or kept.match.winners == ["Ada"]
    assert untouched(phone) == before


def test_a_file_with_a_round_after_the_end_is_refused_and_changes_nothing(
    store: Store, tmp_path: Path
) -> None:
    phone = holding(store, stored(finished()))
    before, kept = untouched(phone), phone.load_stored(KEPT_ID)
    path = export_file(
        tmp_path / "crafted.json", [entry(KEPT_ID, extended(finished()).to_dict())]
    )
    with pytest.raises(StoreError) as refused:
        phone.import_file(path, "crafted.json")
    assert (refused.value.code, refused.value.params) == (
        "import-round-after-end",
        {"path": "crafted.json", "id": KEPT_ID},
    )
    assert phone.load_stored(KEPT_ID) == kept
    assert untouched(phone) == before


def test_a_round_after_a_match_ended_early_here_goes_beside_it(store: Store) -> None:
    ended = finished().delete_round(1).end_early()
    phone = holding(store, stored(ended))
    before = untouched(phone)
    played_on = finished().delete_round(1).record_round("Cy", {"Ada": 90, "Bo": 5})
    taken = phone.merge(stored(played_on))
    assert (taken.outcome, taken.beside) == (Outcome.COPIED, KEPT_ID)
    assert phone.load_match(KEPT_ID) == ended
    assert untouched(phone) == before


def test_a_match_stored_with_a_round_after_its_end_still_opens(tmp_path: Path) -> None:
    with Store.open(tmp_path / "data") as store:
        store.restore_match(stored(extended(finished())))
    with Store.open(tmp_path / "data") as reopened:
        assert reopened.load_match(KEPT_ID) == extended(finished())
        assert reopened.notices == []
