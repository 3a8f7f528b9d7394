"""A QR code (a hand-over link, a connection code) as a crisp picture, screen-wide."""

from __future__ import annotations

import io
from functools import lru_cache
from typing import TYPE_CHECKING

import flet as ft

from companion.storage.match_link import QUIET_ZONE, handover_qr

if TYPE_CHECKING:
    import segno

WIDEST = 600
"""Logical pixels: on a tablet or a computer the code stops growing here."""


@lru_cache(maxsize=4)
def _code(link: str) -> segno.QRCode | None:
    # The screen re-renders on every save at the table: make each code once.
    return handover_qr(link)


@lru_cache(maxsize=4)
def _png(link: str, scale: int) -> bytes:
    out = io.BytesIO()
    # Dark on light whatever the theme, as a phone's camera expects.
    _drawn(link).save(
        out, kind="png", scale=scale, border=QUIET_ZONE, dark="#000", light="#fff"
    )
    return out.getvalue()


def _drawn(link: str) -> segno.QRCode:
    code = _code(link)
    if code is None:
        raise ValueError("the link fits no code a phone reads off a screen")
    return code


def fits_one_code(link: str) -> bool:
    """Whether the link fits a code that another phone reads off this screen."""
    return _code(link) is not None


def module_scale(link: str, width: float) -> int:
    """Logical pixels a module, a whole number, for the code with its quiet
    zone to fill `width` (at most WIDEST): every module the same size."""
    modules = _drawn(link).symbol_size(scale=1, border=QUIET_ZONE)[0]
    return max(1, int(min(width, WIDEST)) // int(modules))


def code_picture(link: str, width: float, label: str) -> ft.Control:
    """The link's QR code (fits_one_code first) as wide as `width` allows at a
    whole number of pixels a module, drawn without smoothing; `label` is what a
    screen reader says of it."""
    scale = module_scale(link, width)
    side = _drawn(link).symbol_size(scale=scale, border=QUIET_ZONE)[0]
    return ft.Semantics(
        label=label,
        image=True,
        exclude_semantics=True,
        content=ft.Image(
            src=_png(link, scale),
            width=side,
            height=side,
            # Nearest pixel: a module's edge stays sharp at any device pixel ratio.
            filter_quality=ft.FilterQuality.NONE,
            gapless_playback=True,
        ),
    )
