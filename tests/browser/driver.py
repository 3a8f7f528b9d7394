"""Drives the app like a person at the table: by accessible names, counting taps."""

from __future__ import annotations

import re
import time
from pathlib import Path

from playwright.sync_api import ConsoleMessage, Locator, Page, expect

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
WAIT_MS = 30_000
"""Generous: other test suites may share the two cores, and Flutter waits its turn."""
expect.set_options(timeout=WAIT_MS)
STILL_FRAMES = 3
"""Frames in a row a control must keep its place before it is tapped."""
SETTLE_FRAMES = 240
"""Frames after which a control still moving is tapped where it then is."""
SETTLE_JS = """
async (element, [still, most]) => {
    const frame = () => new Promise(done => requestAnimationFrame(done));
    let last = "", same = 0;
    for (let seen = 0; seen < most && same < still; seen++) {
        await frame();
        const box = element.getBoundingClientRect();
        const now = [box.x, box.y, box.width, box.height].join();
        same = now === last ? same + 1 : 0;
        last = now;
    }
}
"""
SHOT_SETTLE_S = 5.0
"""How long a screenshot waits for the screen to stop changing (an animation, a
repaint still on its way) before it is taken as it is."""


class Table:
    """One browser tab on the app; `taps` counts every tap a person would make."""

    def __init__(self, page: Page, base_url: str) -> None:
        self.page = page
        self.base_url = base_url
        self.taps = 0
        page.set_default_timeout(WAIT_MS)

    def open(self, path: str = "/") -> Table:
        """Load a URL (as typing it or following a link would) and enable semantics."""
        self.page.goto(self.base_url + path)
        self._semantics()
        return self

    def go(self, path: str) -> Table:
        """Move the app already on this tab to `path`, as a link inside it would:
        the browser's history gains the entry and the app routes to it, with no
        new load (a load costs seconds of drawing; the route alone, a frame or two).

        What comes next must wait for something of the new screen: the old one
        stays on the tab until the app has routed.
        """
        if not self.page.url.startswith(self.base_url + "/"):
            raise AssertionError(f"go({path!r}) on a tab without the app: open() it")
        # Flutter's web history takes a popstate it did not push for an address
        # typed into the bar, and hands the app the new route.
        self.page.evaluate(
            "path => { history.pushState(null, '', path);"
            " dispatchEvent(new PopStateEvent('popstate', {state: null})); }",
            path,
        )
        return self

    def reload(self) -> Table:
        """Reload the page, as pull-to-refresh would."""
        self.page.reload()
        self._semantics()
        return self

    def ready(self) -> Table:
        """Wait until a page being loaded is drawn, and enable semantics."""
        self._semantics()
        return self

    def _semantics(self) -> None:
        placeholder = self.page.locator("flt-semantics-placeholder")
        placeholder.wait_for(state="attached", timeout=60_000)
        # dispatch_event gives up after its timeout; evaluate() would wait for
        # ever on a renderer that stopped answering.
        placeholder.dispatch_event("click")
        # Something to tap shows the tree is there: a phone that only watches
        # has no button on an empty Matches screen, only the tabs.
        page = self.page
        page.get_by_role("button").or_(page.get_by_role("tab")).first.wait_for()

    def button(self, name: str, exact: bool = True) -> Locator:
        """The button with this accessible name."""
        return self.page.get_by_role("button", name=name, exact=exact)

    def tap(self, name: str, role: str = "button", exact: bool = True) -> None:
        """Tap the control with this accessible name (one tap)."""
        target = self.page.get_by_role(role, name=name, exact=exact).first  # type: ignore[arg-type]
        target.wait_for()
        self._settle(target)
        self._into_view(target)
        target.click()
        self.taps += 1

    def undo(self) -> None:
        """Tap Undo on the snackbar, which sits low but is never covered."""
        # Flutter lays the snackbar's semantics over its own button: click through.
        self.button("Undo").click(force=True)
        self.taps += 1

    def _low(self, target: Locator) -> bool:
        """Whether `target` must be scrolled to: below the screen, or where the
        bottom bars or a snackbar may cover it."""
        box = target.bounding_box()
        height = (self.page.viewport_size or {"height": 844})["height"]
        if box is None:
            return False
        if box["y"] >= height:
            return True  # below the screen: scrolled to like any other
        if box["y"] >= height - 100 and not self._in_a_list(target):
            # In a bottom bar itself, which nothing covers. A list's row that far
            # down sits behind the bar, out of a finger's reach: scrolled to.
            return False
        return box["y"] < 56 or box["y"] + box["height"] > height - 170

    def _into_view(self, target: Locator) -> None:
        """Bring `target` clear of the bars and of a snackbar, as a person would:
        scroll the list, or else wait for the undo snackbar to go away.
        """
        if not self._low(target):
            return
        box = target.bounding_box()
        viewport = self.page.viewport_size or {"width": 390, "height": 844}
        if box is not None and self._in_a_list(target):
            # A wheel turn over the list: Flutter scrolls its canvas for real.
            self.page.mouse.move(viewport["width"] / 2, viewport["height"] / 2)
            # The turn returns once Flutter's handler has taken it; the list
            # moves in the frame that handler asked for, which _settle waits out.
            self.page.mouse.wheel(
                0, box["y"] + box["height"] / 2 - viewport["height"] / 2
            )
            self._settle(target)
        # Only a snackbar on its way out needs its slide to end as well.
        if self._low(target) and self.button("Undo").count():
            expect(self.button("Undo")).to_have_count(0, timeout=10_000)
            time.sleep(0.3)

    def _in_a_list(self, target: Locator) -> bool:
        """Whether `target` sits in a list that scrolls (the keypad, say, does not).

        Flutter gives a scrollable list's node `touch-action: none`, and only
        while its content is longer than the list.
        """
        return target.evaluate(
            "e => { for (let n = e.parentElement; n?.localName === 'flt-semantics';"
            " n = n.parentElement) if (n.style.touchAction === 'none') return true;"
            " return false; }"
        )

    def _settle(self, target: Locator) -> None:
        """Wait until an animation (a tile opening, a page sliding in, a list
        scrolled) has ended: `target` stood still over STILL_FRAMES frames.

        Counted in the page's frames, not in seconds: on a loaded machine a frame
        can take longer than any fixed pause, and a box read twice within one
        frame looks still in the middle of a slide.
        """
        target.evaluate(SETTLE_JS, [STILL_FRAMES, SETTLE_FRAMES])

    def tab(self, name: str) -> None:
        """Tap a navigation bar destination."""
        self.tap(name, role="tab")

    def type_digits(self, digits: str) -> None:
        """Type into the focused field; each key press is one tap."""
        self.page.keyboard.type(digits, delay=40)
        self.taps += len(digits)

    def fill(self, label: str, text: str) -> None:
        """Replace the text of the field with this label (not counted as taps).

        A field that appears during a page transition can lose the first
        focus, so the text is typed again until the field holds it.
        """
        field = self.page.get_by_role("textbox", name=label)
        field.wait_for()
        self._settle(field)
        self._into_view(field)
        for _ in range(3):
            # A field edited before keeps its settings, so `_editing` may pass
            # before Flutter takes the input over again, and its own text then
            # comes back a moment after ours: such a field is looked at twice.
            edited_before = field.get_attribute("autocorrect") == "on"
            field.click()
            try:
                # A tap that left no caret is tapped again, as a person would.
                self._editing(field)
                field.fill(text)
                expect(field).to_have_value(text, timeout=2000)
                if edited_before:
                    time.sleep(0.5)
                if field.input_value() == text:
                    return
            except AssertionError:
                time.sleep(0.3)
        self._editing(field)
        expect(field).to_have_value(text)

    def _editing(self, field: Locator) -> None:
        """Wait until Flutter edits `field` itself, as a caret would show a person.

        The tap focuses the browser's input at once, but Flutter takes it over a
        moment later and puts back its own text: what was typed in between is
        wiped and never reaches the app (a loaded machine widens that moment to
        seconds). Taking over applies the field's settings to the input, and
        autocorrect (on in every field of ours) is the one that shows.
        """
        expect(field).to_have_attribute("autocorrect", "on", timeout=10_000)

    def see(self, text: str | re.Pattern[str], timeout: int = WAIT_MS) -> Locator:
        """Wait until `text` is on screen, and return it."""
        # Flutter puts the text of a merged node (a list tile) in its aria-label.
        merged = self.page.get_by_text(text).or_(self.page.get_by_label(text))
        found = merged.filter(visible=True).first
        found.wait_for(timeout=timeout)
        return found

    def gone(self, text: str, timeout: int = WAIT_MS) -> None:
        """Wait until no element shows `text`."""
        expect(self.page.get_by_text(text, exact=True)).to_have_count(
            0, timeout=timeout
        )

    def standing(
        self, rank: int, name: str, total: int, timeout: int = WAIT_MS
    ) -> None:
        """Wait for the scoreboard line "rank. name: total points"."""
        label = re.compile(rf"^{rank}\. {re.escape(name)}: {total} points?$")
        self.page.get_by_text(label).first.wait_for(timeout=timeout)

    def path(self) -> str:
        """The current URL's path."""
        return re.sub(r"^https?://[^/]+", "", self.page.url)

    def shot(self, name: str) -> Path:
        """A screenshot under test-artifacts/, once the canvas has repainted: two
        pictures taken apart come out the same (a screen still moving after
        SHOT_SETTLE_S is kept as it then is: the picture is for people to look at)."""
        target = ARTIFACTS / f"{name}.png"
        previous = b""
        deadline = time.monotonic() + SHOT_SETTLE_S
        time.sleep(0.1)  # a frame drawn off the main thread lands a moment later
        while True:
            picture = self.page.screenshot()
            if picture == previous or time.monotonic() > deadline:
                target.write_bytes(picture)
                return target
            previous = picture
            time.sleep(0.05)

    def _clipped(self, box: dict[str, float]) -> bool:
        """Whether a box is cut by the screen's edge or by the top or bottom bars."""
        viewport = self.page.viewport_size or {"width": 390, "height": 844}
        width, height = viewport["width"], viewport["height"]
        bottom, right = box["y"] + box["height"], box["x"] + box["width"]
        outside = box["x"] < 0 or box["y"] < 0 or right > width or bottom > height
        under_top_bar = box["y"] < 56 < bottom
        # Under the bottom bar's zone (the lowest 100 px), or ending at the
        # navigation bar's top edge (80-100 px up), where the scrolling
        # content cuts a control to the part still shown.
        at_bottom_bar = bottom >= height - 100 and (
            box["y"] < height - 100 or bottom <= height - 80
        )
        return outside or under_top_bar or at_bottom_bar

    def small_targets(self) -> list[str]:
        """Tappable controls smaller than 48×48 px, as "role name WxH"."""
        found = []
        # Text fields are left out: their <input> covers only the text line of a
        # 56 px field, all of which focuses it.
        for role in ("button", "tab", "switch", "checkbox"):
            for element in self.page.get_by_role(role).all():  # type: ignore[arg-type]
                box = element.bounding_box()
                if box is None or box["width"] == 0 or self._clipped(box):
                    continue
                if box["width"] < 47.5 or box["height"] < 47.5:
                    name = element.get_attribute("aria-label") or element.inner_text()
                    size = f"{box['width']:.0f}x{box['height']:.0f} at y={box['y']:.0f}"
                    found.append(f"{role} {name!r} {size}")
        return found


def page_troubles(page: Page) -> list[str]:
    """What `page` reports going wrong (errors, a crash), timed, kept to print
    when a test fails: a phone that went blank says why only here."""
    troubles: list[str] = []
    start = time.monotonic()

    def note(what: str) -> None:
        troubles.append(f"\n  {time.monotonic() - start:7.1f} s {what}")

    page.on("pageerror", lambda error: note(f"page error: {error}"))
    page.on("crash", lambda _: note("the page crashed"))

    def console(message: ConsoleMessage) -> None:
        if message.type in ("error", "warning"):
            note(f"console {message.type}: {message.text}")

    page.on("console", console)
    return troubles
