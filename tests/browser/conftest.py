"""Browser-test fixtures: the real `companion` server on a free port, and Chromium."""

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
from driver import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, Table
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page

from companion.engine.match import Match
from companion.storage import Store

if TYPE_CHECKING:
    from killable_phone import Phone

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


class ModulePort:
    """The one port every module's server takes in turn in this test process, so
    the app's address stays the same from module to module and the phones kept
    in Devices find its code in their cache; a second server beside it takes a
    free port."""

    port: int | None = None
    taken = False

    @classmethod
    def take(cls) -> int:
        if cls.taken:
            return free_port()
        if cls.port is None:
            cls.port = free_port()
        cls.taken = True
        return cls.port

    @classmethod
    def give_back(cls, port: int) -> None:
        if port == cls.port:
            cls.taken = False


class Server:
    """The `companion` command serving one data directory, started and stopped.

    With `share` the join code is required (`--share`), yet the server still
    listens on loopback only: guests are browser contexts that send an
    X-Forwarded-For address, which uvicorn believes from loopback alone, and only
    because COMPANION_TRUST_FORWARDED_FOR=1 asks it to (for tests only).
    """

    def __init__(
        self,
        data_dir: Path,
        share: bool = False,
        env: dict[str, str] | None = None,
        matches: Mapping[str, Match] | None = None,
        port: int | None = None,
    ) -> None:
        self.data_dir = data_dir
        self.share = share
        self.env = env or {}
        self.port = port or free_port()
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

    def start(self) -> Server:
        env = {
            **os.environ, "FLET_FORCE_WEB_SERVER": "1", "LANGUAGE": "en",
            "COMPANION_TRUST_FORWARDED_FOR": "1", **self.env,
        }  # fmt: skip
        env.pop("DISPLAY", None)
        command = [
            sys.executable, "-m", "companion.cli.main",
            "--host", "127.0.0.1", "--port", str(self.port),
            "--data-dir", str(self.data_dir),
        ] + (["--share"] if self.share else [])  # fmt: skip
        with self.output.open("a") as log:
            self.process = subprocess.Popen(
                command, cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT,
                text=True,
            )  # fmt: skip
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(self.output.read_text())
            try:
                with urllib.request.urlopen(self.url + "/", timeout=2) as reply:
                    if reply.status == 200:
                        return self
            except OSError:
                time.sleep(0.3)
        raise RuntimeError("server did not answer within 60 s")

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
    port = ModulePort.take()
    try:
        running = Server(data_dir, share=share, matches=matches, port=port).start()
        yield running
        running.stop()
    finally:
        ModulePort.give_back(port)


@pytest.fixture(scope="module")
def started_match_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server holding a Crazy Eights match of Ada, Bo and Cy just started, at
    `matches["match"]` (starting one by taps is test_crazy_eights.py's to check)."""
    match = Match.new("crazy-eights", ["Ada", "Bo", "Cy"])
    yield from serving(tmp_path_factory, matches={"match": match})


@pytest.fixture(scope="session", autouse=True)
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


class Devices:
    """Browser contexts (phones) kept from test to test while they pass, so a
    load finds the app's code in its cache (0.66-0.70x the CPU of a load in a
    fresh context, bench/page_loads.py; the modules' servers share one address,
    ModulePort, for that); a context given back has its
    localStorage, where the device's token is, cleared, and its permissions and
    headers dropped: each test's phone is a device never seen before."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.free: dict[str, list[BrowserContext]] = {}
        self.locales: dict[BrowserContext, str] = {}

    def take(
        self, locale: str = "en-US", headers: dict[str, str] | None = None
    ) -> BrowserContext:
        """A phone-sized context on `locale` that sends `headers`."""
        kept = self.free.get(locale)
        context = kept.pop() if kept else None
        if context is None:
            context = self.browser.new_context(
                viewport={"width": 390, "height": 844}, locale=locale
            )
            self.locales[context] = locale
            context.on("close", lambda closed: self.locales.pop(closed, None))
        context.set_extra_http_headers(headers or {})
        return context

    def give_back(self, context: BrowserContext, failed: bool) -> None:
        """Keep `context` for the next test; after a failure, close it (a page
        that stopped answering slows every later test, and may not clear)."""
        locale = self.locales.get(context)
        if locale is None:
            return  # the test closed it
        try:
            if not failed:
                for page in context.pages:
                    # wait_for_function gives up; evaluate() would wait for ever
                    # on a page that stopped answering.
                    page.wait_for_function(
                        "() => { localStorage.clear(); return true; }",
                        timeout=10_000,
                    )
                for page in context.pages:
                    page.close()
                context.clear_permissions()
                self.free.setdefault(locale, []).append(context)
                return
        except Exception:  # noqa: BLE001 - any failure here means a fresh context
            pass
        with contextlib.suppress(Exception):
            context.close()

    def close(self) -> None:
        for context in list(self.locales):
            with contextlib.suppress(Exception):
                context.close()


@pytest.fixture(scope="session")
def devices(browser: Browser) -> Iterator[Devices]:
    """The phones the tests open, kept between them (Devices)."""
    kept = Devices(browser)
    yield kept
    kept.close()


@pytest.fixture
def table(
    devices: Devices, server: Server, request: pytest.FixtureRequest
) -> Iterator[Table]:
    """A phone-sized browser tab on the module's server, as a device never seen
    before (Devices)."""
    context = devices.take()
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    troubles = page_troubles(page)
    yield Table(page, server.url)
    failed = _failed(request)
    try:
        if failed:
            _tell(request, f"the page reported:{''.join(troubles) or ' nothing'}")
            # A page that stopped answering cannot be photographed: the context
            # is closed all the same, or its renderer slows every later test.
            with contextlib.suppress(Exception):
                shot = ARTIFACTS / f"failed-{request.node.name}.png"
                page.screenshot(path=str(shot), timeout=10_000)
    finally:
        devices.give_back(context, failed)


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


@pytest.fixture
def phones(devices: Devices, request: pytest.FixtureRequest) -> Iterator[Phones]:
    """Opens phone-sized tabs, each in its own browser context (its own phone,
    never seen before: Devices).

    `client_ip` makes the context send X-Forwarded-For, so the server takes it
    for a phone at that address: a guest at a shared table.
    """
    opened: list[tuple[str, Table, list[str]]] = []
    contexts: list[BrowserContext] = []

    def open_phone(
        base_url: str, client_ip: str | None = None, *, locale: str = "en-US"
    ) -> Table:
        headers = {"X-Forwarded-For": client_ip} if client_ip else None
        context = devices.take(locale, headers)
        contexts.append(context)
        table = Table(context.new_page(), base_url)
        opened.append((client_ip or "host", table, page_troubles(table.page)))
        return table

    yield open_phone
    failed = _failed(request)
    try:
        if failed:
            for number, (who, table, troubles) in enumerate(opened):
                told = "".join(troubles) or " nothing"
                _tell(request, f"phone {number} ({who}) reported:{told}")
                shot = ARTIFACTS / f"failed-{request.node.name}-{number}-{who}.png"
                with contextlib.suppress(Exception):
                    table.page.screenshot(path=str(shot), timeout=10_000)
    finally:
        for context in contexts:
            devices.give_back(context, failed)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)
