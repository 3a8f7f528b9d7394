"""No traceback ever reaches a browser: a session's errors stay in the server's log.

Flet 1.0.5 answers an exception in an event handler, an effect or `main` with a
"session crashed" message to the browser (`Session.error`) that carries the
Python traceback, the server's file paths in it; the client then covers the app
with an error card while taps still reach the app beneath (issues 27 and 29).
Here, on that Flet only:

- `Session.dispatch_event` runs a handler as Flet's does, but a handler that
  raises is logged (the traceback, once: quiet_log) and its screen shows one
  translated line (ui/frame/handler_guard.py); the session goes on.
- `Page.run_task`'s task that raises (a forged reply the app awaited) is
  logged and told the same way, not printed by the event loop.
- `Session.error`, which Flet's other paths (effects, `main`) still call, logs
  the text and shows the same line, and never sends the text to the browser.
- `Session.apply_patch` keeps a client's property updates to their declared
  types (client_patches.py).

The same holds in the static site, where the "server" is Pyodide in the page:
there the log is the browser's console, and no traceback is drawn.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import Awaitable, Callable
from concurrent.futures import Future
from typing import Any

from flet.controls.context import _context_page
from flet.controls.page import Page
from flet.messaging.session import Session

from companion.serving import client_patches
from companion.serving.quiet_log import guard_loggers
from companion.upstream import versions

logger = logging.getLogger("companion.session")

ORIGINAL_DISPATCH = Session.dispatch_event
ORIGINAL_ERROR = Session.error
ORIGINAL_RUN_TASK = Page.run_task


def _tell(session: Any) -> None:
    """Show the session's person that something failed (the frame's line)."""
    # Imported when first needed: the controls are not loaded before a session.
    from companion.ui.frame.handler_guard import tell_failure

    tell_failure(session)


async def dispatch_event_kept(
    session: Any, control_id: int, event_name: str, event_data: Any
) -> None:
    """Session.dispatch_event, whose failing handler is logged, not sent.

    Flet 1.0.5's, step for step, up to its `except`: the page bound to this
    session for the event, the control found (live or recovered), the handler
    run through the control.
    """
    _context_page.set(session.page)
    control = session._Session__resolve_event_control(control_id)
    if not control:
        logger.debug("Control with ID %s not found.", control_id)
        return
    try:
        await control._trigger_event(event_name, event_data)
    except Exception:
        logger.error(
            "The on_%s handler of %s failed",
            str(event_name)[:40],
            type(control).__name__,
            exc_info=True,
        )
        _tell(session)


def error_kept(session: Any, message: str) -> None:
    """Session.error, which logs `message` (a traceback, as Flet writes it) and
    tells the person in one translated line, instead of sending it."""
    logger.error("A session failed: %s", message)
    _tell(session)


def run_task_kept(
    page: Any, handler: Callable[..., Awaitable[Any]], *args: Any, **kwargs: Any
) -> Future[Any]:
    """Page.run_task, whose task that raises is logged and told, not printed.

    Flet 1.0.5's steps: the page bound, the coroutine run on the session's
    loop; its done-callback re-raised the error into the event loop's handler.
    """
    _context_page.set(page)
    if not inspect.iscoroutinefunction(handler):
        raise TypeError("handler must be a coroutine function")
    session = page.session
    future = asyncio.run_coroutine_threadsafe(
        handler(*args, **kwargs), session.connection.loop
    )

    def done(finished: Future[Any]) -> None:
        if finished.cancelled():
            return
        error = finished.exception()
        if error is not None:
            logger.error(
                "A task of a session failed",
                exc_info=(type(error), error, error.__traceback__),
            )
            _tell(session)

    future.add_done_callback(done)
    return future


def apply(version: str | None = None) -> bool:
    """Put the guards in place if Flet (the installed one, or `version`) is
    the one they were read on (upstream.versions); whether it did.

    The log's flood limit (quiet_log) goes on in any case.
    """
    guard_loggers()
    if not versions.flet_is_measured(version):
        return False
    Session.dispatch_event = dispatch_event_kept  # type: ignore[method-assign,assignment]  # ours in Flet's place
    Session.error = error_kept  # type: ignore[method-assign,assignment]  # ours in Flet's place
    Page.run_task = run_task_kept  # type: ignore[method-assign,assignment]  # ours in Flet's place
    Session.apply_patch = client_patches.apply_checked_patch  # type: ignore[assignment]  # ours in Flet's place
    return True
