"""The GitHub Pages workflow: its build job's steps, run as written, make a site.

GitHub runs .github/workflows/pages.yml; here the build job's `run:` steps run
in order in a copy of this checkout, with the environment the workflow gives
them and a made-up repository. Its `uses:` steps have stand-ins: the copy for
the checkout, this machine's Python for setup-python. So does its install step,
`python -m pip install .`, which would replace this machine's editable install:
the copy's code is put first on PYTHONPATH, over the dependencies the test
command installed (the package's own and its test extra's); `companion publish`
reads nothing else. scripts/test.sh lints the workflow (jactionlint, with
shellcheck)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"
INSTALL = "python -m pip install ."
REPOSITORY = "ada-example/card-table"
"""GITHUB_REPOSITORY for the runs here: OWNER/NAME, made up."""


def workflow() -> dict[Any, Any]:
    return yaml.safe_load(WORKFLOW.read_text("utf-8"))


def checkout_copy(target: Path) -> Path:
    """This checkout's files as a clone of it would hold them (tracked, and new
    ones not ignored), copied to `target`."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


def runner_environment(workspace: Path, repository: str) -> dict[str, str]:
    """This machine's environment as a GitHub runner's: its language (C.UTF-8,
    so English), the variables GitHub sets that the steps may read."""
    env = {
        name: value
        for name, value in os.environ.items()
        if name not in {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"}
    }
    env.update(
        LANG="C.UTF-8",
        CI="true",
        GITHUB_ACTIONS="true",
        GITHUB_REPOSITORY=repository,
        GITHUB_REPOSITORY_OWNER=repository.split("/")[0],
        GITHUB_WORKSPACE=str(workspace),
        GITHUB_REF="refs/heads/main",
    )
    return env


def run_step(
    step: dict[str, Any],
    job: dict[str, Any],
    flow: dict[Any, Any],
    workspace: Path,
    env: dict[str, str],
) -> subprocess.CompletedProcess[str]:
    """One `run:` step as GitHub runs it with `shell: bash` (the workflow's
    default): the text in a file, run by `bash --noprofile --norc -eo
    pipefail`, with the workflow's, the job's and the step's `env`."""
    assert flow["defaults"]["run"]["shell"] == "bash" and "shell" not in step
    step_env = {
        **env,
        **flow.get("env", {}),
        **job.get("env", {}),
        **step.get("env", {}),
    }
    script = workspace.parent / "step.sh"
    script.write_text(step["run"], "utf-8")
    return subprocess.run(
        ["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)],
        cwd=workspace / step.get("working-directory", "."),
        env={name: str(value) for name, value in step_env.items()},
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_site_is_deployed_on_every_push_to_main():
    flow = workflow()
    # YAML 1.1 reads the key `on` as True.
    assert flow[True]["push"]["branches"] == ["main"]
    deploy = flow["jobs"]["deploy"]
    assert deploy["needs"] == "build"
    assert deploy["permissions"] == {"pages": "write", "id-token": "write"}
    assert [step["uses"].split("@")[0] for step in deploy["steps"]] == [
        "actions/configure-pages",
        "actions/deploy-pages",
    ]
    assert flow["concurrency"]["group"]


def test_the_build_steps_as_written_make_a_site_for_the_project_page(tmp_path: Path):
    flow = workflow()
    job = flow["jobs"]["build"]
    runs = [step for step in job["steps"] if "run" in step]
    assert runs[0]["run"].strip() == INSTALL
    workspace = checkout_copy(tmp_path / "checkout")
    env = runner_environment(workspace, REPOSITORY)
    # The install step's stand-in: the checkout's own code is the one imported.
    env["PYTHONPATH"] = str(workspace)
    said = ""
    for step in runs[1:]:
        done = run_step(step, job, flow, workspace, env)
        assert done.returncode == 0, done.stderr
        said += done.stdout
    (upload,) = (
        s for s in job["steps"] if "upload-pages-artifact" in s.get("uses", "")
    )
    site = workspace / upload["with"]["path"]
    assert "Site written to site (" in said
    index = (site / "index.html").read_text("utf-8")
    assert '<base href="/card-table/">' in index
    manifest = json.loads((site / "manifest.json").read_text("utf-8"))
    assert manifest["start_url"] == manifest["scope"] == "/card-table/"
    assert (site / "app.tar.gz").is_file()
    # The upload leaves hidden files out: only the rebuild marker is one.
    hidden = [path.relative_to(site).as_posix() for path in site.rglob(".*")]
    assert hidden == [".companion-site"]


def fake_companion(folder: Path) -> Path:
    """A `companion` command that only writes down its arguments, one a line."""
    folder.mkdir()
    command = folder / "companion"
    command.write_text('#!/bin/sh\nprintf "%s\\n" "$@" > "$COMPANION_ARGS"\n')
    command.chmod(0o755)
    return folder


def test_a_repository_named_for_its_owners_own_site_is_built_at_the_root(
    tmp_path: Path,
):
    env = runner_environment(ROOT, "Ada-Example/ada-example.github.io")
    env["PATH"] = f"{fake_companion(tmp_path / 'bin')}{os.pathsep}{env['PATH']}"
    env["COMPANION_ARGS"] = str(tmp_path / "args")
    done = subprocess.run(
        ["bash", ROOT / "scripts" / "build-pages.sh"], env=env, capture_output=True
    )
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "args").read_text().split() == [
        "publish",
        "site",
        "--base-url",
        "/",
    ]


def test_without_a_repository_the_build_says_so_and_builds_nothing(tmp_path: Path):
    env = runner_environment(ROOT, REPOSITORY)
    del env["GITHUB_REPOSITORY"]
    env["PATH"] = f"{fake_companion(tmp_path / 'bin')}{os.pathsep}{env['PATH']}"
    env["COMPANION_ARGS"] = str(tmp_path / "args")
    done = subprocess.run(
        ["bash", ROOT / "scripts" / "build-pages.sh"],
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode != 0
    assert "set GITHUB_REPOSITORY to OWNER/NAME" in done.stderr
    assert not (tmp_path / "args").exists()
