"""The addresses a phone can open a shared table at, as URLs and QR codes."""

from __future__ import annotations

import io
import ipaddress
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import segno

WILDCARD_IPV4 = ("0.0.0.0", "")
WILDCARD_IPV6 = ("::",)
QUIET_ZONE = 4
"""Light modules around a QR code, as the standard asks; phones need them."""


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses a phone could reach, sorted, then its IPv6
    ones; read from the network interfaces, nothing is sent."""
    # Imported here, like segno below: a server that does not share never needs
    # them, and every start would pay ~55 ms for them before its first answer.
    import ifaddr

    ipv4: set[ipaddress.IPv4Address] = set()
    ipv6: set[ipaddress.IPv6Address] = set()
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            # ifaddr gives IPv6 addresses as (address, flowinfo, scope_id).
            raw = ip.ip[0] if isinstance(ip.ip, tuple) else ip.ip
            try:
                address = ipaddress.ip_address(raw)
            except ValueError:
                continue
            # Link-local addresses need a zone id, which browsers do not accept.
            if address.is_loopback or address.is_link_local or address.is_multicast:
                continue
            if isinstance(address, ipaddress.IPv4Address):
                ipv4.add(address)
            else:
                ipv6.add(address)
    return [str(address) for address in sorted(ipv4)] + [
        str(address) for address in sorted(ipv6)
    ]


def _url(host: str, port: int) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def share_urls(host: str, port: int) -> list[str]:
    """The URLs to open from another device when the server listens on `host`."""
    if host in WILDCARD_IPV4:
        # A socket bound to 0.0.0.0 takes IPv4 connections only.
        return [_url(a, port) for a in local_addresses() if ":" not in a]
    if host in WILDCARD_IPV6:
        return [_url(address, port) for address in local_addresses()]
    return [_url(host, port)]


def this_computer_url(host: str, port: int) -> str:
    """The URL to open in a browser on the computer that runs the server."""
    if host in WILDCARD_IPV4:
        return _url("127.0.0.1", port)
    if host in WILDCARD_IPV6:
        return _url("::1", port)
    return _url(host, port)


def _qr(url: str) -> segno.QRCode:
    import segno

    # A full QR code, never a Micro QR: phone cameras do not read those.
    return segno.make_qr(url, error="m")


def terminal_qr(url: str) -> str:
    """The QR code of `url` as half-block text: light modules are drawn, dark
    ones left as the (dark) terminal background, with a quiet zone around."""
    out = io.StringIO()
    _qr(url).terminal(out=out, border=QUIET_ZONE, compact=True)
    return out.getvalue()


def qr_png(url: str) -> bytes:
    """The QR code of `url` as a PNG image, large enough to scan from a screen."""
    out = io.BytesIO()
    _qr(url).save(out, kind="png", scale=8, border=QUIET_ZONE)
    return out.getvalue()
