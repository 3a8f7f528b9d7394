"""Phones that follow one another on the static site: the site built once and
served inside a loopback-only network namespace, each phone Chromium in there
on a profile of its own, with a fake camera shown the other phone's QR code.

On http://127.0.0.1 the site is a secure context, so the camera may be asked
for; granted, WebRTC offers the real address (127.0.0.1), never a `.local`
name. `show_to_camera` makes the app's own scanner (qr_scanner.js, jsQR) read
a picture; `qr_picture` cuts a QR code out of a screenshot, as a camera held
to the screen would see it; `follow` is the whole two-scan dance of issue 43.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import zxingcpp
from driver import Table
from killable_phone import Phone, wait_for_app
from loopback_network import LoopbackNetwork
from PIL import Image
from playwright.sync_api import Page, Playwright, expect

from companion.access.peer_codes import decode
from companion.access.peer_sdp import Kind
from companion.publish.site import build_site

PORT = 8000
SITE = f"http://127.0.0.1:{PORT}"
"""The site as every phone in the namespace opens it (the namespace is the
rig's own: the port is free)."""
CAMERA_ARGS = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"]
"""Chromium's own fake camera, allowed without asking."""
CAMERA_PICTURE_JS = Path(__file__).with_name("camera_picture.js").read_text("utf-8")

# The words of issue 43's screens, as the app says them in English.
LET_FOLLOW = "Let a phone follow"
OFFER_CODE = "Connection code for the other phone"
SCAN_THEIRS = "Scan their code"
FOLLOW = "Follow a phone"
SCAN_HOSTS = "Scan the host's code"
ANSWER_CODE = "Answer code for the host phone"
FOLLOWING = "Following another phone live"
CLOSE_CAMERA = "Close the camera"


class PeerSite:
    """The static site served at SITE inside a namespace of its own, and the
    phones there by name, each started the first time it is asked for."""

    def __init__(
        self, playwright: Playwright, scratch: Path, site: Path | None = None
    ) -> None:
        """`site`: a built site to serve; else one is built under `scratch`."""
        self.playwright = playwright
        self.scratch = scratch
        folder = site or build_site(scratch / "site").folder
        self.network = LoopbackNetwork()
        try:
            self.server = self.network.serve_folder(folder, PORT)
        except Exception:
            self.network.close()
            raise
        self.started: dict[str, Phone] = {}

    def phone(self, name: str) -> Phone:
        """The phone called `name`: its camera granted, its requests watched."""
        if name not in self.started:
            profile = self.scratch / f"phone-{name}"
            profile.mkdir()
            phone = Phone(
                self.playwright, profile, SITE, CAMERA_ARGS, network=self.network
            )
            self.started[name] = phone.start()
            assert phone.context is not None
            phone.context.grant_permissions(["camera"], origin=SITE)
        return self.started[name]

    def calls_outside(self) -> dict[str, list[str]]:
        """The requests any phone made to anything but the site, by phone."""
        return {
            name: phone.calls_outside()
            for name, phone in self.started.items()
            if phone.calls_outside()
        }

    def close(self) -> None:
        for phone in self.started.values():
            phone.close()
        self.server.terminate()
        self.server.wait(timeout=15)
        self.network.close()


@contextmanager
def light_phones(site: PeerSite, count: int) -> Iterator[list[Table]]:
    """`count` phones more, lighter than `site.phone`'s: pages of one Chromium
    in the namespace, each in a context of its own (its own store, its camera
    granted), all started at once; the app shown on each, closed after."""
    browser = site.network.chromium(site.playwright, CAMERA_ARGS)
    try:
        tables = []
        for _ in range(count):
            context = browser.new_context(viewport={"width": 390, "height": 844})
            context.grant_permissions(["camera"], origin=SITE)
            page = context.new_page()
            page.goto(SITE + "/")
            tables.append(Table(page, SITE))
        yield [wait_for_app(table) for table in tables]
    finally:
        browser.close()


def show_to_camera(page: Page, picture: Path) -> None:
    """From now on the page's camera films `picture` (camera_picture.js)."""
    page.evaluate(CAMERA_PICTURE_JS, base64.b64encode(picture.read_bytes()).decode())


def qr_picture(table: Table, label: str, name: str = "") -> tuple[str, Path]:
    """The text of the QR code whose image is named `label` (read off a
    screenshot as a camera would), and its picture cut from that screenshot;
    both saved under test-artifacts/ as `name` (default: from `label`)."""
    code = table.page.get_by_role("img", name=label)
    code.wait_for()
    shot = table.shot(name or re.sub(r"\W+", "-", label.lower()))
    found = [result.text for result in zxingcpp.read_barcodes(Image.open(shot))]
    assert len(found) == 1, found
    box = code.bounding_box()
    assert box is not None
    picture = shot.with_name(f"{shot.stem}-code.png")
    Image.open(shot).crop(
        (box["x"], box["y"], box["x"] + box["width"], box["y"] + box["height"])
    ).save(picture)
    return found[0], picture


def drawn_version(picture: Path) -> tuple[int, str]:
    """The version and error-correction level of the QR code in `picture`."""
    (found,) = zxingcpp.read_barcodes(Image.open(picture))
    return int(found.extra["Version"]), str(found.extra["ECLevel"])


def addresses(code: str, kind: Kind) -> set[str]:
    """The addresses a phone's connection code offers."""
    return {str(each.address) for each in decode(code, kind).candidates}


def follow(
    host: Table,
    guest: Table,
    phone_number: int = 1,
    guest_opens: bool = True,
    guest_name: str = "",
) -> tuple[Path, Path]:
    """From the host's scoreboard and the guest's Matches screen (or its
    Follow a phone screen, unless `guest_opens`): the host's code scanned by
    the guest, the guest's answer scanned by the host, until the guest follows
    live and the host lists it as Phone `phone_number` (by `guest_name`, the
    name its Settings give, if any). The two codes' pictures (offer, answer)."""
    host.tap(LET_FOLLOW)
    offer, offer_picture = qr_picture(host, OFFER_CODE, "follow-offer")
    assert addresses(offer, Kind.OFFER) == {"127.0.0.1"}, offer
    if guest_opens:
        guest.tap(FOLLOW)
    show_to_camera(guest.page, offer_picture)
    guest.tap(SCAN_HOSTS)
    answer, answer_picture = qr_picture(guest, ANSWER_CODE, "follow-answer")
    assert addresses(answer, Kind.ANSWER) == {"127.0.0.1"}, answer
    show_to_camera(host.page, answer_picture)
    host.tap(SCAN_THEIRS)
    guest.see(FOLLOWING)
    host.see(guest_name or f"Phone {phone_number}")
    for table in (host, guest):
        expect(table.page.get_by_role("button", name=CLOSE_CAMERA)).to_have_count(0)
    return offer_picture, answer_picture
