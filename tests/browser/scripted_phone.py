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
from datetime import UTC, datetime

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


class ScriptedPhone:
    """What a phone does through `run`, a script's JSON value in the page."""

    console: list[str]

    def open(self, url: str) -> None:
        """Load `url` as typing it in the address bar would."""
        raise NotImplementedError

    def run(self, script: str) -> object:
        """The JSON value of `script`, an expression, in the page."""
        raise NotImplementedError

    def _found(self, text: str, role: str, then: str = "true") -> bool:
        self.run(_SEMANTICS)
        found = f"{_FIND}({json.dumps(text)}, {json.dumps(role)})"
        return self.run(f"(f => f ? ({then}) : false)({found})") is True

    def see(self, text: str, role: str = "", wait_s: float = WAIT_S) -> None:
        """Wait until the page shows `text` (in the words or labels of `role`)."""
        self._until(text, role, "true", wait_s)

    def tap(self, text: str, role: str = "button", wait_s: float = WAIT_S) -> None:
        """Wait until the page shows `text` in a `role`, then tap it."""
        # A button shown greyed out (Save round before the round is whole) is
        # waited for, as a person would.
        tapped = "f.getAttribute('aria-disabled') !== 'true' && (f.click(), true)"
        self._until(text, role, tapped, wait_s)

    def _until(self, text: str, role: str, then: str, wait_s: float) -> None:
        deadline = time.monotonic() + wait_s
        while time.monotonic() < deadline:
            with contextlib.suppress(AssertionError):
                if self._found(text, role, then):
                    return
            time.sleep(0.25)
        raise AssertionError(
            f"{type(self).__name__} never showed {text!r}; "
            f"console: {self.console[-20:]}"
        )

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
