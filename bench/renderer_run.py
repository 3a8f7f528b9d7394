"""Starts a server of the benches under one renderer configuration (issue 31).

Run: python bench/renderer_run.py CONFIG (-m MODULE | SCRIPT) [ARGS...]
CONFIG is one of CONFIGS: `isolated` is what the app serves today (COOP/COEP on
every response, so a secure page is cross-origin isolated and Flutter picks
multi-threaded skwasm); `single` drops COEP (COOP alone does not isolate a page, so
Flutter runs skwasm single-threaded); `canvaskit` keeps today's headers and tells the
client to draw with CanvasKit (the page's `flet.webRenderer`). The server is
this checkout's app (`-m companion.cli.main`) or a bare Flet app of bench/,
changed only in the process started here: nothing of ours is edited.
"""

from __future__ import annotations

import os
import runpy
import sys
from collections.abc import Callable
from typing import Any

CONFIGS = ("isolated", "single", "canvaskit")
ISOLATION = ("cross-origin-embedder-policy",)
"""Without COEP a page is not cross-origin isolated; COOP alone (kept: it keeps
other sites' windows out of ours) does not isolate it."""


Headers = Callable[..., dict[str, str]]


def _not_isolated(headers: Headers) -> Headers:
    """`headers` (a function giving them) without COEP."""

    def without(*args: Any, **kwargs: Any) -> dict[str, str]:
        given = headers(*args, **kwargs)
        return {name: value for name, value in given.items() if name not in ISOLATION}

    return without


def apply(config: str) -> None:
    """Change this process's serving to `config` before the app is imported."""
    if config not in CONFIGS:
        raise SystemExit(f"config must be one of {CONFIGS}, not {config!r}")
    from fastapi import FastAPI
    from flet.controls.types import WebRenderer

    from companion.serving import client_files, http_layer

    if config == "single":
        http_layer.security_headers = _not_isolated(http_layer.security_headers)
        # flet_web.fastapi.app adds COOP/COEP in a middleware of its own.
        add = FastAPI.add_middleware

        def add_middleware(self: FastAPI, cls: Any, *args: Any, **kw: Any) -> None:
            if getattr(cls, "__name__", "") != "CustomHeadersMiddleware":
                add(self, cls, *args, **kw)

        FastAPI.add_middleware = add_middleware  # type: ignore[method-assign]
    if config == "canvaskit":
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
