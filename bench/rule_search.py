"""Rule search: where the answer to each question people ask comes, per language.

Run: PYTHONPATH=$PWD python bench/rule_search.py
Target (issue 45): of the held-out questions (tests/words/rule_questions/), the
answer first for at least 90 % and within the first three for all, in each
language. The questions written later (rule_questions/later/) are printed too,
with no target. Pure Python, no browser: the same search the static site runs in
Pyodide. Also the time a search takes here (median over every question).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "words"))

import question_set  # noqa: E402  (the tests' question set, read as they read it)

from companion.words.i18n import LANGUAGES  # noqa: E402
from companion.words.rule_search import search_rules  # noqa: E402


def _timed(lang: str) -> list[float]:
    """Milliseconds per search of each held-out question (the rules of the
    language read before, as the app's first search does once)."""
    asked = question_set.questions(lang)
    search_rules(asked[0].ask, lang, asked[0].game)
    times = []
    for question in asked:
        start = time.perf_counter()
        search_rules(question.ask, lang, question.game)
        times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> None:
    ok = True
    for title, folder in (
        ("held out", question_set.QUESTIONS),
        ("written later (no target)", question_set.LATER),
    ):
        print(f"Rule questions, {title}:")
        for lang in LANGUAGES:
            figures = question_set.figures(lang, folder)
            print(f"  {figures.line()}")
            if folder == question_set.QUESTIONS:
                ok &= figures.first >= question_set.FIRST * figures.asked
                ok &= figures.top_three >= question_set.TOP_THREE * figures.asked
    times = [ms for lang in LANGUAGES for ms in _timed(lang)]
    print(
        f"search time: median {statistics.median(times):.2f} ms, "
        f"max {max(times):.2f} ms over {len(times)} questions (this machine)"
    )
    print(
        f"verdict: {'PASS' if ok else 'MISS'}: held-out answer first >= 90 % "
        "and within the top 3 for all, in every language"
    )


if __name__ == "__main__":
    main()
