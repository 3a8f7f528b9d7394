"""The `companion` command: where it listens and whether it shares the table."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion import server
from companion.cli import DEFAULT_HOST, build_parser, main


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> list[tuple[object, ...]]:
    calls: list[tuple[object, ...]] = []

    def fake_serve(host: str, port: int, data_dir: Path, share: bool = False) -> None:
        calls.append((host, port, data_dir, share))

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
    assert served == [(host, 9001, tmp_path, share)]


def test_share_takes_no_value(capsys: pytest.CaptureFixture[str]):
    with pytest.raises(SystemExit) as stopped:
        build_parser().parse_args(["--share=yes"])
    assert stopped.value.code == 2
    assert "--share" in capsys.readouterr().err
