"""Renderer traps and blank screens, counted per renderer configuration (issue 31).

Run: PYTHONPATH=$PWD python bench/renderer_traps.py --minutes 5 --out FILE
     python bench/renderer_traps.py --summary FILE [FILE...]
     PYTHONPATH=$PWD python bench/renderer_traps.py --tiny [--targets ...]
Page sessions of a person's flow, run in turn under each configuration of
bench/harness/renderer_run.py (`isolated`: COOP/COEP and Flutter's own loader, as
served until issue 31: multi-threaded skwasm; `single`: as served since, not
isolated and skwasm held to one thread; `canvaskit`), against this
checkout's served app and the static site (`companion publish`'s build on a
plain static server: with COOP/COEP added and Flutter's own loader for
`isolated`, with its page's
`flet.webRenderer` set to "canvaskit" for `canvaskit`). One session is a tab:
  open the app; New match (3 players); two rounds entered by card taps and
  saved; the Players, Rules, Settings and Matches tabs; then (the stress of
  flutter/flutter#190039: text laid out while frames are drawn) a scoreboard
  with many rounds (served: a stored 150-round match; static: the matches
  the profile's sessions made), three times: Record round, 8 card taps with
  no pause, back, Players and Matches tabs at once, the match again.
`--flow stress` runs that stress part six times and the rest only where no
match is there yet. `--targets churn` adds bench/floors/minimal_churn.py, a bare Flet
app whose forty lines of text change 25 times a second (the provocation of
#190039 with nothing of ours in it): a session watches it for CHURN_S seconds.
Each session is appended to FILE as a JSON line (so chunks of a few minutes
add up) with: `self.crossOriginIsolated`; the renderer that ran (the .wasm
files the page fetched, and skwasm's drawing workers: one means
multi-threaded; its memory is a SharedArrayBuffer on any isolated page, one
thread or two); WebAssembly RuntimeErrors ("memory access out of bounds"
among them) and every other uncaught page error; reloads (our page reloads
itself after a trap: companion/webclient/screen_restart.py); and a step that
did not show its text in 20 s, with what the page still had (a blank screen:
no text left in Flutter's accessibility tree or no glass pane), screenshot
in /tmp/render-shots/.
A served session is a fresh browser context; the static site's sessions of a
run share one profile per configuration (as an installed phone app: the
first visit boots Python, later ones start from the snapshot).
`--tiny`: one session per target and configuration, with one stress part (a
churn tab watched TINY_CHURN_S), into a file of its own unless --out is given.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import shutil
import sys
import tempfile
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from harness import (
    FLOORS,
    PHONE,
    RENDERER_RUN,
    REPO,
    Server,
    chromium,
    data_dir_with,
    figure,
    played_match,
    tiny_flag,
)
from harness.renderer_run import CONFIGS
from harness.static_sites import CountingHandler, StaticServer
from playwright.sync_api import Browser, BrowserContext, Page

from companion.publish.site import build_site
from companion.webclient.renderer import SINGLE_THREADED
from companion.words.game_texts import card_name

sys.path.insert(0, str(REPO / "tests" / "browser"))
from driver import Table  # noqa: E402
from flows import ENGLISH, choose_game, record_round, table_seats  # noqa: E402
from killable_phone import wait_for_app  # noqa: E402

STEP_MS = 20_000
SHOTS = Path("/tmp/render-shots")
TARGETS = ("served", "static", "churn")
BIG_ROUNDS = 150
BIG_RESUME = "Resume Crazy Eights with Ada, Bo, Cy, and Di"
SMALL_RESUME = "Resume Crazy Eights with Ada, Bo, and Cy"
TRAP_WORDS = ("RuntimeError", "memory access out of bounds", "unreachable")
ISOLATION_HEADERS = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
}
RENDERER_JS = """() => {
  const skwasm = window._flutter_skwasmInstance;
  const memory = skwasm && skwasm.wasmMemory;
  return {
    isolated: self.crossOriginIsolated,
    skwasm: !!skwasm,
    shared: typeof SharedArrayBuffer !== 'undefined' && !!memory &&
      memory.buffer instanceof SharedArrayBuffer,
    canvaskit: !!window.flutterCanvasKit,
  };
}"""
PAGE_STATE_JS = """() => {
  const host = document.querySelector('flt-semantics-host');
  return {
    pane: !!document.querySelector('flt-glass-pane, flutter-view'),
    text: host ? host.textContent.length + host.querySelectorAll('[aria-label]').length
              : 0,
    stopped: !!document.getElementById('companion-stopped'),
  };
}"""


FRAME_JS = "() => new Promise(done => requestAnimationFrame(() => done(true)))"
CHURN_S = 20
TINY_CHURN_S = 2
STRESS_PARTS = {"full": 3, "stress": 6, "tiny": 1}
"""How many times a session's flow runs its stress part."""
OUT = "/tmp/render-traps.jsonl"


