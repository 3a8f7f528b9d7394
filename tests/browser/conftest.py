"""Browser-test fixtures: the real `companion` server on a free port, the static
site and its server, and Chromium."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from driver import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, Table, page_troubles

from companion.engine.match import Match
from companion.publish.site import Site, build_site
from companion.storage import Store

if TYPE_CHECKING:
    from killable_phone import Phone
    from peer_site import PeerSite

REPO = Path(__file__).resolve().parents[2]
Phones = Callable[..., Table]
"""The `phones` fixture: opens a phone-sized tab in a context of its own."""


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "browser: drives the real app in Chromium (slow; needs chromium)"
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser/" in str(item.path).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """The `companion` command serving one data directory, started and stopped.

    With `share` the join code is required (`--share`), yet the server still
    listens on loopback only: guests are browser contexts that send an
    X-Forwarded-For address, which uvicorn believes from loopback alone, and only
    because COMPANION_TRUST_FORWARDED_FOR=1 asks it to (for tests only).
    """

    START_S = 60
    """How long the server may take to answer its first request."""
    OWN_SESSION = False
    """Whether the command runs in a session of its own (a shell that starts
    the server, stopped with it as one process group)."""

    def __init__(
        self,
        data_dir: Path,
        share: bool = False,
        env: dict[str, str] | None = None,
        matches: Mapping[str, Match] | None = None,
    ) -> None:
        self.data_dir = data_dir
        self.share = share
        self.env = env or {}
        self.port = free_port()
        self.process: subprocess.Popen[str] | None = None
        self.output = data_dir.parent / f"server-{self.port}.log"
        self.matches = self._store(matches or {})
        """The URL path of each of `matches`, by its key."""

    def _store(self, matches: Mapping[str, Match]) -> dict[str, str]:
        """Store matches a test only needs to be there, before the server starts."""
        if not matches:
            return {}
        with Store.open(self.data_dir) as store:
            return {key: "/match/" + store.add_match(m) for key, m in matches.items()}

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def command(self) -> list[str]:
        """What starts the server: the `companion` command on this tree's code."""
        return [
            sys.executable, "-m", "companion.cli.main",
            "--host", "127.0.0.1", "--port", str(self.port),
            "--data-dir", str(self.data_dir),
        ] + (["--share"] if self.share else [])  # fmt: skip

    def start(self) -> Server:
        env = {
            **os.environ, "FLET_FORCE_WEB_SERVER": "1", "LANGUAGE": "en",
            "COMPANION_TRUST_FORWARDED_FOR": "1", **self.env,
        }  # fmt: skip
        env.pop("DISPLAY", None)
        with self.output.open("a") as log:
            self.process = subprocess.Popen(
                self.command(), cwd=REPO, env=env, stdout=log,
                stderr=subprocess.STDOUT, text=True,
                start_new_session=self.OWN_SESSION,
            )  # fmt: skip
        deadline = time.monotonic() + self.START_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(self.output.read_text())
            try:
                with urllib.request.urlopen(self.url + "/", timeout=2) as reply:
                    if reply.status == 200:
                        return self
            except OSError:
                time.sleep(0.3)
        raise RuntimeError(f"server did not answer within {self.START_S} s")

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None


class StaticServer:
    """`python -m http.server` on 127.0.0.1 serving one folder: any static host."""

    def __init__(self, folder: Path, port: int) -> None:
        self.folder = folder
        self.port = port
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> StaticServer:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "http.server", "-b", "127.0.0.1",
             "-d", str(self.folder), str(self.port)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with (
                contextlib.suppress(OSError),
                urllib.request.urlopen(self.url + "/", timeout=2),
            ):
                return self
            time.sleep(0.2)
        raise RuntimeError("static server did not answer")

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Site:
    """The phone-alone site, built once a module (a test may rebuild it)."""
    return build_site(tmp_path_factory.mktemp("static") / "site")


@pytest.fixture(scope="module")
def static_server(built: Site) -> Iterator[StaticServer]:
    """Any static host serving the module's site."""
    server = StaticServer(built.folder, free_port()).start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def playwright():
    """Playwright's sync API, once for the whole run: a second one started while
    the first holds this thread's event loop is refused."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is not installed")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as running:
        yield running


@pytest.fixture(scope="session")
def browser(playwright):
    chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield chromium
    chromium.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server per test module, on a fresh data directory."""
    yield from serving(tmp_path_factory)


