"""The page's start: the tab lock looked at (and taken) before Python; the
loading screen until the app has drawn.

A second tab of the static site used to boot Python (7-11 s) only for the app
to find the store's tab lock taken (serving.browser.hold_tab_lock) and say so.
The page now looks first: the Web Lock's holder is listed by
`navigator.locks.query()`; without Web Locks (plain http) the holder answers a
probe on the lock's BroadcastChannel (serving.tab_claim). A page that may
start takes the Web Lock itself for its Python and answers that probe from
then on, until it goes (`pagehide`); a page that finds the Web Lock held asks,
and refuses when answered; unanswered, it waits up to LOCK_WAIT_MS for the
lock to go (the page a reload replaces, or a tab just closed, lets go of it a
moment late), then takes it from the silent holder (a page frozen, or asleep
in a back/forward cache by an engine that keeps its lock), which starts again
when it wakes and finds the store held. A page kept in a back/forward cache
lets the lock go as it leaves (`pagehide` with `persisted`) and starts again
when it comes back (`pageshow`): its app holds the store as it was when it
left. A refused tab starts neither Flutter nor Python and says that the app is
open elsewhere (and hands the link it was opened with to the holder's page).
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
before the page takes it from that holder: a tab just closed, or the page
this one reloads, lets go of it a moment after this page first looks. A
holder that is there answers at once (its page, from the moment it took the
lock), and the page refuses then."""

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
holder's page answered the probe) or `held` (its Web Lock stayed held, and
this page could not take it for its Python: no early worker, or another tab
took it twice between a look and a request)."""

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
