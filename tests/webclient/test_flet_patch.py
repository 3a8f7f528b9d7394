"""A change to a file of Flet's finds its text exactly once, or stops."""

from __future__ import annotations

import pytest

from companion.webclient.flet_patch import (
    FletFileChanged,
    insert_after,
    insert_before,
    replace_match_once,
    replace_once,
)

FILE = "const a = 1;\nload({\n  config: c,\n});\n"


def test_the_expected_text_is_changed_once():
    assert replace_once(FILE, "const a = 1;", "const a = 2;", "x.js").startswith(
        "const a = 2;\nload({"
    )
    assert "load({\n  single: true,\n  config" in insert_after(
        FILE, "load({", "\n  single: true,", "x.js"
    )
    assert "gate();\nload({" in insert_before(FILE, "load({", "gate();\n", "x.js")
    changed = replace_match_once(FILE, r"config: \w+", lambda _: "config: d", "x.js")
    assert "config: d," in changed


@pytest.mark.parametrize(
    "text", ["", "const a = 1;\nconst a = 1;\n"], ids=["missing", "twice"]
)
def test_a_file_without_the_text_once_stops_the_change(text: str):
    with pytest.raises(FletFileChanged, match="x.js"):
        replace_once(text, "const a = 1;", "const a = 2;", "x.js")
    with pytest.raises(FletFileChanged):
        replace_match_once(text, r"const a = \d;", lambda _: "", "x.js")
