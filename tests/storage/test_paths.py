"""Which data directory the app uses: command line, environment, then the default."""

from pathlib import Path

import pytest

from companion.storage.paths import data_dir


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COMPANION_DATA", raising=False)
    monkeypatch.delenv("FLET_APP_STORAGE_DATA", raising=False)


def test_command_line_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_DATA", "/from/env")
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", "/from/flet")
    assert data_dir("/from/cli") == Path("/from/cli")


def test_our_variable_then_flets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", "/from/flet")
    assert data_dir(None) == Path("/from/flet")
    monkeypatch.setenv("COMPANION_DATA", "/from/env")
    assert data_dir(None) == Path("/from/env")


def test_default_is_the_users_data_directory(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert data_dir(None) == tmp_path / "card-table-companion"