def evaluated(page: Page, script: str, timeout_ms: int = 5000) -> Any:
    """`script`'s value, or a TimeoutError if the page runs no JavaScript (a
    frozen page: Page.evaluate alone would wait for ever)."""
    handle = page.wait_for_function(
        f"() => Promise.resolve(({script})()).then(v => ({{v}}))", timeout=timeout_ms
    )
    return handle.json_value()["v"]


def skwasm_workers(page: Page) -> int:
    """The page's skwasm drawing workers: multi-threaded skwasm starts one from
    a blob: URL (flutter_bootstrap.js's locateFile); Python's have files."""
    return sum(1 for worker in page.workers if worker.url.startswith("blob:"))


class Watch:
    """What one tab reported: errors, traps, wasm fetched, reloads."""

    def __init__(self, page: Page) -> None:
        self.errors: list[str] = []
        self.traps: list[str] = []
        self.wasm: set[str] = set()
        self.loads = 0
        page.on("pageerror", self._error)
        page.on("console", self._console)
        page.on("request", self._request)
        page.on("load", self._load)

    def _error(self, error: Any) -> None:
        text = f"{getattr(error, 'name', '')}: {getattr(error, 'message', error)}"
        self.errors.append(text[:300])
        if any(word in text for word in TRAP_WORDS):
            self.traps.append(text[:300])

    def _console(self, message: Any) -> None:
        if message.type == "error" and any(w in message.text for w in TRAP_WORDS):
            self.traps.append(("console: " + message.text)[:300])

    def _request(self, request: Any) -> None:
        path = request.url.split("?")[0]
        if path.endswith(".wasm") and "/pyodide/" not in path:
            tail = path.rsplit("/", 2)
            self.wasm.add("/".join(tail[-2:]) if tail[-2] == "chromium" else tail[-1])

    def _load(self, _: Any) -> None:
        self.loads += 1


class IsolatingHandler(CountingHandler):
    """The static server's handler that adds COOP/COEP to every response."""

    def end_headers(self) -> None:
        for name, value in ISOLATION_HEADERS.items():
            self.send_header(name, value)
        super().end_headers()


class IsolatedStaticServer(StaticServer):
    """The static server, cross-origin isolating every page it serves."""

    handler = IsolatingHandler


def static_sites(folder: Path) -> dict[str, Path]:
    """The site built once into `folder` (`single`), and beside it its copies
    with Flutter's own loader (`isolated`, as built until issue 31) and with
    CanvasKit (`canvaskit`)."""
    if not (folder / "index.html").exists():
        build_site(folder)
    copies = {}
    for config, name, old, new in (
        ("isolated", "flutter_bootstrap.js", f"\n    {SINGLE_THREADED}", ""),
        (
            "canvaskit",
            "index.html",
            '"webRenderer":"auto"',
            '"webRenderer":"canvaskit"',
        ),
    ):
        copy = folder.with_name(f"{folder.name}-{config}")
        if not (copy / "index.html").exists():
            shutil.copytree(folder, copy, dirs_exist_ok=True)
            text = (copy / name).read_text("utf-8")
            if text.count(old) != 1:
                raise SystemExit(f"the site's {name} no longer has {old!r} once")
            (copy / name).write_text(text.replace(old, new), "utf-8")
        copies[config] = copy
    return {"single": folder, **copies}


