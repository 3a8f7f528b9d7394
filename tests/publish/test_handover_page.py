"""The page's part in the hand-over, run in node: the channel to Python that Flet
never sees, the link taken out of the address bar and kept until answered, and
the scanner, which answers and releases the camera whatever happens."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from node_scripts import node_json

from companion.publish import early_worker, handover_page, page, page_start
from companion.publish.site import client_folder
from companion.serving import handed_link, page_camera, page_channel
from companion.storage.match_link import FRAGMENT, MAX_LINK_CHARS


def test_the_page_and_python_name_the_same_key_and_messages():
    assert handover_page.KEY == page_channel.KEY
    assert (handover_page.HANDED, handover_page.FORGET) == (
        handed_link.HANDED,
        handed_link.FORGET,
    )
    assert (handover_page.SCAN, handover_page.SCANNED) == (
        page_camera.SCAN,
        page_camera.SCANNED,
    )
    assert handover_page.LINK_PREFIX == FRAGMENT
    assert handover_page.MOST_LINK_CHARS == MAX_LINK_CHARS


# A page in node: its address, history and sessionStorage (SESSION: what the
# tab kept from before), the page's scripts, then the worker page_start.js
# starts, and what the worker says back (FROM_WORKER).
_PAGE = """
const stored = new Map(Object.entries(%(session)s));
globalThis.self = globalThis;
globalThis.window = globalThis;
globalThis.sessionStorage = {
  getItem: (key) => (stored.has(key) ? stored.get(key) : null),
  setItem: (key, value) => stored.set(key, String(value)),
  removeItem: (key) => stored.delete(key),
};
const address = { pathname: "/scores/", search: "", hash: %(hash)s };
globalThis.location = address;
const replaced = [];
globalThis.history = {
  state: { serialCount: 0 },
  replaceState(state, title, url) {
    replaced.push({ state, url });
    address.hash = url.includes("#") ? url.slice(url.indexOf("#")) : "";
  },
};
const heard = {};
globalThis.addEventListener = (name, listener) => {
  (heard[name] = heard[name] || []).push(listener);
};
eval(%(page)s);
const posted = [];
const listeners = [];
const toFlet = [];
const worker = {
  postMessage(data) { posted.push(data); },
  addEventListener(name, listener) { listeners.push(listener); },
};
self.companionPython.attach(worker);
for (const data of %(from_worker)s) {
  let stopped = false;
  const event = { data, stopImmediatePropagation() { stopped = true; } };
  for (const listener of listeners) { if (!stopped) { listener(event); } }
  if (!stopped) { toFlet.push(data); }
}
// Links opened into the tab later: only the fragment changes (the browser
// says popstate, then hashchange); what Flutter reads then.
const flutterRead = [];
for (const hash of %(opened_into)s) {
  address.hash = hash;
  for (const name of ["popstate", "hashchange"]) {
    for (const listener of heard[name] || []) { listener({}); }
    flutterRead.push(address.hash);
  }
}
console.log(JSON.stringify({
  posted, replaced, toFlet, session: Object.fromEntries(stored),
  hash: address.hash, flutterRead,
}));
"""


def _page(
    tmp_path: Path,
    hash_: str,
    session: dict[str, str],
    from_worker: list[object],
    opened_into: tuple[str, ...] = (),
) -> dict:
    script = tmp_path / "page.js"
    script.write_text(
        _PAGE
        % {
            "session": json.dumps(session),
            "hash": json.dumps(hash_),
            "page": json.dumps(handover_page.page_js("/scores/")),
            "from_worker": json.dumps(from_worker),
            "opened_into": json.dumps(list(opened_into)),
        },
        "utf-8",
    )
    return node_json(script)  # type: ignore[return-value]


KEY = handover_page.KEY
STORED = handover_page.STORAGE_KEY


def test_a_link_leaves_the_address_bar_at_once_and_is_told_to_python(tmp_path):
    ran = _page(tmp_path, "#m=0412345", {}, [])
    assert ran["hash"] == ""
    # Flutter's own history entry is kept as it was.
    assert ran["replaced"] == [{"state": {"serialCount": 0}, "url": "/scores/"}]
    assert ran["session"] == {STORED: "#m=0412345"}
    assert ran["posted"] == [{KEY: {"kind": "handed", "text": "#m=0412345"}}]


def test_a_reload_before_the_answer_tells_it_again_and_after_it_nothing(tmp_path):
    reloaded = _page(tmp_path, "", {STORED: "#m=0412345"}, [])
    assert reloaded["posted"] == [{KEY: {"kind": "handed", "text": "#m=0412345"}}]
    forget = {KEY: {"kind": "forget-handed"}}
    answered = _page(tmp_path, "", {STORED: "#m=0412345"}, [forget])
    assert answered["session"] == {}
    after = _page(tmp_path, "", answered["session"], [])
    assert after["posted"] == []


def test_a_link_opened_into_the_open_tab_is_told_and_flutter_reads_matches(
    tmp_path,
):
    ran = _page(tmp_path, "#/match/0123456789ab", {}, [], ("#/settings", "#m=041"))
    # Flutter's route as the browser then says it: an app route as it is; for
    # the link, the Matches screen's, where the match is offered.
    assert ran["flutterRead"] == ["#/settings", "#/settings", "#/", "#/"]
    assert ran["replaced"] == [
        {"state": {"serialCount": 0}, "url": "/scores/" + handover_page.MATCHES_ROUTE}
    ]
    assert ran["session"] == {STORED: "#m=041"}
    assert ran["posted"] == [{KEY: {"kind": "handed", "text": "#m=041"}}]


def test_an_app_route_in_the_fragment_is_left_alone(tmp_path):
    ran = _page(tmp_path, "#/match/0123456789ab", {}, [])
    assert ran["hash"] == "#/match/0123456789ab"
    assert ran["replaced"] == [] and ran["posted"] == []


def test_pythons_messages_never_reach_flet_and_fletss_pass(tmp_path):
    ran = _page(
        tmp_path,
        "",
        {},
        [{KEY: {"kind": "forget-handed"}}, [1, 2, 3], "initialized", {"other": 1}],
    )
    assert ran["toFlet"] == [[1, 2, 3], "initialized", {"other": 1}]


# The worker in node: our channel's script, then Flet's own handler (set after
# it, as python-worker.js does), then the page's messages in order.
_WORKER = """
globalThis.self = globalThis;
const listeners = [];
self.addEventListener = (name, listener) => listeners.push(listener);
const toPage = [];
self.postMessage = (data) => toPage.push(data);
eval(%(worker)s);
const flet = [];
const heard = [];
function dispatch(data) {
  let stopped = false;
  const event = { data, stopImmediatePropagation() { stopped = true; } };
  for (const listener of listeners) { if (!stopped) { listener(event); } }
  if (!stopped) { flet.push(data); }
}
for (const data of %(before)s) { dispatch(data); }
self.companionPage.listen((text) => heard.push(JSON.parse(text)));
for (const data of %(after)s) { dispatch(data); }
self.companionPage.tell(JSON.stringify({ kind: "scan", hint: "Point" }));
console.log(JSON.stringify({ flet, heard, toPage }));
"""


def test_the_worker_keeps_the_pages_messages_from_flet_and_for_python(tmp_path):
    init = {"pyodideUrl": "pyodide/pyodide.mjs", "args": None}
    handed = {KEY: {"kind": "handed", "text": "#m=1"}}
    scanned = {KEY: {"kind": "scanned", "text": "x"}}
    script = tmp_path / "worker.js"
    script.write_text(
        _WORKER
        % {
            "worker": json.dumps(handover_page.worker_js()),
            "before": json.dumps([handed, init]),
            "after": json.dumps([scanned, [0, 1]]),
        },
        "utf-8",
    )
    ran = node_json(script)
    # Flet's handler takes its first message for its init: ours never reaches it.
    assert ran["flet"] == [init, [0, 1]]
    assert ran["heard"] == [handed[KEY], scanned[KEY]]
    assert ran["toPage"] == [{KEY: {"kind": "scan", "hint": "Point"}}]


# The scanner in node: a page with just enough DOM, a camera as CAMERA says
# ("none", "refuses", "fails", "gives"), and BarcodeDetector reading DETECTED
# on the third frame. CLOSE: the person closes the camera once it shows.
_SCANNER = """
globalThis.self = globalThis;
globalThis.window = globalThis;
const told = [];
self.companionPython = {
  handlers: {}, on(kind, handler) { this.handlers[kind] = handler; },
  tell(message) { told.push(message); },
};
const windowListeners = {};
globalThis.addEventListener = (name, listener) => { windowListeners[name] = listener; };
globalThis.removeEventListener = (name) => { delete windowListeners[name]; };
class Element {
  constructor(tag) { this.tag = tag; this.children = []; this.attributes = {};
    this.listeners = {}; this.inert = false; this.style = {}; }
  setAttribute(name, value) { this.attributes[name] = value; }
  append(...children) { for (const child of children) { child.parent = this;
    this.children.push(child); } }
  remove() { const siblings = this.parent.children;
    siblings.splice(siblings.indexOf(this), 1); }
  addEventListener(name, listener) { this.listeners[name] = listener; }
  focus() {}
  async play() {}
}
const flutter = new Element("flutter-view");
const documentListeners = {};
globalThis.document = {
  body: new Element("body"), head: new Element("head"), visibilityState: "visible",
  createElement: (tag) => new Element(tag),
  addEventListener(name, listener) { documentListeners[name] = listener; },
  removeEventListener(name) { delete documentListeners[name]; },
};
document.body.append(flutter);
const tracks = [];
const CAMERA = %(camera)s;
globalThis.navigator = CAMERA === "none" ? {} : { mediaDevices: {
  async getUserMedia(asked) {
    const refused = (name) => Object.assign(new Error(), { name });
    if (CAMERA === "refuses") { throw refused("NotAllowedError"); }
    if (CAMERA === "fails") { throw refused("NotReadableError"); }
    globalThis.asked = asked;
    const track = { stopped: false, stop() { this.stopped = true; } };
    tracks.push(track);
    return { getTracks: () => [track] };
  } } };
