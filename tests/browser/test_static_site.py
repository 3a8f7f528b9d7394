"""The published static site on a phone: the app in the browser, data kept there.

The tests run in order on one site, one static server and one browser
profile (a Pyodide start costs tens of seconds here): each one continues
from what the one before left, as one person's phone would; a tab is opened
anew only where a person would have (each opening boots Pyodide again).
Run alone, a test that needs the first one's match imports the same match
first, from an export the Store writes.
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import StaticServer
from driver import ARTIFACTS, Table
from flows import record_round, start_match
from killable_phone import BOOT_MS, Phone, wait_for_app
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Playwright

from companion.engine.match import Match
from companion.publish import page_start, snapshot
from companion.publish.site import Site, build_site
from companion.storage import Store
from companion.ui.frame.format import game_name, language_label
from companion.words.i18n import get_translator
from companion.words.rules import reminders

REFUSED = "Card Table Companion is open in another tab."

NO_WEB_SHARE_JS = (
    "delete Navigator.prototype.share; delete Navigator.prototype.canShare"
)
"""What Chromium on Linux offers: no Web Share at all (not even canShare)."""


@pytest.fixture(scope="module")
def phone(
    static_server: StaticServer,
    tmp_path_factory: pytest.TempPathFactory,
    playwright: Playwright,
) -> Iterator[Phone]:
    profile = tmp_path_factory.mktemp("profile")
    device = Phone(playwright, profile, static_server.url).start()
    yield device
    device.close()


@pytest.fixture(scope="module")
def exports(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the phone's downloads go: the export a later test imports."""
    return tmp_path_factory.mktemp("downloads")


RESUME = "Resume Crazy Eights with Ada, Bo, and Cy"


def _an_export(exports: Path) -> Path:
    """The phone's export of the first test's match; without it (a test run
    alone), the same match exported by the Store."""
    found = sorted(exports.glob("companion-*.json"))
    if found:
        return found[0]
    match = (
        Match.new("crazy-eights", ["Ada", "Bo", "Cy"])
        .record_round("Ada", {"Bo": {"8": 1}, "Cy": {"K": 1, "3": 2}})
        .record_round("Bo", {"Ada": {"K": 1}, "Cy": {"A": 1}})
    )
    store = Store.in_memory()
    store.add_match(match)
    made = exports / "companion-from-the-store.json"
    store.export_all(made)
    return made


@pytest.fixture
def the_match(phone: Phone, exports: Path) -> None:
    """The first test's match on the phone (imported when that test did not run)."""
    if phone.has_the_match:
        return
    table = phone.open_tab()
    table.tab("Settings")
    export = _an_export(exports)
    _import(table, export)
    table.see(f"1 match imported from {export.name}")
    table.tab("Matches")
    table.button(RESUME).wait_for()
    phone.has_the_match = True


