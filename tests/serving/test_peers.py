"""Each websocket's peer address, as the server accepted it, for the code it runs."""

from __future__ import annotations

from collections.abc import Callable

from event_loops import run_apart

from companion.serving.peers import PeerAddresses, accepted_from, asked_languages


def _seen_by_the_app(
    scope: dict[str, object], read: Callable[[], object] = accepted_from
) -> list[object]:
    """What `read` gives while the app handles `scope`, and after."""
    seen: list[object] = []

    async def app(scope, receive, send) -> None:
        seen.append(read())

    async def run() -> None:
        await PeerAddresses(app)(scope, None, None)
        seen.append(read())

    run_apart(run())
    return seen


def test_a_websocket_knows_its_peer_only_while_it_is_handled() -> None:
    scope = {"type": "websocket", "client": ("192.0.2.7", 50000)}
    assert _seen_by_the_app(scope) == ["192.0.2.7", None]


def test_a_websocket_without_a_known_peer_is_nobody() -> None:
    assert _seen_by_the_app({"type": "websocket", "client": None}) == ["", None]


def test_plain_requests_carry_no_peer() -> None:
    scope = {"type": "http", "client": ("127.0.0.1", 50000)}
    assert _seen_by_the_app(scope) == [None, None]


def test_a_websocket_knows_the_languages_its_browser_asked_for() -> None:
    headers = [(b"host", b"x"), (b"accept-language", b"nb-NO,nb;q=0.9,en;q=0.8")]
    scope = {"type": "websocket", "client": ("192.0.2.7", 1), "headers": headers}
    assert _seen_by_the_app(scope, asked_languages) == [["nb-NO", "nb", "en"], None]


def test_a_websocket_that_names_no_language_leaves_the_app_to_ask() -> None:
    for headers in ([], [(b"accept-language", b"")], [(b"accept-language", b";;")]):
        scope = {"type": "websocket", "client": None, "headers": headers}
        assert _seen_by_the_app(scope, asked_languages) == [None, None], headers
