"""The packaged phone app's start (`flet build apk` / `ipa`; see [tool.flet])."""

from __future__ import annotations

import flet as ft

from companion.serving import session_guard
from companion.serving.app import make_device_main
from companion.storage import Store
from companion.storage.paths import data_dir


def start() -> None:
    """Open the store in the app's own data folder and run the app; blocks."""
    session_guard.apply()
    ft.run(make_device_main(Store.open(data_dir(None))))


if __name__ == "__main__":
    start()
