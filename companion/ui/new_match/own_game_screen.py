"""Your own game: its name, cards and points, scoring, end and table size; save."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.engine.games import CARD_SETS, EndKind, LimitRule, Scoring
from companion.ui.frame import format as fmt
from companion.ui.frame.access import refusal_screen, view_only_screen
from companion.ui.frame.render_guard import guarded_screen
from companion.ui.frame.shell import (
    action_bar,
    choices,
    icon_button,
    navigate,
    screen,
    section_title,
    toggle_row,
)
from companion.ui.frame.state import AppState, use_app
from companion.ui.frame.theme import TARGET
from companion.ui.new_match.own_game_actions import (
    Update,
    delete_game,
    save_game,
    use_draft,
)
from companion.ui.new_match.own_game_draft import OwnGameDraft
from companion.words.i18n import Translator
from companion.words.messages import error_message


def _number(label: str, value: str, on_change: Callable[[str], None]) -> ft.Control:
    return ft.TextField(
        label=label,
        value=value,
        keyboard_type=ft.KeyboardType.NUMBER,
        input_filter=ft.NumbersOnlyInputFilter(),
        # The client's value (forgeable): of the field's type or dropped
        # (serving/client_patches.py); the draft checks it and says what is wrong.
        on_change=lambda e: on_change(e.control.value),
    )


def _face_in_use(label: str, used: bool, toggle: Callable[[], None]) -> ft.Control:
    """A card's checkbox on a row a finger hits, toggled wherever it is tapped."""
    return ft.Semantics(
        label=label,
        checked=used,
        exclude_semantics=True,
        expand=True,
        on_tap=lambda: toggle(),
        content=ft.Container(
            height=TARGET,
            border_radius=12,
            on_click=lambda: toggle(),
            content=ft.Row(
                [
                    ft.Checkbox(value=used, on_change=lambda: toggle()),
                    ft.Text(label, expand=True),
                ],
                spacing=0,
            ),
        ),
    )


def _faces(t: Translator, draft: OwnGameDraft, update: Update) -> list[ft.Control]:
    cards = CARD_SETS[draft.card_set]
    rows: list[ft.Control] = [
        section_title(t.gettext("Cards and points")),
        choices(
            [(c, fmt.card_set_label(t, s)) for c, s in CARD_SETS.items()],
            draft.card_set,
            lambda v: update(lambda d: d.choose_card_set(v)),
        ),
    ]
    for face in cards.cards:
        used = face in draft.values
        name = fmt.face_name(t, face, 2, cards)
        rows.append(
            ft.Row(
                [
                    _face_in_use(
                        name[:1].upper() + name[1:],
                        used,
                        lambda f=face: update(lambda d: d.toggle_face(f)),  # type: ignore[misc]  # mypy cannot type a lambda's default (it binds the face)
                    ),
                    ft.TextField(
                        label=t.gettext("Points for {cards}").format(cards=name),
                        value=draft.values.get(face, ""),
                        width=150,
                        disabled=not used,
                        keyboard_type=ft.KeyboardType.NUMBER,
                        input_filter=ft.NumbersOnlyInputFilter(),
                        # The client's value (forgeable): of the field's type or dropped
                        # (serving/client_patches.py); the draft checks it and says what
                        # is wrong.
                        on_change=lambda e, f=face: update(
                            lambda d: d.set_value(f, e.control.value)
                        ),
                    ),
                ]
            )
        )
    return rows


