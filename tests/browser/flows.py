"""Steps the browser tests share: set up a match, record a round by taps."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from driver import Table
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from companion.words.game_texts import card_name
from companion.words.i18n import get_translator

ENGLISH = get_translator("en")


def new_match(
    table: Table, game: str, players: Sequence[str], **choices: str | None
) -> str:
    """Open the Matches screen, set up and start a match (start_match's
    `choices`); returns its URL path."""
    table.open("/")
    start_match(table, game, players, **choices)
    return table.path()


def start_match(
    table: Table,
    game: str,
    players: Sequence[str],
    *,
    end_value: str | None = None,
    scoring: str | None = None,
    cards: str | None = None,
) -> None:
    """From the Matches screen on the tab, set up and start a match and wait
    for its scoreboard.

    `scoring` and `cards` name a house rule's choice to tap ("Winner collects",
    "Regular decks"), else the game's own stays."""
    table.tap("New match")
    table.see("House rules")
    choose_game(table, game)
    for name in players:
        seat = f"{len(table_seats(players, name))}. {name}"
        # On a loaded machine the tap on Add can reach the app before the text
        # Playwright put in the field (CI: "Enter a name." with the field empty),
        # which no person typing can do: the name is typed and added again then.
        for attempt in range(3):
            table.fill("New player's name", name)
            table.tap("Add player")
            try:
                table.see(seat, timeout=10_000)
                break
            except PlaywrightTimeout:
                if attempt == 2:
                    raise
    for choice in (scoring, cards):
        if choice is not None:
            table.tap(choice)
    if end_value is not None:
        label = "Number of rounds" if game == "Vändåtta" else "Points limit"
        table.fill(label, end_value)
    table.tap("Start match")
    table.button("Record round").wait_for()


def choose_game(table: Table, game: str) -> None:
    """On New match, open the list of games and pick `game` (its card's name)."""
    table.tap("Change game")
    table.tap(game, exact=False)
    table.button("Change game").wait_for()


def table_seats(players: Sequence[str], upto: str) -> Sequence[str]:
    """The players seated up to and including `upto`."""
    return players[: players.index(upto) + 1]


def record_round(
    table: Table,
    went_out: str | None,
    hands: Mapping[str, Sequence[str]],
    *,
    save: bool = True,
) -> None:
    """From the scoreboard: Record round, who went out, cards by taps, Save."""
    for name in round_taps(went_out, hands):
        table.tap(name)
    if save:
        save_button = table.button("Save round")
        save_button.wait_for()
        table.page.wait_for_function(
            "() => [...document.querySelectorAll('flt-semantics[role=button]')]"
            ".some(e => e.innerText.includes('Save round')"
            " && e.getAttribute('aria-disabled') !== 'true')"
        )
        table.tap("Save round")
        table.button("Record round").or_(table.button("Rematch")).first.wait_for()


def round_taps(went_out: str | None, hands: Mapping[str, Sequence[str]]) -> list[str]:
    """The buttons a person taps from the scoreboard to enter a round, Save
    round left out: Record round, who went out, then each hand's cards (Next
    to each hand after the first)."""
    taps = ["Record round", went_out if went_out is not None else "Nobody went out"]
    for place, (player, cards) in enumerate(hands.items()):
        if place:
            taps.append(f"Next: {player}")
        taps += [f"Add {card_name(ENGLISH, face)} to {player}" for face in cards]
    return taps


def join_code(host: Table) -> str:
    """Read the join code off the host's Settings -> Share this table."""
    host.open("/settings")
    host.see("Share this table")
    spoken = host.see(re.compile(r"^Join code: (\d ){5}\d$")).inner_text()
    return "".join(spoken.removeprefix("Join code:").split())


def join(guest: Table, code: str, name: str = "") -> None:
    """On the Join screen, enter the code (as the host's screen shows it) and join."""
    guest.see("Join this table")
    guest.fill("Join code", f"{code[:3]} {code[3:]}")
    if name:
        guest.fill("Your name", name)
    guest.tap("Join")
