"""Where the app keeps its data (from the command line or setup) and its cache."""

import os
from pathlib import Path

import platformdirs

APP_NAME = "card-table-companion"
ENVIRONMENT = ("COMPANION_DATA", "FLET_APP_STORAGE_DATA")
"""Variables naming the data directory, first one set wins: ours, then Flet's."""


def data_dir(cli_value: str | None = None) -> Path:
    """The data directory: --data-dir, the environment, or the user's data dir."""
    if cli_value:
        return Path(cli_value).expanduser()
    for variable in ENVIRONMENT:
        value = os.environ.get(variable)
        if value:
            return Path(value).expanduser()
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


CACHE_ENVIRONMENT = "COMPANION_CACHE"
"""Names the cache folder, if set; else the user's cache folder."""


def cache_root() -> Path:
    """Where the app keeps what it can make again (the client's compressed
    files, the compiled catalogs), to skip that work at the next start."""
    root = os.environ.get(CACHE_ENVIRONMENT) or platformdirs.user_cache_dir(
        APP_NAME, appauthor=False
    )
    return Path(root).expanduser()
