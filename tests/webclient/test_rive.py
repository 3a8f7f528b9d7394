"""The Rive plugin's runtime: a local stub, and the redirect that points at it."""

from __future__ import annotations

import pytest

from companion.webclient.rive import RIVE_CDN, STUB_NAMES, rive_redirect, rive_stub


def test_the_stub_defines_the_runtime_the_plugin_calls() -> None:
    assert b"window.RiveNative = " in rive_stub()


def test_the_redirect_names_the_cdn_and_the_local_folder() -> None:
    script = rive_redirect("/client/abc/rive/").decode()
    assert f'"{RIVE_CDN}"' in script
    assert '"/client/abc/rive/"' in script
    assert all(name.endswith("/rive_native.js") for name in STUB_NAMES)


@pytest.mark.parametrize("base", ['/x"/', "/x\\/", "/x</script>/"])
def test_a_folder_that_would_break_out_of_the_string_is_refused(base: str) -> None:
    with pytest.raises(ValueError):
        rive_redirect(base)
