"""The merge's invariants over many random sequences of three phones' steps.

Run: python bench/merge_properties.py [--sequences 10000] [--seed 1] [--tiny]
Each sequence starts three phones that already hold matches (the evening's on
each, one ahead, one gone another way) and takes 1 to 12 random steps: record a
round alone, hand a match over by its code, follow, import an exported file,
end early, delete, choose one copy of two. After every step the invariants of
tests/storage/merge_model.py are checked: no acknowledged round lost, no match
changed but by being brought up to date or by a person, every stored match one
the engine accepts, what arrived kept. Target (issue 52): no broken invariant
over at least 10,000 sequences. Prints how many ran, how many broke one (the
first few shown), and how often each outcome came.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from harness import at_most, figure, tiny_flag, verdict

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "storage"))
from merge_model import Evening, random_steps  # noqa: E402

SEQUENCES = 10_000
MOST_STEPS = 12
SHOWN = 5
"""Broken sequences printed in full."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sequences", type=int, default=SEQUENCES)
    parser.add_argument("--seed", type=int, default=1)
    args = tiny_flag(parser).parse_args()
    count = 50 if args.tiny else args.sequences
    rng = random.Random(args.seed)
    outcomes: Counter[str] = Counter()
    broken: list[list[str]] = []
    steps = 0
    began = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="bench-merge-") as scratch:
        for _ in range(count):
            sequence = random_steps(rng, MOST_STEPS)
            evening = Evening(Path(scratch))
            try:
                found = evening.run(sequence)
            finally:
                evening.close()
            steps += len(sequence)
            outcomes.update(evening.outcomes)
            if found:
                broken.append(found)
    seconds = time.perf_counter() - began
    for name, times in sorted(outcomes.items()):
        print(f"  {name:<40} {times:>8,}")
    for found in broken[:SHOWN]:
        print("broken:", *found, sep="\n  ")
    print(f"{count:,} sequences, {steps:,} steps in {seconds:.1f} s")
    figure("sequences run", count, "")
    kept = at_most("sequences that broke an invariant", len(broken), "", 0)
    verdict(
        kept and count >= SEQUENCES,
        f"{len(broken):,} of {count:,} sequences broke an invariant "
        f"(target: none over at least {SEQUENCES:,})",
    )


if __name__ == "__main__":
    main()
