"""The Rive plugin asks a CDN for its runtime: the page gets a local stub instead."""

from __future__ import annotations

from companion.webclient.page_script import PageScript

RIVE_CDN = "https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@"
"""The start of every URL the Rive plugin loads its runtime from (then VERSION/...)."""

STUB_NAMES = ("wasm/rive_native.js", "wasm_compatibility/rive_native.js")
"""The runtime files the plugin tries, in order, below the CDN version folder."""

STUB = PageScript.beside(__file__, "rive_stub.js")
REDIRECT = PageScript.beside(__file__, "rive_redirect.js")


def rive_stub() -> bytes:
    """The stand-in for rive_native.js: a runtime that never finishes starting.

    Offline, the CDN script fails to load and the plugin waits for ever without
    breaking the page; the app draws no Rive animation. This stub keeps that
    behaviour without the request leaving the machine.
    """
    return STUB.shipped().encode()


def rive_redirect(stub_base: str) -> bytes:
    """A script that sends the plugin's `<script src=RIVE_CDN...>` to `stub_base`.

    `stub_base` ends with "/"; below it `STUB_NAMES` answer with `rive_stub()`.
    Load it before Flutter's own scripts.
    """
    return REDIRECT.shipped({"cdn": RIVE_CDN, "local": stub_base}).encode()
