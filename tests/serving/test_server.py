"""Serving: loopback or shared with a code, and a data directory another copy holds."""

from __future__ import annotations

import contextlib
import io
import os
import re
import signal
import sys
from pathlib import Path

import ifaddr
import pytest
from event_loops import run_apart
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from companion.access.share_links import terminal_qr
from companion.access.sharing import TABLE_LIMITS, AccessError, ShareGate
from companion.serving import app, web_app
from companion.serving.server import (
    TRUST_FORWARDED_FOR,
    is_loopback,
    serve,
    trusted_proxies,
)
from companion.storage import Store
from companion.words.i18n import get_translator


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


class FakeRun:
    """Stands in for web_app.run: records what serve() started, returns at once."""

    def __init__(self) -> None:
        self.calls: list[dict[str, object]] = []
        self.gates: list[ShareGate] = []
        self.links: list[tuple[str, ...]] = []
        self.uploads: list[object] = []

    def make_main(
        self, store: Store, gate: ShareGate, links: tuple[str, ...], uploads: object
    ) -> object:
        self.gates.append(gate)
        self.links.append(links)
        self.uploads.append(uploads)
        return "main"

    def __call__(self, served: object, host: str, port: int) -> None:
        self.calls.append(
            {
                "served": served,
                "host": host,
                "port": port,
                "FORWARDED_ALLOW_IPS": os.environ.get("FORWARDED_ALLOW_IPS"),
            }
        )


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> FakeRun:
    fake = FakeRun()
    monkeypatch.setattr(web_app, "run", fake)
    monkeypatch.setattr(web_app, "web_app", lambda main, **_: ("served", main))
    monkeypatch.setattr(web_app, "start_compressing", lambda served: None)
    monkeypatch.setattr(app, "make_main", fake.make_main)
    monkeypatch.setattr(
        ifaddr, "get_adapters", lambda **_: [_adapter("lo", "127.0.0.1"), WIFI]
    )
    # A proxy setting inherited from the shell must not survive serve().
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", "*")
    monkeypatch.delenv(TRUST_FORWARDED_FOR, raising=False)
    monkeypatch.delenv("FLET_WEB_NO_CDN", raising=False)
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANGUAGE", "en")
    return fake


def _adapter(name: str, ip: str) -> ifaddr.Adapter:
    return ifaddr.Adapter(name, name, [ifaddr.IP(ip, 24, name)])


WIFI = _adapter("wlan0", "192.168.1.41")
PHONE_URL = "http://192.168.1.41:8550/"


def _printed_code(out: str) -> str:
    found = re.search(r"^Join code: (\d{3}) (\d{3})$", out, re.MULTILINE)
    assert found, out
    return found.group(1) + found.group(2)


def test_sharing_prints_the_urls_a_qr_code_and_the_gates_code(
    tmp_path: Path, started: FakeRun, capsys: pytest.CaptureFixture[str]
) -> None:
    serve("0.0.0.0", 8550, tmp_path, share=True)
    out = capsys.readouterr().out
    (gate,) = started.gates
    assert gate.shared
    assert _printed_code(out) == gate.code
    assert out.startswith(
        "Sharing this table on the network.\n"
        "On this computer: http://127.0.0.1:8550/\n"
        f"On phones: {PHONE_URL}\n{terminal_qr(PHONE_URL)}"
        f"Join code: {gate.code[:3]} {gate.code[3:]}\n"
    )
    assert out.endswith("Press Ctrl-C to stop.\n")
    assert "Warning" not in out
    assert started.links == [(PHONE_URL,)]
    (call,) = started.calls
    assert call["host"] == "0.0.0.0" and call["port"] == 8550
    assert call["FORWARDED_ALLOW_IPS"] == ""


def test_each_share_start_has_a_new_code(
    tmp_path: Path, started: FakeRun, capsys: pytest.CaptureFixture[str]
) -> None:
    codes = []
    for _ in range(5):
        serve("0.0.0.0", 8550, tmp_path, share=True)
        codes.append(_printed_code(capsys.readouterr().out))
    assert codes == [gate.code for gate in started.gates]
    assert len(set(codes)) > 1


def test_sharing_on_loopback_prints_the_code_but_no_phone_url(
    tmp_path: Path, started: FakeRun, capsys: pytest.CaptureFixture[str]
) -> None:
    serve("127.0.0.1", 8550, tmp_path, share=True)
    out = capsys.readouterr().out
    (gate,) = started.gates
    assert gate.shared
    assert _printed_code(out) == gate.code
    assert "On this computer: http://127.0.0.1:8550/" in out
    assert "On phones" not in out
    assert started.links == [()]


def test_a_network_address_turns_the_gate_on_without_share(
    tmp_path: Path, started: FakeRun, capsys: pytest.CaptureFixture[str]
) -> None:
    serve("192.168.1.41", 8550, tmp_path)
    out = capsys.readouterr().out
    (gate,) = started.gates
    assert gate.shared
    assert _printed_code(out) == gate.code
    assert f"On phones: {PHONE_URL}\n" in out
    assert started.calls[0]["FORWARDED_ALLOW_IPS"] == ""


