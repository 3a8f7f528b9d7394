"""The export and import command lines: short plain results, errors translated."""

import argparse
import sys

from companion.i18n import get_translator
from companion.messages import error_message
from companion.storage.errors import StoreError
from companion.storage.paths import data_dir
from companion.storage.store import Store


def describe_error(error: StoreError) -> str:
    """The English sentence for a store error, as the app would show it."""
    return error_message(get_translator("en"), error)


def _fail(error: StoreError) -> int:
    print(f"companion: {describe_error(error)}", file=sys.stderr)
    return 1


def run_export(args: argparse.Namespace) -> int:
    """companion export PATH [--match ID] [--csv]: write an export file."""
    if args.csv and not args.match:
        print("companion: --csv needs --match ID", file=sys.stderr)
        return 2
    try:
        with Store.open(data_dir(args.data_dir)) as store:
            if args.match and args.csv:
                store.export_csv(args.match, args.path)
                print(f"Exported match {args.match} as CSV to {args.path}")
            elif args.match:
                store.export_match(args.match, args.path)
                print(f"Exported match {args.match} to {args.path}")
            else:
                count = store.export_all(args.path)
                print(f"Exported {count} matches to {args.path}")
    except StoreError as error:
        return _fail(error)
    return 0


def run_import(args: argparse.Namespace) -> int:
    """companion import PATH: add the matches and players of an export file."""
    try:
        with Store.open(data_dir(args.data_dir)) as store:
            result = store.import_file(args.path)
    except StoreError as error:
        return _fail(error)
    print(
        f"Imported {len(result.added)} matches "
        f"({len(result.skipped)} already present), "
        f"{len(result.players_added)} new players"
    )
    return 0
