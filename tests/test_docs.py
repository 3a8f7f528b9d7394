"""The docs stay true: every shell command in README.md and docs/*.md is run, here
or by the test or script named for it; the engine example runs and shows the
values it gets; every link between the pages leads somewhere."""

from __future__ import annotations

import ast
import os
import re
import shlex
import signal
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from default_port import default_port
from test_pages_workflow import checkout_copy

from companion.engine.match import Match
from companion.storage import Store

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SH_BLOCK = re.compile(r"^```sh\n(.*?)^```", re.S | re.M)
COMMENT = re.compile(r"(^|\s+)#.*$")

RUN_HERE = {
    "test_export_and_import_run_as_written": re.compile(r"companion (export|import) "),
    "test_publish_runs_as_written": re.compile(r"companion publish\b"),
    "test_share_serves_as_written": re.compile(r"companion --share$"),
    "test_translation_steps_run_as_written": re.compile(
        r"pybabel |python3 -m pytest tests/words/"
    ),
}
"""The commands this file runs as the docs write them, by the test that runs them."""
RUN_ELSEWHERE = {
    # Starts the app on port 8550 after installing it: the screenshots' script
    # runs it as written, in a venv of its own (its docstring says why).
    "python3 -m pip install -e . && companion": "scripts/screenshots.py",
    # The virtual environment the README makes first on Debian and Ubuntu: the
    # screenshots' script makes its own with it, as written (ensurepip alone
    # takes some 15 s here).
    "python3 -m venv --system-site-packages .venv && . .venv/bin/activate": (
        "scripts/screenshots.py"
    ),
    # The whole suite, this file included: what CI runs on a clean clone.
    "./scripts/test.sh": ".ci/run",
}
"""The commands too heavy to run here, by the script that runs them as written."""


def doc_commands() -> Iterator[tuple[Path, str]]:
    """Every command in a ```sh block of the docs, its comment left off."""
    for page in PAGES:
        for block in SH_BLOCK.findall(page.read_text("utf-8")):
            for line in block.splitlines():
                command = COMMENT.sub("", line).strip()
                if command:
                    yield page, command


def commands_of(test: str, placeholders: dict[str, str] | None = None) -> list[str]:
    """The docs' commands that `test` runs, in their order, the docs' own
    placeholders (ID, DIR) filled in."""
    commands = [c for _, c in doc_commands() if RUN_HERE[test].match(c)]
    assert commands, f"no command of the docs is {test}'s to run any more"
    for word, value in (placeholders or {}).items():
        commands = [re.sub(rf"\b{word}\b", shlex.quote(value), c) for c in commands]
    return list(dict.fromkeys(commands))


