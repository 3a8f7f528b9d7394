"""Schema versions of stored documents: migrating older ones, refusing newer ones."""

from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.storage.errors import StoreError
from companion.storage.storages import DamagedData, Tables

SCHEMA_VERSION = 1
"""The version of every document this code writes.

A key added later that only says something when present is no new version: a
document without it reads as before (a match's `settings.card_set`, and its
`ended_early`, written only for a match the table ended early).
"""

Migration = Callable[[str, dict[str, Any]], dict[str, Any]]

MIGRATIONS: dict[int, Migration] = {}
"""How to turn a document (given its table name) of version N into version N + 1."""


def document_version(document: dict[str, Any]) -> int:
    """A document's schema version; DamagedData when it has none that makes sense."""
    version = document.get("schema")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise DamagedData("schema-version")
    return version


def upgrade_document(
    table: str, document: dict[str, Any], path: Path | str
) -> dict[str, Any]:
    """The document at the current version: migrated if older, refused if newer."""
    version = document_version(document)
    if version > SCHEMA_VERSION:
        raise StoreError(
            "newer-schema", path=str(path), version=version, supported=SCHEMA_VERSION
        )
    while version < SCHEMA_VERSION:
        document = {**MIGRATIONS[version](table, document), "schema": version + 1}
        version += 1
    return document


def upgrade_tables(
    tables: Tables, path: Path | str, on_migrated: Callable[[int], None]
) -> Tables:
    """Every document upgraded; the same object back when none needed it."""
    changed = False
    upgraded: Tables = {}
    for name, table in tables.items():
        upgraded[name] = {}
        for doc_id, document in table.items():
            version = document_version(document)
            new = upgrade_document(name, document, path)
            if version != SCHEMA_VERSION:
                on_migrated(version)
                changed = True
            upgraded[name][doc_id] = new
    return upgraded if changed else tables
