"""What a joined phone is told of its access."""

from __future__ import annotations

import flet as ft
from rendered_app import drawn_views, walk

from companion.access.sharing import ShareGate
from companion.storage import Store
from companion.ui.frame.state import AppState
from companion.ui.settings import features


def test_a_phone_that_only_views_is_told_the_host_can_let_it_record() -> None:
    store = Store.in_memory()
    gate = ShareGate(True, new_code=lambda: "123456")
    phone = "192.0.2.7"

    def joined(session_id: str) -> None:
        guest = AppState.load(store, gate, session_id=session_id, client_ip=phone)
        assert guest.access.join("123 456", "Bo") is None

    (view,) = drawn_views(store, "/settings", features.served(), gate, phone, joined)
    said = " ".join(str(c.value) for c in walk(view) if isinstance(c, ft.Text))
    assert "You joined this table as a viewer" in said
    assert "The host can let this phone record." in said
