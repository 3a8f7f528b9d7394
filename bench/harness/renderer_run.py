"""Starts a server of the benches under one renderer configuration (issue 31).

Run: python bench/harness/renderer_run.py CONFIG (-m MODULE | SCRIPT) [ARGS...]
CONFIG is one of CONFIGS: `isolated` is what the app served until issue 31
(COOP and COEP on every response, so a secure page is cross-origin isolated,
and Flutter's own loader, which then picks multi-threaded skwasm); `single` is
what it serves since (COOP only, so no page is isolated, and the loader held
to single-threaded skwasm: webclient/renderer.py); `canvaskit` is `single`
with the page's `flet.webRenderer` set to CanvasKit. The server is this
checkout's app (`-m companion.cli.main`) or a bare Flet app of bench/
(flet-web's own headers for `isolated`, none otherwise), changed
only in the process started here: nothing of ours is edited.
"""

from __future__ import annotations

import os
import runpy
import sys
from collections.abc import Callable
from typing import Any

CONFIGS = ("isolated", "single", "canvaskit")
COEP = {"cross-origin-embedder-policy": "require-corp"}
"""With COOP, which we send anyway, it makes a secure page cross-origin isolated."""

Headers = Callable[..., dict[str, str]]


def _isolated(headers: Headers) -> Headers:
    """`headers` (a function giving them) with COEP."""

    def with_coep(*args: Any, **kwargs: Any) -> dict[str, str]:
        return {**headers(*args, **kwargs), **COEP}

    return with_coep


def apply(config: str) -> None:
    """Change this process's serving to `config` before the app is imported."""
    if config not in CONFIGS:
        raise SystemExit(f"config must be one of {CONFIGS}, not {config!r}")
    from fastapi import FastAPI

    # Imported only where ours changes: a bare Flet app's start (timed by
    # bench/startup.py) pays for no module of ours.
    if config == "isolated":
        from companion.serving import client_files, http_layer

        http_layer.security_headers = _isolated(http_layer.security_headers)
        client_files.single_threaded_skwasm = lambda bootstrap: bootstrap
    else:
        # flet_web.fastapi.app adds COOP and COEP in a middleware of its own.
        add = FastAPI.add_middleware

        def add_middleware(self: FastAPI, cls: Any, *args: Any, **kw: Any) -> None:
            if getattr(cls, "__name__", "") != "CustomHeadersMiddleware":
                add(self, cls, *args, **kw)

        FastAPI.add_middleware = add_middleware  # type: ignore[method-assign]
    if config == "canvaskit":
        from flet.controls.types import WebRenderer

        from companion.serving import client_files

        os.environ["FLET_WEB_RENDERER"] = WebRenderer.CANVAS_KIT.value
        patch = client_files.patch_index_html

        def canvaskit_page(*args: Any, **kwargs: Any) -> None:
            patch(*args, **{**kwargs, "web_renderer": WebRenderer.CANVAS_KIT})

        client_files.patch_index_html = canvaskit_page


def main() -> None:
    config, *rest = sys.argv[1:]
    apply(config)
    if rest[0] == "-m":
        sys.argv = [rest[1], *rest[2:]]
        runpy.run_module(rest[1], run_name="__main__", alter_sys=True)
    else:
        sys.argv = rest
        sys.path.insert(0, os.path.dirname(os.path.abspath(rest[0])))
        runpy.run_path(rest[0], run_name="__main__")


if __name__ == "__main__":
    main()
