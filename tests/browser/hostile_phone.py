"""A phone that means harm, on the bare peer page (not the app), in the peer
site's namespace: it follows an app's phone, or leads one that follows it, by
the app's own codes, then floods it with random, mutated, huge, deeply nested
and well-formed-but-forged messages at five times its budget (issue 54 §6).
`store_files` reads what a phone's store holds, to show the flood changed none."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import segno
from driver import Table
from peer_phones import handle, heard, open_peer_phone, serve_peer_page
from peer_site import (
    ANSWER_CODE,
    FOLLOW,
    FOLLOWING,
    LET_FOLLOW,
    OFFER_CODE,
    SCAN_HOSTS,
    SCAN_THEIRS,
    PeerSite,
    qr_picture,
    show_to_camera,
)
from playwright.sync_api import Page, Playwright

from companion.access import follow_messages
from companion.access.follow_messages import (
    MAX_MESSAGE_CHARS,
    match_sent,
    refused,
    save_asked,
)
from companion.access.peer_sdp import Kind
from companion.engine.match import Match
from companion.storage.match_code import decode_match, encode_match
from companion.storage.match_link import QR_LEVEL
from companion.storage.records import StoredMatch, new_match_id, now
from companion.sync.links import code_of, sdp_of

PORT = 8001
"""The bare page's port in the namespace (the site has 8000)."""
FLOOD_RATE = 5 * follow_messages.RATE
"""Messages a second the hostile phone sends: five times its budget."""
ITS_LINK = "table"
"""The hostile page's name for its link to the app's phone."""
MATCH = Match.new("crazy-eights", ["Ida", "Jon", "Kai"]).record_round(
    "Ida", {"Jon": 8, "Kai": 13}
)
"""The match a hostile host leads with, as a real host would."""

FLOOD_JS = """([link, pool, rate, seconds]) => {
  // The pool, round and round, `rate` a second for `seconds`: how many the
  // page sent, how many it could not (past the channel's size), how many
  // found the link closed under it, and after how many seconds the first.
  const flood = self.flood = {
    sent: 0, refused: 0, closed: 0, done: false, cutAfter: null,
  };
  const start = performance.now();
  const end = start + seconds * 1000;
  let next = 0;
  const timer = setInterval(async () => {
    if (performance.now() > end) {
      clearInterval(timer);
      flood.done = true;
      return;
    }
    const text = pool[next++ % pool.length];
    const reply = await PeerLinks.handle({op: 'send', link, text});
    if (reply.ok) {
      flood.sent++;
    } else if (reply.error === 'no-such-link' || reply.error === 'not-open') {
      flood.closed++;
      flood.cutAfter ??= (performance.now() - start) / 1000;
    } else {
      flood.refused++;
    }
  }, 1000 / rate);
}"""
STORE_JS = """() => new Promise((done, failed) => {
  // Pyodide's IDBFS keeps each file of the data folder under its path.
  const opening = indexedDB.open('/companion-data');
  opening.onerror = () => failed(opening.error);
  opening.onsuccess = () => {
    const files = {};
    const reading = opening.result.transaction('FILE_DATA').objectStore('FILE_DATA')
      .openCursor();
    reading.onerror = () => failed(reading.error);
    reading.onsuccess = () => {
      const cursor = reading.result;
      if (!cursor) {
        opening.result.close();
        done(files);
        return;
      }
      const contents = cursor.value.contents;
      if (contents) {
        files[cursor.key] = new TextDecoder().decode(contents);
      }
      cursor.continue();
    };
  };
})"""


def store_files(page: Page) -> dict[str, Any]:
    """The matches a phone's store holds, file by file as read back from its
    IndexedDB (drafts left out: a tap on the record screen keeps one)."""
    files: dict[str, str] = page.evaluate(STORE_JS)
    kept: dict[str, Any] = {}
    for path, text in files.items():
        if not path.endswith(".json"):
            kept[path] = text
            continue
        data = json.loads(text)
        kept[path] = (
            {table: rows for table, rows in data.items() if table != "drafts"}
            if isinstance(data, dict)
            else data
        )
    return kept


