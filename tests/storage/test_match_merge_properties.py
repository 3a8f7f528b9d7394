"""Three phones, random steps (record alone, hand over, follow, import, end,
delete, choose a copy): after each, no acknowledged round is lost, no match
changed but by being brought up to date or by a person, every stored match is
one the engine accepts (tests/storage/merge_model.py states them)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from merge_model import KINDS, PHONES, PICKS, Evening

STEPS = st.lists(
    st.tuples(
        st.sampled_from(KINDS),
        st.integers(0, PHONES - 1),
        st.integers(0, PHONES - 1),
        st.integers(0, PICKS - 1),
    ),
    min_size=1,
    max_size=12,
)


@settings(max_examples=300, derandomize=True, deadline=None)
@given(STEPS)
def test_no_sequence_of_steps_breaks_an_invariant(steps) -> None:
    with tempfile.TemporaryDirectory(prefix="merge-") as scratch:
        evening = Evening(Path(scratch))
        try:
            assert evening.run(steps) == []
        finally:
            evening.close()