def served_command(config: str, data: Path):
    return lambda port: [
        sys.executable, str(RENDERER_RUN), config,
        "-m", "companion.cli.main",
        "--host", "127.0.0.1", "--port", str(port), "--data-dir", str(data),
    ]  # fmt: skip


def churn_command(config: str):
    return lambda port: [
        sys.executable, str(RENDERER_RUN), config,
        str(FLOORS / "minimal_churn.py"), "--host", "127.0.0.1", "--port", str(port),
    ]  # fmt: skip


def start_match(table: Table) -> None:
    """From the Matches screen: New match, Crazy Eights, Ada, Bo and Cy, Start."""
    players = ["Ada", "Bo", "Cy"]
    table.tap("New match")
    table.see("House rules")
    choose_game(table, "Crazy Eights")
    for name in players:
        seat = f"{len(table_seats(players, name))}. {name}"
        for attempt in range(3):
            table.fill("New player's name", name)
            table.tap("Add player")
            try:
                table.see(seat, timeout=10_000)
                break
            except Exception:
                if attempt == 2:
                    raise
    table.tap("Start match")
    table.button("Record round").wait_for()


def quick(page: Page, name: str, role: str = "button") -> None:
    """A tap with no wait for the screen to settle (a person tapping fast)."""
    page.get_by_role(role, name=name, exact=True).first.click()  # type: ignore[arg-type]


def session_flow(table: Table, target: str, flow: str, steps: list[str]) -> None:
    """The flow of one session (see the module's docstring); `steps` names the
    step under way, for the record. Flow `stress` is the stress part alone
    (six times), with a match made first only where none is there; `tiny` has
    one stress part."""
    resume = BIG_RESUME if target == "served" else SMALL_RESUME
    if flow == "stress":
        with contextlib.suppress(Exception):
            table.button(resume).first.wait_for(timeout=5000)
    if flow != "stress" or not table.button(resume).count():
        typical(table, steps)
    for n in range(STRESS_PARTS[flow]):
        stress(table, resume, n, steps)


def typical(table: Table, steps: list[str]) -> None:
    """New match, two rounds by card taps and Save, every tab."""
    steps.append("new match")
    start_match(table)
    for hands in ({"Bo": ["8", "K"], "Cy": ["3"]}, {"Ada": ["Q"], "Bo": ["2", "7"]}):
        steps.append("round")
        went_out = "Cy" if "Ada" in hands else "Ada"
        record_round(table, went_out, hands)
    for tab, marker in (
        ("Players", "Ada"),
        ("Rules", "Crazy Eights"),
        ("Settings", "Language"),
        ("Matches", "New match"),
    ):
        steps.append(f"tab {tab}")
        table.tab(tab)
        table.see(marker)


def stress(table: Table, resume: str, n: int, steps: list[str]) -> None:
    """From the Matches screen: the match's scoreboard, a round's card taps with
    no pause, back, four tabs at once, the Matches screen again."""
    page = table.page
    steps.append(f"stress {n}: scoreboard")
    table.tap(resume)
    table.button("Record round").wait_for()
    steps.append(f"stress {n}: card taps")
    quick(page, "Record round")
    # A round left half-entered is kept (the draft): start it afresh.
    table.button("Ada").or_(table.button("Start afresh")).first.wait_for()
    if table.button("Start afresh").count():
        quick(page, "Start afresh")
    quick(page, "Ada")
    for player, faces in (("Bo", "A234"), ("Cy", ("5", "6", "7", "9"))):
        if player != "Bo":
            quick(page, f"Next: {player}")
        for face in faces:
            quick(page, f"Add {card_name(ENGLISH, face)} to {player}")
    quick(page, "Back to the scoreboard")
    steps.append(f"stress {n}: tabs")
    table.button("Record round").wait_for()
    quick(page, "Players", role="tab")
    quick(page, "Matches", role="tab")
    quick(page, "Players", role="tab")
    quick(page, "Matches", role="tab")
    table.see("New match")


