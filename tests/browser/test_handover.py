"""A match from phone to phone on the static site: phone A shows its code, a camera
reads it, phone B takes the match in by the link or by its own scanner.

Each phone is Chromium on a profile of its own (killable_phone.Phone). The
tests run in order, as the evening goes: A plays two rounds and shows its code
(decoded off the screenshot by zxing-cpp, as a camera would); B opens the
link, adds the match, and a reload adds nothing; A plays two more, and B is
brought up to date; both play a round of their own, and B keeps A's as a copy;
a damaged, oversized or newer link changes nothing; C, whose camera films
A's code, scans it in the app; a camera refused says how to use the link
instead.
"""

from __future__ import annotations

import re
import tempfile
import zlib
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
import zxingcpp
from conftest import StaticServer
from driver import Table
from fake_camera import camera_args, filmed, write_y4m
from flows import record_round, start_match
from killable_phone import Phone, wait_for_app
from peer_site import qr_picture
from PIL import Image
from playwright.sync_api import Locator, Playwright, expect
from test_static_site import NO_WEB_SHARE_JS

from companion.engine.digit_blocks import bytes_to_digits
from companion.storage.match_code import (
    FORMAT_VERSION,
    MAX_LAYOUT_BYTES,
    frame_deflated,
)
from companion.storage.match_link import FRAGMENT, match_from_link

PLAYERS = ["Ada", "Bo", "Åse"]
RESUME = "Resume Crazy Eights with Ada, Bo, and Åse"
HAND_OVER = "Hand over"
CODE = "QR code of this match, for another phone to scan"
CAME = "A match came from another phone"
ADD = "Add this match"
REFUSED = "This link holds no match that can be added"
OFFERED_THERE = "The match this link holds is offered in that tab now"
SHARED_ROUNDS = "4 rounds from the start are the same in both copies."

TRACKS_JS = """
(() => {
  // Every camera track the page is given, to see that it was let go.
  const media = navigator.mediaDevices;
  if (!media) { return; }
  const asked = media.getUserMedia.bind(media);
  self.cameraTracks = [];
  media.getUserMedia = async (constraints) => {
    const stream = await asked(constraints);
    self.cameraTracks.push(...stream.getTracks());
    return stream;
  };
})();
"""


class Phones:
    """The module's phones by name, each Chromium on a profile of its own,
    started (with its own flags) the first time a test asks for it."""

    def __init__(self, site: str, playwright: Playwright, profiles: Path) -> None:
        self.site = site
        self.playwright = playwright
        self.profiles = profiles
        self.started: dict[str, Phone] = {}

    def __call__(self, name: str, args: Sequence[str] = ()) -> Phone:
        if name not in self.started:
            profile = self.profiles / name
            profile.mkdir()
            self.started[name] = Phone(self.playwright, profile, self.site, args)
            self.started[name].start()
        return self.started[name]


@pytest.fixture(scope="module")
def phone(
    static_server: StaticServer,
    tmp_path_factory: pytest.TempPathFactory,
    playwright: Playwright,
) -> Iterator[Phones]:
    phones = Phones(static_server.url, playwright, tmp_path_factory.mktemp("phones"))
    yield phones
    for each in phones.started.values():
        each.close()


@pytest.fixture(scope="module")
def evening() -> dict[str, object]:
    """What one test leaves the next: the links A showed, its code's picture."""
    return {}


def hand_over(table: Table, name: str) -> str:
    """From the scoreboard: Hand over, the code's link, and back."""
    table.tap(HAND_OVER)
    link, _ = qr_picture(table, CODE, name)
    table.tap("Back to the match")
    table.button("Record round").wait_for()
    return link


def take_in(phone: Phone, link: str, came: str, outcome: str) -> Table:
    """Open `link` on `phone` as a chat app would, add what came; the scoreboard."""
    table = phone.tab(path=link.removeprefix(phone.site_url))
    table.see(came)
    table.tap(ADD)
    table.see(outcome)
    table.button("Record round").wait_for()
    return table


def shown(table: Table, text: str) -> Locator:
    """Whatever shows `text`, as words or as a label (Flutter puts the words of
    a merged node, such as a card, in its aria-label)."""
    return table.page.get_by_text(text).or_(table.page.get_by_label(text))


def norwegian_and_dark(table: Table) -> None:
    """In Settings, Norwegian Bokmål and the dark theme."""
    table.tab("Settings")
    table.tap("Norsk bokmål")
    table.tap("Mørkt")


def matches_listed(table: Table, resume_label: str = RESUME) -> int:
    """How many matches under way the Matches screen lists (once drawn)."""
    resume = table.page.get_by_role("button", name=resume_label)
    resume.first.wait_for()
    return resume.count()


