"""Which device a session runs on, for what is kept per device (a draft round)."""

from __future__ import annotations

import logging

import flet as ft

from companion.storage import Store
from companion.storage.drafts import (
    HOST_DEVICE,
    ONE_DEVICE,
    device_key,
    new_device_token,
)

LOG = logging.getLogger(__name__)

PREFERENCE = "companion.device"
"""The browser's own storage key (localStorage) of the device's secret token."""


def device_at_start(store: Store, is_host: bool) -> str:
    """The key of the device a new session runs on, where the server knows it;
    "" where only the session's browser can tell (device_of_browser).

    A store only one device opens needs no name. A host session runs on the
    computer that serves the table (`is_host` comes from the share gate, which
    tells the host by the peer address the server accepted the session from):
    every browser there is that one device, so a draft never hangs on whether
    a browser wrote its localStorage to disk before it was killed. A phone at a
    shared table is told apart by the token its own browser keeps.
    """
    if store.one_device:
        return ONE_DEVICE
    return HOST_DEVICE if is_host else ""


async def device_of_browser() -> str:
    """The key of the device this session's browser runs on, by its token.

    The browser keeps a random token the app gave it (a forged or garbled one
    is replaced by a new one); only its hash names the device's drafts, and no
    token names the host's computer. When the browser cannot keep it, the
    session gets a key of its own: its drafts last as long as it.
    """
    preferences = ft.SharedPreferences()
    try:
        key = device_key(await preferences.get(PREFERENCE))
        if key is None:
            token = new_device_token()
            await preferences.set(PREFERENCE, token)
            key = device_key(token)
    except (RuntimeError, TimeoutError, ValueError) as error:
        LOG.warning("this browser keeps no device token: %s", error)
        key = None
    return key or device_key(new_device_token()) or ONE_DEVICE
