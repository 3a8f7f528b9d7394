"""The first frames are in the person's language and colours, on every start.

Every frame Chromium draws from the page's start until the app has taken
over from the loading screen is recorded (a CDP screencast), and every text
the accessibility tree holds meanwhile (first_frames.js, with Flutter's
semantics on from its first frame): the static site's snapshot start and
normal boot, on a Norwegian dark phone and on an English phone whose person
chose Spanish, and the served app on the Norwegian dark phone.
"""

from __future__ import annotations

import base64
import io
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from conftest import Server, StaticServer, free_port
from driver import ARTIFACTS, Table
from killable_phone import BOOT_MS, wait_for_app
from loading_look import close, surface
from playwright.sync_api import Browser, BrowserContext, CDPSession, Page

from companion.publish import snapshot
from companion.publish.site import build_site
from companion.ui.frame.format import language_label
from companion.webclient.loading_screen import SCREEN_ID
from companion.words.i18n import get_translator

RECORDER = Path(__file__).with_name("first_frames.js")

ENGLISH = re.compile(r"\b(Matches|New match|In progress)\b")
"""The English labels of the first screen, which a first frame once held."""

BLUE_PIXELS = 50
"""A frame with more clearly blue pixels than this (of 97x211, a quarter of
the screen each way) holds Flet's default blue: its button alone, fading in
under the loading screen, made 411-415 (Flet's own theme put in place of the
app's), where the app's green and grey frames make none, and its first
screen has no player's colour on it."""


def blue_pixels(png: bytes) -> int:
    """How many pixels of a frame, taken at a quarter size, are clearly blue."""
    from PIL import Image

    with Image.open(io.BytesIO(png)) as image:
        small = image.convert("RGB").reduce(4)
        pixels = small.get_flattened_data()
    return sum(1 for r, g, b in pixels if b > r + 40 and b > g + 25)


@dataclass
class Recording:
    """The frames of one start, from the page's first request to the app."""

    frames: list[bytes] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    langs: list[str] = field(default_factory=list)


def record_start(context: BrowserContext, url: str, tab: str) -> tuple[Page, Recording]:
    """Open the site in a new page of `context` and record it until the app
    shows `tab` and the loading screen is gone."""
    for old in context.pages:
        old.close()
    page = context.new_page()
    recording = Recording()
    cdp: CDPSession = context.new_cdp_session(page)

    def frame(params: dict) -> None:
        recording.frames.append(base64.b64decode(params["data"]))
        cdp.send("Page.screencastFrameAck", {"sessionId": params["sessionId"]})

    cdp.on("Page.screencastFrame", frame)
    cdp.send("Page.startScreencast", {"format": "png", "everyNthFrame": 1})
    page.goto(url + "/")
    wait_for_app(Table(page, url), tab)
    page.locator(f"#{SCREEN_ID}").wait_for(state="detached", timeout=BOOT_MS)
    # The frames that show the app with the screen gone, then stop.
    page.wait_for_function("() => new Promise(requestAnimationFrame)")
    page.wait_for_function("() => new Promise(requestAnimationFrame)")
    cdp.send("Page.stopScreencast")
    assert recording.frames, "no frame was recorded"
    seen = page.evaluate(
        "() => ({texts: [...firstFrames.texts], langs: firstFrames.langs})"
    )
    recording.texts, recording.langs = seen["texts"], seen["langs"]
    return page, recording


def start_of(page: Page) -> str:
    """Which start the page's Python made (snapshot.START_ATTRIBUTE)."""
    attribute = snapshot.START_ATTRIBUTE
    page.wait_for_function(
        f"() => document.documentElement.getAttribute({attribute!r})",
        timeout=BOOT_MS,
    )
    return str(page.get_attribute("html", attribute))


def snapshot_made(page: Page) -> None:
    """Wait until the page's snapshot maker has made its snapshot."""
    attribute = snapshot.SNAPSHOT_ATTRIBUTE
    page.wait_for_function(
        f"() => document.documentElement.getAttribute({attribute!r}) === 'made'",
        timeout=BOOT_MS,
    )