def test_a_phone_shows_its_match_as_a_code_that_gives_the_link(
    phone: Phones, static_server: StaticServer, evening: dict[str, object]
) -> None:
    a = phone("a")
    table = a.tab()
    start_match(table, "Crazy Eights", PLAYERS)
    record_round(table, "Ada", {"Bo": ["8"], "Åse": ["K", "3", "3"]})
    record_round(table, "Bo", {"Ada": ["K"], "Åse": ["A"]})
    table.standing(1, "Ada", 10)

    table.tap(HAND_OVER)
    link, picture = qr_picture(table, CODE, "handover-static-code")
    assert link.startswith(static_server.url + "/#m=")
    handed = match_from_link(link).match
    assert handed.players == tuple(PLAYERS)
    assert handed.totals() == {"Ada": 10, "Bo": 50, "Åse": 17}
    evening["first"], evening["picture"] = link, picture

    # Chromium on Linux has no share sheet: the link is copied, and said so.
    table.page.context.grant_permissions(
        ["clipboard-read", "clipboard-write"], origin=static_server.url
    )
    table.page.evaluate(NO_WEB_SHARE_JS)
    table.tap("Send as a link")
    table.see("This browser cannot share, so the link was copied.")
    assert table.page.evaluate("navigator.clipboard.readText()") == link
    # A has no camera at all: Scan a code says how to use the link instead.
    table.tap("Back to the match")
    table.tap("Back to matches")
    table.tap("Scan a code")
    table.see(re.compile(r"^This phone offers the app no camera\. Ask for the match"))
    assert a.calls_outside() == []


def test_the_code_is_black_on_white_in_the_dark_theme_and_in_norwegian(
    phone: Phones, static_server: StaticServer, evening: dict[str, object]
) -> None:
    a = phone("a")
    table = a.open_tab()
    norwegian_and_dark(table)
    table.tab("Partier")
    table.tap("Fortsett Vri åtter med Ada, Bo og Åse")
    table.tap("Gi videre")
    code = table.page.get_by_role(
        "img", name="QR-kode for dette partiet, som en annen telefon kan skanne"
    )
    code.wait_for()
    table.see("Send som lenke")
    shot = Image.open(table.shot("handover-static-code-nb-dark"))
    assert [found.text for found in zxingcpp.read_barcodes(shot)] == [evening["first"]]
    table.tap("Tilbake til partiet")
    table.tab("Innstillinger")
    table.tap("English")
    table.tap("System")
    table.tab("Matches")


def test_another_phone_opens_the_link_and_a_reload_adds_nothing(
    phone: Phones, static_server: StaticServer, evening: dict[str, object]
) -> None:
    b = phone("b")
    link = str(evening["first"])
    # Flutter gives the card's words as labels, which wait_for_app does not read.
    table = b.tab(path=link.removeprefix(static_server.url))
    table.see(CAME)
    # The link left the address bar before the app started.
    assert "#m=" not in table.page.url
    table.see("Crazy Eights · Ada, Bo, and Åse · 2 rounds · Ada leads with 10")
    table.shot("handover-static-came")
    table.tap(ADD)
    table.see("Match added.")
    table.standing(1, "Ada", 10)
    table.standing(2, "Åse", 17)
    table.standing(3, "Bo", 50)

    # The scoreboard's route is in the fragment: a reload comes back to it.
    table.page.reload()
    wait_for_app(table)
    table.standing(1, "Ada", 10)
    expect(shown(table, CAME)).to_have_count(0)
    table.tab("Matches")
    assert matches_listed(table) == 1
    expect(shown(table, CAME)).to_have_count(0)
    assert b.calls_outside() == []


def test_a_link_opened_into_the_open_tab_or_beside_it_offers_the_match(
    phone: Phones, static_server: StaticServer, evening: dict[str, object]
) -> None:
    b = phone("b")
    link = str(evening["first"])
    table = b.tab()
    table.tap(RESUME)
    table.button("Record round").wait_for()
    table.page.evaluate("window.stillThisPage = true")
    # Into the tab that shows the app (a scanned link opened in that browser):
    # only the fragment changes, the page does not load again.
    table.page.goto(link)
    table.see(CAME)
    assert table.page.evaluate("window.stillThisPage === true")
    assert "#m=" not in table.page.url
    table.shot("handover-static-into-open-tab")
    table.tap("Not now")
    expect(shown(table, CAME)).to_have_count(0)

    # In a second tab (a camera app opens a new one): the open tab offers it,
    # and the new one says where.
    second = b.tab(OFFERED_THERE, alone=False, path=link.removeprefix(b.site_url))
    second.shot("handover-static-second-tab")
    table.page.bring_to_front()
    table.see(CAME)
    table.tap("Not now")
    expect(shown(table, CAME)).to_have_count(0)
    assert matches_listed(table) == 1


