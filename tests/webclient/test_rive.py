"""The Rive plugin's runtime: a local stub, and the redirect that points at it."""

from __future__ import annotations

import json

import pytest
from node_scripts import node_json

from companion.webclient.rive import RIVE_CDN, STUB_NAMES, rive_redirect, rive_stub

# A <script> element's `src` as the browser keeps it; the redirect runs on it.
_SCRIPT_SRC = """
globalThis.self = globalThis;
class HTMLScriptElement {}
Object.defineProperty(HTMLScriptElement.prototype, 'src', {
  configurable: true, enumerable: true,
  get() { return this.kept; }, set(value) { this.kept = String(value); },
});
globalThis.HTMLScriptElement = HTMLScriptElement;
require('vm').runInThisContext(REDIRECT);
const asked = ASKED.map((url) => {
  const script = new HTMLScriptElement();
  script.src = url;
  return script.src;
});
console.log(JSON.stringify(asked));
"""


def _redirected(stub_base: str, asked: list[str]) -> object:
    program = _SCRIPT_SRC.replace(
        "REDIRECT", json.dumps(rive_redirect(stub_base).decode())
    ).replace("ASKED", json.dumps(asked))
    return node_json("-e", program)


def test_the_stub_defines_a_runtime_that_never_starts() -> None:
    program = (
        "globalThis.window = globalThis;"
        f"require('vm').runInThisContext({json.dumps(rive_stub().decode())});"
        "let settled = false;"
        "window.RiveNative().then(() => { settled = true; });"
        "setTimeout(() => console.log(JSON.stringify(settled)), 50);"
    )
    assert node_json("-e", program) is False


def test_the_plugins_cdn_script_is_sent_to_the_local_stub() -> None:
    cdn_file = f"{RIVE_CDN}0.1.2/{STUB_NAMES[0]}"
    other = "https://example.org/x.js"
    assert _redirected("/client/abc/rive/", [cdn_file, "main.dart.js", other]) == [
        f"/client/abc/rive/{STUB_NAMES[0]}",
        "main.dart.js",
        other,
    ]
    assert all(name.endswith("/rive_native.js") for name in STUB_NAMES)


@pytest.mark.parametrize("base", ['/x"/', "/x\\/", "/x</script>/"])
def test_a_folder_with_quotes_or_markup_stays_a_string(base: str) -> None:
    cdn_file = f"{RIVE_CDN}0.1.2/{STUB_NAMES[1]}"
    assert _redirected(base, [cdn_file]) == [base + STUB_NAMES[1]]
    assert "</script>" not in rive_redirect(base).decode()
