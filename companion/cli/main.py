"""The `companion` command: serve the app, or export and import the data."""

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from companion.storage.paths import cache_root
from companion.words.i18n import (
    Translator,
    keep_compiled_catalogs,
    terminal_translator,
)

DEFAULT_HOST = "127.0.0.1"
SHARE_HOST = "0.0.0.0"
DEFAULT_PORT = 8550
CATALOGS_FOLDER = "catalogs"
"""Below the cache folder: the compiled catalogs (words.i18n)."""


def build_parser(t: Translator) -> argparse.ArgumentParser:
    """The command line, its help in `t`'s language: serving, export and import."""
    parser = argparse.ArgumentParser(
        prog="companion",
        description=t.gettext(
            "Card Table Companion: a scorekeeper for the card table."
        ),
    )
    parser.add_argument(
        "--host",
        # TRANSLATORS: --share is the command's option; keep it.
        help=t.gettext(
            "address to listen on ({default}; with --share, {shared})"
        ).format(default=DEFAULT_HOST, shared=SHARE_HOST),
    )
    parser.add_argument(
        "--share",
        action="store_true",
        help=t.gettext(
            "let phones on the network join with a code (QR code and URLs shown)"
        ),
    )
    parser.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        help=t.gettext("port to listen on ({port})").format(port=DEFAULT_PORT),
    )
    parser.add_argument(
        "--site-url",
        metavar="URL",
        # TRANSLATORS: "companion publish" is a command; keep it.
        help=t.gettext(
            "the address of the phone-alone site (made by “companion publish”) "
            "that a match's hand-over code opens; remembered, as in Settings"
        ),
    )
    data_dir_help = t.gettext("where matches and settings are kept")
    parser.add_argument("--data-dir", help=data_dir_help)
    # Accepted after the subcommand too; SUPPRESS keeps the main option's value when
    # the subcommand does not repeat it.
    sub_data_dir: dict[str, Any] = {"default": argparse.SUPPRESS, "help": data_dir_help}
    commands = parser.add_subparsers(dest="command")
    export = commands.add_parser(
        "export", help=t.gettext("write the matches to a file")
    )
    export.add_argument("path", help=t.gettext("the file to write"))
    export.add_argument(
        "--match", metavar="ID", help=t.gettext("export only this match (its id)")
    )
    export.add_argument(
        "--csv",
        action="store_true",
        # TRANSLATORS: --match is the command's option; keep it.
        help=t.gettext("one match as a spreadsheet (CSV); needs --match"),
    )
    export.add_argument("--data-dir", **sub_data_dir)
    imported = commands.add_parser(
        "import", help=t.gettext("add the matches and players of an export file")
    )
    imported.add_argument("path", help=t.gettext("the file to read"))
    imported.add_argument("--data-dir", **sub_data_dir)
    publish = commands.add_parser(
        "publish",
        help=t.gettext("build the app as a static site that runs in the browser"),
    )
    publish.add_argument(
        "folder",
        nargs="?",
        default="site",
        help=t.gettext("the folder to write ({folder})").format(folder="site"),
    )
    publish.add_argument(
        "--base-url",
        default="/",
        help=t.gettext("the path the site is served under, e.g. /scores/ (/)"),
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the process exit status."""
    keep_compiled_catalogs(cache_root() / CATALOGS_FOLDER)
    t = terminal_translator()
    args = build_parser(t).parse_args(argv)
    if args.command == "export":
        from companion.cli.transfer_commands import run_export

        return run_export(args, t)
    if args.command == "import":
        from companion.cli.transfer_commands import run_import

        return run_import(args, t)
    if args.command == "publish":
        from companion.cli.publish_command import run_publish

        return run_publish(args, t)
    from companion.serving.server import serve
    from companion.storage.paths import data_dir

    host = args.host
    if host is None:
        host = SHARE_HOST if args.share else DEFAULT_HOST
    serve(
        host,
        args.port,
        data_dir(args.data_dir),
        share=args.share,
        site_url=args.site_url,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
