"""What every browser bench shares: servers, Chromium, semantics, timing, tables.

A bench starts a server process (ours or a minimal Flet app) on a free port,
times it to its first HTTP 200, drives headless Chromium through Flutter's
accessibility tree, reads the server's memory from /proc, and prints its
figures as a small table with a one-line verdict.
"""

from __future__ import annotations

import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

from companion.engine.match import Match
from companion.storage import Store
from companion.ui.frame import format as fmt
from companion.words.i18n import get_translator

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
CHROMIUM = "/usr/bin/chromium"
# The flags from the team's Flet 1.0 notes (the browser tests use the same).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 390, "height": 844}
WAIT_MS = 60_000
IDLE_S = 0.3
PLAYERS = ("Ada", "Bo", "Cy", "Di")

# True once `needle` is in Flutter's accessibility tree, as text or as a label.
HAS_TEXT_JS = """
needle => {
    const host = document.querySelector('flt-semantics-host');
    if (!host) return false;
    if (host.textContent.includes(needle)) return true;
    for (const e of host.querySelectorAll('[aria-label]')) {
        if (e.getAttribute('aria-label').includes(needle)) return true;
    }
    return false;
}
"""

# Arms a stopwatch in the page: starts at the next pointerdown anywhere, stops
# at the first DOM change after which `needle` is in the accessibility tree.
ARM_STOPWATCH_JS = (
    """
needle => {
    const hasText = """
    + HAS_TEXT_JS
    + """;
    const watch = {start: null, end: null};
    window.__benchWatch = watch;
    window.addEventListener('pointerdown', () => {
        if (watch.start === null) watch.start = performance.now();
    }, {capture: true, once: true});
    const host = document.querySelector('flt-semantics-host');
    const observer = new MutationObserver(() => {
        if (watch.start !== null && watch.end === null && hasText(needle)) {
            watch.end = performance.now();
            observer.disconnect();
        }
    });
    observer.observe(host, {
        subtree: true, childList: true, characterData: true, attributes: true,
    });
}
"""
)


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


COMPANION = Path(sys.executable).with_name("companion")
"""The `companion` command as pip installed it: how a person starts the app."""


def ours_command(data_dir: Path) -> Callable[[int], list[str]]:
    """The `companion` command serving `data_dir`, given a port."""
    if not COMPANION.exists():
        raise SystemExit(f"{COMPANION} is missing: pip install -e . first")
    # The command itself, a script like the minimal apps, not `python -m
    # companion.cli.main`: that way took ~60 ms longer to its first HTTP 200 here
    # (bench/README.md, session 4).
    return lambda port: [
        str(COMPANION),
        "--host", "127.0.0.1", "--port", str(port), "--data-dir", str(data_dir),
    ]  # fmt: skip


def checkout_command(data_dir: Path) -> Callable[[int], list[str]]:
    """This checkout's app serving `data_dir` (`python -m companion.cli.main`, run
    in the repository root), given a port: what a branch's bench measures."""
    return lambda port: [
        sys.executable, "-m", "companion.cli.main",
        "--host", "127.0.0.1", "--port", str(port), "--data-dir", str(data_dir),
    ]  # fmt: skip


def minimal_command(script: str) -> Callable[[int], list[str]]:
    """A minimal Flet app from bench/ (`minimal_app.py`...), given a port."""
    return lambda port: [
        sys.executable, str(BENCH / script), "--host", "127.0.0.1", "--port", str(port),
    ]  # fmt: skip


class Server:
    """A web server process started on a free port, timed to its first HTTP 200."""

    def __init__(self, command: Callable[[int], list[str]]) -> None:
        self.port = free_port()
        self.command = command(self.port)
        self.process: subprocess.Popen[bytes] | None = None
        self.launched = 0.0
        self.first_200 = 0.0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        """Launch and poll every 5 ms until "/" answers 200; `first_200` in seconds."""
        env = {
            **os.environ,
            "FLET_WEB_NO_CDN": "1",
            "FLET_FORCE_WEB_SERVER": "1",
            "LANGUAGE": "en",
        }
        env.pop("DISPLAY", None)
        self.launched = time.perf_counter()
        self.process = subprocess.Popen(
            self.command, cwd=REPO, env=env,
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )  # fmt: skip
        deadline = self.launched + 60
        while time.perf_counter() < deadline:
            if self.process.poll() is not None:
                error = (
                    self.process.stderr.read().decode() if self.process.stderr else ""
                )
                raise RuntimeError(f"{self.command} exited:\n{error}")
            try:
                with urllib.request.urlopen(self.url + "/", timeout=2) as reply:
                    if reply.status == 200:
                        self.first_200 = time.perf_counter() - self.launched
                        return self
            except OSError:
                time.sleep(0.005)
        raise RuntimeError(f"{self.command} did not answer within 60 s")

    def since_launch(self) -> float:
        """Seconds since the process was launched."""
        return time.perf_counter() - self.launched

    def rss_mb(self) -> float:
        """Resident memory of the server and all its descendants, in MB."""
        if self.process is None:
            return 0.0
        return sum(rss_kb(pid) for pid in process_tree(self.process.pid)) / 1024

    def stop(self) -> None:
        """Terminate the server (and wait for it)."""
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        if self.process.stderr is not None:
            self.process.stderr.close()
        self.process = None


