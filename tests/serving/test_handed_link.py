"""The link the page was opened with: told before the app starts, then dropped."""

from __future__ import annotations

from test_page_channel import FakeBridge

from companion.serving import handed_link
from companion.serving.page_channel import PageChannel


def test_the_link_the_page_told_before_the_app_started_is_the_one_opened_with() -> None:
    bridge = FakeBridge('{"kind": "handed", "text": "#m=0123"}')
    assert handed_link.opened_with(PageChannel(bridge)) == "#m=0123"


def test_a_page_opened_without_a_link_has_none() -> None:
    assert handed_link.opened_with(PageChannel(FakeBridge())) == ""
    odd = FakeBridge('{"kind": "handed", "text": ["#m=1"]}')
    assert handed_link.opened_with(PageChannel(odd)) == ""


def test_an_answered_link_is_forgotten_by_the_page() -> None:
    bridge = FakeBridge()
    handed_link.forget(PageChannel(bridge))
    assert bridge.told == [{"kind": "forget-handed"}]


def test_links_the_page_is_given_while_the_app_runs_go_to_the_app() -> None:
    bridge = FakeBridge('{"kind": "handed", "text": "#m=0123"}')
    channel = PageChannel(bridge)
    assert handed_link.opened_with(channel) == "#m=0123"
    came: list[str] = []
    handed_link.later(channel, came.append)
    bridge.page_says('{"kind": "handed", "text": "#m=4567"}')
    bridge.page_says('{"kind": "handed", "text": 7}')
    assert came == ["#m=4567"]
