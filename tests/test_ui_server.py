"""Serving: loopback or network, and a data directory another copy holds."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.server import is_loopback, serve
from companion.storage import Store


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("localhost", True),
        ("::1", True),
        ("0.0.0.0", False),
        ("192.168.1.20", False),
        ("table.local", False),
    ],
)
def test_only_loopback_hosts_count_as_private(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


def test_a_data_directory_in_use_is_refused_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    holder = Store.open(tmp_path)
    try:
        with pytest.raises(SystemExit) as stopped:
            serve("127.0.0.1", 0, tmp_path)
    finally:
        holder.close()
    assert stopped.value.code == 1
    message = capsys.readouterr().err.strip()
    assert message
    assert "Traceback" not in message
