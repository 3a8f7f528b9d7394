"""Rule reminders cut into passages: the pieces of text a search answers with.

A reminder card is cut into passages: a dispute's question with its answer, a
list item, a paragraph, a row of a table. A dispute is a paragraph that starts
with a bold question (``**Eight on an eight?** Yes, ...``); every other passage
states a fact.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from companion.words.rules import Reminder

LEAD = re.compile(r"^\*\*(.+?)\*\*")
BOLD = re.compile(r"\*\*(.+?)\*\*")
SHORT_LEAD = 4
"""The most words an item's "On an ace:" may have to be read as its lead."""


@dataclass(frozen=True)
class Passage:
    """One answer inside a reminder card: its text (``**bold**`` kept), its lead."""

    game_id: str
    section: str
    section_title: str
    kind: str
    """"question" (a dispute), "item" (of a list), "paragraph" or "row" (of a table)."""
    text: str
    lead: str
    heading: str = ""
    """A table row's column headings ("Cards", "Points"), searched as its title is."""


def _row_text(line: str) -> str:
    cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
    return ": ".join(cell for cell in cells if cell)


def _blocks(body: str) -> list[tuple[str, str, str]]:
    """A card's body as (kind, text, heading) passages, in the order written."""
    found: list[tuple[str, str, str]] = []
    for block in re.split(r"\n\s*\n", body.strip()):
        lines = [line.strip() for line in block.splitlines() if line.strip()]
        if not lines:
            continue
        if all(line.startswith("|") for line in lines):
            # Row 0 is the heading, row 1 the |---| line under it.
            heading = _row_text(lines[0])
            found.extend(("row", _row_text(line), heading) for line in lines[2:])
        elif all(line.startswith(("- ", "* ")) for line in lines):
            found.extend(("item", line[2:].strip(), "") for line in lines)
        else:
            text = " ".join(lines)
            lead = LEAD.match(text)
            is_question = lead is not None and lead.group(1).rstrip().endswith("?")
            found.append(("question" if is_question else "paragraph", text, ""))
    return found


def passages(game_id: str, cards: Sequence[Reminder]) -> list[Passage]:
    """Every passage of a game's reminder cards, in reading order."""
    shown: list[Passage] = []
    for card in cards:
        for kind, text, heading in _blocks(card.body):
            lead = LEAD.match(text)
            named, _, rest = text.partition(": ")
            if kind == "row":
                lead_text = named
            elif lead:
                lead_text = lead.group(1)
            elif kind == "item" and rest and len(named.split()) <= SHORT_LEAD:
                # "On an ace: another ace, ...": an item that names what it is about.
                lead_text = named
            else:
                lead_text = ""
            shown.append(
                Passage(game_id, card.id, card.title, kind, text, lead_text, heading)
            )
    return shown
