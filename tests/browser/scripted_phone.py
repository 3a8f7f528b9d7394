"""A phone in a browser other than Chromium, driven by the scripts it runs,
and the steps the engines' journeys share.

Flutter draws into a canvas, so the app is found in the page's accessibility
tree, as the Chromium tests find it (Flutter's semantics, switched on by a
click on its placeholder); a tap is a click on the element found, which
Flutter's semantics takes as a tap.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import subprocess
import time
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime

from flows import round_taps

from companion.engine.match import Match
from companion.storage.match_link import match_link
from companion.storage.records import StoredMatch

CAME = "A match came from another phone"

WAIT_S = 120.0
"""The longest a screen may take to come: a first visit boots Python in
the JavaScript build of the client these engines are given."""

_SEMANTICS = """
(() => {
  const placeholder = document.querySelector('flt-semantics-placeholder');
  if (placeholder) { placeholder.click(); }
})()
"""
_FIND = """
((text, role) => {
  const all = [...document.querySelectorAll(role ? `[role="${role}"]` : '*')];
  const found = all.find((element) => {
    const label = element.getAttribute('aria-label') || '';
    const own = [...element.childNodes].filter((n) => n.nodeType === 3)
      .map((n) => n.textContent).join('');
    return label.includes(text) || own.includes(text);
  });
  const exact = all.find((element) => element.getAttribute('aria-label') === text
    || element.textContent === text);
  return exact || found || null;
})
"""
_TAP = """
((name, role, before) => {
  const named = [...document.querySelectorAll(`[role="${role}"]`)].find((element) =>
    (element.getAttribute('aria-label') || element.textContent)
      .replace(/\\s+/g, ' ').trim() === name);
  if (!named || named.getAttribute('aria-disabled') === 'true') { return null; }
  const box = named.getBoundingClientRect();
  const now = [box.x, box.y, box.width, box.height].join();
  if (now !== before) { return now; }
  named.click();
  return true;
})
"""


class ScriptedPhone:
    """What a phone does through `run`, a script's JSON value in the page."""

    console: list[str]

    def open(self, url: str) -> None:
        """Load `url` as typing it in the address bar would."""
        raise NotImplementedError

    def run(self, script: str) -> object:
        """The JSON value of `script`, an expression, in the page."""
        raise NotImplementedError

    def _found(self, text: str, role: str) -> bool:
        self.run(_SEMANTICS)
        found = f"{_FIND}({json.dumps(text)}, {json.dumps(role)})"
        return self.run(f"{found} !== null") is True

    def see(self, text: str, role: str = "", wait_s: float = WAIT_S) -> None:
        """Wait until the page shows `text` (in the words or labels of `role`)."""
        self._until(text, lambda _: self._found(text, role), wait_s)

    def tap(self, text: str, role: str = "button", wait_s: float = WAIT_S) -> None:
        """Wait until the page shows a `role` named `text`, enabled and standing
        still, then tap it."""

        # Named exactly, as the Chromium tests' get_by_role(exact=True): a part
        # of a name also matches other controls ("Bo" the scoreboard's round
        # line "Round 1 · Ada went out Ada 0 · Bo +50 …", still there while the
        # next screen comes). A button shown greyed out (Save round before the
        # round is whole) is waited for, as a person would. Standing still: two
        # looks a poll apart find it in the same place (a screen sliding in is
        # tapped once it has come).
        def look(before: object) -> object:
            self.run(_SEMANTICS)
            args = ", ".join(json.dumps(a) for a in (text, role, before))
            return self.run(f"{_TAP}({args})")

        self._until(text, look, wait_s)

    def _until(
        self, text: str, look: Callable[[object], object], wait_s: float
    ) -> None:
        """Look until `look` says True; each look is given what the last said."""
        deadline = time.monotonic() + wait_s
        said: object = None
        while time.monotonic() < deadline:
            with contextlib.suppress(AssertionError):
                said = look(said)
                if said is True:
                    return
            time.sleep(0.25)
        raise AssertionError(
            f"{type(self).__name__} never showed {text!r}; "
            f"console: {self.console[-20:]}"
        )

    def html_attribute(self, name: str, wait_s: float = WAIT_S) -> str:
        """The value of the page's <html> attribute `name`, once it has one."""
        script = f"document.documentElement.getAttribute({json.dumps(name)})"
        self._until(name, lambda _: self.run(script) is not None, wait_s)
        return str(self.run(script))

    def mark_the_page(self) -> None:
        """Mark the page shown now (on its <html>: a script's own variables
        may live in a sandbox of the driver's), gone once another page loads."""
        self.run("document.documentElement.setAttribute('data-marked', 'yes')")

    def still_the_marked_page(self) -> bool:
        """Whether the page marked last is still the one shown (none loaded)."""
        return self.run("document.documentElement.dataset.marked === 'yes'") is True

    def shows(self, text: str) -> bool:
        """Whether the page's words include `text` now (the loading screen's
        words are the page's own, outside Flutter's tree)."""
        return self.run(f"document.body.innerText.includes({json.dumps(text)})") is True


def stop_group(process: subprocess.Popen[str], seconds: float) -> None:
    """Wait `seconds` for a browser told to quit, then kill its process group."""
    try:
        process.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, 9)
        process.wait()


def handed_link(site: str, players: tuple[str, ...] = ("Ada", "Bo", "Cy")) -> str:
    """A hand-over link to `site` holding a Crazy Eights match of `players`
    (three), one round: the first went out, the second holds an eight, the
    third a king and two threes."""
    first, second, third = players
    match = Match.new("crazy-eights", list(players)).record_round(
        first, {second: {"8": 1}, third: {"K": 1, "3": 2}}
    )
    created = datetime(2026, 3, 14, 19, 30, tzinfo=UTC)
    key = hashlib.sha256(" ".join(players).encode()).hexdigest()[:12]
    return match_link(site + "/", StoredMatch(key, created, None, match))


def take_a_link_into_the_open_tab(phone: ScriptedPhone, link: str) -> None:
    """From the app's tab, open `link` there and add the match it holds: only
    the fragment changes, so the page stays (a scanned link opened in the
    browser that shows the app)."""
    phone.mark_the_page()
    phone.open(link)
    phone.see(CAME)
    assert phone.still_the_marked_page()
    phone.tap("Add this match")
    phone.see("Match added.")


def record_a_round(
    phone: ScriptedPhone, went_out: str, hands: Mapping[str, Sequence[str]]
) -> None:
    """From the scoreboard, enter a round by taps (flows.round_taps) and save
    it; back on the scoreboard."""
    for name in round_taps(went_out, hands):
        phone.tap(name)
    phone.tap("Save round")
    phone.see("Record round", "button")


def see_standings(phone: ScriptedPhone, *lines: str) -> None:
    """Wait for each scoreboard line ("1. Ada: 10 points")."""
    for line in lines:
        phone.see(line)
