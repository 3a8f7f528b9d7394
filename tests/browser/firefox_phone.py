"""A phone in Firefox (Debian's firefox-esr, headless), driven through Marionette.

Playwright's own Firefox cannot be downloaded here, and geckodriver's packages
download a binary as they install: Firefox's own remote protocol, Marionette
(marionette-driver from PyPI), needs neither. The profile folder outlives the
browser, so a restart finds the site's storage; English is asked for, and the
page's console goes to the browser's output, kept in `console`.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import threading
from pathlib import Path

from conftest import free_port
from marionette_driver.marionette import Marionette
from scripted_phone import ScriptedPhone, stop_group

FIREFOX = "/usr/bin/firefox-esr"
START_S = 60
"""How long Firefox may take to listen for Marionette."""
PREFERENCES = {
    "intl.accept_languages": "en-US",
    "intl.locale.requested": "en-US",
    "devtools.console.stdout.content": True,
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "app.update.disabledForTesting": True,
    "browser.sessionstore.resume_from_crash": False,
}
"""English asked for, the page's console on stdout, no first-run pages."""


class FirefoxPhone(ScriptedPhone):
    """One headless Firefox window on a profile of its own, which outlives it."""

    def __init__(self, profile: Path) -> None:
        self.profile = profile
        self.console: list[str] = []
        self.process: subprocess.Popen[str] | None = None
        self.client: Marionette | None = None

    def start(self) -> FirefoxPhone:
        self.profile.mkdir(parents=True, exist_ok=True)
        port = free_port()
        prefs = {**PREFERENCES, "marionette.port": port}
        (self.profile / "user.js").write_text(
            "".join(
                f"user_pref({json.dumps(k)}, {json.dumps(v)});\n"
                for k, v in prefs.items()
            )
        )
        env = {**os.environ, "LANG": "C.UTF-8", "MOZ_HEADLESS": "1"}
        env.pop("DISPLAY", None)
        self.process = subprocess.Popen(
            [FIREFOX, "--headless", "--marionette", "--no-remote",
             "--profile", str(self.profile), "--width", "390", "--height", "844"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
            start_new_session=True,
        )  # fmt: skip
        threading.Thread(target=self._read, daemon=True).start()
        self.client = Marionette(host="127.0.0.1", port=port)
        self.client.start_session(timeout=START_S)
        self.client.timeout.script = 60
        self.client.timeout.page_load = 120
        return self

    def _read(self) -> None:
        assert self.process is not None and self.process.stdout is not None
        for line in self.process.stdout:
            self.console.append(line.rstrip("\n"))

    def _client(self) -> Marionette:
        assert self.client is not None, "Firefox is not started"
        return self.client

    def open(self, url: str) -> None:
        """Load `url` as typing it in the address bar would (only the fragment
        changed: the page stays, as in a browser)."""
        self._client().navigate(url)

    def reload(self) -> None:
        """The browser's reload button; returns once the page has loaded."""
        self._client().refresh()

    def back(self) -> None:
        """The browser's back button."""
        self._client().go_back()

    def run(self, script: str) -> object:
        """The JSON value of `script`, an expression, in the page."""
        return self._client().execute_script(f"return ({script});")

    def quit(self) -> None:
        """Quit Firefox as a person would (its storage written out), and wait."""
        if self.process is None:
            return
        with contextlib.suppress(Exception):
            self._client()._send_message("Marionette:Quit", {})
        with contextlib.suppress(Exception):
            self._client().delete_session(send_request=False)
        self.client = None
        stop_group(self.process, 30)
        self.process = None
