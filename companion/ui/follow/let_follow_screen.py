"""Let a phone follow: the connection code, the answer scanned, the phones following."""

from __future__ import annotations

import flet as ft

from companion.sync.follow_host import FollowingPhone, HostSide
from companion.sync.links import LinkStatus
from companion.ui.follow.codes import code_shown, scan_code_button
from companion.ui.follow.follow_texts import problem_text, unreached_text
from companion.ui.frame.follow_session import use_following
from companion.ui.frame.handover import Scanner, use_handover
from companion.ui.frame.live_line import live_line
from companion.ui.frame.not_found_screen import match_not_found
from companion.ui.frame.render_guard import guarded_screen
from companion.ui.frame.shell import (
    icon_button,
    navigate,
    screen,
    section_title,
    toggle_row,
)
from companion.ui.frame.state import use_app
from companion.ui.frame.theme import TARGET
from companion.words.i18n import Translator


def _status_text(t: Translator, phone: FollowingPhone) -> str:
    status = phone.link.status
    if status is LinkStatus.WAITING:
        return t.gettext("Connecting…")
    if status is LinkStatus.LIVE:
        return t.gettext("Following")
    if status is LinkStatus.QUIET:
        return t.gettext("Not heard from for a few seconds")
    if status is LinkStatus.UNREACHED:
        return t.gettext("Could not connect")
    if phone.flooded:
        return t.gettext(
            "Disconnected: it sent far more messages than a phone at the table does"
        )
    return t.gettext("No longer following")


def _phone_row(t: Translator, host: HostSide, phone: FollowingPhone) -> ft.Control:
    # Whose phone it says it is: a label; the link is who it is.
    name = phone.told_name or t.gettext("Phone {number}").format(
        number=t.number(phone.number)
    )
    return toggle_row(
        t.gettext("{phone} may record").format(phone=name),
        phone.session.can_change,
        lambda on: host.let_record(phone.name, on),
        before=[
            ft.Icon(ft.Icons.SMARTPHONE),
            ft.Column(
                [
                    ft.Text(name, weight=ft.FontWeight.W_600),
                    ft.Text(_status_text(t, phone), size=13),
                ],
                spacing=2,
                expand=True,
            ),
            ft.Text(t.gettext("May record")),
        ],
    )


def _scan_answer(t: Translator, host: HostSide, scanner: Scanner) -> ft.Control:
    words = (
        t.gettext("Scan their code"),
        t.gettext("Point the camera at the code the other phone shows."),
    )
    return scan_code_button(t, words, scanner, host.take_answer, host)


def _offering(
    t: Translator, host: HostSide, match_id: str, scanner: Scanner
) -> list[ft.Control]:
    """The code for the next phone, and the button that scans its answer."""
    offer = host.offer
    if offer is None or offer.match_id != match_id:
        return [
            ft.OutlinedButton(
                t.gettext("Show a code for another phone"),
                icon=ft.Icons.QR_CODE_2,
                height=TARGET,
                on_click=lambda: host.make_offer(match_id),
            )
        ]
    return [
        code_shown(offer.code, t.gettext("Connection code for the other phone")),
        ft.Text(
            t.gettext(
                "On the other phone, open Card Table Companion, tap Follow a phone "
                "on the Matches screen and scan this code. Then scan the code that "
                "phone shows."
            )
        ),
        ft.Row([_scan_answer(t, host, scanner)], alignment=ft.MainAxisAlignment.CENTER),
    ]


def _phones(t: Translator, host: HostSide, match_id: str) -> list[ft.Control]:
    """The phones that follow the match; for one that never connected, why,
    and the hand-over code instead."""
    phones = host.following(match_id)
    if not phones:
        return []
    controls: list[ft.Control] = [section_title(t.gettext("Phones following"))]
    controls.extend(_phone_row(t, host, phone) for phone in phones)
    if any(phone.link.status is LinkStatus.UNREACHED for phone in phones):
        controls.append(live_line(ft.Text(unreached_text(t), color=ft.Colors.ERROR)))
        controls.append(
            ft.OutlinedButton(
                t.gettext("Hand over with a code"),
                icon=ft.Icons.QR_CODE_2,
                height=TARGET,
                on_click=lambda: navigate(f"/match/{match_id}/code"),
            )
        )
    return controls


@ft.component
@guarded_screen
def LetFollowScreen() -> ft.View:
    """This match followed live by other phones at the table, over the Wi-Fi."""
    state, t = use_app()
    following = use_following()
    scanner = use_handover().scanner
    # A route parameter: the client's to set (forgeable). An unknown id shows
    # Not found, as does a build with no direct links or no camera.
    match_id = ft.use_route_params().get("id", "")
    match = state.load_match(match_id)
    route = f"/match/{match_id}/follow"
    back = icon_button(
        icon=ft.Icons.ARROW_BACK,
        tooltip=t.gettext("Back to the match"),
        on_click=lambda: navigate(f"/match/{match_id}"),
    )
    host = following.host if following is not None else None

    def offer_at_once() -> None:
        # A code already shown for this match stays: the other phone may be
        # reading it.
        if host is None or match is None or not state.is_host:
            return
        if host.offer is None or host.offer.match_id != match_id:
            ft.context.page.run_task(host.make_offer, match_id)

    ft.use_effect(offer_at_once, dependencies=[])
    if (
        host is None
        or scanner is None
        or match is None
        or not state.is_host
        or state.follow.followed_live(match_id)
    ):
        return match_not_found(state, route, back)
    controls: list[ft.Control] = [
        ft.Text(
            t.gettext(
                "The other phones at the table see this match live, as it is "
                "played. They need the same Wi-Fi as this phone, or this phone's "
                "hotspot."
            )
        ),
        *_offering(t, host, match_id, scanner),
    ]
    if host.problem is not None:
        words = problem_text(t, host.problem, scanning_answer=True)
        controls.append(live_line(ft.Text(words, color=ft.Colors.ERROR)))
    controls.extend(_phones(t, host, match_id))
    return screen(state, route, t.gettext("Let a phone follow"), controls, leading=back)
