"""The upload route Settings' import uses: the host's signed uploads, bounded."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import pytest
from event_loops import run_apart
from flet_web.uploads import build_upload_url

from companion.serving.uploads import (
    UPLOAD_PATH,
    BoundedUploads,
    UploadFolder,
    upload_name,
)

HOST = "127.0.0.1"
PHONE = "192.168.1.23"
LIMIT = 1_000


async def _flet(scope, receive, send) -> None:
    """Stands in for Flet's app, which must never see an upload."""
    raise AssertionError("the upload reached Flet's own handler")


def _put(
    uploads: UploadFolder,
    url: str,
    chunks: list[bytes],
    client: str = HOST,
    length: int | None = None,
) -> int:
    """PUT `chunks` to `url` (a body of that many messages); the status."""
    parts = urlsplit(url)
    sent: list[dict] = []
    messages = [
        {"type": "http.request", "body": chunk, "more_body": n < len(chunks) - 1}
        for n, chunk in enumerate(chunks)
    ]

    async def receive() -> dict:
        return messages.pop(0) if messages else {"type": "http.disconnect"}

    async def send(message: dict) -> None:
        sent.append(message)

    headers = [] if length is None else [(b"content-length", str(length).encode())]
    scope = {
        "type": "http", "method": "PUT", "path": parts.path, "headers": headers,
        "query_string": parts.query.encode(), "root_path": "",
        "client": (client, 50000),
    }  # fmt: skip
    run_apart(BoundedUploads(_flet, uploads)(scope, receive, send))
    return sent[0]["status"]


@pytest.fixture
def uploads(tmp_path: Path) -> UploadFolder:
    return UploadFolder(tmp_path / "uploads", LIMIT)


def _url(uploads: UploadFolder, name: str, seconds: int = 60) -> str:
    return build_upload_url(UPLOAD_PATH, name, seconds, uploads.secret)


def test_the_host_uploads_a_file_under_its_signed_name(uploads: UploadFolder) -> None:
    name = upload_name()
    body = b'{"format": "card-table-companion"}'
    assert _put(uploads, _url(uploads, name), [body[:10], body[10:]]) == 200
    assert (uploads.folder / name).read_bytes() == body
    assert [p.name for p in uploads.folder.iterdir()] == [name]


def test_a_file_past_the_limit_is_refused_and_nothing_of_it_stays(
    uploads: UploadFolder,
) -> None:
    name = upload_name()
    told = _put(uploads, _url(uploads, name), [b"x" * LIMIT], length=LIMIT + 1)
    assert told == 413
    assert not uploads.folder.exists() or list(uploads.folder.iterdir()) == []
    # A body that does not say its length is cut off once past the limit.
    chunks = [b"x" * 400] * 100
    assert _put(uploads, _url(uploads, name), chunks) == 413
    assert list(uploads.folder.iterdir()) == []
    assert _put(uploads, _url(uploads, name), [b"x" * LIMIT]) == 200


@pytest.mark.parametrize(
    "why", ["a phone", "no signature", "another secret", "expired", "not our name"]
)
def test_an_upload_from_a_phone_or_without_a_valid_url_writes_nothing(
    uploads: UploadFolder, why: str
) -> None:
    name = upload_name()
    url, client = _url(uploads, name), HOST
    if why == "a phone":
        client = PHONE
    elif why == "no signature":
        url = url.split("&s=")[0]
    elif why == "another secret":
        url = build_upload_url(UPLOAD_PATH, name, 60, "not the server's secret")
    elif why == "expired":
        url = _url(uploads, name, seconds=-1)
    else:
        url = _url(uploads, "../../data/matches.json")
    assert _put(uploads, url, [b"{}"], client=client) == 403
    assert not uploads.folder.exists()
