"""A following phone with no name offers the players: the one tapped is whose it is."""

from __future__ import annotations

from typing import cast

import flet as ft
from rendered_app import walk

from companion.access.sharing import ShareGate
from companion.storage import Store
from companion.sync.following import Following
from companion.ui.frame.state import AppState
from companion.ui.frame.whose_phone import whose_phone
from companion.words.i18n import get_translator

EN = get_translator("en")
PLAYERS = ("Ada", "Bo", "Åse")


class _Guest:
    """The following side of a phone's links, live on match "m"."""

    def __init__(self, live: bool) -> None:
        self.copy_id = "m"
        self.live_now = live
        self.told: list[str] = []

    def tell_name(self, name: str) -> None:
        self.told.append(name)


class _Following:
    def __init__(self, live: bool = True) -> None:
        self.guest = _Guest(live)


def _buttons(state: AppState, following: _Following) -> dict[str, ft.OutlinedButton]:
    control = whose_phone(EN, state, cast(Following, following), "m", PLAYERS)
    return {
        str(c.content): c for c in walk(control) if isinstance(c, ft.OutlinedButton)
    }


def test_the_player_tapped_is_whose_phone_it_is_kept_and_told() -> None:
    store = Store.in_memory()
    state, following = AppState.load(store), _Following()
    buttons = _buttons(state, following)
    assert list(buttons) == list(PLAYERS)
    buttons["Åse"].on_click(None)
    assert store.settings()["phone_name"] == "Åse"
    assert following.guest.told == ["Åse"]
    # Asked once: a phone that says whose it is is asked no more.
    assert whose_phone(EN, state, cast(Following, following), "m", PLAYERS) is None


def test_a_phone_not_following_live_is_not_asked() -> None:
    state = AppState.load(Store.in_memory())
    assert _buttons(state, _Following(live=False)) == {}
    assert whose_phone(EN, state, None, "m", PLAYERS) is None


def test_a_phone_that_joined_a_shared_table_picks_its_player_for_the_hosts_list() -> (
    None
):
    store = Store.in_memory()
    gate = ShareGate(True, new_code=lambda: "123456")
    phone = AppState.load(store, gate, session_id="p", client_ip="198.51.100.7")
    assert whose_phone(EN, phone, None, "m", PLAYERS) is None
    assert phone.access.join("123456") is None
    control = whose_phone(EN, phone, None, "m", PLAYERS)
    buttons = {
        str(c.content): c for c in walk(control) if isinstance(c, ft.OutlinedButton)
    }
    buttons["Bo"].on_click(None)
    assert [guest.name for guest in gate.guests()] == ["Bo"]
    assert store.settings()["phone_name"] == ""


def test_not_now_asks_no_more_this_session_and_names_nobody() -> None:
    store = Store.in_memory()
    state, following = AppState.load(store), _Following()
    control = whose_phone(EN, state, cast(Following, following), "m", PLAYERS)
    (not_now,) = [
        c
        for c in walk(control)
        if isinstance(c, ft.TextButton) and str(c.content) == "Not now"
    ]
    not_now.on_click(None)
    assert whose_phone(EN, state, cast(Following, following), "m", PLAYERS) is None
    assert store.settings()["phone_name"] == ""
    assert following.guest.told == []
    # Another session on the phone (the app opened again) asks again.
    again = AppState.load(store)
    assert whose_phone(EN, again, cast(Following, following), "m", PLAYERS)
