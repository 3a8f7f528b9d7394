"""The new-match screen's house rules: scoring, how it ends, decks, card values."""

from __future__ import annotations

import flet as ft

from companion.engine.games import EndKind, LimitRule, Scoring, get_game
from companion.ui import format as fmt
from companion.ui.match_draft import DraftUpdate, MatchDraft
from companion.ui.shell import choices, section_title
from companion.ui.theme import TARGET
from companion.words.i18n import Translator
from companion.words.typed_numbers import parse_whole_number


def house_rules_section(
    t: Translator, draft: MatchDraft, update: DraftUpdate
) -> list[ft.Control]:
    """The house rules of the match being set up: scoring, its end, decks, values."""
    game = get_game(draft.game_id)
    limit = draft.end_kind is EndKind.LIMIT
    controls: list[ft.Control] = [
        section_title(t.gettext("House rules")),
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
    values = ft.Row(
        [
            ft.TextField(
                label=fmt.face_short(t, face),
                value=draft.values.get(face, str(game.values[face])),
                width=76,
                keyboard_type=ft.KeyboardType.NUMBER,
                input_filter=ft.NumbersOnlyInputFilter(),
                on_change=lambda e, f=face: update(
                    lambda d: d.set_value(f, e.control.value)
                ),
            )
            for face in game.faces
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