def _rules(t: Translator, draft: OwnGameDraft, update: Update) -> list[ft.Control]:
    def typed(key: str) -> Callable[[str], None]:
        return lambda text: update(lambda d: d.set(**{key: text}))

    limit = draft.end_kind is EndKind.LIMIT
    nobody_out = t.gettext("Allow rounds where nobody went out")
    controls: list[ft.Control] = [
        _number(t.gettext("Copies of each card in one deck"), draft.copies,
                typed("copies")),
        _number(t.gettext("Number of decks"), draft.decks, typed("decks")),
        section_title(t.gettext("Scoring")),
        choices(
            [(s.value, fmt.scoring_label(t, s)) for s in Scoring],
            draft.scoring.value,
            lambda v: update(lambda d: d.set(scoring=Scoring(v))),
        ),
        choices(
            [("lowest", t.gettext("Lowest total wins")),
             ("highest", t.gettext("Highest total wins"))],
            "lowest" if draft.lowest_wins else "highest",
            lambda v: update(lambda d: d.set(lowest_wins=v == "lowest")),
        ),
        toggle_row(
            nobody_out,
            draft.nobody_out,
            lambda on: update(lambda d: d.set(nobody_out=on)),
            after=[ft.Text(nobody_out, expand=True)],
        ),
        choices(
            [(EndKind.LIMIT.value, t.gettext("Points limit")),
             (EndKind.ROUNDS.value, t.gettext("Number of rounds"))],
            draft.end_kind.value,
            lambda v: update(lambda d: d.set(end_kind=EndKind(v))),
        ),
        _number(
            t.gettext("Points limit") if limit else t.gettext("Number of rounds"),
            draft.end_text,
            typed("end_text"),
        ),
    ]  # fmt: skip
    if limit:
        controls.append(
            choices(
                [
                    (LimitRule.EXCEEDS.value, t.gettext("Ends above the limit")),
                    (LimitRule.REACHES.value, t.gettext("Ends at the limit")),
                ],
                draft.limit_rule.value,
                lambda v: update(lambda d: d.set(limit_rule=LimitRule(v))),
            )
        )
    controls += [
        section_title(t.gettext("Players")),
        _number(t.gettext("Fewest players"), draft.fewest, typed("fewest")),
        _number(t.gettext("Most players"), draft.most, typed("most")),
    ]
    return controls


def _delete_controls(
    t: Translator,
    state: AppState,
    game_id: str,
    asked: str | None,
    set_asked: Callable[[str | None], None],
) -> list[ft.Control]:
    """A game that matches were played by is deleted only once confirmed."""
    if asked is None:
        return []
    return [
        ft.Text(asked, color=ft.Colors.ERROR),
        ft.Row([
            ft.FilledButton(
                t.gettext("Delete anyway"),
                icon=ft.Icons.DELETE_FOREVER,
                on_click=lambda: delete_game(state, game_id, True, set_asked),
            ),
        ]),
    ]  # fmt: skip


@ft.component
@guarded_screen
def OwnGameScreen() -> ft.View:
    """Defines a new game of the user's own, or edits one."""
    state, t = use_app()
    # A route parameter: the client's to set (forgeable). An unknown id starts a new
    # game; saving is the gate's to allow.
    game_id = ft.use_route_params().get("id")
    stored = {g.id: g for g in state.store.own_games()}
    game = stored.get(game_id or "")

    draft, asked, set_draft, set_asked = use_draft(game_id, game)
    route = f"/games/{game_id}" if game_id else "/games/new"
    title = t.gettext("Your own game")
    if not state.can_change:
        return view_only_screen(state, route, title, "/new", t.gettext("Back"))
    if game is not None and not state.is_host:
        return refusal_screen(
            state,
            route,
            title,
            ("/new", t.gettext("Back")),
            t.gettext("Only the host changes this game"),
            t.gettext(
                "A game stored at this table is the host's to change or delete. "
                "You can set up a new game of your own from New match."
            ),
        )
    taken = [g.name_key for g in stored.values() if g.id != draft.game_id]
    problem = draft.check(taken)
    cards = CARD_SETS[draft.card_set]
    reason = error_message(t, problem, cards) if problem else None

    def save() -> None:
        def commit(current: OwnGameDraft) -> OwnGameDraft:
            save_game(state, current)
            return current

        set_draft(commit)

    controls: list[ft.Control | None] = [
        ft.TextField(
            label=t.gettext("Name of the game"),
            value=draft.name,
            # The client's value (forgeable): of the field's type or dropped
            # (serving/client_patches.py); the draft checks it and says what is wrong.
            on_change=lambda e: set_draft(lambda d: d.set(name=e.control.value)),
        ),
        *_faces(t, draft, set_draft),
        *_rules(t, draft, set_draft),
    ]
    actions = []
    if game is not None:
        actions.append(
            icon_button(
                icon=ft.Icons.DELETE_OUTLINE,
                tooltip=t.gettext("Delete this game"),
                on_click=lambda: delete_game(state, game.id, False, set_asked),
            )
        )
        controls[0:0] = _delete_controls(t, state, game.id, asked, set_asked)
    bottom = action_bar(
        reason,
        ft.FilledButton(
            t.gettext("Save game"),
            icon=ft.Icons.CHECK,
            height=56,
            disabled=problem is not None,
            on_click=save,
        ),
    )
    back = icon_button(
        icon=ft.Icons.ARROW_BACK,
        tooltip=t.gettext("Back to the new match"),
        on_click=lambda: navigate("/new"),
    )
    return screen(
        state, route, title, controls, bottom=bottom, leading=back, actions=actions
    )