def test_the_same_match_with_two_more_rounds_is_brought_up_to_date(
    phone: Phones, static_server: StaticServer, evening: dict[str, object]
) -> None:
    a = phone("a")
    b = phone("b")
    table = a.tab()
    table.tap(RESUME)
    record_round(table, "Åse", {"Ada": ["2"], "Bo": ["3"]})
    record_round(table, "Ada", {"Bo": ["4"], "Åse": ["5"]})
    link = hand_over(table, "handover-static-code-4-rounds")

    came = "Crazy Eights · Ada, Bo, and Åse · 4 rounds · Ada leads with 12"
    taken = take_in(b, link, came, "Match brought up to date: 2 rounds added.")
    taken.standing(1, "Ada", 12)
    taken.standing(2, "Åse", 22)
    taken.standing(3, "Bo", 57)
    taken.tap("Back to matches")
    assert matches_listed(taken) == 1
    evening["four rounds"] = link


def test_a_match_that_went_another_way_is_kept_beside_as_a_copy(
    phone: Phones, static_server: StaticServer
) -> None:
    a = phone("a")
    b = phone("b")
    on_b = b.tab()
    on_b.tap(RESUME)
    record_round(on_b, "Bo", {"Ada": ["9"], "Åse": ["9"]})
    on_a = a.tab()
    on_a.tap(RESUME)
    record_round(on_a, "Åse", {"Ada": ["6"], "Bo": ["7"]})
    link = hand_over(on_a, "handover-static-code-other-way")

    came = "Crazy Eights · Ada, Bo, and Åse · 5 rounds · Ada leads with 18"
    taken = take_in(b, link, came, "kept as a copy beside the one you had")
    taken.standing(1, "Ada", 18)
    # The line that says so offers to compare the two (the next test's screen).
    taken.tap("Compare")
    taken.see(SHARED_ROUNDS)


def test_two_copies_side_by_side_keep_one_the_other_or_both_and_undo(
    phone: Phones, static_server: StaticServer
) -> None:
    table = phone("b").open_tab()
    # From round 5, where they differ: who went out, the points, the totals.
    for cell in (
        "The match you had, Round 5: Bo went out; Ada +9; Bo 0; Åse +9",
        "The copy that came, Round 5: Åse went out; Ada +6; Bo +7; Åse 0",
        "The match you had, Totals: After 5 rounds; Ada 21; Bo 57; Åse 31",
        "The copy that came, Totals: After 5 rounds; Ada 18; Bo 64; Åse 22",
    ):
        table.see(cell)
    table.shot("handover-static-copies")
    choosing = table.path()

    table.tap("Keep the match you had and delete the copy that came")
    table.see("The copy that came was deleted; the match you had is kept.")
    table.standing(1, "Ada", 21)
    table.undo()
    table.see(SHARED_ROUNDS)
    table.tap("Keep the copy that came and delete the match you had")
    table.see("The match you had was deleted; the copy that came is kept.")
    table.standing(1, "Ada", 18)
    table.undo()
    table.see(SHARED_ROUNDS)
    table.tap("Keep both copies")
    table.see("Both copies are kept, side by side in your matches.")
    assert matches_listed(table) == 2

    # Either one's scoreboard offers the choice again; ids that name no pair
    # say so, with a way back.
    table.tap(RESUME)
    table.tap("Compare copies")
    table.see(SHARED_ROUNDS)
    original = choosing.split("/differs/")[0]
    table.go(f"{original}/differs/{original.rsplit('/', 1)[1]}")
    table.see("These two copies are not both here")
    table.tap("Back to the matches")
    assert matches_listed(table) == 2


