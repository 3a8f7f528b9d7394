"""Share links: this machine's addresses, the URLs for phones, their QR codes."""

from __future__ import annotations

import io

import ifaddr
import pytest
import segno
import zxingcpp
from PIL import Image

from companion.access.share_links import (
    QUIET_ZONE,
    local_addresses,
    qr_png,
    share_urls,
    terminal_qr,
    this_computer_url,
)

URL = "http://192.168.1.41:8550/"


def _adapter(name: str, *ips: str | tuple[str, int, int]) -> ifaddr.Adapter:
    return ifaddr.Adapter(name, name, [ifaddr.IP(ip, 24, name) for ip in ips])


@pytest.fixture
def adapters(monkeypatch: pytest.MonkeyPatch) -> None:
    """A laptop with loopback, Wi-Fi (IPv4 and IPv6) and a second network."""
    found = [
        _adapter("lo", "127.0.0.1", ("::1", 0, 0)),
        _adapter(
            "wlan0",
            "192.168.1.41",
            ("fe80::1c2b:3cff:fe4d:5e6f", 0, 3),
            ("2001:db8::41", 0, 0),
        ),
        _adapter("eth0", "10.0.0.7", "169.254.10.20"),
    ]
    monkeypatch.setattr(ifaddr, "get_adapters", lambda **_: found)


@pytest.mark.usefixtures("adapters")
def test_local_addresses_leave_out_loopback_and_link_local():
    assert local_addresses() == ["10.0.0.7", "192.168.1.41", "2001:db8::41"]


def test_local_addresses_only_read_the_interfaces(monkeypatch: pytest.MonkeyPatch):
    import socket

    def no_network(*_args, **_kwargs):
        raise AssertionError("local_addresses must not open a socket")

    monkeypatch.setattr(socket, "socket", no_network)
    monkeypatch.setattr(socket, "create_connection", no_network)
    addresses = local_addresses()
    assert "127.0.0.1" not in addresses and "::1" not in addresses


@pytest.mark.usefixtures("adapters")
def test_all_interfaces_give_one_url_per_ipv4_address():
    assert share_urls("0.0.0.0", 8550) == [
        "http://10.0.0.7:8550/",
        "http://192.168.1.41:8550/",
    ]
    assert share_urls("", 8550) == share_urls("0.0.0.0", 8550)


@pytest.mark.usefixtures("adapters")
def test_all_ipv6_interfaces_add_the_ipv6_addresses_in_brackets():
    assert share_urls("::", 9000) == [
        "http://10.0.0.7:9000/",
        "http://192.168.1.41:9000/",
        "http://[2001:db8::41]:9000/",
    ]


@pytest.mark.usefixtures("adapters")
def test_a_concrete_host_gives_just_its_url():
    assert share_urls("192.168.1.41", 8550) == [URL]
    assert share_urls("2001:db8::41", 8550) == ["http://[2001:db8::41]:8550/"]
    assert share_urls("table.local", 80) == ["http://table.local:80/"]


def test_without_a_network_there_is_no_phone_url(monkeypatch: pytest.MonkeyPatch):
    only_loopback = [_adapter("lo", "127.0.0.1", ("::1", 0, 0))]
    monkeypatch.setattr(ifaddr, "get_adapters", lambda **_: only_loopback)
    assert share_urls("0.0.0.0", 8550) == []


@pytest.mark.parametrize(
    ("host", "url"),
    [
        ("0.0.0.0", "http://127.0.0.1:8550/"),
        ("::", "http://[::1]:8550/"),
        ("127.0.0.1", "http://127.0.0.1:8550/"),
        ("192.168.1.41", URL),
    ],
)
def test_the_url_for_this_computer(host: str, url: str):
    assert this_computer_url(host, 8550) == url


def _modules_from_text(text: str) -> list[list[int]]:
    """The terminal QR read back as modules: 1 dark (blank), 0 light (drawn)."""
    halves = {" ": (1, 1), "\u2580": (0, 1), "\u2584": (1, 0), "\u2588": (0, 0)}
    rows: list[list[int]] = []
    for line in text.splitlines():
        pairs = [halves[char] for char in line]
        rows.append([top for top, _ in pairs])
        rows.append([bottom for _, bottom in pairs])
    return rows


def test_the_terminal_qr_is_the_urls_code_with_a_quiet_zone():
    text = terminal_qr(URL)
    assert set(text) <= {" ", "\u2580", "\u2584", "\u2588", "\n"}
    code = segno.make_qr(URL, error="m")
    assert not code.is_micro
    size = 17 + 4 * code.version
    lines = text.splitlines()
    width = size + 2 * QUIET_ZONE
    assert {len(line) for line in lines} == {width}
    assert len(lines) == (width + 1) // 2
    modules = _modules_from_text(text)[:width]
    expected = [[int(bool(m)) for m in row] for row in code.matrix]
    border = QUIET_ZONE
    assert [row[border:-border] for row in modules[border:-border]] == expected
    # The quiet zone is light on every side.
    for row in modules[:border] + modules[-border:]:
        assert set(row) == {0}
    assert all(set(row[:border] + row[-border:]) == {0} for row in modules)


def test_the_terminal_qr_shows_the_top_left_finder_pattern():
    modules = _modules_from_text(terminal_qr(URL))
    finder = [row[QUIET_ZONE : QUIET_ZONE + 7] for row in modules[QUIET_ZONE:][:7]]
    assert finder[0] == [1] * 7 and finder[6] == [1] * 7
    assert finder[1] == [1, 0, 0, 0, 0, 0, 1]
    assert finder[3] == [1, 0, 1, 1, 1, 0, 1]


def test_a_longer_url_needs_a_bigger_code():
    long_url = "http://[2001:db8:1234:5678:9abc:def0:1234:5678]:8550/"
    assert len(terminal_qr(long_url).splitlines()[0]) > len(
        terminal_qr(URL).splitlines()[0]
    )


def test_the_png_is_an_image_of_the_code():
    png = qr_png(URL)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert png != qr_png("http://10.0.0.7:8550/")
    # Width and height from the IHDR chunk: 8 pixels a module, with the quiet zone.
    width = int.from_bytes(png[16:20], "big")
    height = int.from_bytes(png[20:24], "big")
    version = segno.make_qr(URL, error="m").version
    assert width == height == 8 * (17 + 4 * version + 2 * QUIET_ZONE)


def _decoded(image: Image.Image) -> list[str]:
    return [barcode.text for barcode in zxingcpp.read_barcodes(image)]


def test_a_phone_camera_reads_the_url_from_the_png():
    assert _decoded(Image.open(io.BytesIO(qr_png(URL)))) == [URL]


def test_a_phone_camera_reads_the_url_from_the_terminal():
    # Drawn half blocks are light on a dark terminal: paint them white, 4 px each.
    modules = _modules_from_text(terminal_qr(URL))
    image = Image.new("L", (len(modules[0]), len(modules)), 255)
    for y, row in enumerate(modules):
        for x, dark in enumerate(row):
            image.putpixel((x, y), 0 if dark else 255)
    scaled = image.resize((image.width * 4, image.height * 4), Image.NEAREST)
    assert _decoded(scaled) == [URL]