def test_with_no_network_the_terminal_says_phones_cannot_reach_it(
    tmp_path: Path,
    started: FakeRun,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(ifaddr, "get_adapters", lambda **_: [])
    serve("0.0.0.0", 8550, tmp_path, share=True)
    out = capsys.readouterr().out
    assert "On phones" not in out
    assert "No network address was found" in out
    assert _printed_code(out) == started.gates[0].code


def test_plain_loopback_serving_needs_no_code(
    tmp_path: Path, started: FakeRun, capsys: pytest.CaptureFixture[str]
) -> None:
    serve("127.0.0.1", 8550, tmp_path)
    out = capsys.readouterr().out
    (gate,) = started.gates
    assert not gate.shared and gate.code == ""
    assert out == (
        "Card Table Companion is running at http://127.0.0.1:8550/\n"
        "Press Ctrl-C to stop.\n"
    )
    assert started.links == [()]
    assert started.calls[0]["FORWARDED_ALLOW_IPS"] == ""


def test_the_terminal_speaks_the_systems_language(
    tmp_path: Path,
    started: FakeRun,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LANGUAGE", "nb")
    serve("0.0.0.0", 8550, tmp_path, share=True)
    out = capsys.readouterr().out
    code = started.gates[0].code
    t = get_translator("nb")
    assert t.gettext("Join code: {code}").format(code=f"{code[:3]} {code[3:]}") in out
    assert "Join code" not in out and "Sharing this table" not in out


def test_a_terminal_that_cannot_draw_blocks_still_gets_the_url_and_code(
    tmp_path: Path, started: FakeRun, monkeypatch: pytest.MonkeyPatch
) -> None:
    raw = io.BytesIO()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(raw, encoding="ascii"))
    serve("0.0.0.0", 8550, tmp_path, share=True)
    sys.stdout.flush()
    out = raw.getvalue().decode("ascii")
    assert f"On phones: {PHONE_URL}\n" in out
    assert _printed_code(out) == started.gates[0].code


async def _client_seen(trusted: str, peer: str, forwarded: str) -> str:
    """The client address an app behind uvicorn's proxy-header handling sees."""
    seen: list[str] = []

    async def app(scope, receive, send) -> None:
        seen.append(scope["client"][0])

    scope = {
        "type": "http",
        "client": (peer, 50000),
        "headers": [(b"x-forwarded-for", forwarded.encode())],
    }
    await ProxyHeadersMiddleware(app, trusted_hosts=trusted)(scope, None, None)
    return seen[0]


def test_a_forwarded_address_is_believed_only_when_the_tests_ask() -> None:
    local_proxy = "127.0.0.1"
    phone = "192.168.1.77"
    plain = trusted_proxies({})
    assert run_apart(_client_seen(plain, local_proxy, phone)) == local_proxy
    assert trusted_proxies({TRUST_FORWARDED_FOR: "0"}) == plain
    tests = trusted_proxies({TRUST_FORWARDED_FOR: "1"})
    assert run_apart(_client_seen(tests, local_proxy, phone)) == phone
    # Even then, only from this machine.
    assert run_apart(_client_seen(tests, "192.168.1.9", phone)) == "192.168.1.9"


def test_serving_for_the_tests_believes_loopback_forwarders(
    started: FakeRun, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(TRUST_FORWARDED_FOR, "1")
    serve("127.0.0.1", 8550, tmp_path, share=True)
    assert started.calls[0]["FORWARDED_ALLOW_IPS"] == "127.0.0.1,::1"


def test_the_terminal_is_told_when_wrong_codes_replace_the_join_code(
    tmp_path: Path, started: FakeRun, capsys: pytest.CaptureFixture[str]
) -> None:
    serve("127.0.0.1", 8550, tmp_path, share=True)
    (gate,) = started.gates
    first = _printed_code(capsys.readouterr().out)
    for n in range(TABLE_LIMITS[0][1]):
        with contextlib.suppress(AccessError):
            wrong = "000000" if first != "000000" else "000001"
            gate.join(f"s{n}", f"192.0.2.{n + 1}", wrong)
    new = gate.code
    assert new != first
    assert capsys.readouterr().out == (
        f"Too many wrong codes were typed: the join code is now {new[:3]} {new[3:]}\n"
    )


def test_stopped_by_sigterm_the_server_removes_its_upload_folder(
    tmp_path: Path, started: FakeRun, monkeypatch: pytest.MonkeyPatch
) -> None:
    def stopped(served: object, host: str, port: int) -> None:
        (started.uploads[0].folder / "left.json").write_text("{}")
        # What uvicorn does after its graceful stop on SIGTERM.
        signal.raise_signal(signal.SIGTERM)

    monkeypatch.setattr(web_app, "run", stopped)
    before = signal.getsignal(signal.SIGTERM)
    with pytest.raises(SystemExit) as stop:
        serve("127.0.0.1", 8550, tmp_path)
    assert stop.value.code == 0
    assert not started.uploads[0].folder.exists()
    assert signal.getsignal(signal.SIGTERM) is before


def test_a_site_url_given_at_start_is_remembered_for_the_hand_over(
    tmp_path: Path, started: FakeRun
) -> None:
    serve("127.0.0.1", 8550, tmp_path, site_url=" https://cards.example/scores/ ")
    with Store.open(tmp_path) as store:
        assert store.settings()["site_address"] == "https://cards.example/scores/"


def test_a_bad_site_url_is_refused_with_a_message_and_nothing_served(
    tmp_path: Path, started: FakeRun, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        serve("127.0.0.1", 8550, tmp_path, site_url="cards.example/scores/")
    assert stopped.value.code == 1
    assert "https://" in capsys.readouterr().err
    assert started.calls == []
    with Store.open(tmp_path) as store:
        assert store.settings()["site_address"] is None
