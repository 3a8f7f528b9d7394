"""Let a phone follow: each phone following is listed by whose it says it is."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

import flet as ft
from rendered_app import walk

from companion.sync.follow_host import FollowingPhone, HostSide
from companion.sync.session import Coded, PhoneSession
from companion.ui.follow.let_follow_screen import _phone_row
from companion.words.i18n import get_translator


class _Watching:
    """A following phone's place at the gate: it watches only."""

    can_change = False

    def save_match(self, *_: object, **__: object) -> bool:
        return False

    def take_problems(self) -> Sequence[Coded]:
        return ()


def _switch_labels(told_name: str, lang: str = "en") -> list[str]:
    session = cast(PhoneSession, _Watching())
    phone = FollowingPhone("phone-2", 2, "m", session, told_name=told_name)
    row = _phone_row(get_translator(lang), cast(HostSide, None), phone)
    return [
        c.label
        for c in walk(row)
        if isinstance(c, ft.Semantics) and c.toggled is not None
    ]


def test_a_phone_that_said_whose_it_is_is_listed_by_that_name() -> None:
    assert _switch_labels("Åse") == ["Åse may record"]


def test_a_phone_that_said_nothing_is_listed_by_its_number() -> None:
    assert _switch_labels("") == ["Phone 2 may record"]
