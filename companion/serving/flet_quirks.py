"""Flet 1.0.5 costs worked around, each only on the version it was measured on.

The diff fixes concern the app itself and are applied in the static site too
(Pyodide); the web server's (FletApp's) only where flet_web serves the app.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import weakref
from collections.abc import Awaitable, Callable, Iterator
from enum import Enum
from typing import Any, cast

import msgpack
from flet.controls import object_patch
from flet.controls.base_control import BaseControl
from flet.controls.object_patch import DiffBuilder, ObjectPatchException
from flet.controls.value_types import _UNSET as UNSET
from flet.controls.value_types import Prop, _get_raw_descriptor
from flet.messaging.protocol import (
    Message,
    MessageAction,
    configure_encode_object_for_msgpack,
)

from companion.upstream import versions

TRANSPORT_LOG = logging.getLogger("flet_transport")


def send_message_unlogged(app: Any, message: Message) -> None:
    """FletApp.send_message, with its debug line formatted only when it is logged.

    Flet 1.0.5 builds f"send_message: {message}" before the logger can say debug
    is off: the repr of every control in the message, a fifth of the server's
    time on a Save (bench/README.md). The bytes sent are the same. A message
    for a connection already gone (its send loop ended, the queue with it) is
    dropped, as FletApp's send_data_channel_frame drops a frame: a task of
    the session may still be sending when the browser leaves.
    """
    # FletApp keeps its outgoing queue in a private (name-mangled) attribute.
    queue = app._FletApp__send_queue
    if queue is None:
        TRANSPORT_LOG.debug("dropped a message for a connection that is gone")
        return
    if TRANSPORT_LOG.isEnabledFor(logging.DEBUG):
        TRANSPORT_LOG.debug("send_message: %s", message)
    body = msgpack.packb(
        [message.action, message.body],
        default=configure_encode_object_for_msgpack(BaseControl),
    )
    queue.put_nowait(b"\x00" + body)


async def send_loop_until_gone(app: Any) -> None:
    """FletApp's send loop, ending quietly when the browser is gone mid-send.

    Flet 1.0.5 lets the send error escape, and `FletApp.handle` then never tells
    the session its connection is gone: the browser's reload finds the session
    still connected and gets a new one (a joined phone is asked for the code
    again; it is never shown away). Here a failed send closes the socket, the
    rest is dropped as on any disconnect, and the loop ends at the receive
    loop's sign, as it would have.
    """
    websocket = app._FletApp__websocket
    queue = app._FletApp__send_queue
    gone = False
    while True:
        message = await queue.get()
        if message is None:
            break
        if gone:
            continue
        try:
            await websocket.send_bytes(message)
        except Exception:  # whatever the error, this socket can send no more
            gone = True
            with contextlib.suppress(Exception):
                await websocket.close()
    app._FletApp__websocket = None
    app._FletApp__send_queue = None


OnMessage = Callable[[Any, Any], Awaitable[None]]
"""FletApp's handler of one message a client sent (the app, the decoded message)."""


def registered_first(on_message: OnMessage) -> OnMessage:
    """FletApp's message handler `on_message`, passing over what a client sends
    before its register message.

    Flet 1.0.5 handles any first message as if the connection had a session:
    an update or an event before the register message raises in its receive
    loop, which stops reading, and the connection stays open, answered with
    nothing, until the server stops (tests/serving/test_forged_phone.py).
    Here such a message is dropped, as one for a control that does not exist
    is, and the register message that follows is answered as ever.
    """

    async def on_message_registered_first(app: Any, data: Any) -> None:
        registers = (
            isinstance(data, list | tuple)
            and len(data) > 1
            and data[0] == MessageAction.REGISTER_CLIENT.value
        )
        if app._FletApp__session is None and not registers:
            TRANSPORT_LOG.debug("dropped a message sent before registering")
            return
        await on_message(app, data)

    return on_message_registered_first


LEAVES = frozenset({str, int, float, bool, type(None), bytes})
"""Field values that never hold a control: not worth a look."""


_FIELD_PLANS: dict[type, tuple[tuple[str, bool], ...]] = {}
"""Per dataclass: the fields a diff looks into, in field order, each with whether
its value may be read from the sparse `_values` (absent there: an inert default)."""


def _inert(default: Any) -> bool:
    """Whether a field's default holds nothing a diff would visit."""
    return type(default) in LEAVES or isinstance(default, Enum) or default is UNSET


def _field_plan(cls: type) -> tuple[tuple[str, bool], ...]:
    """Each field a diff looks into, and whether it is a descriptor's (a `Prop`)
    with an inert default."""
    plan = []
    for field in dataclasses.fields(cls):
        if field.metadata.get("skip", False):
            continue
        prop = _get_raw_descriptor(cls, field.name)
        plan.append((field.name, isinstance(prop, Prop) and _inert(prop.default)))
    return tuple(plan)


def _fields(item: Any) -> list[Any]:
    """The values of a dataclass's fields that a diff looks into, in field order.

    Flet 1.0.5 keeps a control's non-default values in `_values`, behind a
    descriptor per field: reading every field through it was a quarter of a
    static Save's diff under cProfile (bench/README.md). A field left at an
    inert default (None, a number, an enum) holds no control: it is left out.
    """
    cls = item if isinstance(item, type) else type(item)
    plan = _FIELD_PLANS.get(cls)
    if plan is None:
        plan = _FIELD_PLANS[cls] = _field_plan(cls)
    # A class (a dataclass field may hold one) has no `_values` of its own.
    values = getattr(item, "_values", None)
    if values is None:
        return [getattr(item, name) for name, _ in plan]
    return [
        values[name] if sparse else getattr(item, name)
        for name, sparse in plan
        if not sparse or name in values
    ]


