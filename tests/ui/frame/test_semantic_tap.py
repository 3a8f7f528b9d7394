"""A Semantics node's tap reaches the app: its handler goes to the client under
the name Flet 1.0.5's client reads."""

from __future__ import annotations

import re
from pathlib import Path

import flet as ft
import flet_web
from flet.controls.control_event import get_event_field_type
from flet.messaging.protocol import configure_encode_object_for_msgpack

from companion.ui.frame.semantic_tap import tappable
from companion.upstream import versions

CLIENT = Path(flet_web.__file__).parent / "web" / "main.dart.js"


def sent(control: ft.Control) -> dict[str, object]:
    """The properties Flet sends the client for `control`."""
    encoded = configure_encode_object_for_msgpack(ft.BaseControl)(control)
    assert isinstance(encoded, dict)
    return encoded


def test_on_the_measured_flet_the_tap_is_sent_as_the_click_the_client_reads():
    handler = print
    node = tappable(
        on_tap=handler, version=versions.FLET, label="Add king to Ada", button=True
    )
    said = sent(node)
    assert said["_c"] == "Semantics"
    assert said["on_click"] is True
    assert "on_tap" not in said
    assert node.on_click is handler  # type: ignore[attr-defined]  # the measured Flet's
    # Flet reads the handler's annotation to build the event when it comes.
    assert get_event_field_type(node, "on_click") is not None


def test_the_installed_client_gives_a_semantics_node_its_tap_from_on_click_alone():
    # The client's Semantics build, as compiled (main.dart.js): the tap action
    # comes from the control's "click" handler (`aT("click")` reads "on_click").
    # A Flet whose client reads "tap" fails here: semantic_tap is then dropped.
    client = CLIENT.read_text("utf-8")
    build = client[client.index('"Semantics build: "') :][:6000]
    handlers = set(re.findall(r'\.aT\("(\w+)"\)', build))
    assert "click" in handlers
    assert "tap" not in handlers


def test_on_another_flet_the_tap_is_flets_own():
    node = tappable(on_tap=print, version="1.1.0", label="Rules", button=True)
    said = sent(node)
    assert said["on_tap"] is True
    assert "on_click" not in said