let frames = 0;
globalThis.BarcodeDetector = class {
  static async getSupportedFormats() { return ["qr_code", "ean_13"]; }
  async detect() { frames += 1; return frames >= 3 && %(detected)s ?
    [{ rawValue: %(detected)s }] : []; }
};
globalThis.setTimeout = (callback) => setImmediate(callback);
eval(%(scanner)s);
self.companionPython.handlers.scan(
  { kind: "scan", hint: "Point it", close: "Close it" });
const shown = () => document.body.children.find((child) => child.tag === "div");
(async () => {
  for (let turn = 0; turn < 50 && told.length === 0; turn++) {
    await new Promise(setImmediate);
    const cover = shown();
    if (%(close)s && cover && tracks.length) {
      cover.children.find((child) => child.tag === "button").listeners.click();
    }
  }
  const cover = shown();
  console.log(JSON.stringify({
    told, released: tracks.map((track) => track.stopped),
    covered: Boolean(cover), flutterInert: flutter.inert,
    facing: globalThis.asked ? globalThis.asked.video.facingMode : null,
    listening: Object.keys(windowListeners).length +
      Object.keys(documentListeners).length,
  }));
})();
"""


def _scan(tmp_path: Path, camera: str, detected: str = "", close: bool = False) -> dict:
    script = tmp_path / "scanner.js"
    script.write_text(
        _SCANNER
        % {
            "camera": json.dumps(camera),
            "detected": json.dumps(detected or None),
            "close": json.dumps(close),
            "scanner": json.dumps(handover_page.scanner_js("/")),
        },
        "utf-8",
    )
    return node_json(script)  # type: ignore[return-value]


def test_a_code_read_is_told_once_the_back_camera_is_released(tmp_path):
    ran = _scan(tmp_path, "gives", detected="https://x.example/#m=1")
    assert ran["told"] == [{"kind": "scanned", "text": "https://x.example/#m=1"}]
    assert ran["facing"] == {"ideal": "environment"}
    assert ran["released"] == [True]
    assert not ran["covered"] and not ran["flutterInert"]
    assert ran["listening"] == 0


def test_closing_the_camera_releases_it_and_says_so(tmp_path):
    ran = _scan(tmp_path, "gives", close=True)
    assert ran["told"] == [{"kind": "scanned", "problem": "closed"}]
    assert ran["released"] == [True]
    assert not ran["covered"] and not ran["flutterInert"]


@pytest.mark.parametrize(
    ("camera", "problem"),
    [("refuses", "refused"), ("none", "no-camera"), ("fails", "failed")],
)
def test_a_camera_that_cannot_be_had_is_said_and_nothing_stays_on_screen(
    tmp_path, camera, problem
):
    ran = _scan(tmp_path, camera)
    assert ran["told"] == [{"kind": "scanned", "problem": problem}]
    assert not ran["covered"] and not ran["flutterInert"]
    assert ran["listening"] == 0


def test_the_channel_listens_before_flets_handler_and_the_page_attaches_it():
    flets = (client_folder() / early_worker.WORKER).read_text("utf-8")
    worker = early_worker.patch_python_worker(flets, "v", "app.tar.gz")
    ours = worker.index(handover_page.WORKER_CHANNEL.source())
    assert ours < worker.index("self.onmessage = async (event) =>")
    index = page.patch_index(
        (client_folder() / "index.html").read_text("utf-8"),
        "/",
        "v",
        early_worker.WORKER,
    )
    assert index.index(handover_page.PAGE_CHANNEL.source()) < index.index(
        page_start.SCRIPT.source()
    )
    assert "self.companionPython.attach(flet.earlyWorker)" in index
