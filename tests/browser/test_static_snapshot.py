"""The static site starts Python from its snapshot, and never from a bad or old one.

One site, one static server and one browser profile, the tests in order as
one person's phone (test_static_site's Phone): a normal start makes the
snapshot, the next start restores it; a damaged one means a normal start
with the data there, and a fresh snapshot after it; a rebuilt site boots.
Which start a page made is the page's own marker (snapshot.START_ATTRIBUTE).
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import StaticServer
from driver import Table
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Playwright
from test_static_site import (
    BOOT_MS,
    RESUME,
    Phone,
    _an_export,
    _import,
    wait_for_app,
)

from companion.publish import snapshot
from companion.publish.site import APP_ARCHIVE, Site, build_site

DAMAGE_JS = """
async ([cacheName, damage]) => {
  const cache = await caches.open(cacheName);
  const [request] = await cache.keys();
  const kept = await cache.match(request);
  const bytes = new Uint8Array(await kept.arrayBuffer());
  const headers = new Headers(kept.headers);
  let body = bytes;
  if (damage === "corrupt") {
    body = bytes.slice();
    body[body.length >> 1] ^= 0xff;
  } else if (damage === "truncated") {
    body = bytes.slice(0, bytes.length >> 1);
  } else if (damage === "fails-to-restore") {
    // A byte of the build's id in its header (pyodide_private.js): Pyodide
    // refuses the restore; the digest is made anew, so only the restore fails.
    body = bytes.slice();
    body[20] ^= 0xff;
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
    headers.set(DIGEST_HEADER,
      Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join(""));
  } else {
    headers.set(VERSION_HEADER, "an-older-build");
  }
  await cache.put(request, new Response(body, {headers}));
}
""".replace("VERSION_HEADER", repr(snapshot.VERSION_HEADER)).replace(
    "DIGEST_HEADER", repr(snapshot.DIGEST_HEADER)
)

ARCHIVE_AWAY_JS = """
async () => {
  for (const name of await caches.keys()) {
    if (name.startsWith("companion-")) {
      const cache = await caches.open(name);
      await cache.delete("app.tar.gz", {ignoreSearch: true});
    }
  }
}
"""
"""The service worker's copy of the app's archive dropped: it asks the site."""

FILES_MISSING = "The app's files could not be downloaded."


@pytest.fixture(scope="module")
def phone(
    static_server: StaticServer,
    tmp_path_factory: pytest.TempPathFactory,
    playwright: Playwright,
) -> Iterator[Phone]:
    device = Phone(playwright, tmp_path_factory.mktemp("profile"), static_server.url)
    yield device.start()
    device.close()


def start_of(table: Table) -> str | None:
    """Which start the page's Python made (None: not told yet)."""
    return table.page.get_attribute("html", snapshot.START_ATTRIBUTE)


def start_made(table: Table) -> str:
    """Wait until the page's Python has told which start it made; that start."""
    attribute = snapshot.START_ATTRIBUTE
    table.page.wait_for_function(
        f"() => document.documentElement.getAttribute({attribute!r})",
        timeout=BOOT_MS,
    )
    return str(start_of(table))


def snapshot_made(table: Table) -> str:
    """Wait for the page's snapshot maker to finish: `made` or `failed`."""
    attribute = snapshot.SNAPSHOT_ATTRIBUTE
    table.page.wait_for_function(
        f"() => document.documentElement.getAttribute({attribute!r})",
        timeout=BOOT_MS,
    )
    return str(table.page.get_attribute("html", attribute))


def test_the_start_after_a_normal_one_restores_python_from_the_snapshot(
    phone: Phone, tmp_path: Path
) -> None:
    table = phone.tab()
    assert start_of(table) == "boot"
    table.tab("Settings")
    export = _an_export(tmp_path)
    _import(table, export)
    table.see(f"1 match imported from {export.name}")
    assert snapshot_made(table) == "made"
    table = phone.tab()
    assert start_of(table) == "snapshot"
    # The app runs on it: the match is there and opens, a round's data with it.
    table.tap(RESUME)
    table.standing(1, "Ada", 10)
    table.standing(3, "Bo", 50)
    assert phone.calls_outside() == []


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        ("corrupt", "it is damaged"),
        ("truncated", "it is damaged"),
        ("another-build", "it is of another build"),
        ("fails-to-restore", "Snapshot build id mismatch"),
    ],
)
def test_a_bad_snapshot_means_a_normal_start_and_a_fresh_one(
    phone: Phone, damage: str, said: str
) -> None:
    table = phone.open_tab()
    table.page.evaluate(DAMAGE_JS, [snapshot.CACHE_NAME, damage])
    lines: list[str] = []
    assert phone.browser is not None
    context = phone.browser.contexts[0]
    context.on("console", lambda message: lines.append(message.text))
    table = phone.tab()
    assert start_of(table) == "boot-after-bad-snapshot"
    assert any("Python snapshot not used" in line and said in line for line in lines)
    # Every round is there.
    table.tap(RESUME)
    table.standing(1, "Ada", 10)
    table.standing(3, "Bo", 50)
    assert snapshot_made(table) == "made"
    table = phone.tab()
    assert start_of(table) == "snapshot"
    table.button(RESUME).wait_for()


def test_app_files_that_do_not_come_are_said_and_the_snapshot_kept(
    phone: Phone, built: Site
) -> None:
    table = phone.open_tab()
    table.page.evaluate(ARCHIVE_AWAY_JS)
    archive = built.folder / APP_ARCHIVE
    away = archive.with_name("app.tar.gz.away")
    archive.rename(away)
    try:
        # Nor from the browser's HTTP cache.
        session = table.page.context.new_cdp_session(table.page)
        session.send("Network.clearBrowserCache")
        table = phone.tab(site=phone.site_url)
        table.see(FILES_MISSING, timeout=BOOT_MS)
        table.see(re.compile("Check that this phone is online"))
        table.shot("static-files-missing")
    finally:
        away.rename(archive)
    keys = table.page.evaluate(
        "async (name) => (await (await caches.open(name)).keys()).length",
        snapshot.CACHE_NAME,
    )
    assert keys == 1
    assert start_of(table) is None
    # Its button loads the page again, which starts from the kept snapshot.
    table.page.get_by_role("button", name="Try again").click()
    wait_for_app(table)
    assert start_made(table) == "snapshot"
    table.button(RESUME).wait_for()


def test_a_rebuilt_site_boots_python_and_drops_the_old_snapshot(
    phone: Phone, built: Site
) -> None:
    build_site(built.folder, version="rebuilt")
    table = phone.tab()
    # The cached build opens (and may restore its own snapshot); its service
    # worker finds the new build, which takes over and reloads the page.
    deadline = time.monotonic() + BOOT_MS / 1000
    version = None
    while time.monotonic() < deadline and version != "rebuilt":
        # The reload onto the new build destroys the page being asked.
        with contextlib.suppress(PlaywrightError):
            version = table.page.evaluate("() => window.flet && flet.siteVersion")
        time.sleep(0.5)
    assert version == "rebuilt"
    wait_for_app(table)
    assert start_made(table) == "boot"
    table.button(RESUME).wait_for()
    assert snapshot_made(table) == "made"
    keys = table.page.evaluate(
        "async (name) => (await (await caches.open(name)).keys()).map((r) => r.url)",
        snapshot.CACHE_NAME,
    )
    assert [key.rsplit("/", 1)[1] for key in keys] == ["rebuilt"]
