"""The `companion` command: serve the app, or export and import the data."""

import argparse
import sys
from collections.abc import Sequence

DEFAULT_HOST = "127.0.0.1"
SHARE_HOST = "0.0.0.0"
DEFAULT_PORT = 8550
# Accepted after the subcommand too; SUPPRESS keeps the main option's value when
# the subcommand does not repeat it.
SUB_DATA_DIR = {"default": argparse.SUPPRESS, "help": "where data is kept"}


def build_parser() -> argparse.ArgumentParser:
    """The command line: serving options, plus the export and import commands."""
    parser = argparse.ArgumentParser(
        prog="companion",
        description="Card Table Companion: a scorekeeper for the card table.",
    )
    parser.add_argument(
        "--host",
        help=f"address to listen on ({DEFAULT_HOST}; with --share, {SHARE_HOST})",
    )
    parser.add_argument(
        "--share",
        action="store_true",
        help="let phones on the network join with a code (QR code and URLs shown)",
    )
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="port")
    parser.add_argument("--data-dir", help="where matches and settings are kept")
    commands = parser.add_subparsers(dest="command")
    export = commands.add_parser("export", help="write the data to a file")
    export.add_argument("path", help="the file to write")
    export.add_argument("--match", help="export only this match (its id)")
    export.add_argument("--csv", action="store_true", help="one match as CSV")
    export.add_argument("--data-dir", **SUB_DATA_DIR)
    imported = commands.add_parser("import", help="read data from an export file")
    imported.add_argument("path", help="the file to read")
    imported.add_argument("--data-dir", **SUB_DATA_DIR)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the process exit status."""
    args = build_parser().parse_args(argv)
    if args.command == "export":
        from companion.storage.commands import run_export

        return run_export(args)
    if args.command == "import":
        from companion.storage.commands import run_import

        return run_import(args)
    from companion.server import serve
    from companion.storage.paths import data_dir

    host = args.host
    if host is None:
        host = SHARE_HOST if args.share else DEFAULT_HOST
    serve(host, args.port, data_dir(args.data_dir), share=args.share)
    return 0


if __name__ == "__main__":
    sys.exit(main())
