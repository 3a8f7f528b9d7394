"""Settings -> Share this table: what the host is shown, and what a guest is shown."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import flet as ft
from flet.controls.context import _context_page
from rendered_app import drawn_views, unseen_session, walk

from companion.access.sharing import TABLE_LIMITS, AccessError, Role, ShareGate
from companion.storage import Store
from companion.ui.frame.state import AppState
from companion.ui.settings import features
from companion.ui.settings.share_section import share_section
from companion.words.i18n import get_translator

EN = get_translator("en")
LINKS = ("http://192.0.2.10:8550/", "http://[2001:db8::10]:8550/")


def _walk(control: ft.Control | None) -> Iterator[ft.Control]:
    """`control` and everything inside it."""
    if control is None:
        return
    yield control
    yield from _walk(getattr(control, "content", None))
    for child in getattr(control, "controls", None) or []:
        yield from _walk(child)


def _all(controls: list[ft.Control]) -> list[ft.Control]:
    return [inner for control in controls for inner in _walk(control)]


def _texts(controls: list[ft.Control]) -> list[str]:
    return [c.value for c in _all(controls) if isinstance(c, ft.Text)]


def _state(
    gate: ShareGate, session_id: str = "host", ip: str = "127.0.0.1"
) -> AppState:
    return AppState.load(
        Store.in_memory(), gate, session_id=session_id, client_ip=ip, links=LINKS
    )


def test_the_host_sees_every_address_with_its_qr_code_and_the_join_code() -> None:
    gate = ShareGate(True, new_code=lambda: "042137")
    controls = share_section(EN, _state(gate))
    codes = {
        c.label: c.content.src
        for c in _all(controls)
        if isinstance(c, ft.Semantics) and isinstance(c.content, ft.Image)
    }
    assert sorted(codes) == [f"QR code for {url}" for url in sorted(LINKS)]
    assert all(png.startswith(b"\x89PNG\r\n\x1a\n") for png in codes.values())
    assert len(set(codes.values())) == 2
    texts = _texts(controls)
    assert set(LINKS) <= set(texts)
    assert "042 137" in texts
    labels = [c.label for c in _all(controls) if isinstance(c, ft.Semantics)]
    assert "Join code: 0 4 2 1 3 7" in labels
    assert "No phone has joined yet." in texts


def test_each_joined_phone_has_a_can_record_switch_named_after_it() -> None:
    gate = ShareGate(True, new_code=lambda: "042137")
    host = _state(gate)
    gate.join("p1", "198.51.100.1", "042 137", "Bo")
    gate.join("p2", "198.51.100.2", "042137")
    switches = {
        c.label: c
        for c in _all(share_section(EN, host))
        if isinstance(c, ft.Semantics) and c.toggled is not None
    }
    assert sorted(switches) == ["Bo can record", "Guest 2 can record"]
    assert switches["Bo can record"].toggled is False
    switches["Bo can record"].on_tap()
    assert gate.role("p1", "198.51.100.1") is Role.RECORDER
    again = share_section(EN, host)
    toggled = [c.toggled for c in _all(again) if isinstance(c, ft.Semantics)]
    assert True in toggled


def test_a_phone_whose_browser_went_away_is_marked_until_it_comes_back() -> None:
    gate = ShareGate(True, new_code=lambda: "042137")
    host = _state(gate)
    gate.join("p1", "198.51.100.1", "042137", "Bo")
    gate.join("p2", "198.51.100.2", "042137")

    def names() -> list[str]:
        return [
            c.label
            for c in _all(share_section(EN, host))
            if isinstance(c, ft.Semantics) and c.toggled is not None
        ]

    assert gate.set_away("p1", True)
    assert names() == ["Bo · away can record", "Guest 2 can record"]
    assert "Bo · away" in _texts(share_section(EN, host))
    assert gate.set_away("p1", False)
    assert names() == ["Bo can record", "Guest 2 can record"]


def test_a_guest_sees_its_own_role_and_never_the_code() -> None:
    gate = ShareGate(True, new_code=lambda: "042137")
    gate.join("p1", "198.51.100.1", "042137")
    viewer = _state(gate, "p1", "198.51.100.1")
    texts = _texts(share_section(EN, viewer))
    assert any(text.startswith("You joined this table as a viewer") for text in texts)
    assert not any("042" in text or "http" in text for text in texts)
    gate.set_can_record("p1", True)
    texts = _texts(share_section(EN, viewer))
    assert any("lets you record" in text for text in texts)


def test_a_table_that_is_not_shared_has_no_share_section() -> None:
    assert share_section(EN, _state(ShareGate(False))) == []


def test_the_host_is_told_when_no_phone_can_reach_the_server() -> None:
    gate = ShareGate(True)
    state = AppState.load(
        Store.in_memory(), gate, session_id="h", client_ip="127.0.0.1"
    )
    texts = _texts(share_section(EN, state))
    assert any(
        text.startswith("Phones cannot reach this computer yet") for text in texts
    )
    assert not [c for c in _all(share_section(EN, state)) if isinstance(c, ft.Image)]


def test_the_host_is_told_when_wrong_codes_replaced_the_join_code() -> None:
    codes = iter(["042137", "913027"])
    gate = ShareGate(True, new_code=lambda: next(codes))
    notice = (
        "Too many wrong codes were typed, so the join code was replaced. "
        "Phones that joined stay; give new phones this code."
    )
    assert notice not in _texts(share_section(EN, _state(gate)))
    for n in range(TABLE_LIMITS[0][1]):
        with contextlib.suppress(AccessError):
            gate.join(f"s{n}", f"192.0.2.{n + 20}", "111111")
    texts = _texts(share_section(EN, _state(gate)))
    assert "913 027" in texts and "042 137" not in texts
    assert notice in texts


def _tap_new_code(host: AppState, confirm: bool) -> None:
    """Tap New code in the host's Settings, and then its question's answer."""
    (new_code,) = [
        c
        for c in _all(share_section(EN, host))
        if isinstance(c, ft.OutlinedButton) and c.content == "New code"
    ]
    session = unseen_session()
    token = _context_page.set(session.page)
    try:
        session.get_page_patch()  # type: ignore[no-untyped-call]  # Flet's
        new_code.on_click()
        (dialog,) = session.page._dialogs.controls
        assert isinstance(dialog, ft.AlertDialog)
        cancel, go_ahead = dialog.actions
        assert (cancel.content, go_ahead.content) == ("Cancel", "New code")
        (go_ahead if confirm else cancel).on_click()
    finally:
        _context_page.reset(token)


def test_new_code_asks_first_and_the_phones_it_sends_back_are_told_why() -> None:
    gate = ShareGate(True, new_code=iter(["123456", "654321", "111222"]).__next__)
    host = _state(gate)
    ip = "192.0.2.7"
    joined: list[str] = []

    def joined_then_sent_back(session_id: str) -> None:
        phone = AppState.load(host.store, gate, session_id=session_id, client_ip=ip)
        assert phone.access.join("123 456", "Bo") is None
        joined.append(session_id)
        # Cancel: the phone stays at the table.
        _tap_new_code(host, confirm=False)
        assert gate.role(session_id, ip).can_see
        _tap_new_code(host, confirm=True)
        assert not gate.role(session_id, ip).can_see

    (view,) = drawn_views(
        host.store, "/", features.served(), gate, ip, joined_then_sent_back
    )
    said = [str(c.value) for c in walk(view) if isinstance(c, ft.Text)]
    told = (
        "The host made a new join code, so this phone left the table: enter the "
        "new code to join again."
    )
    assert told in said
    # Once joined again, it is not told again.
    assert gate.join(joined[0], ip, "654 321").session_id == joined[0]
    assert not gate.sent_back(joined[0])