class HostilePhone:
    """The bare peer page in a browser of its own, served at PORT inside the
    site's namespace: one link at a time, to one of the app's phones."""

    def __init__(self, playwright: Playwright, site: PeerSite, folder: Path) -> None:
        folder.mkdir(exist_ok=True)
        self.server = serve_peer_page(site.network, folder, PORT)
        self.browser = site.network.chromium(playwright)
        self.page = open_peer_phone(self.browser, port=PORT)

    def close(self) -> None:
        self.browser.close()
        self.server.terminate()
        self.server.wait(timeout=15)

    def follow(self, host: Table) -> None:
        """As a phone that follows `host`'s match from its scoreboard: its
        offer read off its screen, this page's answer shown to its camera."""
        host.tap(LET_FOLLOW)
        offer, _ = qr_picture(host, OFFER_CODE, "hostile-offer")
        sdp = handle(
            self.page, op="answer", link=ITS_LINK, sdp=sdp_of(offer, Kind.OFFER)
        )["sdp"]
        show_to_camera(host.page, _picture(code_of(sdp, Kind.ANSWER), "answer"))
        host.tap(SCAN_THEIRS)
        heard(self.page, ITS_LINK, "open")

    def lead(self, guest: Table) -> StoredMatch:
        """As the host `guest` follows from its Matches screen, until it
        follows live MATCH, sent as a host sends its match; that match."""
        self.page.evaluate("() => heard.length = 0")
        sdp = handle(self.page, op="offer", link=ITS_LINK)["sdp"]
        show_to_camera(guest.page, _picture(code_of(sdp, Kind.OFFER), "offer"))
        guest.tap(FOLLOW)
        guest.tap(SCAN_HOSTS)
        answer, _ = qr_picture(guest, ANSWER_CODE, "hostile-answer")
        handle(self.page, op="accept", link=ITS_LINK, sdp=sdp_of(answer, Kind.ANSWER))
        heard(self.page, ITS_LINK, "open")
        stored = StoredMatch(new_match_id(), now(), None, MATCH)
        self.send(match_sent(1, encode_match(stored), False))
        guest.see(FOLLOWING)
        return stored

    def send(self, text: str) -> None:
        handle(self.page, op="send", link=ITS_LINK, text=text)

    def told(self, record: bool) -> dict[str, Any]:
        """The host's match, once it said this phone may record (or not)."""
        self.page.wait_for_function(
            "text => heard.some(e => e.event === 'message' && e.text.includes(text))",
            arg=f'"record": {json.dumps(record)}',
        )
        sent = [m for m in self.messages() if m.get("record") is record]
        return sent[-1]

    def messages(self) -> list[dict[str, Any]]:
        """What the app's phone sent this page, read."""
        texts = self.page.evaluate(
            "() => heard.filter(e => e.event === 'message').map(e => e.text)"
        )
        return [json.loads(text) for text in texts]

    def hang_up(self) -> None:
        """Close its link, if the other phone has not."""
        self.page.evaluate("link => PeerLinks.handle({op: 'close', link})", ITS_LINK)

    def flood(self, pool: list[str], seconds: float, rate: float = FLOOD_RATE) -> None:
        """Start sending `pool`, `rate` a second for `seconds`; `flooded` waits."""
        self.page.evaluate(FLOOD_JS, [ITS_LINK, pool, rate, seconds])

    def flooded(self) -> dict[str, Any]:
        """Once the flood is over: how many messages went (`sent`), how many
        the browser would not send (`refused`: past its size), how many the
        closed link would not take (`closed`), the first `cutAfter` s."""
        self.page.wait_for_function("() => self.flood.done", timeout=600_000)
        sent: dict[str, Any] = self.page.evaluate("() => self.flood")
        return sent


