"""Matches, players, settings in crash-safe TinyDB documents. Imports: engine."""

from companion.storage.errors import (
    STORE_ERROR_CODES,
    STORE_NOTICE_CODES,
    StoreError,
    StoreNotice,
)
from companion.storage.records import MatchSummary, PlayerRecord, StoredMatch
from companion.storage.store import Store
from companion.storage.transfer import ImportResult

__all__ = [
    "STORE_ERROR_CODES",
    "STORE_NOTICE_CODES",
    "ImportResult",
    "MatchSummary",
    "PlayerRecord",
    "Store",
    "StoreError",
    "StoreNotice",
    "StoredMatch",
]
