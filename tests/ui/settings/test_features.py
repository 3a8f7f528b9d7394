"""What each build says in Settings of sharing a table."""

from __future__ import annotations

from typing import cast

import flet as ft

from companion.storage import Store
from companion.sync.peer_links import PeerLinks
from companion.ui.frame.handover import Handover
from companion.ui.frame.state import AppState
from companion.ui.settings import features
from companion.words.i18n import get_translator

EN = get_translator("en")


def _said(site: features.Features) -> str:
    assert site.share is not None
    controls = site.share(EN, AppState.load(Store.in_memory()))
    return (
        " ".join(str(c.value) for c in controls if isinstance(c, ft.Text))
        + " "
        + (
            " ".join(
                str(c.content.value)
                for c in controls
                if isinstance(c, ft.Container) and isinstance(c.content, ft.Text)
            )
        )
    )


def test_the_phone_alone_site_says_what_needs_a_computer_and_what_does_not() -> None:
    peers = cast(PeerLinks, object())
    said = _said(features.static("1", True, Handover(peers=peers)))
    assert "Sharing a table with other phones needs a computer" in said
    assert features.SHARE_COMMAND in said
    # Let a phone follow needs none: named as its button says.
    assert "Without a computer" in said
    assert "tap Let a phone follow" in said


def test_a_build_without_phones_following_does_not_offer_it() -> None:
    said = _said(features.static("1", True, Handover()))
    assert features.SHARE_COMMAND in said
    assert "Let a phone follow" not in said
