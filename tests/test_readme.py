"""The README's engine example runs as written and shows the values it gets."""

import ast
import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"
SHOWN = re.compile(r"^(?P<indent>\s*)(?P<expr>[^#\s].*?)\s+#\s+(?P<shown>.+)$")


def checked(line: str) -> tuple[str, bool]:
    """The line, turned into an assertion when its comment is a Python value."""
    match = SHOWN.match(line)
    if not match:
        return line, False
    try:
        ast.literal_eval(match["shown"])
        ast.parse(match["expr"], mode="eval")
    except (ValueError, SyntaxError):
        return line, False
    return f"{match['indent']}assert ({match['expr']}) == ({match['shown']})", True


def test_the_engine_example_in_the_readme_runs_and_shows_true_values():
    text = README.read_text(encoding="utf-8")
    block = re.search(r"engine from Python.*?```python\n(.*?)```", text, re.S)
    assert block, "the README lost its engine example"
    lines, asserted = zip(
        *(checked(line) for line in block[1].splitlines()), strict=True
    )
    assert sum(asserted) >= 5
    exec(compile("\n".join(lines), str(README), "exec"), {})
