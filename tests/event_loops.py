"""Run a coroutine to its end from a test, whatever loop the test's thread holds."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any


def run_apart(coroutine: Coroutine[Any, Any, Any]) -> Any:
    """Run a coroutine on a thread of its own: after a browser test, Playwright's
    sync API holds the main thread's running loop, where asyncio.run refuses."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()