def _shot(table: Table, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    # A tab behind another draws no frame, and its screenshot waits for one.
    table.page.bring_to_front()
    table.shot(f"static-{name}")


def test_a_match_by_card_taps_survives_a_killed_browser_and_exports(
    phone: Phone, exports: Path
) -> None:
    table = phone.tab()
    _shot(table, "matches")
    start_match(table, "Crazy Eights", ["Ada", "Bo", "Cy"])
    # Ada goes out; Bo holds an eight (50), Cy a king and two threes (16).
    record_round(table, "Ada", {"Bo": ["8"], "Cy": ["K", "3", "3"]})
    table.see("Round 1 saved.")
    table.standing(1, "Ada", 0)
    table.standing(2, "Cy", 16)
    table.standing(3, "Bo", 50)
    # Bo goes out; Ada holds a king (10), Cy an ace (1).
    record_round(table, "Bo", {"Ada": ["K"], "Cy": ["A"]})
    table.see("Round 2 saved.")
    phone.has_the_match = True
    phone.kill()

    phone.start()
    table = phone.tab()
    table.tap(RESUME)
    table.standing(1, "Ada", 10)
    table.standing(2, "Cy", 17)
    table.standing(3, "Bo", 50)
    _shot(table, "after-kill")
    table.tap("Back to matches")
    table.tab("Settings")
    _shot(table, "settings")
    with table.page.expect_download() as download:
        table.tap("Export everything")
    saved = exports / download.value.suggested_filename
    download.value.save_as(saved)
    table.see(re.compile(r"^1 match exported as companion-"))
    # The download is an export this app reads, with the match and its rounds.
    check = Store.in_memory()
    (match_id,) = check.import_file(saved).added
    match = check.load_match(match_id)
    assert (match.players, len(match.rounds)) == (("Ada", "Bo", "Cy"), 2)
    table.tab("Matches")
    assert phone.calls_outside() == []


def _open_match(table: Table) -> None:
    table.tap(RESUME)
    table.standing(1, "Ada", 10)
    table.standing(3, "Bo", 50)


def test_with_the_server_gone_the_app_opens_from_the_service_worker(
    phone: Phone, static_server: StaticServer, the_match: None
) -> None:
    table = phone.open_tab()
    # The worker of the first visit has precached the site by now.
    table.page.wait_for_function(
        "async () => (await navigator.serviceWorker.ready).active !== null",
        timeout=BOOT_MS,
    )
    static_server.stop()
    # Every file the page asks for must be in the worker's precache, which
    # leaves out what no page loads (contents.NOT_PRECACHED): none fails.
    missing: list[str] = []
    table.page.on(
        "requestfailed",
        lambda request: (
            missing.append(request.url)
            if request.url.startswith(phone.site_url)
            else None
        ),
    )
    try:
        table.page.goto(phone.site_url + "/")
        wait_for_app(table)
        _open_match(table)
        _shot(table, "offline")
    finally:
        static_server.start()
    assert missing == []
    assert phone.calls_outside() == []


def test_a_rebuilt_site_replaces_the_cached_one_and_keeps_the_data(
    phone: Phone, built: Site, the_match: None
) -> None:
    rebuilt = build_site(built.folder, version="second-build")
    assert rebuilt.version == "second-build"
    table = phone.tab()
    # The visit opens the cached build; its worker finds the new one, which
    # takes over and reloads the page onto it.
    deadline = time.monotonic() + BOOT_MS / 1000
    version = None
    while time.monotonic() < deadline:
        # The reload onto the new build destroys the page being asked.
        with contextlib.suppress(PlaywrightError):
            version = table.page.evaluate("() => window.flet && flet.siteVersion")
        if version == "second-build":
            break
        time.sleep(0.5)
    assert version == "second-build"
    wait_for_app(table)
    table.tab("Settings")
    table.see("App version second-build")
    _shot(table, "settings-rebuilt")
    table.tab("Matches")
    _open_match(table)
    cached = table.page.evaluate("async () => await caches.keys()")
    # Beside the service worker's, the Python snapshot's (test_static_snapshot).
    assert [name for name in cached if name != "python-snapshot"] == [
        "companion-second-build"
    ]
    assert phone.calls_outside() == []


def _refused(tab: Table) -> None:
    """Refused by the page, answered by the holder's page at once (not after
    waiting for the Web Lock): Python never started in the tab."""
    assert tab.page.get_by_role("button", name="New match").count() == 0
    assert tab.page.get_by_role("tab", name="Matches").count() == 0
    root = tab.page.locator("html")
    assert root.get_attribute(page_start.REFUSED_ATTRIBUTE) == "answered"
    assert root.get_attribute(snapshot.START_ATTRIBUTE) is None
    assert tab.page.workers == []


def test_a_second_tab_is_refused_and_changes_nothing(
    phone: Phone, the_match: None
) -> None:
    first = phone.open_tab()
    second = phone.tab(REFUSED, alone=False)
    _shot(second, "second-tab")
    _refused(second)
    second.page.close()
    first.page.goto(phone.site_url + "/")
    wait_for_app(first)
    _open_match(first)
    first.standing(2, "Cy", 17)
    first.tap("Back to matches")


def test_a_half_entered_round_survives_a_reload_and_a_killed_browser(
    phone: Phone, the_match: None
) -> None:
    table = phone.open_tab()
    table.page.goto(phone.site_url + "/")
    wait_for_app(table)
    _open_match(table)
    table.tap("Record round")
    table.tap("Ada")
    table.tap("Add king to Bo")
    table.tap("Next: Cy")
    table.tap("Add three to Cy")
    table.tap("Back to the scoreboard")
    table.tap("Record round")
    _kept(table)
    table.page.goto(phone.site_url + "/")
    wait_for_app(table)
    _open_match(table)
    table.tap("Record round")
    _kept(table)
    _shot(table, "kept-draft")
    phone.kill()

    phone.start()
    table = phone.tab()
    _open_match(table)
    table.tap("Record round")
    _kept(table)
    table.tap("Start afresh")
    table.see("Who went out?")
    table.tap("Back to the scoreboard")
    # Nothing of the draft was a round: the totals are the two rounds'.
    table.standing(2, "Cy", 17)
    assert phone.calls_outside() == []


def _kept(table: Table) -> None:
    """The round as left: Ada out, a king for Bo, a three for Cy; the line."""
    table.see("The round was kept as you left it.")
    table.see("Ada went out")
    table.button("Remove one king from Bo (1 held)").wait_for()
    table.button("Remove one three from Cy (1 held)").wait_for()


def test_in_norwegian_a_rule_reminder_and_an_ended_match_shared_without_web_share(
    phone: Phone, the_match: None
) -> None:
    table = phone.open_tab()
    english, norwegian = get_translator("en"), get_translator("nb")
    table.tab("Settings")
    table.tap(language_label(english, "nb"))
    table.page.get_by_role("tab", name=norwegian.gettext("Rules")).wait_for()
    _shot(table, "settings-nb")
    table.tab(norwegian.gettext("Rules"))
    first = reminders("crazy-eights", "nb")[0]
    assert first.title != reminders("crazy-eights", "en")[0].title
    table.see(first.title)
    _shot(table, "rules-nb")
    assert phone.calls_outside() == []
    # Every message to the page is packed by msgpack's module built for Pyodide,
    # not its pure-Python fallback (which msgpack takes silently if it fails).
    worker = next(w for w in table.page.workers if "python-worker" in w.url)
    packer = worker.evaluate(
        "() => self.pyodide.runPython('import msgpack; msgpack.Packer.__module__')"
    )
    assert packer == "msgpack._cmsgpack"

    # The table stops early: Ada leads (10), and the lowest total wins. Share
    # then meets Chromium on Linux, which has no Web Share at all.
    nb = norwegian.gettext
    table.tab(nb("Matches"))
    table.tap(
        nb("Resume {game} with {players}").format(
            game=game_name(norwegian, "crazy-eights"),
            players=norwegian.join(["Ada", "Bo", "Cy"]),
        )
    )
    table.tap(nb("End match now"))
    table.tap(nb("End match"))
    table.see(nb("{name} wins!").format(name="Ada"))
    phone.browser.contexts[0].grant_permissions(
        ["clipboard-read", "clipboard-write"], origin=phone.site_url
    )
    table.page.evaluate(NO_WEB_SHARE_JS)
    table.tap(nb("Share standings"))
    table.see(
        nb(
            "This browser cannot share, so the standings were copied. "
            "Paste them into your group chat."
        )
    )
    _shot(table, "ended-shared-nb")
    copied = table.page.evaluate("navigator.clipboard.readText()")
    assert copied.splitlines()[-1] == nb("{name} wins!").format(name="Ada")
    # The screen is still the app's, and answers.
    table.tab(nb("Players"))
    table.see(nb("Records"))


def _import(table: Table, path: Path) -> None:
    with table.page.expect_file_chooser() as chooser:
        table.tap("Import a file")
    chooser.value.set_files(str(path))


def test_over_plain_http_a_second_tab_is_refused_and_an_export_moves_the_match(
    phone: Phone, exports: Path
) -> None:
    # A fresh phone on the LAN: another origin, so empty storage, and no Web
    # Locks: the holder answers the second tab's page over a BroadcastChannel.
    table = wait_for_app(phone.tab(site=phone.lan_url))
    assert table.page.evaluate("() => window.isSecureContext") is False
    refused = wait_for_app(phone.tab(site=phone.lan_url, alone=False), REFUSED)
    _refused(refused)
    _shot(refused, "second-tab-over-http")
    refused.page.close()
    assert table.page.get_by_label(RESUME).count() == 0
    table.tab("Settings")
    junk = exports / "kitchen table.json"
    junk.write_text("[" * 10_000 + "]" * 10_000)
    _import(table, junk)
    table.see(
        "kitchen table.json is not an export from this app. Nothing was imported."
    )
    table.tab("Matches")
    table.see("New match")
    assert table.page.get_by_label(RESUME).count() == 0
    table.tab("Settings")
    export = _an_export(exports)
    _import(table, export)
    table.see(f"1 match imported from {export.name}")
    _shot(table, "imported-over-http")
    table.tab("Matches")
    _open_match(table)
    table.standing(2, "Cy", 17)
    assert phone.calls_outside() == []
