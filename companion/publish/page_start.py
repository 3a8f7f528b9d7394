"""The page's start: the tab lock looked at before Python; the loading screen
until the app has drawn.

A second tab of the static site used to boot Python (7-11 s) only for the app
to find the store's tab lock taken (serving.browser.hold_tab_lock) and say so.
The page now looks first: the Web Lock's holder is listed by
`navigator.locks.query()`; without Web Locks (plain http) the holder answers a
probe on the lock's BroadcastChannel (serving.tab_claim). A tab that finds
the store held starts neither Flutter nor Python and says at once that the
app is open elsewhere; otherwise it starts both, and Python's own claim still
decides (two tabs opened at the same moment both look before either holds).
"""

from __future__ import annotations

import json

TAB_LOCK = "card-table-companion-store"
"""The Web Lock and BroadcastChannel of the store (serving.browser.TAB_LOCK)."""

PROBE = "probe"
"""The message kind the page asks the holder with (serving.tab_claim.PROBE)."""

PROBE_WAIT_MS = 300
"""How long a page without Web Locks waits for a holder's answer before it
starts: an idle holder answers at once; a busy one leaves it to Python's
claim, which waits longer (tab_claim.ANSWER_WAIT_S)."""

REFUSED_ATTRIBUTE = "data-other-tab"
"""On the page's <html> when the page refused before Python: `refused`."""

SHOWN_KEY = "companionShown"
"""The worker's message to the page once the app has sent its first screen
(serving.browser.tell_page_shown); named to the worker by early_worker."""

_DECIDE = """\
// Card Table Companion: is the store held by another tab of the site? Looked
// at before Flutter or Python starts (companion/publish/page_start.py).
flet.tabFree = (async () => {
  const LOCK = %(lock)s;
  try {
    if (navigator.locks && navigator.locks.query) {
      const state = await navigator.locks.query();
      return !state.held.some((lock) => lock.name === LOCK);
    }
    if (!self.BroadcastChannel) {
      return true;
    }
    const channel = new BroadcastChannel(LOCK);
    const token = %(probe)s + ":" + Math.random().toString(16).slice(2);
    const held = await new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), %(wait)d);
      channel.onmessage = (event) => {
        if (String(event.data).startsWith("held:")) {
          clearTimeout(timer);
          resolve(true);
        }
      };
      channel.postMessage(token);
    });
    channel.close();
    return !held;
  } catch (error) {
    // Cannot tell: Python's own claim decides.
    return true;
  }
})();
flet.tabFree.then((free) => {
  if (free) {
    return;
  }
  document.documentElement.setAttribute(%(refused_attribute)s, "refused");
  const refuse = () => window.companionLoading.refuse();
  if (window.companionLoading) {
    refuse();
  } else {
    document.addEventListener("DOMContentLoaded", refuse);
  }
});
"""

_WORKER_START = """\
flet.tabFree.then((free) => {
  if (!free) {
    return;
  }
%(started)s
  // The loading screen goes once the app has sent its first screen, or when
  // the worker fails (Flet's client then shows the error).
  flet.earlyWorker.addEventListener("message", (event) => {
    const data = event.data;
    if (data && data[%(shown_key)s]) {
      // Flet's handler would hand it to Flutter as a message of the app's.
      event.stopImmediatePropagation();
      window.companionLoading.done();
    } else if (typeof data === "string" && data !== "initialized") {
      window.companionLoading.done();
    }
  });
  flet.earlyWorker.addEventListener("error", () => window.companionLoading.done());
});
"""

_FIRST_FRAME = """\
// No early worker to tell when the app is drawn: the screen goes with
// Flutter's first frame, as Flet's own did.
window.addEventListener("flutter-first-frame",
  () => window.companionLoading.done(), { once: true });
"""

BOOTSTRAP_GATE = """\
// Card Table Companion: Flutter's client starts only in a tab that may hold
// the store (page_start); a refused tab shows why instead.
if (self.flet && flet.tabFree) {
  const loadFlutter = _flutter.loader.load.bind(_flutter.loader);
  _flutter.loader.load = (options) =>
    flet.tabFree.then((free) => (free ? loadFlutter(options) : undefined));
}
"""
"""For flutter_bootstrap.js, before its `_flutter.loader.load(...)` call."""


def decide_js() -> str:
    """For index.html, after the `flet.*` settings: `flet.tabFree`, a promise
    of whether this tab may start (false: the page says why)."""
    return _DECIDE % {
        "lock": json.dumps(TAB_LOCK),
        "probe": json.dumps(PROBE),
        "wait": PROBE_WAIT_MS,
        "refused_attribute": json.dumps(REFUSED_ATTRIBUTE),
    }


def start_js(started: str) -> str:
    """For index.html, after decide_js: `started` (the script that makes
    `flet.earlyWorker`, early_worker and snapshot) run only in a free tab, and
    the loading screen taken away when the app has drawn; with no `started`,
    at Flutter's first frame."""
    if not started:
        return _FIRST_FRAME
    return _WORKER_START % {"started": started, "shown_key": json.dumps(SHOWN_KEY)}
