"""The page's start: the tab lock looked at before Python; the loading screen
until the app has drawn.

A second tab of the static site used to boot Python (7-11 s) only for the app
to find the store's tab lock taken (serving.browser.hold_tab_lock) and say so.
The page now looks first: the Web Lock's holder is listed by
`navigator.locks.query()`; without Web Locks (plain http) the holder answers a
probe on the lock's BroadcastChannel (serving.tab_claim). The page of a tab
whose app holds the store answers that probe too, at once and until it goes
(`pagehide`), Web Locks or not: a page that finds the Web Lock held asks, and
refuses when answered; unanswered, it waits up to LOCK_WAIT_MS for the lock
to go (the page a reload replaces, or a tab just closed, lets go of it a
moment late and no longer answers). A refused tab starts neither Flutter nor
Python and says that the app is open elsewhere; otherwise it starts both, and
Python's own claim still decides (two tabs opened at the same moment both
look before either holds).
"""

from __future__ import annotations

from companion.webclient.page_script import PageScript

TAB_LOCK = "card-table-companion-store"
"""The Web Lock and BroadcastChannel of the store (serving.browser.TAB_LOCK)."""

PROBE = "probe"
"""The message kind the page asks the holder with (serving.tab_claim.PROBE)."""

PROBE_WAIT_MS = 300
"""How long a page without Web Locks waits for a holder's answer before it
starts: an idle holder answers at once; a busy one leaves it to Python's
claim, which waits longer (tab_claim.ANSWER_WAIT_S)."""

LOCK_WAIT_MS = 1500
"""How long a held Web Lock whose holder does not answer must stay held
before the page refuses: a tab just closed, or the page this one reloads,
lets go of it a moment after this page first looks, and its successor must
not be refused. A holder that is there answers at once (its page, once its
app holds the store), and the page refuses then."""

LOCK_LOOK_MS = 100
"""How often the page looks at the Web Locks again while it waits."""

HANDED = "handed"
OFFERED = "offered"
"""A refused tab's word to the holder's page, "handed:<token> <link>" (the
hand-over link it was opened with), and the holder's answer once the match
is offered there, "offered:<token>"."""

HAND_WAIT_MS = 1000
"""How long a refused tab waits for the holder's page to say it offers the
link: a page that answered the probe answers this at once."""

REFUSED_ATTRIBUTE = "data-other-tab"
"""On the page's <html> when the page refused before Python: `answered` (the
holder's page answered the probe) or `held` (its Web Lock stayed held for
LOCK_WAIT_MS)."""

SHOWN_KEY = "companionShown"
"""The worker's message to the page once the app has sent its first screen
(serving.browser.tell_page_shown); named to the worker by early_worker."""

ARCHIVE_FAILED_KEY = "companionArchiveFailed"
"""The worker's message to the page when the app's archive did not come, even
after its retries (snapshot.ARCHIVE_TRIES): the page says so, translated."""

SCRIPT = PageScript.beside(__file__, "page_start.js")
"""For index.html, after page.js: `flet.tabFree`, a promise of whether this
tab may start (false: the page says why), and Python's worker started in a
tab that may."""

BOOTSTRAP_GATE = PageScript.beside(__file__, "bootstrap_gate.js")
"""For flutter_bootstrap.js, before its `_flutter.loader.load(...)` call."""


def start_js(early_worker: str | None) -> str:
    """For index.html, after page.js: the tab looked at; in a free tab,
    `early_worker` (Flet's worker script, relative to the site) started at
    once and the loading screen taken away when the app has drawn; with no
    `early_worker`, at Flutter's first frame."""
    return SCRIPT.shipped(
        {
            "tabLock": TAB_LOCK,
            "probe": PROBE,
            "probeWaitMs": PROBE_WAIT_MS,
            "lockWaitMs": LOCK_WAIT_MS,
            "lockLookMs": LOCK_LOOK_MS,
            "refusedAttribute": REFUSED_ATTRIBUTE,
            "handed": HANDED,
            "offered": OFFERED,
            "handWaitMs": HAND_WAIT_MS,
            "shownKey": SHOWN_KEY,
            "archiveFailedKey": ARCHIVE_FAILED_KEY,
            "earlyWorker": early_worker,
        }
    )
