"""What phones that follow one another send is read within bounds, and a
phone's messages are held to a budget."""

from __future__ import annotations

import json
import re

import pytest

from companion.access.follow_messages import (
    BURST,
    MAX_MESSAGE_CHARS,
    RATE,
    MatchSent,
    MessageBudget,
    Refused,
    SaveAsked,
    match_sent,
    read_from_host,
    read_from_phone,
    refused,
    save_asked,
)
from companion.access.sharing import AccessError
from companion.webclient.page_script import PEER_LINK


def test_each_message_reads_back_as_it_was_written() -> None:
    assert read_from_host(match_sent(3, "0102", True)) == MatchSent(3, "0102", True)
    assert read_from_host(refused("view-only")) == Refused("view-only")
    assert read_from_phone(save_asked(3, "0102")) == SaveAsked(3, "0102")


@pytest.mark.parametrize(
    "text",
    [
        None,
        7,
        "",
        "not json",
        "[1, 2]",
        json.dumps({"t": "save", "seq": "3", "code": "01"}),
        json.dumps({"t": "save", "seq": True, "code": "01"}),
        json.dumps({"t": "save", "seq": -1, "code": "01"}),
        json.dumps({"t": "save", "seq": 2**31, "code": "01"}),
        json.dumps({"t": "save", "seq": 1, "code": "01a"}),
        json.dumps({"t": "save", "seq": 1, "code": "٠١"}),
        json.dumps({"t": "save", "seq": 1, "code": ["01"]}),
        json.dumps({"t": "match", "seq": 1, "code": "01", "record": True}),
        json.dumps({"t": "save", "seq": 1, "code": "0" * MAX_MESSAGE_CHARS}),
        # Deeper than the parser survives (RecursionError here, Pyodide gone).
        pytest.param("[" * 100_000, id="nested"),
        pytest.param(
            '{"t": "save", "seq": 1, "code": "01", "x": ' + "[" * 50_000,
            id="nested-in-a-save",
        ),
    ],
)
def test_a_phone_sends_nothing_the_host_reads_but_a_save(text: object) -> None:
    with pytest.raises(AccessError) as refusal:
        read_from_phone(text)
    assert refusal.value.code == "follow-unreadable"


@pytest.mark.parametrize(
    "message",
    [
        {"t": "match", "seq": 1, "code": "01", "record": "yes"},
        {"t": "match", "seq": 1, "code": "01"},
        {"t": "refused", "error": "no-such-code"},
        # A code with words of its own: the host sends none.
        {"t": "refused", "error": "follow-full"},
        {"t": "save", "seq": 1, "code": "01"},
    ],
)
def test_the_host_sends_nothing_a_phone_reads_but_its_match_or_a_refusal(
    message: dict[str, object],
) -> None:
    with pytest.raises(AccessError):
        read_from_host(json.dumps(message))


def test_a_host_nesting_deeper_than_the_parser_survives_is_refused_unread() -> None:
    with pytest.raises(AccessError) as refusal:
        read_from_host("[" * 100_000)
    assert refusal.value.code == "follow-unreadable"


def test_a_phone_sends_a_burst_then_its_rate() -> None:
    now = [0.0]
    budget = MessageBudget(lambda: now[0])
    assert [budget.take() for _ in range(BURST)] == [True] * BURST
    assert not budget.take()
    now[0] += 1 / RATE
    assert budget.take()
    assert not budget.take()
    # Quiet for long, it may burst again, no more.
    now[0] += 60
    assert [budget.take() for _ in range(BURST + 1)] == [True] * BURST + [False]


def test_the_page_passes_on_exactly_what_python_reads() -> None:
    # Two copies of one bound (webclient/ may import nothing of ours): the
    # page's, which drops a longer message unseen, and this module's.
    (page_bound,) = re.findall(r"const MAX_MESSAGE_CHARS = (\d+);", PEER_LINK.source())
    assert int(page_bound) == MAX_MESSAGE_CHARS
