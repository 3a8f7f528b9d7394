"""The page's channel to Python: messages by kind, kept until listened for, bounded."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from companion.serving import page_channel
from companion.serving.page_channel import (
    MAX_MESSAGE_CHARS,
    PAGE_BURST,
    PAGE_RATE,
    PageChannel,
)


class FakeBridge:
    """The worker's script as Python sees it: what it told, what it hears."""

    def __init__(self, *waiting: str) -> None:
        self.waiting = list(waiting)
        self.told: list[dict[str, Any]] = []
        self.heard: Callable[[str], None] | None = None

    def listen(self, heard: Callable[[str], None]) -> None:
        self.heard = heard
        for text in self.waiting:
            heard(text)

    def tell(self, text: str) -> None:
        self.told.append(json.loads(text))

    def page_says(self, text: object) -> None:
        assert self.heard is not None
        self.heard(text)  # type: ignore[arg-type]


def test_messages_reach_the_handler_of_their_kind() -> None:
    bridge = FakeBridge()
    channel = PageChannel(bridge)
    heard: list[dict[str, Any]] = []
    channel.listen("scanned", heard.append)

    bridge.page_says('{"kind": "scanned", "text": "hello"}')
    bridge.page_says('{"kind": "other"}')

    assert heard == [{"kind": "scanned", "text": "hello"}]


def test_a_message_before_its_listener_is_kept_until_one_comes() -> None:
    bridge = FakeBridge('{"kind": "handed", "text": "#m=1"}')
    channel = PageChannel(bridge)
    heard: list[dict[str, Any]] = []

    channel.listen("handed", heard.append)

    assert heard == [{"kind": "handed", "text": "#m=1"}]


def test_python_tells_the_page_by_kind() -> None:
    bridge = FakeBridge()
    PageChannel(bridge).tell("scan", hint="Point", close="Close")
    assert bridge.told == [{"kind": "scan", "hint": "Point", "close": "Close"}]


def test_what_is_not_a_message_of_ours_is_dropped() -> None:
    bridge = FakeBridge()
    channel = PageChannel(bridge)
    heard: list[dict[str, Any]] = []
    channel.listen("scanned", heard.append)
    too_long = json.dumps({"kind": "scanned", "text": "1" * MAX_MESSAGE_CHARS})

    for text in (None, 7, "not json", "[1]", '{"kind": 3}', '{"text": "x"}', too_long):
        bridge.page_says(text)

    assert heard == []


def test_a_message_nested_deeper_than_the_parser_survives_is_dropped() -> None:
    bridge = FakeBridge()
    channel = PageChannel(bridge)
    heard: list[dict[str, Any]] = []
    channel.listen("scanned", heard.append)

    bridge.page_says('{"kind": "scanned", "text": ' + "[" * 100_000)
    bridge.page_says('{"kind": "scanned", "text": "after"}')

    assert heard == [{"kind": "scanned", "text": "after"}]


def test_past_its_budget_the_page_is_dropped_unparsed(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    now = [0.0]
    bridge = FakeBridge()
    channel = PageChannel(bridge, clock=lambda: now[0])
    heard: list[dict[str, Any]] = []
    channel.listen("peer-event", heard.append)
    parsed: list[str] = []
    loads = json.loads
    monkeypatch.setattr(
        page_channel.json, "loads", lambda text: parsed.append(text) or loads(text)
    )
    flood = [json.dumps({"kind": "peer-event", "n": n}) for n in range(PAGE_BURST * 5)]

    for text in flood:
        bridge.page_says(text)

    assert [message["n"] for message in heard] == list(range(PAGE_BURST))
    assert parsed == flood[:PAGE_BURST]
    # One line on the console for the whole flood.
    assert len(caplog.records) == 1
    # The budget comes back with time, as the page's own messages need.
    now[0] += 1 / PAGE_RATE
    bridge.page_says(flood[0])
    assert heard[-1] == {"kind": "peer-event", "n": 0}
