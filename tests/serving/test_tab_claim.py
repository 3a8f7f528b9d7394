"""Without Web Locks, a second tab of the site is still refused the store."""

from __future__ import annotations

import asyncio

from event_loops import run_apart

from companion.serving.tab_claim import PROBE, TabClaim


class Channel:
    """A BroadcastChannel: each tab's message reaches every other tab, later."""

    def __init__(self) -> None:
        self.tabs: list[TabClaim] = []

    def tab(self, token: str) -> TabClaim:
        def post(text: str) -> None:
            loop = asyncio.get_running_loop()
            for other in self.tabs:
                if other is not claim:
                    loop.call_soon(other.heard, text)

        claim = TabClaim(post, token)
        self.tabs.append(claim)
        return claim


WAIT_S = 0.2


def test_the_first_tab_gets_the_store_and_a_later_one_is_refused() -> None:
    async def scenario() -> tuple[bool, bool]:
        channel = Channel()
        first = await channel.tab("b").claim(WAIT_S)
        # A smaller token does not win against a tab that holds the store.
        second = await channel.tab("a").claim(WAIT_S)
        return first, second

    assert run_apart(scenario()) == (True, False)


def test_two_tabs_asking_at_once_let_exactly_one_in() -> None:
    async def scenario() -> list[bool]:
        channel = Channel()
        tabs = [channel.tab(token) for token in ("c", "a", "b")]
        return list(await asyncio.gather(*(tab.claim(WAIT_S) for tab in tabs)))

    assert run_apart(scenario()) == [False, True, False]


def test_a_tab_asking_while_another_waits_is_stopped_by_its_claim() -> None:
    async def scenario() -> list[bool]:
        channel = Channel()
        early = asyncio.ensure_future(channel.tab("a").claim(WAIT_S))
        await asyncio.sleep(WAIT_S / 2)
        # Asked after the first tab's ask went by: it hears only the claim.
        late = asyncio.ensure_future(channel.tab("z").claim(WAIT_S))
        return [await early, await late]

    assert run_apart(scenario()) == [True, False]


def test_a_tab_alone_takes_the_store_once_nobody_answers() -> None:
    async def scenario() -> bool:
        return await Channel().tab("a").claim(WAIT_S)

    assert run_apart(scenario()) is True


def test_a_holder_answers_a_pages_probe() -> None:
    async def scenario() -> list[str]:
        said: list[str] = []
        holder = TabClaim(said.append, "b")
        await holder.claim(WAIT_S)
        said.clear()
        holder.heard(f"{PROBE}:a")
        return said

    assert run_apart(scenario()) == ["held:b"]


def test_a_pages_probe_does_not_make_a_waiting_tab_give_way() -> None:
    async def scenario() -> bool:
        channel = Channel()
        waiting = asyncio.ensure_future(channel.tab("z").claim(WAIT_S))
        await asyncio.sleep(0)
        # A smaller token than the tab's: an ask would have stopped it.
        channel.tabs[0].heard(f"{PROBE}:a")
        return await waiting

    assert run_apart(scenario()) is True
