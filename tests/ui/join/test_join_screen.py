"""The join screen: a phone that has not joined a shared table yet."""

from __future__ import annotations

import flet as ft
from rendered_app import drawn_views, walk

from companion.access.sharing import ShareGate
from companion.engine.names import MAX_NAME_LENGTH
from companion.storage import Store
from companion.ui.settings import features


def test_the_name_field_counts_to_the_limit_a_name_is_held_to() -> None:
    gate = ShareGate(True, new_code=lambda: "123456")
    (view,) = drawn_views(Store.in_memory(), "/", features.served(), gate, "192.0.2.7")
    fields = {c.label: c for c in walk(view) if isinstance(c, ft.TextField)}
    assert fields["Your name"].max_length == MAX_NAME_LENGTH == 24
