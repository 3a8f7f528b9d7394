"""`companion publish [DIR]`: the site built, and what the person is told."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.cli.main import main
from companion.cli.publish_command import step_line
from companion.publish.contents import BROWSER_DISTRIBUTIONS
from companion.publish.site import Step, client_files, client_folder
from companion.words.i18n import get_translator


def test_publish_says_each_step_then_the_folder_its_size_and_how_to_try_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setenv("LANGUAGE", "en")
    folder = tmp_path / "site"
    assert main(["publish", str(folder), "--base-url", "scores"]) == 0
    lines = capsys.readouterr().out.splitlines()
    client = len(client_files(client_folder()))
    assert lines[0] == (
        f"Collecting the app and the {len(BROWSER_DISTRIBUTIONS)} packages "
        "it runs on in the browser…"
    )
    assert lines[1] == f"Copying Flet's web client and Pyodide ({client} files)…"
    assert re.fullmatch(r"Packing the app into app\.tar\.gz \(\d+ files\)…", lines[2])
    assert lines[3] == (
        "Writing the page, its scripts, the icons and the service worker…"
    )
    assert re.fullmatch(
        rf"Site written to {re.escape(str(folder))} \(\d+ files, [\d.]+ MB\)\.",
        lines[4],
    )
    assert f"    python -m http.server -d {folder} 8000" in lines
    assert (
        f"served so that http://127.0.0.1:8000/scores/ is the folder {folder}" in lines
    )
    assert lines[-2:] == [
        "Try it on a phone: put the folder on an HTTPS host under the path /scores/ "
        "(the --base-url it was built for).",
        "On GitHub Pages, the workflow .github/workflows/pages.yml builds and "
        "publishes it on every push to main.",
    ]
    index = (folder / "index.html").read_text("utf-8")
    assert '<base href="/scores/">' in index


def test_publish_refuses_a_folder_holding_other_files_and_leaves_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setenv("LANGUAGE", "en")
    (tmp_path / "thesis.tex").write_text("mine")
    assert main(["publish", str(tmp_path)]) == 1
    said = capsys.readouterr()
    assert "is not empty and holds no site built before" in said.err
    assert said.out == ""
    assert [p.name for p in tmp_path.iterdir()] == ["thesis.tex"]


def test_publish_speaks_the_systems_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setenv("LANGUAGE", "nb")
    assert main(["publish", str(tmp_path / "site")]) == 0
    out = capsys.readouterr().out
    assert out.startswith(
        f"Samler inn appen og {len(BROWSER_DISTRIBUTIONS)} pakker den trenger i "
        "nettleseren…\nKopierer Flets nettklient og Pyodide ("
    )
    assert "Nettstedet er skrevet til" in out
    assert "Prøv det på en telefon: legg mappen på en HTTPS-vert, under stien /" in out


@pytest.mark.parametrize(
    ("language", "one", "many"),
    [
        ("en", "(1 file)…", "(2 files)…"),
        ("nb", "(1 fil)…", "(2 filer)…"),
        ("sv", "(1 fil)…", "(2 filer)…"),
        ("es", "(1 archivo)…", "(2 archivos)…"),
    ],
)
def test_a_steps_count_takes_its_plural(language: str, one: str, many: str):
    t = get_translator(language)
    for step in (Step.COPY_CLIENT, Step.PACK_APP):
        assert step_line(t, step, 1).endswith(one)
        assert step_line(t, step, 2).endswith(many)
