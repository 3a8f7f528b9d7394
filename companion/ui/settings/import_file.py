"""Settings' import: the file the user picks reaches the store, sent one of two ways.

The static site (and a packaged app) read the picked file with the pick itself.
The served app cannot: a file picked with its data travels in one websocket
message, which past 16 MiB never arrives, so nothing at all was shown. It
uploads the file over HTTP instead (serving/uploads.py bounds that route).
"""

from __future__ import annotations

import asyncio
import logging
import tempfile
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

import flet as ft

from companion.storage import ImportResult, StoreError
from companion.ui.frame.state import AppState

logger = logging.getLogger(__name__)

UPLOAD_SECONDS = 600
"""How long a signed upload URL holds, and how long Settings waits for it."""


@dataclass(frozen=True)
class Imported:
    """What an import added, and the file's name as the user picked it."""

    name: str
    result: ImportResult


Importer = Callable[[AppState], Awaitable[Imported | None]]
"""Picks a file and imports it; None when cancelled or refused (then reported)."""


async def _pick(with_data: bool) -> ft.FilePickerFile | None:
    picked = await ft.FilePicker().pick_files(
        file_type=ft.FilePickerFileType.CUSTOM,
        allowed_extensions=["json"],
        with_data=with_data,
    )
    return picked[0] if picked else None


async def import_with_data(state: AppState) -> Imported | None:
    """The picked file's bytes come with the pick (no server to send them to)."""
    picked = await _pick(with_data=True)
    if picked is None or picked.bytes is None:
        return None
    with tempfile.TemporaryDirectory() as scratch:
        copy = Path(scratch) / "import.json"
        copy.write_bytes(picked.bytes)
        result = state.writes.import_file(copy, picked.name)
    return None if result is None else Imported(picked.name, result)


def import_by_upload(folder: Path, new_name: Callable[[], str]) -> Importer:
    """The picked file is uploaded into `folder` under `new_name()`, then imported.

    A file past the import limit is refused by the size the browser tells,
    before a byte is sent; the upload route refuses a longer body on its own.
    The uploaded copy is deleted once read.
    """

    async def import_uploaded(state: AppState) -> Imported | None:
        done: asyncio.Future[str | None] = asyncio.get_running_loop().create_future()

        async def on_upload(event: ft.FilePickerUploadEvent) -> None:
            # The client reports the upload (forgeable): a forged "done" only
            # makes the import look for a file the upload route never wrote.
            if done.done():
                return
            if event.error:
                done.set_result(str(event.error))
            elif isinstance(event.progress, int | float) and event.progress >= 1:
                done.set_result(None)

        picker = ft.FilePicker(on_upload=on_upload)
        picked = await picker.pick_files(
            file_type=ft.FilePickerFileType.CUSTOM, allowed_extensions=["json"]
        )
        if not picked:
            return None
        file = picked[0]
        # The name and size are the client's (forgeable). Only the host gets
        # here (may_import asks the gate); the size only spares a doomed upload
        # (the upload route counts the bytes), the name is only shown, and the
        # file is read as any import file is (storage/transfer.py).
        if not state.writes.may_import(file.name, file.size):
            return None
        name = new_name()
        url = ft.context.page.get_upload_url(name, UPLOAD_SECONDS)
        upload = folder / name
        try:
            await picker.upload([ft.FilePickerUploadFile(url, id=file.id)])
            t = state.t
            try:
                error = await asyncio.wait_for(done, UPLOAD_SECONDS)
                # TRANSLATORS: the reason in "Could not read FILE (REASON)".
                reason = t.gettext("the computer refused it")
            except TimeoutError:
                error = "no answer"
                # TRANSLATORS: the reason in "Could not read FILE (REASON)".
                reason = t.gettext("it did not arrive in time")
            if error is not None or not upload.is_file():
                # The client's own words ("Upload endpoint returned code 413")
                # are English and technical: the log keeps them.
                logger.warning("upload of an import file failed: %s", error)
                refused = StoreError("import-unreadable", path=file.name, reason=reason)
                state.report(refused)
                return None
            result = state.writes.import_file(upload, file.name)
        finally:
            upload.unlink(missing_ok=True)
        return None if result is None else Imported(file.name, result)

    return import_uploaded
