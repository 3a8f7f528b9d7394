"""Settings -> This phone: a phone that can follow another says whose it is."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import flet as ft
from rendered_app import drawn_views, walk

from companion.storage import Store
from companion.sync.peer_links import PeerEvent, PeerLinks
from companion.ui.frame.handover import Handover
from companion.ui.settings import features


class _Peers:
    """A page's direct links that nothing is said over."""

    def listen(self, heard: Callable[[PeerEvent], None]) -> None:
        return None


def _name_fields(site: features.Features, store: Store) -> list[ft.TextField]:
    (view,) = drawn_views(store, "/settings", site)
    return [c for c in walk(view) if isinstance(c, ft.TextField)]


def test_a_phone_that_can_follow_shows_whose_it_is_in_settings() -> None:
    store = Store.in_memory()
    store.update_settings(phone_name="Åse")
    site = features.static("1", True, Handover(peers=cast(PeerLinks, _Peers())))
    (field,) = _name_fields(site, store)
    assert field.label == "Whose phone is this?"
    assert field.value == "Åse"


def test_a_build_with_no_following_asks_no_name() -> None:
    assert _name_fields(features.static("1", True, Handover()), Store.in_memory()) == []
