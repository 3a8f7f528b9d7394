"""Chromium on a profile of its own, which it keeps across a SIGKILL: a phone
whose browser the system ended, started again on the same data; or such a
phone inside a loopback-only network namespace, for phones that connect to
each other (peer_site.py)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from collections.abc import Sequence
from pathlib import Path

from driver import CHROMIUM, CHROMIUM_ARGS, Table, page_troubles
from loopback_network import LoopbackNetwork
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, Route

BOOT_MS = 240_000
"""Flutter, then Pyodide and the app: ~14 s on an idle machine, far more here."""

LAN_HOST = "lan.test"
"""The site's computer as a phone on the LAN names it: plain http to a name that
is not this machine's, so not a secure context (no Web Locks, no service
worker), unlike http://127.0.0.1."""


class Phone:
    """Chromium on one profile, which it keeps across a kill, driven over CDP;
    or, given a network, started inside it by Playwright (not killable then)."""

    LIVE: list[Phone] = []
    """The phones started and not closed: a failing test shows their pages."""

    def __init__(
        self,
        playwright: Playwright,
        profile: Path,
        site_url: str,
        args: Sequence[str] = (),
        network: LoopbackNetwork | None = None,
    ) -> None:
        """`args`: Chromium's flags beyond the tests' own (a fake camera's).
        `network`: the namespace to start Chromium in, with WebRTC's flags
        (its DevTools port would be out of reach there: Playwright drives it
        over pipes)."""
        self.playwright = playwright
        self.profile = profile
        self.site_url = site_url
        self.args = tuple(args)
        self.network = network
        port = site_url.rsplit(":", 1)[1]
        self.lan_url = f"http://{LAN_HOST}:{port}"
        self.outside: list[str] = []
        self.process: subprocess.Popen[bytes] | None = None
        self.browser: Browser | None = None
        self.context: BrowserContext | None = None
        """The profile's one context, whichever way Chromium was started."""
        self.current: Table | None = None
        self.has_the_match = False
        """Whether this profile holds the first test's match (kept across kills)."""
        self.troubles: dict[Page, list[str]] = {}
        """What each page opened by `tab` reported going wrong (conftest)."""

    def start(self) -> Phone:
        if self.network is None:
            self.context = self._over_cdp()
        else:
            self.context = self.network.profile_chromium(
                self.playwright, self.profile, self.args
            )
        if self not in Phone.LIVE:
            Phone.LIVE.append(self)
        self.context.route("**/*", self._only_the_site)
        return self

    def _over_cdp(self) -> BrowserContext:
        """Chromium started here, in a session of its own, driven over CDP."""
        port_file = self.profile / "DevToolsActivePort"
        port_file.unlink(missing_ok=True)
        self.process = subprocess.Popen(
            [CHROMIUM, "--headless", f"--user-data-dir={self.profile}",
             "--remote-debugging-port=0", *CHROMIUM_ARGS, *self.args,
             f"--host-resolver-rules=MAP {LAN_HOST} 127.0.0.1", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True,
        )  # fmt: skip
        deadline = time.monotonic() + 60
        while not port_file.is_file() or not port_file.read_text().strip():
            if time.monotonic() > deadline:
                raise RuntimeError("Chromium did not open its DevTools port")
            time.sleep(0.2)
        port = port_file.read_text().split()[0]
        self.browser = self.playwright.chromium.connect_over_cdp(
            f"http://127.0.0.1:{port}"
        )
        return self.browser.contexts[0]

    def _only_the_site(self, route: Route) -> None:
        url = route.request.url
        if url.startswith((self.site_url + "/", self.lan_url + "/")):
            route.continue_()
        else:
            self.outside.append(route.request.url)
            route.abort()

    def tab(
        self,
        text: str = "Matches",
        *,
        alone: bool = True,
        site: str = "",
        path: str = "/",
    ) -> Table:
        """A new tab at 390x844 on the site, once the app shows `text`.

        `alone`: the tabs opened before are closed first, as a person who
        comes back to the app later has one tab. `site`: another address of
        the site (the LAN's), whose tab is not waited for. `path`: what
        follows the site's address (a link's `/#m=...`).
        """
        table = self._open(alone, site or self.site_url, path)
        if site:
            return table
        if alone:
            self.current = table
        return wait_for_app(table, text)

    def _open(self, alone: bool, site: str, path: str = "/") -> Table:
        assert self.context is not None
        if alone:
            for old in self.context.pages:
                old.close()
            self.troubles.clear()
        page = self.context.new_page()
        self.troubles[page] = page_troubles(page)
        page.set_viewport_size({"width": 390, "height": 844})
        table = Table(page, site)
        page.goto(site + path)
        return table

    def open_tab(self) -> Table:
        """The tab the person left open (the last one drawn), or a new one."""
        if self.current is not None and not self.current.page.is_closed():
            return self.current
        return self.tab()

    def kill(self) -> None:
        """SIGKILL the whole browser, as a phone ending a tab it needs memory for."""
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()
        self.process = None
        self.current = None
        with contextlib.suppress(Exception):
            if self.browser is not None:
                self.browser.close()
        self.browser = None
        self.context = None

    def close(self) -> None:
        if self in Phone.LIVE:
            Phone.LIVE.remove(self)
        if self.network is not None and self.context is not None:
            self.context.close()
            self.context = None
        if self.process is not None:
            with contextlib.suppress(Exception):
                if self.browser is not None:
                    self.browser.close()
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()

    def calls_outside(self) -> list[str]:
        return list(self.outside)


def wait_for_app(table: Table, text: str = "Matches") -> Table:
    """Wait until the app (not only Flutter) has drawn a screen with `text`."""
    page = table.page
    # Flutter drops its placeholder once semantics are on: it may be gone.
    placeholder = page.locator("flt-semantics-placeholder")
    deadline = time.monotonic() + BOOT_MS / 1000
    while time.monotonic() < deadline:
        # Semantics are switched on by a click on Flutter's placeholder.
        with contextlib.suppress(Exception):
            if placeholder.count():
                placeholder.dispatch_event("click", timeout=1000)
        if page.get_by_role("tab", name=text).or_(page.get_by_text(text)).count():
            return table
        time.sleep(0.5)
    raise AssertionError(f"the app did not show {text!r} in {BOOT_MS} ms")
