"""Flutter's loader held to single-threaded skwasm, the renderer every page runs."""

from __future__ import annotations

from companion.webclient.flet_patch import insert_after

CONFIG_ANCHOR = "var flutterConfig = {"
"""Where Flet's flutter_bootstrap.js starts the configuration it loads Flutter with."""

SINGLE_THREADED = "forceSingleThreadedSkwasm: true,"
"""Flutter's own setting: skwasm without its drawing worker, even when isolated."""


def single_threaded_skwasm(bootstrap: str) -> str:
    """Flutter's loader (flutter_bootstrap.js) that never runs skwasm on two threads.

    Flutter picks multi-threaded skwasm on a cross-origin-isolated page. In the
    Flutter of Flet 1.0.5's client (3.44.8) that build lays text out on the
    page's thread while its worker draws, both through one glyph cache without
    a lock, which corrupts its memory ("memory access out of bounds" or a page
    that freezes: flutter/flutter#190039, fixed in a later Flutter). Phones on
    the LAN and static hosts are never isolated, so one thread is what they run
    already; bench/README.md (issue 31) has the counts and the cost. A loader
    without the anchor is refused (flet_patch.FletFileChanged): Flet's file
    changed.
    """
    return insert_after(
        bootstrap, CONFIG_ANCHOR, f"\n    {SINGLE_THREADED}", "flutter_bootstrap.js"
    )