def _picture(digits: str, name: str) -> Path:
    """A QR code of `digits` as the app draws one, saved under test-artifacts/."""
    path = Path("test-artifacts") / f"hostile-{name}-code.png"
    path.parent.mkdir(exist_ok=True)
    segno.make(digits, error=QR_LEVEL, micro=False).save(path, scale=4, border=4)
    return path


def _mutated(code: str, rng: random.Random) -> str:
    """A code with a few digits changed, cut or doubled."""
    digits = list(code)
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(digits))
        digits[at] = rng.choice("0123456789")
    if rng.random() < 0.3:
        digits = digits[: rng.randrange(len(digits))]
    return "".join(digits) + ("".join(digits[:40]) if rng.random() < 0.2 else "")


def _garbled(text: str, rng: random.Random) -> str:
    """A message with a few of its characters changed, none into a digit or
    a space (which could leave it a message with another number)."""
    chars = list(text)
    for _ in range(rng.randint(1, 6)):
        chars[rng.randrange(len(chars))] = chr(rng.randrange(0x3A, 0x2FF))
    return "".join(chars)


def _junk(rng: random.Random) -> list[str]:
    """Random, huge and deeply nested messages, for either end."""
    return [
        *(rng.randbytes(rng.randrange(1, 3000)).decode("latin-1") for _ in range(6)),
        "x" * (MAX_MESSAGE_CHARS + 1),
        '{"t": "save", "seq": 0, "code": "' + "7" * (MAX_MESSAGE_CHARS - 40) + '"}',
        "[" * 100_000,
        '{"t": "save", "seq": 0, "code": ' + "[" * 50_000 + "]" * 50_000 + "}",
        '{"a": ' * 20_000 + "1" + "}" * 20_000,
        "null",
        "[]",
        '"t"',
    ]


def against_host(heard: dict[str, Any], rng: random.Random) -> list[str]:
    """What a hostile following phone sends its host, which sent it `heard`
    (its match): none of it a change the host may take."""
    seq, code = heard["seq"], heard["code"]
    stored = decode_match(code)
    player = stored.match.players[1]
    renamed = replace(stored, match=stored.match.rename_player(player, "Zed"))
    other = replace(stored, match=Match.new("uno", ["Ada", "Bo"]))
    pool = [
        *_junk(rng),
        *(save_asked(seq, _mutated(code, rng)) for _ in range(8)),
        *(_garbled(save_asked(seq, code), rng) for _ in range(4)),
        save_asked(seq + 999, code),
        save_asked(seq, encode_match(renamed)),
        save_asked(seq, encode_match(other)),
        save_asked(2**40, code),
        json.dumps({"t": "save", "seq": -1, "code": code}),
        json.dumps({"t": "save", "seq": True, "code": code}),
        json.dumps({"t": "save", "seq": seq, "code": code + "x"}),
        json.dumps({"t": "save", "seq": seq}),
        match_sent(seq, code, True),
        refused("view-only"),
    ]
    rng.shuffle(pool)
    return pool


def against_follower(stored: StoredMatch, rng: random.Random) -> list[str]:
    """What a hostile host sends a phone that follows its `stored` match:
    none of it a match the phone may take."""
    code = encode_match(stored)
    other = StoredMatch(new_match_id(), now(), None, Match.new("uno", ["Cy", "Di"]))
    pool = [
        *_junk(rng),
        *(match_sent(2, _mutated(code, rng), True) for _ in range(8)),
        *(_garbled(match_sent(2, code, True), rng) for _ in range(4)),
        match_sent(2, encode_match(other), True),
        match_sent(2**40, code, True),
        json.dumps({"t": "match", "seq": -1, "code": code, "record": True}),
        json.dumps({"t": "match", "seq": 2, "code": code, "record": "yes"}),
        json.dumps({"t": "match", "seq": 2, "code": code[:20] + "a"}),
        refused("no-such-error"),
        refused("follow-full"),
        json.dumps({"t": "refused", "error": ["view-only"]}),
        save_asked(1, code),
    ]
    rng.shuffle(pool)
    return pool
