"""What the benches share: servers, Chromium, semantics, timing, tables, verdicts.

A bench starts a server process (ours or a floor from bench/floors/) on a free
port, times it to its first HTTP 200, drives headless Chromium through
Flutter's accessibility tree, reads the server's memory from /proc, and prints
its figures as a small table with a one-line verdict. Every name a bench needs
from paths.py, servers.py, browser.py, matches.py and report.py is importable
from `harness` itself; static_sites.py, renderer_run.py and cpu.py serve only a
few benches and are imported from their own modules.
"""

from harness.browser import (
    ARM_STOPWATCH_JS,
    CHROMIUM,
    CHROMIUM_ARGS,
    CLICK_PARTS_JS,
    HAS_TEXT_JS,
    IDLE_S,
    PHONE,
    SOCKET_LOG,
    WAIT_MS,
    chromium,
    click_parts,
    fresh_start,
    open_with_semantics,
    opened,
    phone_page,
    profile_phone,
    timed_click,
    wait_for_text,
)
from harness.matches import PLAYERS, data_dir_with, played_match, standing_label
from harness.paths import BENCH, FLOORS, RENDERER_RUN, REPO
from harness.report import (
    Table,
    arguments,
    at_most,
    figure,
    ratios,
    runs_argument,
    runs_of,
    tiny_flag,
    under,
    verdict,
)
from harness.servers import (
    COMPANION,
    Server,
    checkout_command,
    free_port,
    minimal_command,
    ours_command,
    process_tree,
    rss_kb,
    serving,
    under_renderer,
)

__all__ = [
    "ARM_STOPWATCH_JS",
    "BENCH",
    "CHROMIUM",
    "CHROMIUM_ARGS",
    "CLICK_PARTS_JS",
    "COMPANION",
    "FLOORS",
    "HAS_TEXT_JS",
    "IDLE_S",
    "PHONE",
    "PLAYERS",
    "RENDERER_RUN",
    "REPO",
    "SOCKET_LOG",
    "WAIT_MS",
    "Server",
    "Table",
    "arguments",
    "at_most",
    "checkout_command",
    "chromium",
    "click_parts",
    "data_dir_with",
    "figure",
    "free_port",
    "fresh_start",
    "minimal_command",
    "open_with_semantics",
    "opened",
    "ours_command",
    "phone_page",
    "played_match",
    "process_tree",
    "profile_phone",
    "ratios",
    "rss_kb",
    "runs_argument",
    "runs_of",
    "serving",
    "standing_label",
    "tiny_flag",
    "under",
    "under_renderer",
    "timed_click",
    "verdict",
    "wait_for_text",
]
