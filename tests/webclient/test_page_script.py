"""Our scripts ship as their files, after one line of settings: safe, and read back."""

from __future__ import annotations

import json
from pathlib import Path

from node_scripts import node_json, run_node, shipped_settings

from companion.webclient.page_script import PageScript, settings_line

PACKAGE = Path(__file__).resolve().parents[2] / "companion"


def test_a_script_reads_its_settings_under_its_file_name(tmp_path: Path):
    (tmp_path / "helper.js").write_text("function twice(x) { return 2 * x; }\n")
    (tmp_path / "reader.js").write_text(
        "const mine = self.companionSettings.reader;\n"
        "console.log(JSON.stringify([twice(mine.count), mine.words]));\n"
    )
    helper = PageScript(tmp_path / "helper.js")
    reader = PageScript.beside(str(tmp_path / "x.py"), "reader.js", (helper,))
    shipped = reader.shipped({"count": 21, "words": "Åse's «kort»"})
    # Its own file, whole, after the line and the file it needs.
    assert shipped.endswith(helper.source() + reader.source())
    program = tmp_path / "shipped.js"
    program.write_text("globalThis.self = globalThis;\n" + shipped, "utf-8")
    assert node_json(program) == [42, "Åse's «kort»"]


def test_settings_cannot_end_an_inline_script_or_a_line(tmp_path: Path):
    hostile = {"text": "</script><script>alert(1)</script> <!-- \u2028 & >"}
    line = settings_line("page", hostile)
    assert "</" not in line and "<!--" not in line and "\u2028" not in line
    assert len(line.splitlines()) == 1
    assert shipped_settings(line) == {"page": hostile}
    program = (
        f"globalThis.self = globalThis; {line}"
        "console.log(JSON.stringify(self.companionSettings.page));"
    )
    assert node_json("-e", program) == hostile


def test_two_scripts_keep_each_their_own_settings(tmp_path: Path):
    program = (
        "globalThis.self = globalThis;\n"
        + settings_line("one", {"n": 1})
        + settings_line("two", {"n": 2})
        + "console.log(JSON.stringify(self.companionSettings));"
    )
    assert node_json("-e", program) == {"one": {"n": 1}, "two": {"n": 2}}


def test_every_script_of_ours_is_valid_javascript():
    scripts = sorted(PACKAGE.rglob("*.js"))
    assert len(scripts) >= 10
    for script in scripts:
        run_node("--check", script)
    # Each is shipped by a module beside it (named there), none left over; a
    # third party's, kept as published in a vendor/ folder, by one beside that.
    for script in scripts:
        home = script.parent
        if home.name == "vendor":
            home = home.parent
        module_texts = "".join(path.read_text("utf-8") for path in home.glob("*.py"))
        assert json.dumps(script.name) in module_texts, script
