"""Transfer bench: what a phone downloads, and how soon it sees the Matches screen.

Run: PYTHONPATH=$PWD python bench/transfer.py [--runs 2] [--tiny]   (from the root)
Ours (`python -m companion.cli.main` from this tree, our HTTP layer, an empty
data directory) against plain `ft.run` serving bench/floors/minimal_app.py (one Text).
Each run, in a fresh browser context: (a) bytes over the wire (the DevTools
protocol's encodedDataLength, summed) on a first visit and on a reload; (b)
seconds from navigating to the first rendered screen (ours: the Matches screen
with "New match"; minimal: its Text) on an emulated phone on Wi-Fi: 20 Mbit/s
down, 5 Mbit/s up, 40 ms latency, CPU slowed 4x; first visit (empty cache)
and repeat visit (a new tab in the same context: the browser's cache kept).
Runs alternate ours, minimal, and minimal served through our HTTP layer
(bench/floors/minimal_served.py: the floor that serving alone reaches). Our client
is compressed before the first run (once per installed version; see
companion/serving/precompress.py).
Service workers are blocked, as for a phone at the table (plain http on the
LAN offers none), except in "ours, worker": the same server in a context that
allows ours (as on localhost or HTTPS). Its bytes are the page's only (the
DevTools session sees neither the worker's own fetches nor throttles them), so
take the bytes from "ours"; its times say what the worker changes.
Targets (issue 17): first visit <= 5 MB, reload <= 200 KB; (b) first visit
<= 0.6x and repeat visit <= 0.3x plain Flet's time, medians of per-run ratios.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from floors.minimal_app import TEXT
from harness import (
    PHONE,
    WAIT_MS,
    Server,
    Table,
    at_most,
    checkout_command,
    chromium,
    figure,
    minimal_command,
    open_with_semantics,
    ratios,
    runs_argument,
    verdict,
    wait_for_text,
)
from playwright.sync_api import Browser, Page

from companion.serving.offline import served_client
from companion.serving.precompress import precompress
from companion.serving.web_app import cache_dir

WIFI = {
    "offline": False,
    "latency": 40,
    "downloadThroughput": 20_000_000 / 8,
    "uploadThroughput": 5_000_000 / 8,
}
CPU_SLOWDOWN = 4
OURS_TEXT = "New match"
MB = 1_000_000
FIRST_MB, RELOAD_KB = 5, 200
FIRST_RATIO, REPEAT_RATIO = 0.6, 0.3


class Counted:
    """A tab whose HTTP bytes are counted; optionally a phone on Wi-Fi."""

    def __init__(self, page: Page, phone: bool) -> None:
        self.page = page
        page.set_default_timeout(WAIT_MS)
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.send("Network.enable")
        self.received: dict[str, int] = {}
        self.cdp.on("Network.loadingFinished", self._finished)
        if phone:
            self.cdp.send("Network.emulateNetworkConditions", WIFI)
            self.cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})

    def _finished(self, event: dict) -> None:
        self.received[event["requestId"]] = int(event["encodedDataLength"])

    def visit(self, url: str | None, needle: str) -> tuple[float, int]:
        """Seconds to `needle` on screen and bytes received (url None: reload)."""
        self.received.clear()
        start = time.perf_counter()
        if url is None:
            self.page.reload()
        else:
            self.page.goto(url)
        open_with_semantics(self.page, None)
        wait_for_text(self.page, needle)
        seconds = time.perf_counter() - start
        # Whatever the screen still fetches (icons, fonts) counts as well.
        time.sleep(1.0)
        return seconds, sum(self.received.values())


def one_run(
    browser: Browser, server: Server, needle: str, worker: bool = False
) -> dict[str, float]:
    """First visit, repeat visit and reload of one server, in a fresh context."""
    context = browser.new_context(
        viewport=PHONE, locale="en-US", service_workers="allow" if worker else "block"
    )
    try:
        first = Counted(context.new_page(), phone=True)
        first_s, first_bytes = first.visit(server.url + "/", needle)
        first.page.close()
        repeat = Counted(context.new_page(), phone=True)
        repeat_s, repeat_bytes = repeat.visit(server.url + "/", needle)
        _, reload_bytes = repeat.visit(None, needle)
    finally:
        context.close()
    return {
        "first s": first_s,
        "repeat s": repeat_s,
        "first MB": first_bytes / MB,
        "repeat MB": repeat_bytes / MB,
        "reload MB": reload_bytes / MB,
    }


def main() -> None:
    """Alternate ours and minimal for --runs; print the tables and verdicts."""
    runs = runs_argument(2)
    client = served_client()
    started = time.perf_counter()
    made = precompress(client.web_dir, cache_dir(client))
    print(f"compressed {made} files first ({time.perf_counter() - started:.0f} s)")
    seconds = Table("(b) Phone on Wi-Fi: navigation to the first screen", "s")
    sizes = Table("(a) Over the wire", "MB")
    results: dict[str, list[dict[str, float]]] = {
        "ours": [],
        "ours, worker": [],
        "minimal": [],
        "minimal served by us": [],
    }
    with chromium() as browser, tempfile.TemporaryDirectory() as scratch:
        for run in range(runs):
            data = Path(scratch) / f"data-{run}"
            for name, command, needle in (
                ("ours", checkout_command(data), OURS_TEXT),
                ("minimal", minimal_command("minimal_app.py"), TEXT),
                ("minimal served by us", minimal_command("minimal_served.py"), TEXT),
            ):
                server = Server(command).start()
                try:
                    results[name].append(one_run(browser, server, needle))
                    if name == "ours":
                        results["ours, worker"].append(
                            one_run(browser, server, needle, worker=True)
                        )
                finally:
                    server.stop()
                took = time.perf_counter() - started
                print(f"run {run + 1}, {name}: done at {took:.0f} s")
    for name, rows in results.items():
        for key in ("first MB", "reload MB", "repeat MB"):
            sizes.add_all(f"{name}: {key.split()[0]} visit", [r[key] for r in rows])
        for key in ("first s", "repeat s"):
            seconds.add_all(f"{name}: {key.split()[0]} visit", [r[key] for r in rows])
    for key in ("first", "repeat"):
        for name, label in (
            ("ours", ""),
            ("ours, worker", " (worker)"),
            ("minimal served by us", " (floor)"),
        ):
            seconds.add_all(
                f"ratio {key} visit{label}",
                ratios(
                    [r[f"{key} s"] for r in results[name]],
                    [r[f"{key} s"] for r in results["minimal"]],
                ),
            )
    sizes.print()
    seconds.print()
    first_mb = sizes.median("ours: first visit")
    reload_kb = sizes.median("ours: reload visit") * 1000
    first_ok = at_most("(a) first visit", first_mb, "MB", FIRST_MB)
    reload_ok = at_most("(a) reload", reload_kb, "KB", RELOAD_KB)
    verdict(
        first_ok and reload_ok,
        f"(a) first visit {first_mb:.2f} MB (target <= {FIRST_MB}; plain Flet "
        f"{sizes.median('minimal: first visit'):.2f}), reload {reload_kb:.1f} KB "
        f"(target <= {RELOAD_KB}; plain Flet "
        f"{sizes.median('minimal: reload visit') * 1000:.0f} KB)",
    )
    first_ratio = seconds.median("ratio first visit")
    repeat_ratio = seconds.median("ratio repeat visit")
    first_ok = at_most("(b) first visit / plain Flet's", first_ratio, "x", FIRST_RATIO)
    repeat_ok = at_most("(b) repeat / plain Flet's", repeat_ratio, "x", REPEAT_RATIO)
    figure(
        "(b) repeat visit, the floor / plain Flet's",
        seconds.median("ratio repeat visit (floor)"),
        "x",
    )
    verdict(
        first_ok and repeat_ok,
        f"(b) first visit {first_ratio:.2f}x plain Flet's time"
        f" (target <= {FIRST_RATIO}x), repeat visit {repeat_ratio:.2f}x"
        f" (target <= {REPEAT_RATIO}x); the one-Text app served by us:"
        f" {seconds.median('ratio first visit (floor)'):.2f}x and "
        f"{seconds.median('ratio repeat visit (floor)'):.2f}x; ours with its "
        f"worker: {seconds.median('ratio first visit (worker)'):.2f}x and "
        f"{seconds.median('ratio repeat visit (worker)'):.2f}x",
    )


if __name__ == "__main__":
    main()
