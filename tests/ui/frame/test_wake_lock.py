"""Keep the screen awake: offered only where the browser can do it."""

from __future__ import annotations

import flet as ft
import pytest
from rendered_app import drawn_views, walk

from companion.storage import Store
from companion.ui.frame.wake_lock import can_keep_awake
from companion.ui.settings import features

SWITCH = "Keep the screen awake during a match"


@pytest.mark.parametrize(
    ("web", "url", "can"),
    [
        (False, None, True),
        (True, "https://example.github.io/companion/", True),
        (True, "http://127.0.0.1:8550/", True),
        (True, "http://localhost:8550/settings", True),
        (True, "http://[::1]:8550/", True),
        (True, "http://192.168.1.20:8550/", False),
        (True, "http://table.local:8550/", False),
        (True, "http://[fe80::1%25eth0", False),
        (True, None, False),
        (True, "file:///tmp/x.html", False),
    ],
)
def test_a_browser_keeps_the_screen_awake_on_secure_pages_only(
    web: bool, url: str | None, can: bool
) -> None:
    assert can_keep_awake(web, url) is can


def _settings(url: str) -> tuple[list[str], list[str]]:
    (view,) = drawn_views(
        Store.in_memory(), "/settings", features.served(), peer="127.0.0.1", url=url
    )
    controls = walk(view)
    switches = [c.label for c in controls if isinstance(c, ft.Semantics)]
    texts = [str(c.value) for c in controls if isinstance(c, ft.Text)]
    return switches, texts


def test_a_phone_over_plain_http_is_told_why_instead_of_a_useless_switch() -> None:
    switches, texts = _settings("http://192.168.1.20:8550/settings")
    assert SWITCH not in switches
    assert any(
        text.startswith("This phone cannot keep the screen awake") for text in texts
    )
    switches, texts = _settings("http://127.0.0.1:8550/settings")
    assert SWITCH in switches
