"""The floor under Save: how long a bare Flet app takes to go back a screen.

Run: python bench/back_floor.py [--runs 10] [--tiny]
Save returns from the record screen to the scoreboard. This measures bare Flet
apps in headless Chromium, alternating run by run: a click on the minimal
counter (bench/floors/minimal_counter.py), and in bench/floors/minimal_back.py
a click that goes forward a screen and one that goes back, with Flet's default
route transition and with PageTransitionTheme.NONE on every platform
(--no-transition). For each, from pointerdown to (i) the first message from
the server, (ii) the expected text in the accessibility tree (what taps.py
times), and, with Pillow installed, (iii) the first frame of Chromium's
screencast that shows the final picture (what a person sees).
"""

from __future__ import annotations

import base64
import io
import sys
import time
from collections.abc import Callable

from floors import minimal_back
from floors.minimal_counter import LABEL, count_text
from harness import (
    ARM_STOPWATCH_JS,
    IDLE_S,
    Table,
    chromium,
    figure,
    minimal_command,
    open_with_semantics,
    phone_page,
    runs_argument,
    serving,
    wait_for_text,
)
from playwright.sync_api import Page

try:
    from PIL import Image, ImageChops
except ImportError:  # the screencast column needs Pillow
    Image = ImageChops = None

# Notes when each message from the server arrives (installed before the page loads).
RECORD_MESSAGES_JS = """
(() => {
    const Original = window.WebSocket;
    window.__benchMessages = [];
    window.WebSocket = function (...args) {
        const socket = new Original(...args);
        socket.addEventListener(
            'message', () => window.__benchMessages.push(performance.now()));
        return socket;
    };
    window.WebSocket.prototype = Original.prototype;
    Object.assign(window.WebSocket, Original);
})();
"""
# Epoch milliseconds of the next pointerdown, to line up with screencast frames.
NOTE_POINTERDOWN_JS = """
() => {
    window.__benchDown = null;
    window.addEventListener('pointerdown', () => { window.__benchDown = Date.now(); },
        {capture: true, once: true});
}
"""
FRAME_SETTLE_S = 1.0
"""How long frames are recorded after a click: the back animation takes ~0.3 s."""
CHANGED_PIXELS = 30
"""Pixels that may differ from the final picture for a frame to count as it."""


def differing_pixels(a: Image.Image, b: Image.Image) -> int:
    """How many pixels of two screenshots differ visibly."""
    difference = ImageChops.difference(a, b).convert("L")
    return difference.point(lambda v: 255 if v > 24 else 0).histogram()[255]


def timed(page: Page, name: str, needle: str, frames: bool) -> dict[str, float]:
    """Click `name`; ms to the first server message, to `needle`, to the final frame."""
    target = page.get_by_role("button", name=name, exact=True).first
    target.wait_for()
    time.sleep(IDLE_S)
    page.evaluate(ARM_STOPWATCH_JS, needle)
    page.evaluate(NOTE_POINTERDOWN_JS)
    shots: list[tuple[float, str]] = []
    if frames:
        cdp = page.context.new_cdp_session(page)

        def on_frame(params: dict) -> None:
            shots.append((params["metadata"]["timestamp"], params["data"]))
            cdp.send("Page.screencastFrameAck", {"sessionId": params["sessionId"]})

        cdp.on("Page.screencastFrame", on_frame)
        cdp.send("Page.startScreencast", {"format": "png", "everyNthFrame": 1})
        time.sleep(0.3)
    target.click()
    page.wait_for_function(
        "() => window.__benchWatch.end !== null", polling="raf", timeout=60_000
    )
    start, end, messages, down = page.evaluate(
        "() => [window.__benchWatch.start, window.__benchWatch.end,"
        " window.__benchMessages, window.__benchDown]"
    )
    first_message = next(m for m in messages if m >= start)
    result = {"server": first_message - start, "text": end - start}
    if frames:
        page.wait_for_timeout(FRAME_SETTLE_S * 1000)
        cdp.send("Page.stopScreencast")
        cdp.detach()
        pictures = [
            (stamp * 1000 - down, Image.open(io.BytesIO(base64.b64decode(data))))
            for stamp, data in shots
        ]
        final = pictures[-1][1]
        result["frame"] = next(
            at
            for at, picture in pictures
            if at >= 0 and differing_pixels(picture, final) <= CHANGED_PIXELS
        )
    return result


def main() -> None:
    """Alternate the clicks; print each measure's table."""
    runs = runs_argument(10)
    frames = Image is not None
    tables = {
        key: Table(f"{title}, {runs} runs", "ms")
        for key, title in (
            ("server", "(i) pointerdown -> first message from the server"),
            ("text", "(ii) pointerdown -> text in the accessibility tree"),
            ("frame", "(iii) pointerdown -> screencast frame with the final picture"),
        )
        if key != "frame" or frames
    }
    back_command = minimal_command("minimal_back.py")

    def without_transitions(port: int) -> list[str]:
        return [*back_command(port), "--no-transition"]

    with (
        serving(minimal_command("minimal_counter.py")) as counter,
        serving(back_command) as animated,
        serving(without_transitions) as still,
        chromium() as browser,
        phone_page(browser) as counter_page,
        phone_page(browser) as animated_page,
        phone_page(browser) as still_page,
    ):
        for page, url in (
            (counter_page, counter.url + "/"),
            (animated_page, animated.url + minimal_back.START_PATH),
            (still_page, still.url + minimal_back.START_PATH),
        ):
            page.add_init_script(RECORD_MESSAGES_JS)
            open_with_semantics(page, url)
        wait_for_text(counter_page, count_text(0))
        backs = {"default transition": animated_page, "NONE transition": still_page}
        for page in backs.values():
            wait_for_text(page, minimal_back.count_text(0))
        clicks: list[tuple[str, Callable[[int], dict[str, float]]]] = [
            (
                "minimal: counter click",
                lambda n: timed(counter_page, LABEL, count_text(n), frames),
            )
        ]
        for how, page in backs.items():
            clicks += [
                (
                    f"forward a screen, {how}",
                    lambda n, page=page: timed(
                        page, minimal_back.OPEN_LABEL, minimal_back.BACK_LABEL, frames
                    ),
                ),
                (
                    f"back a screen, {how}",
                    lambda n, page=page: timed(
                        page,
                        minimal_back.BACK_LABEL,
                        minimal_back.count_text(n),
                        frames,
                    ),
                ),
            ]
        for run in range(runs + 1):  # the first run warms up, unmeasured
            for row, click in clicks:
                result = click(run + 1)
                if run:
                    for key, value in result.items():
                        tables[key].add(row, value)
    for table in tables.values():
        table.print()
    if not frames:
        print("(install Pillow for the screencast frames)", file=sys.stderr)
    back = tables["text"].median("back a screen, default transition")
    still_back = tables["text"].median("back a screen, NONE transition")
    server = tables["server"].median("back a screen, default transition")
    figure("back a screen, to its text", back, "ms")
    figure("back a screen, to the server's answer", server, "ms")
    print(
        f"floor: a bare Flet app's click that goes back a screen shows its text after "
        f"{back:.0f} ms ({still_back:.0f} ms with PageTransitionTheme.NONE) although "
        f"its server answers after {server:.0f} ms"
    )


if __name__ == "__main__":
    main()
