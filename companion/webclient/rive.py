"""The Rive plugin asks a CDN for its runtime: the page gets a local stub instead."""

from __future__ import annotations

RIVE_CDN = "https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@"
"""The start of every URL the Rive plugin loads its runtime from (then VERSION/...)."""

STUB_NAMES = ("wasm/rive_native.js", "wasm_compatibility/rive_native.js")
"""The runtime files the plugin tries, in order, below the CDN version folder."""


def rive_stub() -> bytes:
    """The stand-in for rive_native.js: a runtime that never finishes starting.

    Offline, the CDN script fails to load and the plugin waits for ever without
    breaking the page; the app draws no Rive animation. This stub keeps that
    behaviour without the request leaving the machine.
    """
    return (
        b"// Card Table Companion draws no Rive animation: the runtime never starts.\n"
        b"window.RiveNative = () => new Promise(() => {});\n"
    )


def rive_redirect(stub_base: str) -> bytes:
    """A script that sends the plugin's `<script src=RIVE_CDN...>` to `stub_base`.

    `stub_base` ends with "/"; below it `STUB_NAMES` answer with `rive_stub()`.
    Load it before Flutter's own scripts.
    """
    return (
        "// Flutter's Rive plugin sets <script>.src to a CDN: point it here.\n"
        "(() => {\n"
        f"  const cdn = {_js_string(RIVE_CDN)};\n"
        f"  const local = {_js_string(stub_base)};\n"
        "  const proto = HTMLScriptElement.prototype;\n"
        '  const src = Object.getOwnPropertyDescriptor(proto, "src");\n'
        '  Object.defineProperty(proto, "src", {\n'
        "    configurable: true,\n"
        "    enumerable: src.enumerable,\n"
        "    get() { return src.get.call(this); },\n"
        "    set(value) {\n"
        "      let url = String(value);\n"
        "      if (url.startsWith(cdn)) {\n"
        '        url = local + url.slice(url.indexOf("/", cdn.length) + 1);\n'
        "      }\n"
        "      src.set.call(this, url);\n"
        "    },\n"
        "  });\n"
        "})();\n"
    ).encode()


def _js_string(text: str) -> str:
    """`text` as a double-quoted JavaScript string literal (no quotes inside)."""
    if any(mark in text for mark in '"\\\n<'):
        raise ValueError(f"not a plain URL: {text!r}")
    return f'"{text}"'
