"""How the loading screen looks in a screenshot: its colour against the app's."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page


def rgb(colour: str) -> tuple[int, int, int]:
    """A `#RRGGBB` colour as its three values."""
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def background(page: Page, shot: Path) -> tuple[int, int, int]:
    """The colour at the screen's left edge, halfway down, in a screenshot."""
    from PIL import Image

    page.screenshot(path=str(shot))
    with Image.open(shot) as image:
        return image.convert("RGB").getpixel((4, 422))  # type: ignore[return-value]


def close(found: tuple[int, int, int], wanted: tuple[int, int, int]) -> bool:
    """Whether two colours match but for rounding in the drawing."""
    return all(abs(a - b) <= 2 for a, b in zip(found, wanted, strict=True))
