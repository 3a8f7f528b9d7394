"""How every bare Flet app of the benches is started: --host, --port, ft.run.

No code of ours, like the apps themselves: a web server without the CDN.
"""

import argparse
from collections.abc import Callable

import flet as ft


def arguments(description: str) -> argparse.ArgumentParser:
    """A parser for --host and --port; an app adds its own options to it."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8551)
    return parser


def serve(main: Callable[[ft.Page], None], args: argparse.Namespace) -> None:
    """Serve `main` to browsers at --host:--port."""
    ft.run(
        main, view=ft.AppView.WEB_BROWSER, host=args.host, port=args.port, no_cdn=True
    )


def run(main: Callable[[ft.Page], None], doc: str) -> None:
    """Serve `main` as the command line says; `doc` is the app's docstring."""
    serve(main, arguments(doc.splitlines()[0]).parse_args())
