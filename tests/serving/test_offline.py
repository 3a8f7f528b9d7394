"""A served phone's worker: registered once the app is up, not during its start."""

from __future__ import annotations

from node_scripts import shipped_settings

from companion.serving.offline import WATCH_SCRIPT, served_client
from companion.webclient.loading_screen import SHOWN_CHANNEL
from companion.webclient.service_worker import REGISTRATION


def test_a_served_page_registers_its_worker_once_the_app_is_shown() -> None:
    watch = served_client().replaced[WATCH_SCRIPT].decode("utf-8")
    assert shipped_settings(watch)[REGISTRATION.key]["readyChannel"] == SHOWN_CHANNEL
