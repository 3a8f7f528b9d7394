"""The card keypad, its panel, and the chips of a hand being tapped in."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

import flet as ft

from companion.engine.games import CardSet
from companion.ui.frame import format as fmt
from companion.ui.frame.render_guard import guarded_part
from companion.ui.frame.semantic_tap import tappable
from companion.ui.frame.theme import KEY_HEIGHT, KEY_WIDTH, TARGET
from companion.words.i18n import Translator

if TYPE_CHECKING:
    # A name of Flet's internal hooks module, for mypy alone: nothing of it
    # runs (listed in upstream.versions.WORKAROUNDS; mypy checks it is there).
    from flet.components.hooks.use_ref import MutableRef


@ft.component
@guarded_part
def CardKeys(
    t: Translator,
    player: str,
    faces: Sequence[str],
    cards: CardSet,
    values: Mapping[str, int],
    on_tap: Callable[[str], None],
) -> ft.Control:
    """One key per face, named as the card set calls it; each tap adds one card
    of that face to `player`'s hand."""
    keys: list[ft.Control] = []
    for face in faces:
        short = fmt.face_short(t, face, cards)
        wide = len(short) > 2
        keys.append(
            tappable(
                label=t.gettext("Add {card} to {name}").format(
                    card=fmt.face_name(t, face, cards=cards), name=player
                ),
                button=True,
                exclude_semantics=True,
                on_tap=lambda _, f=face: on_tap(f),
                content=ft.FilledTonalButton(
                    content=ft.Column(
                        [
                            ft.Text(
                                short,
                                size=16 if wide else 22,
                                weight=ft.FontWeight.BOLD,
                                no_wrap=True,
                            ),
                            ft.Text(t.number(values[face]), size=11),
                        ],
                        spacing=0,
                        alignment=ft.MainAxisAlignment.CENTER,
                        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                    ),
                    width=KEY_WIDTH * 2 + 4 if wide else KEY_WIDTH,
                    height=KEY_HEIGHT,
                    style=ft.ButtonStyle(
                        padding=ft.Padding.all(0),
                        shape=ft.RoundedRectangleBorder(radius=10),
                    ),
                    on_click=lambda _, f=face: on_tap(f),
                ),
            )
        )
    return ft.Row(keys, wrap=True, spacing=4, run_spacing=4)


MemoCardKeys = ft.memo(CardKeys)
"""CardKeys drawn again only when its props change: a card tap leaves them alone,
and the keys are most of what a tap would otherwise rebuild and compare."""


@ft.component
def HandChip(
    t: Translator,
    player: str,
    face: str,
    cards: CardSet,
    count: int,
    on_remove: Callable[[str], None],
) -> ft.Control:
    """One chip of a hand ("K ×2", named as the card set calls it); a tap on it
    removes one card of that face."""
    return tappable(
        # TRANSLATORS: {card} is one card with its numeral, "one king"; the
        # form follows {count}, the cards of that face the player holds.
        label=t.ngettext(
            "Remove {card} from {name} ({count} held)",
            "Remove {card} from {name} ({count} held)",
            count,
        ).format(
            card=fmt.one_face_name(t, face, cards), name=player, count=t.number(count)
        ),
        button=True,
        exclude_semantics=True,
        on_tap=lambda _: on_remove(face),
        content=ft.OutlinedButton(
            content=ft.Row(
                [
                    ft.Text(
                        fmt.chip_text(t, face, count, cards),
                        size=16,
                        weight=ft.FontWeight.W_600,
                    ),
                    ft.Icon(ft.Icons.CLOSE, size=16),
                ],
                spacing=4,
                tight=True,
            ),
            height=TARGET,
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=12)),
            on_click=lambda _: on_remove(face),
        ),
    )


MemoHandChip = ft.memo(HandChip)
"""A chip drawn again only when its count changes: a card tap redraws one chip."""


def hand_chips(
    t: Translator,
    player: str,
    faces: Sequence[str],
    cards: CardSet,
    hand: Mapping[str, int],
    on_remove: Callable[[str], None],
) -> ft.Control:
    """The hand as chips with counts ("K ×2"); a tap on one removes one card.

    `on_remove` should stay the same function from one draw to the next, or
    every chip is drawn again.
    """
    if not hand:
        return ft.Text(
            t.gettext("No cards yet"),
            color=ft.Colors.ON_SURFACE_VARIANT,
        )
    chips = [
        MemoHandChip(t, player, face, cards, hand[face], on_remove)
        for face in faces
        if hand.get(face, 0)
    ]
    return ft.Row(chips, wrap=True, spacing=6, run_spacing=6)


@ft.component
@guarded_part
def KeypadPanel(
    t: Translator,
    player: str,
    following: str | None,
    faces: Sequence[str],
    cards: CardSet,
    values: Mapping[str, int],
    on_add: Callable[[str], None],
    on_next: Callable[[], None],
) -> ft.Control:
    """The active player's keypad, with a button on to the next player if any."""
    # The keys get one tap handler for good, which calls the newest `on_add`:
    # a new handler on every render would draw the memoized keys again.
    latest_add: MutableRef[Callable[[str], None]] = ft.use_ref()
    latest_add.current = on_add
    add = ft.use_callback(lambda face: latest_add.current(face), [])  # type: ignore[misc]  # set above, before any tap
    heading: list[ft.Control] = [
        ft.Text(
            t.gettext("Cards {name} holds").format(name=player),
            weight=ft.FontWeight.W_600,
            expand=True,
        )
    ]
    if following is not None:
        heading.append(
            ft.FilledTonalButton(
                t.gettext("Next: {name}").format(name=following),
                icon=ft.Icons.ARROW_DOWNWARD,
                height=TARGET,
                on_click=on_next,
            )
        )
    return ft.Container(
        padding=ft.Padding.only(top=8),
        border=ft.Border.only(top=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
        content=ft.Column(
            [ft.Row(heading), MemoCardKeys(t, player, faces, cards, values, add)],
            spacing=6,
        ),
    )
