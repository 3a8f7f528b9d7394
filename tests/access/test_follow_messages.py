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
    NameTold,
    Refused,
    SaveAsked,
    match_sent,
    name_from_phone,
    name_told,
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
    assert name_from_phone(name_told("Åse 🎉")) == NameTold("Åse 🎉")


def test_whose_phone_it_is_is_read_cleaned_as_a_players_name() -> None:
    told = json.dumps({"t": "name", "name": "  Ada\u0301  Bo "})
    assert name_from_phone(told) == NameTold("Adá Bo")
    assert name_from_phone(json.dumps({"t": "name", "name": ""})) == NameTold("")
    # The longest name the rules take, escaped as JSON escapes it, is read.
    longest = "👨‍👩‍👧‍👦" * 24
    assert name_from_phone(name_told(longest)) == NameTold(longest)


@pytest.mark.parametrize(
    "text",
    [
        save_asked(3, "0102"),
        "{",
        None,
        json.dumps({"t": "save", "name": "Ada"}),
        # Longer than any name's message: left to read_from_phone, unread.
        json.dumps({"t": "name", "name": "Ada", "x": "0" * MAX_MESSAGE_CHARS}),
    ],
)
def test_what_says_no_name_is_left_to_the_other_reader(text: object) -> None:
    assert name_from_phone(text) is None


@pytest.mark.parametrize(
    "told",
    [
        "A" * 25,
        "é" * 600,
        "A\u202eda",
        ["Ada"],
        None,
    ],
)
def test_a_name_past_the_rules_of_a_players_name_is_refused(told: object) -> None:
    with pytest.raises(AccessError) as refusal:
        name_from_phone(json.dumps({"t": "name", "name": told}))
    assert refusal.value.code == "follow-unreadable"


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
        json.dumps({"t": "name", "name": "Ada"}),
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