@pytest.fixture(scope="module")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server per test module that shares its table: guests need the code."""
    yield from serving(tmp_path_factory, share=True)


def serving(
    tmp_path_factory: pytest.TempPathFactory,
    *,
    share: bool = False,
    matches: Mapping[str, Match] | None = None,
) -> Iterator[Server]:
    """A server on a fresh data directory (holding `matches`), for a fixture."""
    data_dir = tmp_path_factory.mktemp("data") / "companion"
    running = Server(data_dir, share=share, matches=matches).start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def started_match_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server holding a Crazy Eights match of Ada, Bo and Cy just started, at
    `matches["match"]` (starting one by taps is test_crazy_eights.py's to check)."""
    match = Match.new("crazy-eights", ["Ada", "Bo", "Cy"])
    yield from serving(tmp_path_factory, matches={"match": match})


@pytest.fixture(scope="module")
def peer_site(
    playwright, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[PeerSite]:
    """The static site in a loopback-only namespace and its phones (peer_site.py),
    built once a module; no phone of it called outside the site."""
    from peer_site import PeerSite

    site = PeerSite(playwright, tmp_path_factory.mktemp("peer_site"))
    yield site
    outside = site.calls_outside()
    site.close()
    assert outside == {}, outside


@pytest.fixture(scope="session", autouse=True)
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def table(browser, server: Server, request: pytest.FixtureRequest) -> Iterator[Table]:
    """A phone-sized browser tab on the module's server."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="en-US"
    )
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    troubles = page_troubles(page)
    yield Table(page, server.url)
    try:
        if _failed(request):
            _tell(request, f"the page reported:{''.join(troubles) or ' nothing'}")
            # A page that stopped answering cannot be photographed: the context
            # is closed all the same, or its renderer slows every later test.
            with contextlib.suppress(Exception):
                shot = ARTIFACTS / f"failed-{request.node.name}.png"
                page.screenshot(path=str(shot), timeout=10_000)
    finally:
        context.close()


def _failed(request: pytest.FixtureRequest) -> bool:
    """Whether the test's setup or call failed (what pytest_runtest_makereport kept)."""
    reports = (getattr(request.node, f"rep_{when}", None) for when in ("setup", "call"))
    return any(report is not None and report.failed for report in reports)


@pytest.fixture(autouse=True)
def killable_phones_told(request: pytest.FixtureRequest) -> Iterator[None]:
    """A failing test shows what the pages of its killable phones (Chromium on
    a profile of their own, killable_phone.py) reported, and a screenshot of
    each: a static-site page that never drew says why only here."""
    yield
    from killable_phone import Phone

    show_killable_phones(request, Phone.LIVE)


def show_killable_phones(request: pytest.FixtureRequest, phones: list[Phone]) -> None:
    """If the test failed, print what each page of `phones` reported and save a
    screenshot of it; for a phone closed before killable_phones_told runs."""
    if not _failed(request):
        return
    for number, phone in enumerate(phones):
        for tab, (page, troubles) in enumerate(phone.troubles.items()):
            told = "".join(troubles) or " nothing"
            _tell(request, f"killable phone {number}, tab {tab} reported:{told}")
            shot = ARTIFACTS / f"failed-{request.node.name}-phone{number}-{tab}.png"
            with contextlib.suppress(Exception):
                page.screenshot(path=str(shot), timeout=10_000)


def _tell(request: pytest.FixtureRequest, text: str) -> None:
    """Print `text` in pytest's report as the test ends."""
    terminal = request.config.pluginmanager.get_plugin("terminalreporter")
    if terminal is not None:
        terminal.write_line(f"\n{request.node.name}: {text}")


@pytest.fixture
def phones(browser, request: pytest.FixtureRequest) -> Iterator[Callable[..., Table]]:
    """Opens phone-sized tabs, each in its own browser context (its own phone).

    `client_ip` makes the context send X-Forwarded-For, so the server takes it
    for a phone at that address: a guest at a shared table.
    """
    opened: list[tuple[str, Table, list[str]]] = []
    contexts = []

    def open_phone(
        base_url: str, client_ip: str | None = None, *, locale: str = "en-US"
    ) -> Table:
        headers = {"X-Forwarded-For": client_ip} if client_ip else None
        context = browser.new_context(
            viewport={"width": 390, "height": 844},
            locale=locale,
            extra_http_headers=headers,
        )
        contexts.append(context)
        table = Table(context.new_page(), base_url)
        opened.append((client_ip or "host", table, page_troubles(table.page)))
        return table

    yield open_phone
    try:
        if _failed(request):
            for number, (who, table, troubles) in enumerate(opened):
                told = "".join(troubles) or " nothing"
                _tell(request, f"phone {number} ({who}) reported:{told}")
                shot = ARTIFACTS / f"failed-{request.node.name}-{number}-{who}.png"
                with contextlib.suppress(Exception):
                    table.page.screenshot(path=str(shot), timeout=10_000)
    finally:
        for context in contexts:
            context.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)
