"""A bare Flet app whose text never rests: flutter/flutter#190039's provocation.

Run: python bench/floors/minimal_churn.py --port 8551
Forty lines of random letters in random sizes (any tenth of a point from 8 to
48, so glyphs keep missing the glyph cache) and weights, all replaced by the
server 25 times a second: the client lays out new text while frames are drawn,
as the race of multi-threaded skwasm needs (bench/renderer_traps.py).
"""

import asyncio
import random
import string

import flet as ft

LINES = 40
PERIOD_S = 0.04
LETTERS = string.ascii_letters + string.digits + "  åäöñ€"
WEIGHTS = (ft.FontWeight.W_300, ft.FontWeight.NORMAL, ft.FontWeight.BOLD)


async def main(page: ft.Page) -> None:
    """Show the lines, then change every one of them each PERIOD_S until the
    session ends."""
    texts = [ft.Text("") for _ in range(LINES)]
    page.add(ft.Column(texts, spacing=0))
    rng = random.Random()
    while True:
        for text in texts:
            text.value = "".join(rng.choices(LETTERS, k=rng.randint(4, 36)))
            text.size = round(rng.uniform(8, 48), 1)
            text.weight = rng.choice(WEIGHTS)
            text.italic = rng.random() < 0.3
        try:
            page.update()
        except Exception:  # the session is gone: stop churning
            return
        await asyncio.sleep(PERIOD_S)


if __name__ == "__main__":
    from minimal_run import run

    run(main, __doc__)
