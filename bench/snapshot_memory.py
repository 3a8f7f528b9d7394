"""The tab's memory while the static site makes its Python snapshot.

Run: PYTHONPATH=$PWD python bench/snapshot_memory.py [--runs 2] [--tiny]
   (from the repository root, under the machine lock)
--tiny: 1 run.
The site (`companion publish`) is served by Python's static file server and
opened in headless Chromium at 390x844 on a fresh profile per run. A first
start boots Python; a few seconds after the app shows, the page starts the
maker (publish/snapshot_maker.js), a second Pyodide in a worker of the same
tab, which imports the app and copies its memory into Cache Storage. Chromium
runs a tab and its workers in one renderer process: the renderers' resident
memory (VmRSS, and PSS, summed over every renderer of this browser) is read
from /proc every 50 ms, from the app's first screen until the maker is done
and 3 s after. Printed: before the maker (the median of the 2 s before it
starts), the peak while it runs, the peak's excess over before, and after it
ended; then the same tab reloaded, which restores the snapshot (no maker).
No target: what publish/snapshot.py's MIN_DEVICE_MEMORY_GB and MAKER_HEADROOM
are chosen from (bench/README.md).
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from harness import (
    CHROMIUM,
    CHROMIUM_ARGS,
    PHONE,
    figure,
    free_port,
    process_tree,
    runs_of,
    tiny_flag,
)
from playwright.sync_api import Page, sync_playwright

from companion.publish import snapshot
from companion.publish.site import build_site
from companion.webclient.loading_screen import SCREEN_ID

BOOT_MS = 240_000
SAMPLE_S = 0.05


def _kb(pid: int, field: str, path: str) -> int:
    try:
        for line in Path(f"/proc/{pid}/{path}").read_text().splitlines():
            if line.startswith(field):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def renderers(browser_pid: int) -> list[int]:
    """The renderer processes of the browser started as `browser_pid`."""
    found = []
    for pid in process_tree(browser_pid):
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if b"--type=renderer" in command:
            found.append(pid)
    return found


class Sampler(threading.Thread):
    """Reads the renderers' RSS and PSS (MB) every SAMPLE_S, with the time."""

    def __init__(self, browser_pid: int) -> None:
        super().__init__(daemon=True)
        self.browser_pid = browser_pid
        self.samples: list[tuple[float, float, float]] = []
        self.running = True

    def run(self) -> None:
        while self.running:
            pids = renderers(self.browser_pid)
            rss = sum(_kb(pid, "VmRSS:", "status") for pid in pids) / 1024
            pss = sum(_kb(pid, "Pss:", "smaps_rollup") for pid in pids) / 1024
            self.samples.append((time.monotonic(), rss, pss))
            time.sleep(SAMPLE_S)

    def between(self, start: float, end: float) -> list[tuple[float, float]]:
        return [(rss, pss) for at, rss, pss in self.samples if start <= at <= end]


def attribute(page: Page, name: str) -> str:
    page.wait_for_function(
        f"() => document.documentElement.getAttribute({name!r})", timeout=BOOT_MS
    )
    return str(page.get_attribute("html", name))


def shown(page: Page) -> None:
    """Wait until the app has sent its first screen (the loading screen went)."""
    page.wait_for_function(
        f"() => !document.getElementById({SCREEN_ID!r})", timeout=BOOT_MS
    )


def one_run(url: str) -> dict[str, float]:
    # Chromium's helpers may still write to the profile as the run ends.
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        port_file = Path(profile) / "DevToolsActivePort"
        process = subprocess.Popen(
            [CHROMIUM, "--headless", f"--user-data-dir={profile}",
             "--remote-debugging-port=0", *CHROMIUM_ARGS, "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True,
        )  # fmt: skip
        try:
            while not port_file.is_file() or not port_file.read_text().strip():
                time.sleep(0.1)
            port = port_file.read_text().split()[0]
            sampler = Sampler(process.pid)
            sampler.start()
            with sync_playwright() as playwright:
                browser = playwright.chromium.connect_over_cdp(
                    f"http://127.0.0.1:{port}"
                )
                page = browser.contexts[0].new_page()
                page.set_viewport_size(PHONE)
                page.goto(url + "/")
                assert attribute(page, snapshot.START_ATTRIBUTE) == "boot"
                shown(page)
                first_screen = time.monotonic()
                made = attribute(page, snapshot.SNAPSHOT_ATTRIBUTE)
                done = time.monotonic()
                time.sleep(3)
                ended = time.monotonic()
                page.reload()
                assert attribute(page, snapshot.START_ATTRIBUTE) == "snapshot"
                shown(page)
                time.sleep(3)
                restored_at = time.monotonic()
                browser.close()
            sampler.running = False
            sampler.join()
        finally:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait()
    assert made == "made", made
    maker_from = first_screen + snapshot.MAKE_AFTER_MS / 1000
    before = sampler.between(maker_from - 2, maker_from)
    during = sampler.between(maker_from, done)
    after = sampler.between(done + 2, ended)
    restored = sampler.between(restored_at - 1, restored_at)
    return {
        "before RSS": statistics.median(r for r, _ in before),
        "peak RSS making": max(r for r, _ in during),
        "after RSS": statistics.median(r for r, _ in after),
        "restored RSS": statistics.median(r for r, _ in restored),
        "before PSS": statistics.median(p for _, p in before),
        "peak PSS making": max(p for _, p in during),
        "after PSS": statistics.median(p for _, p in after),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2)
    runs = runs_of(tiny_flag(parser).parse_args())
    with tempfile.TemporaryDirectory() as folder:
        site = build_site(Path(folder) / "site")
        port = free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "http.server", "-b", "127.0.0.1",
             "-d", str(site.folder), str(port)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        try:
            time.sleep(1)
            results = [one_run(f"http://127.0.0.1:{port}") for _ in range(runs)]
        finally:
            server.terminate()
            server.wait()
    heads = "".join(f"{f'run {number + 1}':>10}" for number in range(runs))
    print(f"{'MB (renderers)':<18}{heads}")
    for key in results[0]:
        print(f"{key:<18}" + "".join(f"{r[key]:>10.0f}" for r in results))
    for r in results:
        figure("the maker's RSS", r["peak RSS making"] - r["before RSS"], "MB")
        print(
            f"maker's excess: RSS {r['peak RSS making'] - r['before RSS']:.0f} MB, "
            f"PSS {r['peak PSS making'] - r['before PSS']:.0f} MB"
        )


if __name__ == "__main__":
    main()
