"""The page's camera as a Scanner: one scan at a time, answers read as the app knows."""

from __future__ import annotations

import asyncio

from event_loops import run_apart
from test_page_channel import FakeBridge

from companion.serving.page_camera import PageScanner, scan_of
from companion.serving.page_channel import PageChannel
from companion.ui.frame.handover import Scan, ScanProblem, ScanWords

WORDS = ScanWords(hint="Point the camera", close="Close the camera")


def test_a_scan_asks_the_page_and_gives_what_it_read() -> None:
    async def scanned() -> Scan:
        bridge = FakeBridge()
        scanner = PageScanner(PageChannel(bridge))
        waiting = asyncio.ensure_future(scanner(WORDS))
        await asyncio.sleep(0)
        assert bridge.told == [
            {"kind": "scan", "hint": "Point the camera", "close": "Close the camera"}
        ]
        bridge.page_says('{"kind": "scanned", "text": "https://x.example/#m=1"}')
        return await waiting

    assert run_apart(scanned()) == Scan(text="https://x.example/#m=1")


def test_a_second_scan_closes_the_first() -> None:
    async def both() -> tuple[Scan, Scan]:
        bridge = FakeBridge()
        scanner = PageScanner(PageChannel(bridge))
        first = asyncio.ensure_future(scanner(WORDS))
        await asyncio.sleep(0)
        second = asyncio.ensure_future(scanner(WORDS))
        await asyncio.sleep(0)
        bridge.page_says('{"kind": "scanned", "problem": "refused"}')
        return await first, await second

    assert run_apart(both()) == (
        Scan(problem=ScanProblem.CLOSED),
        Scan(problem=ScanProblem.REFUSED),
    )


def test_an_answer_nobody_asked_for_is_ignored() -> None:
    async def unasked() -> Scan:
        bridge = FakeBridge()
        scanner = PageScanner(PageChannel(bridge))
        bridge.page_says('{"kind": "scanned", "text": "early"}')
        waiting = asyncio.ensure_future(scanner(WORDS))
        await asyncio.sleep(0)
        bridge.page_says('{"kind": "scanned", "problem": "no-camera"}')
        return await waiting

    assert run_apart(unasked()) == Scan(problem=ScanProblem.NO_CAMERA)


def test_an_answer_the_app_does_not_know_is_a_failed_camera() -> None:
    for message in (
        {"kind": "scanned"},
        {"kind": "scanned", "problem": "exploded"},
        {"kind": "scanned", "text": 12},
    ):
        assert scan_of(message) == Scan(problem=ScanProblem.FAILED)
