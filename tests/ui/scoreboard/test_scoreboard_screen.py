"""The scoreboard: the buttons named in the instructions, the app bar's room."""

from __future__ import annotations

import flet as ft
from rendered_app import drawn_views, walk

from companion.engine.match import Match
from companion.storage import Store
from companion.ui.settings import features
from companion.words.i18n import get_translator

EN = get_translator("en")


def test_hand_over_is_a_button_in_words_as_the_instructions_name_it() -> None:
    store = Store.in_memory()
    match_id = store.add_match(Match.new("crazy-eights", ["Ada", "Bo", "Cy"]))
    (view,) = drawn_views(store, f"/match/{match_id}", features.served())
    buttons = [str(c.content) for c in walk(view) if isinstance(c, ft.OutlinedButton)]
    assert "Hand over" in buttons
    # What another phone is told to tap is the button's own words.
    said = EN.gettext(
        "The app was not allowed to use the camera. Ask for the match as a link "
        "instead: on the other phone, open the match, tap Hand over, then Send "
        "as a link, and open that link on this phone."
    )
    assert "tap Hand over," in said
    # The app bar keeps room for the match's title: two icons, each named.
    assert view.appbar is not None
    actions = view.appbar.actions or []
    assert len(actions) <= 2
    assert all(isinstance(a, ft.Semantics) and a.label for a in actions)