def drop_snapshot(page: Page) -> None:
    """The snapshot dropped: the next start boots Python."""
    page.evaluate("(name) => caches.delete(name)", snapshot.CACHE_NAME)


def in_the_right_looks(recording: Recording, lang: str, scheme: str, name: str) -> None:
    """No frame held an English label or Flet's blue; the page said `lang`
    from its first script on (the loading screen's); the app is drawn in the
    `scheme`'s own background."""
    ARTIFACTS.mkdir(exist_ok=True)
    english = [text for text in recording.texts if ENGLISH.search(text)]
    assert english == [], english
    blue = [
        (index, n)
        for index, f in enumerate(recording.frames)
        if (n := blue_pixels(f)) > BLUE_PIXELS
    ]
    for index, _ in blue[:3]:
        (ARTIFACTS / f"{name}-blue-frame-{index}.png").write_bytes(
            recording.frames[index]
        )
    assert blue == [], f"{len(blue)} of {len(recording.frames)} frames blue: {blue[:5]}"
    assert set(recording.langs) - {""} == {lang}, recording.langs
    # One frame of the loading screen to look at, and the app's first screen.
    loading = recording.frames[len(recording.frames) // 3]
    (ARTIFACTS / f"{name}-loading-frame.png").write_bytes(loading)
    last = ARTIFACTS / f"{name}-last-frame.png"
    last.write_bytes(recording.frames[-1])
    from PIL import Image

    with Image.open(last) as image:
        app = image.convert("RGB").getpixel((4, 422))
    assert close(app, surface(scheme)), app  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    site = build_site(tmp_path_factory.mktemp("first-frames") / "site")
    server = StaticServer(site.folder, free_port()).start()
    yield server.url
    server.stop()


Phone = Callable[[str, str], BrowserContext]
"""A phone in a locale and colour scheme: `phone("nb-NO", "dark")`."""


@pytest.fixture
def phone(browser: Browser) -> Iterator[Phone]:
    """Opens a phone (a context of its own) in a locale and colour scheme,
    with the recorder in every page; closed after the test."""
    contexts: list[BrowserContext] = []

    def open_phone(locale: str, scheme: str) -> BrowserContext:
        context = browser.new_context(
            viewport={"width": 390, "height": 844},
            locale=locale,
            color_scheme=scheme,  # type: ignore[arg-type]
            service_workers="block",
        )
        contexts.append(context)
        context.add_init_script(path=RECORDER)
        return context

    yield open_phone
    for context in contexts:
        context.close()


def started(
    context: BrowserContext, url: str, lang: str, scheme: str, start: str
) -> Page:
    """Open the site in `context`, and see its first frames in `lang` and
    `scheme`'s colours; `start`: the start Python made (static), or `served`."""
    tab = get_translator(lang).gettext("Matches")
    page, recording = record_start(context, url, tab)
    if start != "served":
        assert start_of(page) == start
    in_the_right_looks(recording, lang, scheme, f"first-frames-{lang}-{start}")
    return page


def test_a_norwegian_dark_phone_never_sees_english_or_blue(
    phone: Phone, site_url: str
) -> None:
    context = phone("nb-NO", "dark")
    snapshot_made(started(context, site_url, "nb", "dark", "boot"))
    started(context, site_url, "nb", "dark", "snapshot")


def test_a_spanish_choice_on_an_english_phone_is_the_first_frame(
    phone: Phone, site_url: str
) -> None:
    context = phone("en-US", "light")
    english = get_translator("en")
    page, _ = record_start(context, site_url, english.gettext("Matches"))
    table = Table(page, site_url)
    table.tab(english.gettext("Settings"))
    table.tap(language_label(english, "es"))
    page.get_by_role("tab", name=get_translator("es").gettext("Matches")).wait_for()
    # The page's language follows the app's as it changes.
    page.wait_for_function("() => document.documentElement.lang === 'es'")
    snapshot_made(page)
    drop_snapshot(started(context, site_url, "es", "light", "snapshot"))
    started(context, site_url, "es", "light", "boot")


def test_the_served_app_opens_in_the_phones_language_and_colours(
    phone: Phone, server: Server
) -> None:
    started(phone("nb-NO", "dark"), server.url, "nb", "dark", "served")
