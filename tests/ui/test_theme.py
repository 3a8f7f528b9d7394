"""The theme: the app's seed colour and density reach Flet as its own Theme would."""

from __future__ import annotations

import subprocess
import sys

import flet as ft
import msgpack
import pytest
from flet.controls.base_control import BaseControl
from flet.messaging.protocol import configure_encode_object_for_msgpack
from flet.version import flet_version

from companion.ui.theme import SEED, THEME_MEASURED_ON, theme


def _sent(value: object) -> object:
    """What Flet's message encoder puts on the wire for `value`, read back."""
    encode = configure_encode_object_for_msgpack(BaseControl)
    return msgpack.unpackb(msgpack.packb(value, default=encode))


@pytest.mark.skipif(
    flet_version != THEME_MEASURED_ON, reason="the map is Flet 1.0.5's encoding"
)
def test_the_theme_map_is_what_flet_sends_for_its_own_theme():
    flets = ft.Theme(color_scheme_seed=SEED, visual_density=ft.VisualDensity.STANDARD)
    assert _sent(theme(THEME_MEASURED_ON)) == _sent(flets)
    assert _sent(theme(THEME_MEASURED_ON))["color_scheme_seed"] == "green800"


def test_another_flet_gets_its_own_theme_object():
    other = theme("0.0.0")
    assert isinstance(other, ft.Theme)
    assert other.color_scheme_seed == SEED
    assert other.visual_density == ft.VisualDensity.STANDARD


def test_the_app_starts_without_flets_theme_module():
    script = (
        "import sys, companion.serving.app, companion.ui.root,"
        " companion.ui.matches_screen\n"
        "from companion.ui.theme import theme\n"
        "theme()\n"
        "print('flet.controls.theme' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    assert done.stdout.split() == [str(flet_version != THEME_MEASURED_ON)]
