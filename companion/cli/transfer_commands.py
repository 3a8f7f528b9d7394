"""The export and import command lines, speaking the system's language."""

import argparse
import sys

from companion.storage.errors import StoreError
from companion.storage.paths import data_dir
from companion.storage.store import Store
from companion.storage.transfer import ImportResult
from companion.words.game_texts import round_hands_text
from companion.words.i18n import Translator
from companion.words.merge_texts import merged_lines
from companion.words.messages import error_message


def _refuse(t: Translator, error: StoreError) -> int:
    print(f"companion: {error_message(t, error)}", file=sys.stderr)
    return 1


def run_export(args: argparse.Namespace, t: Translator) -> int:
    """companion export PATH [--match ID] [--csv]: write an export file."""
    if args.csv and not args.match:
        # TRANSLATORS: --csv and --match ID are the command's options; keep them.
        usage = t.gettext("--csv writes a single match: add --match ID")
        print(f"companion: {usage}", file=sys.stderr)
        return 2
    try:
        with Store.open(data_dir(args.data_dir), read_only=True) as store:
            if args.match and args.csv:
                store.export_csv(
                    args.match,
                    args.path,
                    # TRANSLATORS: a CSV column heading: the cards each player held.
                    hands=(
                        t.pgettext("csv", "cards held"),
                        lambda match, index: round_hands_text(t, match, index),
                    ),
                )
                # TRANSLATORS: {match} is a match's id, e.g. 0123456789ab.
                done = t.gettext("Exported match {match} as CSV to {path}").format(
                    match=args.match, path=args.path
                )
            elif args.match:
                store.export_match(args.match, args.path)
                # TRANSLATORS: {match} is a match's id, e.g. 0123456789ab.
                done = t.gettext("Exported match {match} to {path}").format(
                    match=args.match, path=args.path
                )
            else:
                count = store.export_all(args.path)
                done = t.ngettext(
                    "Exported {count} match to {path}",
                    "Exported {count} matches to {path}",
                    count,
                ).format(count=t.number(count), path=args.path)
    except StoreError as error:
        return _refuse(t, error)
    print(done)
    return 0


def import_summary(t: Translator, result: ImportResult, path: str) -> list[str]:
    """What an import did, one whole sentence per line."""
    added, skipped = len(result.added), len(result.skipped)
    players = len(result.players_added)
    lines = [
        t.ngettext(
            "Imported {count} match from {path}",
            "Imported {count} matches from {path}",
            added,
        ).format(count=t.number(added), path=path)
    ]
    if skipped:
        lines.append(
            t.ngettext(
                "{count} match was already in your data and was left unchanged",
                "{count} matches were already in your data and were left unchanged",
                skipped,
            ).format(count=t.number(skipped))
        )
    lines += merged_lines(t, len(result.updated), len(result.copied))
    if players:
        lines.append(
            t.ngettext(
                "Added {count} new player", "Added {count} new players", players
            ).format(count=t.number(players))
        )
    return lines


def run_import(args: argparse.Namespace, t: Translator) -> int:
    """companion import PATH: add the matches and players of an export file."""
    try:
        with Store.open(data_dir(args.data_dir)) as store:
            result = store.import_file(args.path)
    except StoreError as error:
        return _refuse(t, error)
    print("\n".join(import_summary(t, result, args.path)))
    return 0
