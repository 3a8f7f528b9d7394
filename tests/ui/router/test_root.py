"""The routes: each screen behind the Matches screen is imported when first shown."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace

import flet as ft
import pytest
from rendered_app import drawn_views, walk

from companion.access.sharing import ShareGate
from companion.engine.match import Match
from companion.storage import Store
from companion.ui.frame.state import AppState
from companion.ui.record.round_entry import Entry
from companion.ui.router.root import ROUTES, ShownFirst
from companion.ui.settings import features
from companion.words.i18n import get_translator

EN = get_translator("en")


def _shown_first(routes: list[ft.Route]) -> list[ShownFirst]:
    found: list[ShownFirst] = []
    for route in routes:
        if isinstance(route.component, ShownFirst):
            found.append(route.component)
        found.extend(_shown_first(list(route.children or ())))
    return found


def test_every_screen_imported_later_is_a_flet_component_of_its_module():
    later = _shown_first(ROUTES)
    assert {s.name for s in later} >= {"RecordScreen", "RulesScreen", "PlayerScreen"}
    for shown in later:
        screen = shown.screen()
        assert getattr(screen, "__is_component__", False), shown
        assert screen.__name__ == shown.name


def test_the_app_starts_without_the_screens_it_does_not_show_first():
    later = {f"companion.ui.{s.module}" for s in _shown_first(ROUTES)}
    script = (
        "import sys, companion.ui.router.root, companion.serving.app\n"
        "print(' '.join(m for m in sys.modules if m.startswith('companion.ui.')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    loaded = set(done.stdout.split())
    assert "companion.ui.matches.matches_screen" in loaded
    assert not loaded & later


def _way_out(view: ft.View) -> bool:
    """Whether a View has a way back (the app bar's), the navigation bar, or a
    button in its content that goes back."""
    if view.navigation_bar is not None:
        return True
    if view.appbar is not None and view.appbar.leading is not None:
        return True
    return any(
        isinstance(control, ft.FilledButton) and str(control.content).startswith("Back")
        for control in walk(view)
    )


def _routes(match_id: str) -> list[str]:
    """Every route of the app, a match's at `match_id`."""
    match = f"/match/{match_id}"
    return [
        "/",
        "/new",
        f"/new/{match_id}",
        "/games/g-0a0b0c",
        match,
        f"{match}/round",
        f"{match}/round/1",
        f"{match}/round/9",
        f"{match}/code",
        f"{match}/follow",
        "/follow",
        "/rules",
        "/rules/uno",
        "/players",
        "/players/Ada",
        "/players/Nobody",
        "/settings",
        "/no/such/place",
    ]


def _match_in(store: Store, state: str) -> str:
    """A match of `store` in `state`; its id (one that names none: not found)."""
    running = Match.new("crazy-eights", ["Ada", "Bo"], limit=50).record_round(
        "Ada", {"Bo": {"K": 1}}
    )
    if state == "not found":
        return "0123456789ab"
    if state == "ended":
        running = running.record_round("Ada", {"Bo": {"8": 1}})
        assert running.is_over
    match_id = store.add_match(running)
    if state == "deleted":
        store.delete_match(match_id)
    return match_id


STATES = ("running", "ended", "deleted", "not found")


@pytest.mark.parametrize("state", STATES)
@pytest.mark.parametrize("build", ["served", "static"])
def test_every_screen_in_every_state_of_a_match_has_a_way_out(
    state: str, build: str
) -> None:
    store = Store.in_memory()
    match_id = _match_in(store, state)
    site = features.served() if build == "served" else features.static("1", True)
    for route in _routes(match_id):
        views = drawn_views(store, route, site, peer="127.0.0.1")
        assert views, route
        assert _way_out(views[-1]), (route, views[-1].appbar)


@pytest.mark.parametrize("state", STATES)
def test_a_phone_whose_recording_was_taken_away_has_a_way_out_everywhere(
    state: str,
) -> None:
    store = Store.in_memory()
    match_id = _match_in(store, state)
    gate = ShareGate(True, new_code=lambda: "123456")
    host = AppState.load(store, gate, session_id="host", client_ip="127.0.0.1")
    phone = "198.51.100.7"

    def joined_then_viewer(session_id: str) -> None:
        guest = AppState.load(store, gate, session_id=session_id, client_ip=phone)
        assert guest.access.join("123 456", "") is None
        host.let_record(session_id, True)
        host.let_record(session_id, False)

    for route in _routes(match_id):
        views = drawn_views(
            store, route, features.served(), gate, phone, joined_then_viewer
        )
        assert views, route
        fields = [c.label for c in walk(views[-1]) if isinstance(c, ft.TextField)]
        assert "Join code" not in fields, route
        assert _way_out(views[-1]), (route, views[-1].appbar)


def test_a_round_being_entered_when_another_phone_ended_the_match_is_told_of() -> None:
    store = Store.in_memory()
    match = Match.new("crazy-eights", ["Ada", "Bo"], limit=50).record_round(
        "Ada", {"Bo": {"K": 1}}
    )
    match_id = store.add_match(match)
    tab = AppState.load(store)
    entry = Entry.start(match, None)
    entry = replace(entry, draft=entry.draft.choose_out("Bo").add_card("Ada", "3"))
    tab.drafts.keep_draft(match_id, None, entry.record())
    # Another phone saves the round that ends the match.
    ended = match.record_round("Ada", {"Bo": {"8": 1}})
    assert ended.is_over
    store.save_match(match_id, ended)
    (view,) = drawn_views(store, f"/match/{match_id}/round", features.served())
    said = [str(c.value) for c in walk(view) if isinstance(c, ft.Text)]
    told = EN.gettext(
        "Another phone saved round {number}, which ended the match, while it "
        "was being entered here: what was entered here was not saved."
    ).format(number="2")
    assert told in said
    assert _way_out(view)
