"""Flet 1.0.5 costs worked around, each only on the version it was measured on."""

from __future__ import annotations

import logging
from typing import Any

import msgpack
from flet.controls.base_control import BaseControl
from flet.messaging.protocol import Message, configure_encode_object_for_msgpack
from flet.version import flet_version
from flet_web.fastapi.flet_app import FletApp

MEASURED_ON = "1.0.5"
"""The Flet release whose FletApp.send_message this module replaces."""

TRANSPORT_LOG = logging.getLogger("flet_transport")


def send_message_unlogged(app: Any, message: Message) -> None:
    """FletApp.send_message, with its debug line formatted only when it is logged.

    Flet 1.0.5 builds f"send_message: {message}" before the logger can say debug
    is off: the repr of every control in the message, a fifth of the server's
    time on a Save (bench/README.md). The bytes sent are the same.
    """
    if TRANSPORT_LOG.isEnabledFor(logging.DEBUG):
        TRANSPORT_LOG.debug("send_message: %s", message)
    body = msgpack.packb(
        [message.action, message.body],
        default=configure_encode_object_for_msgpack(BaseControl),
    )
    # FletApp keeps its outgoing queue in a private (name-mangled) attribute.
    app._FletApp__send_queue.put_nowait(b"\x00" + body)


def apply(version: str = flet_version) -> bool:
    """Put the workarounds in place if Flet is `MEASURED_ON`; whether it did."""
    if version != MEASURED_ON:
        return False
    FletApp.send_message = send_message_unlogged  # type: ignore[method-assign]
    return True
