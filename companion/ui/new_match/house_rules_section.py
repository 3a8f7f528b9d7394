"""The new-match screen's house rules: cards, scoring, how it ends, decks, values."""

from __future__ import annotations

import flet as ft

from companion.engine.games import (
    EndKind,
    Game,
    LimitRule,
    Scoring,
    get_card_set,
)
from companion.ui.frame import format as fmt
from companion.ui.frame.shell import choices, section_title
from companion.ui.frame.theme import TARGET
from companion.ui.new_match.match_draft import DraftUpdate, MatchDraft
from companion.words.i18n import Translator
from companion.words.typed_numbers import parse_whole_number


def _card_set_choice(
    t: Translator, game: Game, draft: MatchDraft, update: DraftUpdate
) -> list[ft.Control]:
    """The choice of cards, where the game offers one."""
    if len(game.card_sets) == 1:
        return []
    return [
        choices(
            [
                (card_set, fmt.card_set_label(t, get_card_set(card_set)))
                for card_set in game.card_sets
            ],
            draft.card_set or game.card_sets[0],
            lambda v: update(lambda d: d.set(card_set=v)),
        )
    ]


def _extra_wilds(
    t: Translator, game: Game, draft: MatchDraft, update: DraftUpdate
) -> list[ft.Control]:
    """How many wild cards the deck has beyond the game's, where it has wilds."""
    controls: list[ft.Control] = []
    if game.wild_face is not None:
        controls.append(
            ft.TextField(
                label=t.gettext("Extra wild cards"),
                helper=t.gettext(
                    "Newer decks have more wilds (blank ones, Shuffle Hands)"
                ),
                value=draft.extra_wilds,
                keyboard_type=ft.KeyboardType.NUMBER,
                input_filter=ft.NumbersOnlyInputFilter(),
                # The client's text (forgeable): a str or dropped
                # (serving/client_patches.py); the draft parses it and says what is
                # wrong.
                on_change=lambda e: update(
                    lambda d: d.set(extra_wilds=e.control.value)
                ),
            )
        )
    return controls


def house_rules_section(
    t: Translator, draft: MatchDraft, update: DraftUpdate
) -> list[ft.Control]:
    """The house rules of the match being set up: cards, scoring, end, decks, values."""
    game = draft.game
    cards = get_card_set(draft.card_set or game.card_sets[0])
    limit = draft.end_kind is EndKind.LIMIT
    controls: list[ft.Control] = [
        section_title(t.gettext("House rules")),
        *_card_set_choice(t, game, draft, update),
        choices(
            [
                (Scoring.PENALTY.value, fmt.scoring_label(t, Scoring.PENALTY)),
                (
                    Scoring.WINNER_COLLECTS.value,
                    fmt.scoring_label(t, Scoring.WINNER_COLLECTS),
                ),
            ],
            draft.scoring.value,
            lambda v: update(lambda d: d.set(scoring=Scoring(v))),
        ),
        choices(
            [
                (EndKind.LIMIT.value, t.gettext("Points limit")),
                (EndKind.ROUNDS.value, t.gettext("Number of rounds")),
            ],
            draft.end_kind.value,
            lambda v: update(lambda d: d.set(end_kind=EndKind(v))),
        ),
        ft.TextField(
            label=t.gettext("Points limit") if limit else t.gettext("Number of rounds"),
            value=draft.end_text,
            keyboard_type=ft.KeyboardType.NUMBER,
            input_filter=ft.NumbersOnlyInputFilter(),
            # The client's text (forgeable): a str or dropped
            # (serving/client_patches.py); the draft parses it and says what is wrong.
            on_change=lambda e: update(lambda d: d.set(end_text=e.control.value)),
        ),
    ]
    if limit:
        controls.append(
            choices(
                [
                    (LimitRule.EXCEEDS.value, t.gettext("Ends above the limit")),
                    (LimitRule.REACHES.value, t.gettext("Ends at the limit")),
                ],
                draft.effective_limit_rule.value,
                lambda v: update(lambda d: d.set(limit_rule=LimitRule(v))),
            )
        )
    if len(game.deck_options) > 1:
        decks = draft.decks or game.decks_for(max(1, len(draft.seats)))
        controls.append(
            choices(
                [
                    (str(n), t.ngettext("{n} deck", "{n} decks", n).format(n=n))
                    for n in game.deck_options
                ],
                str(decks),
                lambda v: update(lambda d: d.set(decks=parse_whole_number(v))),
            )
        )
    controls.extend(_extra_wilds(t, game, draft, update))
    values = ft.Row(
        [
            ft.TextField(
                label=fmt.face_short(t, face, cards),
                value=draft.values.get(face, str(game.values[face])),
                width=76,
                keyboard_type=ft.KeyboardType.NUMBER,
                input_filter=ft.NumbersOnlyInputFilter(),
                # The client's text (forgeable): a str or dropped
                # (serving/client_patches.py); the draft parses it and says what is
                # wrong.
                on_change=lambda e, f=face: update(
                    lambda d: d.set_value(f, e.control.value)
                ),
            )
            for face in cards.order(game.faces)
        ],
        wrap=True,
    )
    controls.append(
        ft.ExpansionTile(
            title=ft.Text(t.gettext("Card values")),
            controls=[values],
            min_tile_height=TARGET,
        )
    )
    return controls