def run_session(
    context: BrowserContext, url: str, where: tuple[str, str], flow: str, number: int
) -> dict[str, Any]:
    """One tab through `flow` on (target, config) `where`; its record."""
    target, config = where
    page = context.new_page()
    page.set_viewport_size(PHONE)
    page.set_default_timeout(STEP_MS)
    watch = Watch(page)
    table = Table(page, url)
    page.set_default_timeout(STEP_MS)
    steps: list[str] = ["open"]
    record: dict[str, Any] = {
        "target": target,
        "config": config,
        "flow": flow,
        "at": datetime.now(UTC).isoformat(timespec="seconds"),
        "started": time.monotonic(),
    }
    failed = None
    try:
        page.goto(url + "/")
        wait_for_app(table)
        record.update(evaluated(page, RENDERER_JS))
        record["skwasm_workers"] = skwasm_workers(page)
        session_flow(table, target, flow, steps)
    except Exception as error:  # noqa: BLE001 - any stop of the flow is recorded
        failed = f"{type(error).__name__}: {str(error).splitlines()[0][:200]}"
    return finish(page, watch, record, steps, failed, number)


def finish(
    page: Page,
    watch: Watch,
    record: dict[str, Any],
    steps: list[str],
    failed: str | None,
    number: int,
) -> dict[str, Any]:
    """`record` completed with what the tab showed and reported; the tab closed."""
    record["seconds"] = round(time.monotonic() - record.pop("started"), 1)
    record["step"] = steps[-1]
    record["completed"] = failed is None
    record["failure"] = failed
    with contextlib.suppress(Exception):
        record["after"] = evaluated(page, PAGE_STATE_JS)
    if failed is not None and "after" not in record:
        record["after"] = {"frozen": True}
    after = record.get("after") or {}
    record["blank"] = failed is not None and (
        not after.get("pane") or not after.get("text")
    )
    if failed is not None:
        SHOTS.mkdir(exist_ok=True)
        shot = SHOTS / f"{record['target']}-{record['config']}-{number}.png"
        with contextlib.suppress(Exception):
            page.screenshot(path=str(shot), timeout=10_000)
        record["shot"] = str(shot)
    record["wasm"] = sorted(watch.wasm)
    record["traps"] = watch.traps
    record["errors"] = watch.errors
    record["reloads"] = max(0, watch.loads - 1)
    with contextlib.suppress(Exception):
        page.close()
    return record


def churn_round(
    browser: Browser, urls: dict[str, str], tabs: int, number: int, watch_s: float
) -> list[dict[str, Any]]:
    """`tabs` tabs per configuration on the churning app, all open at once (so
    the machine's load weighs on each alike), watched `watch_s` seconds."""
    opened: list[tuple[BrowserContext, Page, Watch, dict[str, Any], list[str]]] = []
    for config, url in urls.items():
        for _ in range(tabs):
            context = browser.new_context(viewport=PHONE, locale="en-US")
            page = context.new_page()
            page.set_default_timeout(STEP_MS)
            record = {
                "target": "churn",
                "config": config,
                "flow": "churn",
                "at": datetime.now(UTC).isoformat(timespec="seconds"),
                "started": time.monotonic(),
            }
            opened.append((context, page, Watch(page), record, ["open"]))
            page.goto(url + "/", wait_until="commit")
    failures: dict[int, str] = {}
    for n, (_, page, _, record, _) in enumerate(opened):
        try:
            page.locator("flt-glass-pane, flutter-view").first.wait_for()
            record.update(evaluated(page, RENDERER_JS))
            record["skwasm_workers"] = skwasm_workers(page)
        except Exception as error:  # noqa: BLE001 - recorded
            failures[n] = f"{type(error).__name__}: {str(error).splitlines()[0][:200]}"
    deadline = time.monotonic() + watch_s
    second = 0
    while time.monotonic() < deadline:
        second += 1
        for n, (_, page, _, _, steps) in enumerate(opened):
            if n in failures:
                continue
            steps.append(f"churn {second}")
            try:
                evaluated(page, FRAME_JS)
            except Exception as error:  # noqa: BLE001 - recorded
                failures[n] = f"{type(error).__name__}: {str(error).splitlines()[0]}"
        time.sleep(1)
    records = []
    for n, (context, page, watch, record, steps) in enumerate(opened):
        number += 1
        records.append(finish(page, watch, record, steps, failures.get(n), number))
        context.close()
    return records


