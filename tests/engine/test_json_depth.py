"""A JSON text too deep to parse safely in the browser is seen before parsing."""

from __future__ import annotations

import json
from pathlib import Path

from companion.engine.json_depth import MAX_JSON_DEPTH, nests_deeper_than

# An export, as storage keeps one of each of its past forms.
FIXTURES = Path(__file__).parents[1] / "storage" / "fixtures"


def _nested(depth: int) -> bytes:
    return b"[" * depth + b"]" * depth


def test_nesting_past_the_bound_is_seen_and_up_to_it_is_not() -> None:
    assert not nests_deeper_than(_nested(MAX_JSON_DEPTH))
    assert nests_deeper_than(_nested(MAX_JSON_DEPTH + 1))
    assert nests_deeper_than(b'{"a": ' * 100_000)


def test_brackets_in_names_do_not_count() -> None:
    name = json.dumps('[[{ Bo \\" [[' * 50)
    assert not nests_deeper_than(f'{{"players": [{name}]}}'.encode())


def test_a_real_export_is_well_within_the_bound() -> None:
    raw = (FIXTURES / "export-before-card-sets.json").read_bytes()
    assert not nests_deeper_than(raw, 10)
    assert not nests_deeper_than(b"")