def zip_bomb() -> str:
    """A code whose frame and checksum hold, inflating past any match's layout."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    deflated = packer.compress(bytes(4 * MAX_LAYOUT_BYTES)) + packer.flush()
    return f"{FORMAT_VERSION:02d}" + bytes_to_digits(frame_deflated(deflated))


def test_a_damaged_oversized_or_newer_link_says_so_and_changes_nothing(
    phone: Phones, static_server: StaticServer, evening: dict[str, object]
) -> None:
    b = phone("b")
    link = str(evening["four rounds"])
    site, code = link.split(FRAGMENT)
    # One digit changed on the way, as a bad copy would.
    at = len(code) - 10
    damaged = code[:at] + str((int(code[at]) + 1) % 10) + code[at + 1 :]
    refusals = {
        damaged: "This link was changed on the way and cannot be read.",
        zip_bomb(): "This link holds more than any match can. Nothing was added.",
        f"{FORMAT_VERSION + 1:02d}{code[2:]}": (
            f"This match comes from a newer version of the app (format "
            f"{FORMAT_VERSION + 1}; this one reads up to {FORMAT_VERSION})."
        ),
    }
    for shot, (refused, message) in zip(
        ("damaged", "too-large", "newer"), refusals.items(), strict=True
    ):
        path = (site + FRAGMENT + refused).removeprefix(static_server.url)
        table = b.tab(path=path)
        table.see(REFUSED)
        table.see(message)
        table.shot(f"handover-static-{shot}")
        table.tap("Dismiss")
        expect(shown(table, REFUSED)).to_have_count(0)
        assert matches_listed(table) == 2
    table.page.reload()
    wait_for_app(table)
    assert matches_listed(table) == 2
    expect(shown(table, REFUSED)).to_have_count(0)


def test_what_came_is_said_in_norwegian_in_the_dark_theme(
    phone: Phones, static_server: StaticServer, evening: dict[str, object]
) -> None:
    b = phone("b")
    norwegian_and_dark(b.tab())
    link = str(evening["four rounds"])
    table = b.tab("Partier", path=link.removeprefix(static_server.url))
    table.see("Et parti kom fra en annen telefon")
    table.see("Vri åtter · Ada, Bo og Åse · 4 runder · Ada leder med 12")
    table.shot("handover-static-came-nb-dark")
    table.tap("Ikke nå")
    expect(shown(table, "Et parti kom fra en annen telefon")).to_have_count(0)
    assert matches_listed(table, "Fortsett Vri åtter med Ada, Bo og Åse") == 2


def test_a_phone_scans_the_code_in_the_app_and_lets_the_camera_go(
    phone: Phones, static_server: StaticServer, evening: dict[str, object]
) -> None:
    folder = Path(tempfile.mkdtemp(prefix="handover-camera-"))
    picture = Image.open(Path(str(evening["picture"])))
    video = write_y4m(filmed(picture), folder / "code.y4m")
    c = phone("c", camera_args(video))
    c.browser.contexts[0].add_init_script(TRACKS_JS)
    table = c.tab()
    table.tap("Scan a code")
    table.see(CAME)
    table.see("Crazy Eights · Ada, Bo, and Åse · 2 rounds · Ada leads with 10")
    assert table.page.evaluate("self.cameraTracks.map((t) => t.readyState)") == [
        "ended"
    ]
    expect(table.page.locator("#companion-scanner")).to_have_count(0)
    table.tap(ADD)
    table.see("Match added.")
    table.standing(1, "Ada", 10)
    table.standing(3, "Bo", 50)

    # Closed before a code is read: released too, and nothing said.
    table.tap("Back to matches")
    table.page.evaluate("self.cameraTracks.length = 0")
    # A camera that films nothing readable (every frame read blank): the
    # scanner keeps looking until it is closed.
    table.page.evaluate(
        "() => { CanvasRenderingContext2D.prototype.getImageData ="
        " (x, y, width, height) => new ImageData(width, height); }"
    )
    table.tap("Scan a code")
    close = table.page.get_by_role("button", name="Close the camera")
    close.wait_for()
    table.page.wait_for_function("self.cameraTracks.length === 1")
    table.shot("handover-static-scanner")
    close.click()
    expect(table.page.locator("#companion-scanner")).to_have_count(0)
    assert table.page.evaluate("self.cameraTracks.map((t) => t.readyState)") == [
        "ended"
    ]
    assert c.calls_outside() == []


def test_a_refused_camera_says_how_to_use_the_link_instead(
    phone: Phones, static_server: StaticServer
) -> None:
    # Chromium's own fake camera, asked for as a real one is (C's flag that
    # allows it without asking would pass over the refusal).
    d = phone("d", ["--use-fake-device-for-media-stream"])
    assert d.browser is not None
    cdp = d.browser.new_browser_cdp_session()
    cdp.send(
        "Browser.setPermission",
        {
            "permission": {"name": "camera"},
            "setting": "denied",
            "origin": static_server.url,
        },
    )
    table = d.tab()
    table.tap("Scan a code")
    table.see(re.compile(r"^The app was not allowed to use the camera\. Ask for"))
    table.shot("handover-static-camera-refused")
    expect(table.page.locator("#companion-scanner")).to_have_count(0)
