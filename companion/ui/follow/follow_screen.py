"""Follow a phone: its code scanned, this phone's answer shown, then its match live."""

from __future__ import annotations

import flet as ft

from companion.sync.follow_guest import GuestSide
from companion.sync.links import LinkStatus
from companion.ui.follow.codes import code_shown, scan_code_button
from companion.ui.follow.follow_texts import problem_text, unreached_text
from companion.ui.frame.follow_session import use_following
from companion.ui.frame.handover import Scanner, use_handover
from companion.ui.frame.live_line import live_line
from companion.ui.frame.render_guard import guarded_screen
from companion.ui.frame.shell import icon_button, navigate, screen
from companion.ui.frame.state import use_app
from companion.words.i18n import Translator


def _scan_offer(t: Translator, guest: GuestSide, scanner: Scanner) -> ft.Control:
    words = (
        t.gettext("Scan the host's code"),
        t.gettext("Point the camera at the code on the phone that keeps the score."),
    )
    return scan_code_button(t, words, scanner, guest.answer_offer, guest)


def _answering(t: Translator, guest: GuestSide) -> list[ft.Control]:
    """This phone's answer, for the host to scan, while the link is made."""
    if not guest.answer or guest.link is None:
        return []
    if guest.link.status is LinkStatus.UNREACHED:
        return [live_line(ft.Text(unreached_text(t), color=ft.Colors.ERROR))]
    return [
        code_shown(guest.answer, t.gettext("Answer code for the host phone")),
        live_line(
            ft.Text(
                t.gettext(
                    "Show this code to the phone that keeps the score: it scans "
                    "it with Scan their code."
                )
            )
        ),
    ]


@ft.component
@guarded_screen
def FollowScreen() -> ft.View:
    """Another phone's match followed live on this one, read-only unless it lets."""
    state, t = use_app()
    following = use_following()
    scanner = use_handover().scanner
    guest = following.guest if following is not None else None
    live = guest is not None and guest.live_now and guest.copy_id is not None
    link = guest.link if guest is not None and live else None
    # The link live when this screen opened: a phone that follows one already
    # may come here to follow another, and stays.
    live_before = ft.use_ref(link)

    def open_the_match() -> None:
        if guest is not None and link is not None and link is not live_before.current:
            navigate(f"/match/{guest.copy_id}")

    # Once a new link has brought the match, this phone shows it.
    ft.use_effect(open_the_match, dependencies=[id(link), live])
    back = icon_button(
        icon=ft.Icons.ARROW_BACK,
        tooltip=t.gettext("Back to matches"),
        on_click=lambda: navigate("/"),
    )
    if guest is None or scanner is None:
        return screen(
            state,
            "/follow",
            t.gettext("There is nothing at this address"),
            [
                ft.Text(
                    t.gettext(
                        "The link may be mistyped or from an older version of the app."
                    )
                )
            ],
            leading=back,
        )
    controls: list[ft.Control] = [
        ft.Text(
            t.gettext(
                "On the phone that keeps the score, open the match and tap Let a "
                "phone follow. Both phones need the same Wi-Fi, or one phone's "
                "hotspot."
            )
        ),
        ft.Row([_scan_offer(t, guest, scanner)], alignment=ft.MainAxisAlignment.CENTER),
        *_answering(t, guest),
    ]
    if guest.problem is not None:
        words = problem_text(t, guest.problem, scanning_answer=False)
        controls.append(live_line(ft.Text(words, color=ft.Colors.ERROR)))
    return screen(state, "/follow", t.gettext("Follow a phone"), controls, leading=back)
