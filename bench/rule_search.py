"""Rule search: where the answer to each question people ask comes, per language.

Run: PYTHONPATH=$PWD python bench/rule_search.py [--tiny]
--tiny: the figures only, and no timing.
Target (issues 45, 55): in each language and each part of the question set
(tests/words/rule_questions/: tuned/, the search tuned on it; held-out/, never
tuned on), the answer first for at least 90 % and within the first three for
all. Pure Python, no browser: the same search the static site runs in Pyodide.
Also the time a search takes here (median over every question).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "words"))

import question_set  # noqa: E402  (the tests' question set, read as they read it)
from harness import figure, tiny_flag  # noqa: E402

from companion.words.i18n import LANGUAGES  # noqa: E402
from companion.words.rule_search import search_rules  # noqa: E402


def _timed(lang: str) -> list[float]:
    """Milliseconds per search of each question (the rules of the language
    read before, as the app's first search does once)."""
    asked = [
        question
        for folder in question_set.PARTS.values()
        for question in question_set.questions(lang, folder)
    ]
    search_rules(asked[0].ask, lang, asked[0].game)
    times = []
    for question in asked:
        start = time.perf_counter()
        search_rules(question.ask, lang, question.game)
        times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    tiny = tiny_flag(parser).parse_args().tiny
    ok = True
    for part in question_set.PARTS:
        print(f"Rule questions, {part}:")
        for lang in LANGUAGES:
            figures = question_set.figures(lang, part)
            print(f"  {figures.line()}")
            ok &= part_figures(figures)
    if not tiny:
        times = [ms for lang in LANGUAGES for ms in _timed(lang)]
        print(
            f"search time: median {statistics.median(times):.2f} ms, "
            f"max {max(times):.2f} ms over {len(times)} questions (this machine)"
        )
    print(
        f"verdict: {'PASS' if ok else 'MISS'}: answer first >= 90 % and within "
        "the top 3 for all, in every language and part"
    )


def part_figures(figures: question_set.Figures) -> bool:
    """bench/run-all's two figures for one language's part of the question set;
    whether both met their targets."""
    first = 100 * figures.first / figures.asked
    top_three = 100 * figures.top_three / figures.asked
    first_ok = figures.first >= question_set.FIRST * figures.asked
    top_ok = figures.top_three >= question_set.TOP_THREE * figures.asked
    name = f"{figures.lang}, {figures.part}"
    figure(f"{name}: answer first", round(first, 1), "%", ">= 90", first_ok)
    figure(f"{name}: answer in the top 3", round(top_three, 1), "%", ">= 100", top_ok)
    return first_ok and top_ok


if __name__ == "__main__":
    main()