def _spread(stack: list[Any], values: Any, *rest: Any) -> None:
    """Put `values` on `stack` so that the first of them is taken first."""
    stack.extend((v, *rest) for v in reversed(list(values)) if type(v) not in LEAVES)


def removed_controls(builder: DiffBuilder, item: Any, recurse: bool) -> Iterator[Any]:
    """DiffBuilder._removed_controls without a generator per value it looks at.

    Flet 1.0.5 recurses through every field of every removed control, one nested
    generator per value: a quarter of a Save's server time (bench/README.md).
    Same controls, same order (children before their parent).
    """
    control_cls = builder.control_cls
    stack: list[tuple[Any, bool]] = [(item, False)]
    while stack:
        value, children_done = stack.pop()
        if children_done:
            yield value
        elif control_cls and isinstance(value, control_cls):
            stack.append((value, True))
            if hasattr(value, "__prev_lists"):
                children = [
                    *getattr(value, "__prev_lists", {}).values(),
                    *getattr(value, "__prev_dicts", {}).values(),
                    *getattr(value, "__prev_classes", {}).values(),
                ]
            else:
                children = _fields(value) if recurse else []
            _spread(stack, children, False)
        elif isinstance(value, dict):
            _spread(stack, value.values(), False)
        elif isinstance(value, list):
            _spread(stack, value, False)


def configure_dataclass(
    builder: DiffBuilder,
    item: Any,
    parent: Any,
    frozen: bool,
    configure_setattr_only: bool = False,
) -> Iterator[Any]:
    """DiffBuilder._configure_dataclass without a generator per value it visits.

    Same steps in the same order as Flet 1.0.5's: each control is built and
    yielded before its fields are visited, its changes cleared after them.
    """
    control_cls = builder.control_cls
    stack: list[tuple[Any, Any, bool, bool, bool]] = [
        (item, parent, frozen, configure_setattr_only, False)
    ]
    while stack:
        item, parent, frozen, setattr_only, fields_done = stack.pop()
        if fields_done:
            _clear_changes(item, frozen)
        elif dataclasses.is_dataclass(item):
            # Back to Any: is_dataclass's narrowing hides the Flet attributes below.
            item = cast(Any, item)
            object_patch.logger.debug(
                "\n_configure_dataclass: %s %s %s", item, frozen, setattr_only
            )
            if parent is None:
                parent_ref = getattr(item, "_parent", None)
                parent = parent_ref() if parent_ref else None
            if parent:
                if parent is item:
                    raise ObjectPatchException(f"Parent is the same as item: {item}")
                item._parent = weakref.ref(parent)
            if hasattr(item, "_frozen"):
                frozen = item._frozen
            elif frozen:
                item._frozen = frozen
            item_cls = item.__class__
            if getattr(item_cls, "__flet_control_cls__", None) is None:
                item_cls.__flet_control_cls__ = control_cls
            is_control = bool(control_cls and isinstance(item, control_cls))
            if is_control:
                if not setattr_only:
                    item.build()
                    item._before_update_safe()
                    object.__setattr__(item, "_initialized", True)
                yield item
            stack.append((item, None, frozen, False, True))
            if not setattr_only:
                child_parent = item if is_control else parent
                _spread(stack, _fields(item), child_parent, frozen, False, False)
        elif isinstance(item, dict):
            _spread(stack, item.values(), parent, frozen, False, False)
        elif isinstance(item, list):
            _spread(stack, item, parent, frozen, False, False)


def _clear_changes(item: Any, frozen: bool) -> None:
    """Start tracking a configured dataclass's changes from a clean slate."""
    if frozen:
        return
    dirty = getattr(item, "_dirty", None)
    if dirty is not None:
        dirty.clear()
        return
    # Any: mypy reads a class's __setattr__ as bound, without the instance.
    item_cls: Any = type(item)
    if item_cls.__setattr__ is not object_patch._control_setattr:
        item_cls.__setattr__ = object_patch._control_setattr
    object.__setattr__(item, "__changes", {})


def apply(version: str | None = None, *, served: bool = True) -> bool:
    """Put the workarounds in place if Flet (the installed one, or `version`)
    is the one they were measured on (upstream.versions); whether it did.

    `served`: the app runs behind Flet's web server, whose fixes come too; the
    static site runs in the browser, where there is no flet_web to import.
    """
    if not versions.flet_is_measured(version):
        return False
    DiffBuilder._removed_controls = removed_controls  # type: ignore[method-assign,assignment]  # ours in Flet's place
    DiffBuilder._configure_dataclass = configure_dataclass  # type: ignore[method-assign,assignment]  # ours in Flet's place
    if served:
        from flet_web.fastapi.flet_app import FletApp

        FletApp.send_message = send_message_unlogged
        FletApp._FletApp__send_loop = send_loop_until_gone
        # Flet's own handler, kept once: applying again wraps it no deeper.
        flets = getattr(FletApp, "_flet_on_message", FletApp._FletApp__on_message)
        FletApp._flet_on_message = flets
        FletApp._FletApp__on_message = registered_first(flets)
    return True
