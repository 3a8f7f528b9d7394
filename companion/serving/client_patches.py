"""What a client may set on the server's controls: values of their declared types only.

Flet 1.0.5 writes whatever a client sends as a control's property
(`Session.apply_patch`, `patch_dataclass`): a join code field's value sent as
the number 123456 reached the app, which then failed on `.split()` (issue 27).
Here a property update keeps only the values that fit the property's declared
type (a text is a str, a switch a bool, an enum one of its values); the rest
are dropped, as is any update of the page's client address or user agent,
which only the server knows (serving/peers.py).
"""

from __future__ import annotations

import dataclasses
import logging
import types
from collections.abc import Mapping
from enum import Enum
from functools import cache
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

from flet.controls.page import Page
from flet.messaging.session import Session

logger = logging.getLogger("companion.session")

ORIGINAL_APPLY_PATCH = Session.apply_patch
"""Flet's own Session.apply_patch, which apply_checked_patch ends in."""

SERVER_ONLY = frozenset({"client_ip", "client_user_agent"})
"""Page properties Flet sets from the connection, which no client may change."""


@cache
def declared_types(cls: type) -> Mapping[str, Any]:
    """Each field of a control class with its declared type (as Flet reads them)."""
    try:
        return get_type_hints(cls)
    except Exception:  # an annotation that cannot be resolved here: its text
        return {field.name: field.type for field in dataclasses.fields(cls)}


def fits(value: object, declared: Any) -> bool:
    """Whether `value`, as a client sent it, is of the `declared` type.

    Numbers are not bools, a float takes an int, an enum takes one of its
    values, a dataclass takes a mapping (Flet builds it; a wrong field inside
    then fails on its own), a list a list. A type this cannot judge (Any, a
    name left unresolved) takes anything, as Flet would.
    """
    origin = get_origin(declared)
    if origin is Union or origin is types.UnionType:
        return any(fits(value, option) for option in get_args(declared))
    if origin is Literal:
        return value in get_args(declared)
    if declared is type(None) or declared is None:
        return value is None
    if declared is bool:
        return isinstance(value, bool)
    if declared is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if declared is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if declared is str:
        return isinstance(value, str)
    if isinstance(declared, type) and issubclass(declared, Enum):
        return isinstance(value, declared) or any(
            type(value) is type(member.value) and value == member.value
            for member in declared
        )
    if isinstance(declared, type) and dataclasses.is_dataclass(declared):
        return isinstance(value, dict)
    if origin is list or declared is list:
        return isinstance(value, list)
    if origin is dict or declared is dict:
        return isinstance(value, dict)
    return True


def checked_patch(control: object, patch: object) -> dict[str, Any]:
    """The part of a client's `patch` of `control` that it may apply."""
    if not isinstance(patch, dict):
        return {}
    declared = declared_types(type(control))  # type: ignore[arg-type]  # a class is hashable: mypy reads its unbound __hash__
    kept: dict[str, Any] = {}
    for name, value in patch.items():
        if not isinstance(name, str) or name.startswith("_"):
            # Flet sets an underscored name as an attribute, declared or not.
            continue
        if isinstance(control, Page) and name in SERVER_ONLY:
            continue
        if name in declared and not fits(value, declared[name]):
            continue
        kept[name] = value
    return kept


def apply_checked_patch(session: Any, control_id: object, patch: object) -> None:
    """Session.apply_patch with `checked_patch` first (installed by session_guard).

    A patch Flet still cannot apply (a mapping that does not build the
    property's dataclass) changes nothing further and is logged, not raised:
    raised, it would end the connection's receive loop.
    """
    if not isinstance(control_id, int) or isinstance(control_id, bool):
        return
    control = session.index.get(control_id)
    if control is None:
        return
    kept = checked_patch(control, patch)
    if not kept:
        return
    try:
        ORIGINAL_APPLY_PATCH(session, control_id, kept)
    except Exception:
        logger.warning("A client's property update could not be applied", exc_info=True)