@contextmanager
def serving(command: Callable[[int], list[str]]) -> Iterator[Server]:
    """A started server, stopped on the way out."""
    server = Server(command)
    try:
        yield server.start()
    finally:
        server.stop()


def process_tree(root: int) -> list[int]:
    """`root` and every process descended from it."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        # The command name may hold spaces and parentheses: split after the last ")".
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(parent, []).append(int(entry))
    found, pending = [], [root]
    while pending:
        pid = pending.pop()
        found.append(pid)
        pending.extend(children.get(pid, []))
    return found


def rss_kb(pid: int) -> int:
    """VmRSS of one process in kB (0 if it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


@contextmanager
def chromium() -> Iterator[Browser]:
    """Debian's headless Chromium through Playwright."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS
        )
        try:
            yield browser
        finally:
            browser.close()


# Notes when the page sends on, and receives from, Flet's websocket (the listener
# is added before the app's own, so a message is noted before it is handled).
SOCKET_LOG_JS = """
(() => {
    const log = {sent: [], received: []};
    window.__benchSocket = log;
    const Original = window.WebSocket;
    const send = Original.prototype.send;
    Original.prototype.send = function (data) {
        log.sent.push(performance.now());
        return send.call(this, data);
    };
    function Logged(...args) {
        const socket = new Original(...args);
        socket.addEventListener('message', () => log.received.push(performance.now()));
        return socket;
    }
    Logged.prototype = Original.prototype;
    for (const state of ['CONNECTING', 'OPEN', 'CLOSING', 'CLOSED']) {
        Logged[state] = Original[state];
    }
    window.WebSocket = Logged;
})();
"""

# The last timed click cut in three: pointerdown to the first message sent
# (the client's tap handling), that message to the first one received (the
# server's answer, with the loopback trip), and that one to the text showing
# (the client applying the change, laying out and updating the tree).
CLICK_PARTS_JS = """
() => {
    const watch = window.__benchWatch, log = window.__benchSocket;
    const sent = log.sent.find(t => t >= watch.start);
    const received = log.received.find(t => t >= sent);
    return {client_tap: sent - watch.start, server: received - sent,
            client_draw: watch.end - received};
}
"""


def click_parts(page: Page) -> dict[str, float]:
    """The parts of the last timed click (ms) on a page opened with `socket_log`."""
    return page.evaluate(CLICK_PARTS_JS)


@contextmanager
def phone_page(browser: Browser, *, socket_log: bool = False) -> Iterator[Page]:
    """A fresh phone-sized tab in its own context (no cache shared between runs);
    with `socket_log`, its websocket traffic is noted for click_parts."""
    context = browser.new_context(viewport=PHONE, locale="en-US")
    if socket_log:
        context.add_init_script(SOCKET_LOG_JS)
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    try:
        yield page
    finally:
        context.close()


def open_with_semantics(page: Page, url: str | None) -> None:
    """Load `url` (None: the page is loading already) and turn on semantics."""
    if url is not None:
        page.goto(url)
    placeholder = page.locator("flt-semantics-placeholder")
    placeholder.wait_for(state="attached", timeout=WAIT_MS)
    placeholder.dispatch_event("click")


@contextmanager
def opened(browser: Browser, url: str, *, socket_log: bool = False) -> Iterator[Page]:
    """A fresh phone tab (see phone_page) on `url` with semantics on."""
    with phone_page(browser, socket_log=socket_log) as page:
        open_with_semantics(page, url)
        yield page


@contextmanager
def fresh_start(
    browser: Browser, server: Server, path: str = "/", *, socket_log: bool = False
) -> Iterator[Page]:
    """`server` launched now and a fresh phone tab on `path` with semantics on
    (see phone_page for `socket_log`); the tab closed and the server stopped on
    the way out."""
    with phone_page(browser, socket_log=socket_log) as page:
        try:
            server.start()
            open_with_semantics(page, server.url + path)
            yield page
        finally:
            server.stop()


def wait_for_text(page: Page, *needles: str) -> None:
    """Wait (checking every animation frame) until every needle is on screen."""
    page.wait_for_function(
        f"needles => needles.every({HAS_TEXT_JS})",
        arg=list(needles),
        polling="raf",
        timeout=WAIT_MS,
    )


def timed_click(page: Page, name: str, needle: str, role: str = "button") -> float:
    """Milliseconds from clicking the control named `name` to `needle` showing.

    Both ends are taken inside the page (pointerdown, then the DOM change that
    brings the text), so Playwright's own round trips do not count. The page
    first gets IDLE_S to finish the frames of the previous action.
    """
    target = page.get_by_role(role, name=name, exact=True).first  # type: ignore[arg-type]
    target.wait_for()
    time.sleep(IDLE_S)
    page.evaluate(ARM_STOPWATCH_JS, needle)
    target.click()
    page.wait_for_function(
        "() => window.__benchWatch.end !== null", polling="raf", timeout=WAIT_MS
    )
    return page.evaluate("() => window.__benchWatch.end - window.__benchWatch.start")


def standing_label(match: Match, player: str) -> str:
    """The scoreboard's accessible line for `player`: "2. Bo: 60 points"."""
    t = get_translator("en")
    standing = next(s for s in match.ranking() if s.player == player)
    return t.gettext("{rank}. {name}: {total}").format(
        rank=standing.rank, name=player, total=fmt.points(t, standing.total)
    )


def played_match(rounds: int, players: Sequence[str] = PLAYERS) -> Match:
    """A Crazy Eights match of `rounds` varied rounds that is not over."""
    match = Match.new("crazy-eights", list(players), limit=100_000)
    faces = ("3", "K", "7", "A", "8", "Q", "5")
    for n in range(rounds):
        went_out = players[n % len(players)]
        others = [p for p in players if p != went_out]
        hands = {
            player: {faces[(n + seat) % len(faces)]: 1 + (n + seat) % 2}
            for seat, player in enumerate(others)
        }
        match = match.record_round(went_out, hands)
    return match


@contextmanager
def data_dir_with(matches: Sequence[Match]) -> Iterator[tuple[Path, list[str]]]:
    """A temporary data directory holding `matches`, stored through the Store."""
    with tempfile.TemporaryDirectory(prefix="bench-data-") as scratch:
        data = Path(scratch) / "companion"
        with Store.open(data) as store:
            ids = [store.add_match(match) for match in matches]
        yield data, ids


@dataclass
class Table:
    """Rows of timings printed as median, min, max; ratios from paired runs."""

    title: str
    unit: str
    rows: dict[str, list[float]] = field(default_factory=dict)

    def add(self, row: str, value: float) -> None:
        self.rows.setdefault(row, []).append(value)

    def add_all(self, row: str, values: Sequence[float]) -> None:
        self.rows.setdefault(row, []).extend(values)

    def add_ratios(self, row: str, over: str, under: str) -> None:
        """Row `row`: the per-run ratios of row `over` to row `under`."""
        self.add_all(row, ratios(self.rows[over], self.rows[under]))

    def median(self, row: str) -> float:
        return statistics.median(self.rows[row])

    def print(self) -> None:
        width = max(len(row) for row in self.rows)
        print(f"\n{self.title}")
        print(f"  {'':<{width}} {'median':>9} {'min':>9} {'max':>9} {'runs':>5}  unit")
        for row, values in self.rows.items():
            unit = "x" if row.startswith("ratio") else self.unit
            print(
                f"  {row:<{width}} {statistics.median(values):>9.3f} "
                f"{min(values):>9.3f} {max(values):>9.3f} {len(values):>5}  {unit}"
            )


def ratios(ours: Sequence[float], minimal: Sequence[float]) -> list[float]:
    """Per-pair ratios ours/minimal of interleaved runs."""
    return [a / b for a, b in zip(ours, minimal, strict=True)]


def verdict(ok: bool, text: str) -> None:
    """The one-line verdict against a target."""
    print(f"verdict: {'PASS' if ok else 'MISS'}: {text}")


def runs_argument(default: int = 5) -> int:
    """`--runs N` from the command line (at least 1)."""
    import argparse

    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=default)
    return max(1, parser.parse_args().runs)