@contextlib.contextmanager
def targets_up(
    browser: Browser, targets: list[str], configs: list[str], site: Path
) -> Iterator[dict[tuple[str, str], tuple[BrowserContext | None, str]]]:
    """Per (target, config): the static profile (None: a fresh one per session)
    and the URL."""
    with contextlib.ExitStack() as stack:
        up: dict[tuple[str, str], tuple[BrowserContext | None, str]] = {}
        if "served" in targets:
            data, _ = stack.enter_context(data_dir_with([played_match(BIG_ROUNDS)]))
            for config in configs:
                copy = data.with_name(f"data-{config}")
                shutil.copytree(data, copy)
                server = Server(served_command(config, copy)).start()
                stack.callback(server.stop)
                up["served", config] = (None, server.url)
        if "churn" in targets:
            for config in configs:
                server = Server(churn_command(config)).start()
                stack.callback(server.stop)
                up["churn", config] = (None, server.url)
        if "static" in targets:
            folders = static_sites(site)
            for config in configs:
                kind = IsolatedStaticServer if config == "isolated" else StaticServer
                server = kind(folders[config]).start()
                stack.callback(server.stop)
                context = browser.new_context(viewport=PHONE, locale="en-US")
                stack.callback(context.close)
                up["static", config] = (context, server.url)
        yield up


def run(args: argparse.Namespace) -> None:
    configs = args.configs.split(",")
    targets = args.targets.split(",")
    # --tiny: one whole pass, however long it takes.
    deadline = time.monotonic() + (float("inf") if args.tiny else args.minutes * 60)
    out = Path(args.out)
    number = int(time.time()) % 100_000 * 100
    with (
        chromium() as browser,
        targets_up(browser, targets, configs, Path(args.site)) as up,
    ):
        while time.monotonic() < deadline:
            if "churn" in targets:
                urls = {config: up["churn", config][1] for config in configs}
                watch_s = TINY_CHURN_S if args.tiny else CHURN_S
                for record in churn_round(browser, urls, args.tabs, number, watch_s):
                    number += 1
                    report(record, out)
            for config in configs:
                for target in (t for t in targets if t != "churn"):
                    if time.monotonic() >= deadline:
                        break
                    context, url = up[target, config]
                    fresh = context is None
                    if fresh:
                        context = browser.new_context(viewport=PHONE, locale="en-US")
                    try:
                        number += 1
                        record = run_session(
                            context, url, (target, config), args.flow, number
                        )
                    finally:
                        if fresh:
                            context.close()
                    report(record, out)
            if args.tiny:
                break


def report(record: dict[str, Any], out: Path) -> None:
    """Append `record` to `out` and print its line."""
    with out.open("a") as file:
        file.write(json.dumps(record) + "\n")
    print(
        f"{record['at']} {record['target']:6} {record['config']:9} "
        f"{'ok ' if record['completed'] else 'FAIL'} "
        f"{record['seconds']:5.1f}s isolated={record.get('isolated')} "
        f"shared={record.get('shared')} wasm={record['wasm']} "
        f"traps={len(record['traps'])} errors={len(record['errors'])}"
        + (
            f" at {record['step']}: {record['failure']}" if record["failure"] else ""
        ),  # fmt: skip
        flush=True,
    )


