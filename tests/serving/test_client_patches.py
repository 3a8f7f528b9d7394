"""A client's property updates: only values of the declared types, never the address."""

from __future__ import annotations

from enum import Enum
from typing import Any, Literal, Optional

import flet as ft
import pytest
from event_loops import run_apart
from flet.messaging.connection import Connection
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from companion.serving.client_patches import (
    ORIGINAL_APPLY_PATCH,
    apply_checked_patch,
    checked_patch,
    fits,
)


class Quiet(Connection):
    def __init__(self) -> None:
        super().__init__()
        self.pubsubhub = PubSubHub()

    def send_message(self, message: Any) -> None:
        pass


class Shade(Enum):
    DARK = "dark"


@pytest.mark.parametrize(
    ("value", "declared", "expected"),
    [
        ("123456", str, True),
        (123456, str, False),
        (None, str, False),
        (None, Optional[str], True),  # noqa: UP045 (Flet's own spelling)
        (True, bool, True),
        (1, bool, False),
        (True, int, False),
        (3, float, True),
        ("3", float, False),
        ("dark", Shade, True),
        ("amiga", Shade, False),
        (["a"], list[str], True),
        ("a", list[str], False),
        ({"x": 1}, dict[str, int], True),
        ("b", Literal["a", "b"], True),
        ("c", Literal["a", "b"], False),
        (object(), Any, True),
    ],
)
def test_values_fit_their_declared_types(
    value: object, declared: Any, expected: bool
) -> None:
    assert fits(value, declared) is expected


def test_flet_itself_takes_any_value_and_the_pages_address() -> None:
    # What the check is for.
    async def scenario() -> tuple[ft.Page, ft.TextField]:
        session = Session(Quiet())
        field = ft.TextField()
        session.index[field._i] = field
        ORIGINAL_APPLY_PATCH(session, field._i, {"value": 123456})
        ORIGINAL_APPLY_PATCH(session, session.page._i, {"client_ip": "127.0.0.1"})
        return session.page, field

    page, field = run_apart(scenario())
    assert field.value == 123456
    assert page.client_ip == "127.0.0.1"


def test_a_checked_patch_keeps_only_values_of_their_types() -> None:
    async def scenario() -> tuple[Session, ft.TextField, ft.Switch]:
        session = Session(Quiet())
        session.page.client_ip = "192.0.2.7"
        field, switch = ft.TextField(value="12"), ft.Switch()
        for control in (field, switch):
            session.index[control._i] = control
        apply_checked_patch(session, field._i, {"value": 123456, "_i": 5})
        apply_checked_patch(session, switch._i, {"value": True})
        apply_checked_patch(
            session,
            session.page._i,
            {"client_ip": "127.0.0.1", "client_user_agent": "x", "route": "/a"},
        )
        apply_checked_patch(session, session.page._i, {"platform": "amiga"})
        apply_checked_patch(session, "1", {"route": "/b"})
        apply_checked_patch(session, session.page._i, ["route", "/c"])
        return session, field, switch

    session, field, switch = run_apart(scenario())
    assert field.value == "12" and switch.value is True
    assert session.page.client_ip == "192.0.2.7"
    assert session.page.route == "/a"
    assert session.page.platform is None


def test_a_page_patch_never_sets_the_address_the_server_knows() -> None:
    async def scenario() -> dict[str, Any]:
        session = Session(Quiet())
        return checked_patch(
            session.page, {"client_ip": "::1", "width": 390, "web": True}
        )

    assert run_apart(scenario()) == {"width": 390, "web": True}
