"""What merging an import file's matches did besides adding: the sentences."""

from __future__ import annotations

from companion.words.i18n import Translator


def merged_lines(t: Translator, updated: int, copied: int) -> list[str]:
    """One line each (as the import's other lines, no full stop) for the
    matches an import brought up to date and those it kept beside one here as
    copies (none: no line)."""
    lines = []
    if updated:
        lines.append(
            t.ngettext(
                "{count} match you had was brought up to date",
                "{count} matches you had were brought up to date",
                updated,
            ).format(count=t.number(updated))
        )
    if copied:
        lines.append(
            t.ngettext(
                "{count} match went another way than yours and was kept as a "
                "copy beside it",
                "{count} matches went another way than yours and were kept as "
                "copies beside them",
                copied,
            ).format(count=t.number(copied))
        )
    return lines