def run(command: str, cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """`command` as a person types it, with this tree's code and in English."""
    done = subprocess.run(
        ["bash", "-c", command],
        cwd=cwd,
        env=environment(**env),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, f"{command}:\n{done.stdout}\n{done.stderr}"
    return done


def environment(**extra: str) -> dict[str, str]:
    """This machine's environment in English, this tree's code first, and none
    of the running pytest's own variables (a nested run must not take them)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    return {**env, "PYTHONPATH": str(ROOT), "LANGUAGE": "en", **extra}


def test_every_command_in_the_docs_is_run_by_a_test_or_a_script():
    unrun = []
    for page, command in doc_commands():
        here = [test for test, pattern in RUN_HERE.items() if pattern.match(command)]
        if len(here) > 1:
            unrun.append(f"{page.name}: {command} (claimed by {here})")
        elif not here and command not in RUN_ELSEWHERE:
            unrun.append(f"{page.name}: {command}")
    assert not unrun, "commands of the docs that nothing runs:\n" + "\n".join(unrun)
    for test in RUN_HERE:
        assert test in globals(), f"{test} is named but not written"


@pytest.mark.parametrize("command", sorted(RUN_ELSEWHERE))
def test_a_command_run_elsewhere_is_run_there_exactly_as_written(command: str):
    assert command in {c for _, c in doc_commands()}, f"the docs dropped {command}"
    runner = ROOT / RUN_ELSEWHERE[command]
    text = runner.read_text("utf-8")
    lines = {line.strip() for line in text.splitlines()}
    strings = set()
    if runner.suffix == ".py":
        strings = {
            node.value
            for node in ast.walk(ast.parse(text))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
        }
    assert command in lines | strings, f"{runner.name} does not run {command}"


def test_export_and_import_run_as_written(tmp_path: Path):
    data = tmp_path / "data"
    played = Match.new("crazy-eights", ["Ada", "Bo"]).record_round("Ada", {"Bo": 12})
    with Store.open(data) as store:
        match_id = store.add_match(played)
    commands = commands_of("test_export_and_import_run_as_written", {"ID": match_id})
    assert len(commands) == 4
    for command in commands:
        run(command, tmp_path, COMPANION_DATA=str(data))
    assert match_id in (tmp_path / "all.json").read_text("utf-8")
    assert match_id in (tmp_path / "one.json").read_text("utf-8")
    sheet = (tmp_path / "one.csv").read_text("utf-8").splitlines()
    assert "Ada" in sheet[0] and "12" in "\n".join(sheet[1:])


def test_publish_runs_as_written(tmp_path: Path):
    elsewhere = tmp_path / "elsewhere"
    commands = commands_of("test_publish_runs_as_written", {"DIR": str(elsewhere)})
    assert commands == [
        "companion publish",
        f"companion publish {elsewhere} --base-url /scores/",
    ]
    for command in commands:
        run(command, tmp_path)
    assert '<base href="/">' in (tmp_path / "site" / "index.html").read_text("utf-8")
    index = (elsewhere / "index.html").read_text("utf-8")
    assert '<base href="/scores/">' in index


def test_share_serves_as_written(tmp_path: Path):
    (command,) = commands_of("test_share_serves_as_written")
    with default_port() as port:
        said = served(command, tmp_path, port)
    assert f"On this computer: http://127.0.0.1:{port}/" in said, said
    assert re.search(r"^Join code: \d{3} \d{3}$", said, re.M), said


def served(command: str, cwd: Path, port: int) -> str:
    """What `command` says as it starts serving, once this computer's page on
    `port` has come back from it; the server is then stopped."""
    server = subprocess.Popen(
        ["bash", "-c", command],
        cwd=cwd,
        env=environment(COMPANION_DATA=str(cwd / "data")),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        said = []
        assert server.stdout is not None
        for line in server.stdout:
            said.append(line)
            if line.startswith("Press Ctrl-C"):
                break
        assert "<html" in host_page(f"http://127.0.0.1:{port}/")
        return "".join(said)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


def host_page(url: str) -> str:
    """The page the server sends this computer, once it answers (it may print
    its address a moment before it listens)."""
    for _ in range(100):
        try:
            with urllib.request.urlopen(url, timeout=5) as reply:
                return reply.read().decode("utf-8")
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"{url} never answered")


def test_translation_steps_run_as_written(tmp_path: Path):
    checkout = checkout_copy(tmp_path / "checkout")
    for command in commands_of("test_translation_steps_run_as_written"):
        run(command, checkout, PYTHONPATH=str(checkout))
    # The steps find nothing new: the catalogs in the repository are current.
    for catalog in sorted((ROOT / "locales").glob("*/LC_MESSAGES/companion.po")):
        copy = checkout / catalog.relative_to(ROOT)
        assert messages(copy) == messages(catalog), catalog


def messages(path: Path) -> dict[object, object]:
    with path.open("rb") as file:
        return {m.id: m.string for m in read_po(file) if m.id}


SHOWN = re.compile(r"^(?P<indent>\s*)(?P<expr>[^#\s].*?)\s+#\s+(?P<shown>.+)$")


def checked(line: str) -> tuple[str, bool]:
    """The line, turned into an assertion when its comment is a Python value."""
    match = SHOWN.match(line)
    if not match:
        return line, False
    try:
        ast.literal_eval(match["shown"])
        ast.parse(match["expr"], mode="eval")
    except (ValueError, SyntaxError):
        return line, False
    return f"{match['indent']}assert ({match['expr']}) == ({match['shown']})", True


def test_the_engine_example_runs_and_shows_true_values():
    page = ROOT / "docs" / "playing.md"
    text = page.read_text(encoding="utf-8")
    block = re.search(r"engine from Python.*?```python\n(.*?)```", text, re.S)
    assert block, "docs/playing.md lost its engine example"
    lines, asserted = zip(
        *(checked(line) for line in block[1].splitlines()), strict=True
    )
    assert sum(asserted) >= 5
    exec(compile("\n".join(lines), str(page), "exec"), {})


LINK = re.compile(r"\]\((?!https?:)([^)#\s]*)(?:#([^)\s]+))?\)|src=\"([^\"]+)\"")


def anchors(page: Path) -> set[str]:
    """The anchors GitHub gives the page's headings."""
    headings = re.findall(r"^#+ (.+)$", page.read_text("utf-8"), re.M)
    return {re.sub(r"[^\w\- ]", "", h.lower()).replace(" ", "-") for h in headings}


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_every_link_of_the_docs_leads_to_a_file_and_heading(page: Path):
    for target, anchor, image in LINK.findall(page.read_text("utf-8")):
        path = (page.parent / (target or image)).resolve() if target or image else page
        assert path.exists(), f"{page.name} links to {target or image}"
        if anchor:
            assert anchor in anchors(path), f"{page.name} links to {target}#{anchor}"
