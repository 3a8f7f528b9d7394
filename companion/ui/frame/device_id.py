"""Which device a session runs on, for what is kept per device (a draft round)."""

from __future__ import annotations

import logging

import flet as ft

from companion.storage import Store
from companion.storage.drafts import ONE_DEVICE, device_key, new_device_token

LOG = logging.getLogger(__name__)

PREFERENCE = "companion.device"
"""The browser's own storage key (localStorage) of the device's secret token."""


async def device_of(store: Store) -> str:
    """The key of the device this session's browser runs on.

    A store only one device opens needs none. Otherwise the browser keeps a
    random token the app gave it (a forged or garbled one is replaced by a new
    one); only its hash names the device's drafts. When the browser cannot
    keep it, the session gets a key of its own: its drafts last as long as it.
    """
    if store.one_device:
        return ONE_DEVICE
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
