"""The `companion` command: where it listens and whether it shares the table."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli.main import DEFAULT_HOST, build_parser, main
from companion.serving import server
from companion.words.i18n import get_translator


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> list[tuple[object, ...]]:
    calls: list[tuple[object, ...]] = []

    def fake_serve(
        host: str,
        port: int,
        data_dir: Path,
        share: bool = False,
        site_url: str | None = None,
    ) -> None:
        calls.append((host, port, data_dir, share, site_url))

    monkeypatch.setattr(server, "serve", fake_serve)
    return calls


@pytest.mark.parametrize(
    ("argv", "host", "share"),
    [
        ([], DEFAULT_HOST, False),
        (["--share"], "0.0.0.0", True),
        (["--share", "--host", "127.0.0.1"], "127.0.0.1", True),
        (["--host", "::", "--share"], "::", True),
        (["--host", "0.0.0.0"], "0.0.0.0", False),
    ],
)
def test_share_listens_on_every_interface_unless_a_host_is_given(
    served: list[tuple[object, ...]], tmp_path: Path, argv, host, share
):
    assert main([*argv, "--port", "9001", "--data-dir", str(tmp_path)]) == 0
    assert served == [(host, 9001, tmp_path, share, None)]


def test_the_site_url_goes_to_the_server(
    served: list[tuple[object, ...]], tmp_path: Path
) -> None:
    site = "https://cards.example/scores/"
    assert main(["--site-url", site, "--data-dir", str(tmp_path)]) == 0
    assert served == [(DEFAULT_HOST, 8550, tmp_path, False, site)]


def test_share_takes_no_value(capsys: pytest.CaptureFixture[str]):
    with pytest.raises(SystemExit) as stopped:
        build_parser(get_translator("en")).parse_args(["--share=yes"])
    assert stopped.value.code == 2
    assert "--share" in capsys.readouterr().err


def _help(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    language: str,
    argv: list[str],
) -> str:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANGUAGE", language)
    # Wide enough that no help line is wrapped.
    monkeypatch.setenv("COLUMNS", "200")
    with pytest.raises(SystemExit) as stopped:
        main([*argv, "--help"])
    assert stopped.value.code == 0
    return capsys.readouterr().out


def test_the_help_is_in_english_by_default(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
):
    out = _help(monkeypatch, capsys, "en", [])
    assert "Card Table Companion: a scorekeeper for the card table." in out
    assert "address to listen on (127.0.0.1; with --share, 0.0.0.0)" in out
    assert "port to listen on (8550)" in out


def test_the_help_speaks_the_systems_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
):
    out = _help(monkeypatch, capsys, "nb", [])
    assert "Card Table Companion: en poengteller for kortbordet." in out
    assert "adressen serveren lytter på (127.0.0.1; med --share: 0.0.0.0)" in out
    assert "la telefoner på nettverket koble seg til med en kode" in out
    assert "hvor partier og innstillinger lagres" in out
    assert "legg til partiene og spillerne fra en eksportfil" in out
    assert "scorekeeper" not in out and "listen on" not in out


def test_the_export_help_speaks_the_systems_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
):
    out = _help(monkeypatch, capsys, "es", ["export"])
    assert "el archivo que se va a escribir" in out
    assert "--match ID" in out
    assert "exporta solo la partida con este identificador" in out
    assert "una partida como hoja de cálculo (CSV); requiere --match" in out
    assert "dónde se guardan las partidas y los ajustes" in out
