"""`companion publish [DIR]`: the site built, and what the person is told."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli.main import main


def test_publish_prints_the_folder_its_size_and_how_to_try_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setenv("LANGUAGE", "en")
    folder = tmp_path / "site"
    assert main(["publish", str(folder), "--base-url", "scores"]) == 0
    out = capsys.readouterr().out
    assert f"Site written to {folder} (" in out
    assert " MB)." in out
    assert f"python -m http.server -d {folder} 8000" in out
    assert "http://127.0.0.1:8000/scores/" in out
    index = (folder / "index.html").read_text("utf-8")
    assert '<base href="/scores/">' in index


def test_publish_refuses_a_folder_holding_other_files_and_leaves_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setenv("LANGUAGE", "en")
    (tmp_path / "thesis.tex").write_text("mine")
    assert main(["publish", str(tmp_path)]) == 1
    assert "is not empty and holds no site built before" in capsys.readouterr().err
    assert [p.name for p in tmp_path.iterdir()] == ["thesis.tex"]


def test_publish_speaks_the_systems_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setenv("LANGUAGE", "nb")
    assert main(["publish", str(tmp_path / "site")]) == 0
    assert "Nettstedet er skrevet til" in capsys.readouterr().out
