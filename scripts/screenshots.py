"""The screenshots of the README and docs/playing.md, made from the app itself at
390×844: New match, a record screen and a scoreboard of a small made-up Crazy
Eights match, and a finished one.

The app is started with the README's own command, `python3 -m pip install -e .
&& companion`, in a Python of its own (a venv over this machine's packages,
made with the README's own line for Debian and Ubuntu, so the machine's
editable install is left alone) on a temporary data folder, and
opened in Debian's Chromium through Playwright as the browser tests open it
(tests/browser/conftest.py, driver.py, flows.py). It writes
docs/images/new-match.png, record.png, scoreboard.png and finished.png. It
starts Chromium: run
it under the machine lock, `flock -x /tmp/machine.lock python3
scripts/screenshots.py`.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser"), str(ROOT / "tests")]

from conftest import Server  # noqa: E402
from default_port import default_port  # noqa: E402
from driver import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, Table  # noqa: E402
from flows import record_round  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from companion.engine.match import Match  # noqa: E402

START = "python3 -m pip install -e . && companion"
"""The README's command that starts the app, run here as written."""
VENV = "python3 -m venv --system-site-packages .venv && . .venv/bin/activate"
"""The README's line that makes a virtual environment first (Debian, Ubuntu),
run here as written to make the one START runs in."""
IMAGES = ROOT / "docs" / "images"
PLAYERS = ["Ingrid", "Mateo", "Sofia", "Lars"]
ROUNDS = (
    ("Mateo", {"Ingrid": {"K": 1, "4": 2}, "Sofia": {"8": 1}, "Lars": {"A": 1}}),
    ("Sofia", {"Ingrid": {"9": 1}, "Mateo": {"Q": 2, "3": 1}, "Lars": {"7": 2}}),
    ("Ingrid", {"Mateo": {"J": 1}, "Sofia": {"5": 1, "6": 1}, "Lars": {"8": 1}}),
    ("Mateo", {"Ingrid": {"2": 3}, "Sofia": {"10": 1}, "Lars": {"K": 1, "Q": 1}}),
)


def made_up_match() -> Match:
    """Four rounds of Crazy Eights at a table of four, through the engine."""
    match = Match.new("crazy-eights", PLAYERS)
    for went_out, hands in ROUNDS:
        match = match.record_round(went_out, hands)
    return match


def finished_match() -> Match:
    """The same match played on to its end: Lars passes the limit of 100."""
    return made_up_match().record_round(
        "Sofia", {"Ingrid": {"3": 1}, "Mateo": {"4": 1}, "Lars": {"8": 2, "K": 1}}
    )


class ReadmeServer(Server):
    """The app as the README starts it: its command, in a venv of `python`'s,
    on port 8550, its data in `data_dir` (COMPANION_DATA)."""

    START_S = 300  # the install first
    OWN_SESSION = True

    def __init__(self, data_dir: Path, python: Path, port: int) -> None:
        super().__init__(
            data_dir,
            env={
                "PATH": f"{python.parent}{os.pathsep}{os.environ['PATH']}",
                "COMPANION_DATA": str(data_dir),
                "VIRTUAL_ENV": str(python.parent.parent),
            },
            matches={"match": made_up_match(), "finished": finished_match()},
        )
        self.port = port

    def command(self) -> list[str]:
        return ["bash", "-c", START]

    def stop(self) -> None:
        """Stop the shell and the `companion` it started (a session of their own)."""
        if self.process is not None:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=30)
            self.process = None


def shoot(server: Server) -> None:
    """New match, the scoreboard, a round half-entered on the record screen,
    and a finished match."""
    with sync_playwright() as running:
        browser = running.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(
            viewport={"width": 390, "height": 844}, locale="en-US"
        )
        table = Table(context.new_page(), server.url).open("/new")
        table.see("House rules")
        save(table, "new-match")
        table.go(server.matches["match"])
        table.see("Record round")
        save(table, "scoreboard")
        record_round(table, "Lars", {"Ingrid": ["8", "K"], "Mateo": ["3"]}, save=False)
        save(table, "record")
        table.open(server.matches["finished"])
        table.see("Log in BG Stats")
        save(table, "finished")
        browser.close()


def save(table: Table, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    IMAGES.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(table.shot(f"readme-{name}"), IMAGES / f"{name}.png")
    print(f"wrote {(IMAGES / f'{name}.png').relative_to(ROOT)}")


def main() -> None:
    with (
        default_port() as port,
        tempfile.TemporaryDirectory(prefix="screenshots-") as scratch,
    ):
        # The README's line, in the scratch folder: its .venv is made there.
        subprocess.run(["bash", "-c", VENV], cwd=scratch, check=True)
        python = Path(scratch) / ".venv" / "bin" / "python3"
        server = ReadmeServer(Path(scratch) / "companion", python, port)
        try:
            shoot(server.start())
        finally:
            server.stop()


if __name__ == "__main__":
    main()
