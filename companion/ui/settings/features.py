"""What one build of the app offers beyond the screens all builds share."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from companion.ui.frame.handover import Handover, stored_site_address
from companion.ui.frame.state import AppState
from companion.ui.settings.import_file import Importer, import_with_data
from companion.words.i18n import Translator

Section = Callable[[Translator, AppState], list[ft.Control]]


def _no_section(_t: Translator, _state: AppState) -> list[ft.Control]:
    return []


def _data_on_disk(t: Translator, state: AppState) -> str:
    where = state.store.data_dir
    if where is None:
        return t.gettext("Kept in memory only: it is gone when the app stops.")
    return t.gettext("Kept in {path}").format(path=str(where))


@dataclass(frozen=True)
class Features:
    """The served app's or the static site's parts of Settings.

    `share` is the sharing section (the served app's QR codes and join code, or
    the one line saying how a table is shared); `about` the lines under the
    data (the site's version, whether the browser keeps the data);
    `import_file` how Settings' import gets the picked file; `handover` its
    part in handing matches between phones, and `site_address` the Settings
    section where the host gives the address that part links to;
    `phone_name` where a phone that can follow, or has joined, says whose
    it is.
    """

    share: Section
    data_place: Callable[[Translator, AppState], str] = _data_on_disk
    about: Section = _no_section
    import_file: Importer = import_with_data
    handover: Handover = Handover(stored_site_address)
    site_address: Section = _no_section
    phone_name: Section = _no_section


def served(import_file: Importer = import_with_data) -> Features:
    """The app served by `companion`: sharing with phones, data on the computer.

    `import_file` is the upload to the server (ui.settings.import_file.import_by_upload)
    when the server takes uploads.
    """
    from companion.ui.settings.phone_name_section import joined_phone_name_section
    from companion.ui.settings.share_section import share_section
    from companion.ui.settings.site_address_section import site_address_section

    # No camera: browsers give one to https pages only, and phones reach the
    # table over plain http on the Wi-Fi.
    return Features(
        share=share_section,
        import_file=import_file,
        site_address=site_address_section,
        phone_name=joined_phone_name_section,
    )


SHARE_COMMAND = "companion --share"
"""The command that shares a table: a command, the same in every language."""


def _share_note(t: Translator, _state: AppState) -> list[ft.Control]:
    # The command stands on a line of its own, never broken, ready to copy.
    return [
        ft.Text(
            t.gettext(
                "Sharing a table with other phones needs a computer: install "
                "Card Table Companion there and start it with this command, "
                "then open the address it shows on each phone."
            )
        ),
        _command_line(),
    ]


def _share_or_follow_note(t: Translator, state: AppState) -> list[ft.Control]:
    # The phone-alone site has both: a computer's shared table, and another
    # phone following this one over the Wi-Fi, which needs no computer.
    follow = t.gettext(
        "Without a computer, another phone can follow a match on this one: "
        "open the match and tap Let a phone follow."
    )
    return [*_share_note(t, state), ft.Text(follow)]


def _command_line() -> ft.Control:
    return ft.Container(
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
        border_radius=8,
        padding=ft.Padding.symmetric(horizontal=12, vertical=8),
        content=ft.Text(
            SHARE_COMMAND, font_family="monospace", no_wrap=True, selectable=True
        ),
    )


def on_device() -> Features:
    """A packaged app on the phone itself: no sharing, data in its own folder;
    its hand-over codes link to the site the host sets, as the served app's."""
    from companion.ui.settings.site_address_section import site_address_section

    return Features(share=_share_note, site_address=site_address_section)


def _in_browser(t: Translator, _state: AppState) -> str:
    return t.gettext("Kept in this browser, on this device only.")


def static(
    version: str, persistent: bool | None, handover: Handover | None = None
) -> Features:
    """The static site in the phone's browser: no sharing, data in the browser.

    `persistent`: whether the browser granted persistent storage (None: it
    cannot say); `handover`: its own address as the site hand-over links
    open, the page's camera and the link the page was opened with.
    """

    def about(t: Translator, _state: AppState) -> list[ft.Control]:
        if persistent:
            kept = t.gettext("The browser keeps the data until you delete it.")
        else:
            kept = t.gettext(
                "The browser may delete the data when space runs low: "
                "export it now and then."
            )
        # TRANSLATORS: the version of the installed web app, a short code.
        version_line = t.gettext("App version {version}").format(version=version)
        return [ft.Text(kept), ft.Text(version_line, size=12)]

    from companion.ui.settings.phone_name_section import phone_name_section

    peers = handover is not None and handover.peers is not None
    return Features(
        share=_share_or_follow_note if peers else _share_note,
        data_place=_in_browser,
        about=about,
        handover=handover or Handover(),
        phone_name=phone_name_section if peers else _no_section,
    )


FeaturesContext: ft.ContextProvider[Features | None] = ft.create_context(None)
"""Gives every screen the Features of the build it runs in."""


def use_features() -> Features:
    """The Features of this build (the served app's when none were given)."""
    features = ft.use_context(FeaturesContext)
    return features if features is not None else served()