def renderer_name(record: dict[str, Any]) -> str:
    """The renderer a session's page ran, from what it fetched and its workers
    (older records without the worker count: by Flutter's own rule, skwasm is
    multi-threaded exactly where the page is cross-origin isolated and the
    loader is not told otherwise)."""
    wasm = record.get("wasm") or []
    if any(w.startswith("skwasm") for w in wasm):
        kind = "skwasm_heavy" if "skwasm_heavy.wasm" in wasm else "skwasm"
        workers = record.get("skwasm_workers")
        if workers is not None:
            return f"{kind} {'multi' if workers else 'single'}-threaded"
        if record.get("isolated") is None:
            return f"{kind} (threads unknown)"
        threads = "multi" if record.get("isolated") else "single"
        return f"{kind} {threads}-threaded (by isolation)"
    if any("canvaskit" in w for w in wasm):
        chromium_variant = "chromium/canvaskit.wasm" in wasm
        return "CanvasKit" + (" (chromium variant)" if chromium_variant else "")
    return "none seen"


def summary(files: list[str]) -> None:
    """Totals per target and configuration over every session in `files`."""
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for name in files:
        for line in Path(name).read_text().splitlines():
            record = json.loads(line)
            key = (record["target"], record["config"])
            groups.setdefault(key, []).append(record)
    print(
        f"{'target':7} {'config':9} {'sessions':>8} {'done':>5} {'traps':>5} "
        f"{'errors':>6} {'blank':>5} {'stuck':>5} {'3/N':>6}  isolated / renderer"
    )
    for (target, config), records in sorted(groups.items()):
        n = len(records)
        trapped = sum(1 for r in records if r["traps"])
        errors = sum(1 for r in records if r["errors"] and not r["traps"])
        blank = sum(1 for r in records if r["blank"])
        stuck = sum(1 for r in records if not r["completed"])
        hit = sum(1 for r in records if r["traps"] or r["errors"] or not r["completed"])
        figure(f"{target}, {config}: sessions hit", hit, f"of {n}")
        isolated = sorted({str(r.get("isolated")) for r in records})
        renderers: dict[str, int] = {}
        for r in records:
            renderers[renderer_name(r)] = renderers.get(renderer_name(r), 0) + 1
        print(
            f"{target:7} {config:9} {n:8} {n - stuck:5} {trapped:5} {errors:6} "
            f"{blank:5} {stuck:5} {3 / n:6.3f}  {'/'.join(isolated)} / "
            + ", ".join(f"{k}: {v}" for k, v in sorted(renderers.items()))
        )
        for r in records:
            if r["traps"] or r["errors"] or not r["completed"]:
                print(
                    f"    {r['at']} step {r['step']!r}: {r['failure']} "
                    f"traps={r['traps'][:2]} errors={r['errors'][:2]} "
                    f"after={r.get('after')} {r.get('shot', '')}"
                )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=5)
    parser.add_argument("--configs", default=",".join(CONFIGS))
    parser.add_argument("--targets", default="served,static")
    parser.add_argument("--site", default="/tmp/render-site/site")
    parser.add_argument("--out", help=f"the file sessions are added to ({OUT})")
    parser.add_argument("--flow", choices=("full", "stress"), default="full")
    parser.add_argument("--tabs", type=int, default=2, help="churn tabs per config")
    parser.add_argument("--summary", nargs="*")
    args = tiny_flag(parser).parse_args()
    if args.summary:
        summary(args.summary)
        return
    with tempfile.TemporaryDirectory(prefix="bench-traps-") as scratch:
        if args.out is None:
            args.out = str(Path(scratch) / "tiny.jsonl") if args.tiny else OUT
        if args.tiny:
            args.flow, args.tabs = "tiny", 1
        run(args)
        summary([args.out])


if __name__ == "__main__":
    main()
