"""The page looks at the tab lock before Flutter or Python starts; our loading look."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from node_scripts import node_json, shipped_settings

from companion.publish import early_worker, page_start
from companion.publish.page import patch_bootstrap
from companion.publish.site import Site, build_site, client_folder
from companion.serving import browser, tab_claim
from companion.webclient.loading_screen import DARK_SURFACE, LIGHT_SURFACE, SCREEN_ID
from companion.webclient.loading_screen import SCRIPT as LOADING


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    return build_site(tmp_path_factory.mktemp("page") / "site")


def test_the_page_shows_our_loading_screen_not_flets(site: Site):
    index = (site.folder / "index.html").read_text("utf-8")
    assert f'<meta name="theme-color" content="{LIGHT_SURFACE}"' in index
    assert f'<meta name="theme-color" content="{DARK_SURFACE}"' in index
    assert f'<div id="{SCREEN_ID}"' in index
    assert '<img src="icons/icon-192.png"' in index
    assert "<h1>Card Table Companion</h1>" in index
    # The name in every language the browser may choose (Norwegian's here).
    texts = shipped_settings(index)[LOADING.key]["texts"]
    assert texts["nb"]["name"] == "Card Table Companion"
    assert "loading-animation.png" not in index
    assert '<div id="loading"' not in index
    assert (site.folder / "icons/icon-192.png").is_file()


def test_the_page_and_python_name_the_same_lock_and_messages():
    assert page_start.TAB_LOCK == browser.TAB_LOCK
    assert page_start.PROBE == tab_claim.PROBE


def test_the_worker_names_the_key_the_page_listens_for(site: Site):
    worker = (site.folder / "python-worker.js").read_text("utf-8")
    index = (site.folder / "index.html").read_text("utf-8")
    told = shipped_settings(worker)[early_worker.SCRIPT.key]["shownKey"]
    listened = shipped_settings(index)[page_start.SCRIPT.key]["shownKey"]
    assert told == listened == page_start.SHOWN_KEY


# A page in node: the tab lock as HOLDER has it, the site's other tabs on a
# BroadcastChannel, then what the worker says (MESSAGES) and, with PROBES, a
# later tab's probes before and after this page goes. Printed once the page
# has decided (flet.tabFree) and acted on it: no waiting for time to pass.
_PAGE = """
const events = [];
const workers = [];
const listeners = {};
globalThis.self = globalThis;
globalThis.window = globalThis;
globalThis.addEventListener = (name, listener) => {
  (listeners[name] = listeners[name] || []).push(listener);
};
const fire = (name, event) => (listeners[name] || []).forEach((l) => l(event));
globalThis.location = { reload() { events.push("reloaded"); } };
globalThis.flet = { entrypointBaseUrl: "/" };
globalThis.document = {
  documentElement: { attributes: {}, setAttribute(name, value) {
    this.attributes[name] = value; } },
  addEventListener() {},
};
globalThis.companionLoading = {
  refuse(handed) { events.push(handed ? "refused, " + handed : "refused"); },
  done() { events.push("done"); },
  fail() { events.push("failed"); },
};
// The hand-over link this tab keeps (HANDED), and those it takes from others.
const HANDED = %(handed)s;
const came = [];
globalThis.companionHanded = {
  kept: () => HANDED,
  drop() { events.push("dropped its link"); },
  came(text) { came.push(text); return text.startsWith("#m="); },
};
const made = [];
globalThis.Worker = class {
  constructor(url, options) {
    workers.push(url); made.push(this); this.listeners = [];
    this.name = JSON.parse(options.name);
  }
  addEventListener(name, listener) {
    if (name === "message") { this.listeners.push(listener); }
  }
};
const HOLDER = %(holder)s;
const held = [{ name: %(lock)s }];
// The lock requests this page makes: how, and whether it got the lock; a
// test lets go of it or has it stolen.
const requests = [];
let stealIt = null;
const request = (name, options, callback) => {
  const mode = options.steal ? "steal" : "ifAvailable";
  const granted = mode === "steal" || !["answering-holder", "silent-holder",
    "taken-meanwhile"].includes(HOLDER);
  requests.push(mode + (granted ? "" : " refused"));
  return new Promise((resolve, reject) => {
    stealIt = () => reject(new Error("AbortError"));
    const let_go = (value) => {
      if (granted) { events.push("let the lock go"); }
      resolve(value);
    };
    const lock = granted ? { name } : null;
    setTimeout(() => Promise.resolve(callback(lock)).then(let_go), 1);
  });
};
if (["answering-holder", "silent-holder", "taken-meanwhile"].includes(HOLDER)) {
  const query = HOLDER === "taken-meanwhile"
    // Free when looked at, taken by another tab before this one asks.
    ? async () => ({ held: requests.length ? held : [], pending: [] })
    : async () => ({ held, pending: [] });
  globalThis.navigator = { locks: { query, request } };
} else if (HOLDER === "letting-go") {
  // The page this one reloads, or a tab just closed: it lets go a moment late.
  const since = Date.now();
  globalThis.navigator = { locks: { request, query: async () => (
    { held: Date.now() - since < 400 ? held : [], pending: [] }) } };
} else if (HOLDER === "no-lock") {
  globalThis.navigator = { locks: { request,
    query: async () => ({ held: [], pending: [] }) } };
} else {
  // No Web Locks (plain http).
  globalThis.navigator = {};
}
// This page's channels; another tab that holds the store answers a probe.
const open = new Set();
const answered = [];
globalThis.BroadcastChannel = class {
  constructor(name) { this.name = name; open.add(this); }
  postMessage(text) {
    if (text.startsWith("held:") || text.startsWith("offered:")) {
      answered.push(text);
      return;
    }
    if (text.startsWith("handed:")) {
      events.push("handed " + text.split(" ").slice(1).join(" "));
      const token = text.slice("handed:".length).split(" ")[0];
      if (HOLDER === "answering-holder") {
        setTimeout(() => this.onmessage({ data: "offered:" + token }), 5);
      }
      return;
    }
    events.push("asked " + text.split(":")[0]);
    if (["answering-holder", "answers", "taken-meanwhile"].includes(HOLDER)) {
      setTimeout(() => this.onmessage && this.onmessage({ data: "held:abc" }), 5);
    }
  }
  close() { open.delete(this); }
};
const probe = () => [...open].forEach((channel) =>
  channel.onmessage && channel.onmessage({ data: "probe:next-tab" }));
const hand = (text) => [...open].forEach((channel) =>
  channel.onmessage && channel.onmessage({ data: "handed:t1 " + text }));
const loaded = [];
globalThis._flutter = { loader: { load(options) { loaded.push(options); } } };
eval(%(page)s);
eval(%(gate)s);
_flutter.loader.load({ config: {} });
(async () => {
  await flet.tabFree;
  // A refused tab with a link says so once the holder had its chance to answer.
  while (HANDED && !events.some((event) => event.startsWith("refused"))) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  // What the worker then says to the page, as Flet's page would get it.
  for (const data of %(messages)s) {
    for (const worker of made) {
      let stopped = false;
      const event = { data, stopImmediatePropagation() { stopped = true; } };
      for (const listener of worker.listeners) {
        if (!stopped) { listener(event); }
      }
      if (!stopped) { events.push("to Flet: " + JSON.stringify(data)); }
    }
  }
  await new Promise(setImmediate);
  const probes = {};
  if (%(probes)s) {
    probe();
    hand("#m=0412345");
    hand("#/settings");
    probes.whileHere = answered.splice(0);
    probes.came = came;
    fire("pagehide", { persisted: false });
    probe();
    probes.gone = answered.splice(0);
  }
  // Then, in turn: the page goes into a back/forward cache and comes back,
  // or a tab that found it silent takes its lock.
  for (const step of %(after)s) {
    if (step === "stolen") { stealIt(); } else { fire(step, { persisted: true }); }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  console.log(JSON.stringify({
    events, workers, flutter: loaded.length, probes, requests,
    named: made.map((worker) => worker.name),
    refused: document.documentElement.attributes[%(attribute)s] || null,
  }));
})();
"""


def _bootstrap_gate() -> str:
    """The part patch_bootstrap adds before Flutter's load call."""
    flets = (client_folder() / "flutter_bootstrap.js").read_text("utf-8")
    ours = patch_bootstrap(flets)
    gate = ours[ours.index(page_start.BOOTSTRAP_GATE.source()) :]
    return gate.split("_flutter.loader.load({")[0]


def _run(
    tmp_path: Path,
    holder: str,
    messages: tuple[object, ...] = (),
    probes: bool = False,
    handed: str | None = None,
    after: tuple[str, ...] = (),
) -> dict:
    page = page_start.start_js(early_worker.WORKER)
    script = tmp_path / "page.js"
    script.write_text(
        _PAGE
        % {
            "holder": json.dumps(holder),
            "messages": json.dumps(list(messages)),
            "lock": json.dumps(page_start.TAB_LOCK),
            "page": json.dumps(page),
            "gate": json.dumps(_bootstrap_gate()),
            "attribute": json.dumps(page_start.REFUSED_ATTRIBUTE),
            "probes": json.dumps(probes),
            "handed": json.dumps(handed),
            "after": json.dumps(list(after)),
        },
        "utf-8",
    )
    return node_json(script)  # type: ignore[return-value]


@pytest.mark.parametrize(
    ("holder", "why"),
    [
        # The holder's page answers: refused at once, not after the wait.
        ("answering-holder", "answered"),
        ("answers", "answered"),
        # Free when looked at, then taken by a tab that answers.
        ("taken-meanwhile", "answered"),
    ],
)
def test_a_tab_whose_store_is_held_starts_neither_python_nor_flutter(
    tmp_path: Path, holder: str, why: str
):
    seen = _run(tmp_path, holder)
    assert seen["workers"] == []
    assert seen["flutter"] == 0
    assert seen["refused"] == why
    assert "refused" in seen["events"]


@pytest.mark.parametrize(
    ("holder", "requests"),
    [
        ("no-lock", ["ifAvailable"]),
        ("letting-go", ["ifAvailable"]),
        # Held by a page that never answers (kept asleep in a back/forward
        # cache, or frozen): no holder, whatever the engine; its lock is taken.
        ("silent-holder", ["steal"]),
        # No Web Locks (plain http): Python's claim over the channel decides.
        ("silent", []),
    ],
)
def test_a_tab_nobody_holds_the_store_for_starts_both(
    tmp_path: Path, holder: str, requests: list[str]
):
    seen = _run(tmp_path, holder)
    assert seen["workers"] == ["/python-worker.js"]
    assert seen["flutter"] == 1
    assert seen["refused"] is None
    assert "refused" not in seen["events"]
    # The page asks only where the lock is held or there are no Web Locks.
    assert ("asked probe" in seen["events"]) == (holder != "no-lock")
    # It holds the lock for its Python, and tells it so.
    assert seen["requests"] == requests
    (named,) = seen["named"]
    assert named["pageHoldsLock"] is bool(requests)


@pytest.mark.parametrize(
    ("holder", "holding", "answers", "came"),
    [
        # The page holds the Web Lock: it answers from the start.
        ("no-lock", None, ["held:page", "offered:t1"], ["#m=0412345", "#/settings"]),
        # No Web Locks: once its Python says it holds the store, not before.
        ("silent", True, ["held:page", "offered:t1"], ["#m=0412345", "#/settings"]),
        ("silent", False, [], []),
    ],
)
def test_the_page_of_the_tab_holding_the_store_answers_until_it_goes(
    tmp_path: Path,
    holder: str,
    holding: bool | None,
    answers: list[str],
    came: list[str],
):
    shown = (
        [] if holding is None else [{page_start.SHOWN_KEY: True, "holding": holding}]
    )
    seen = _run(tmp_path, holder, tuple(shown), probes=True)
    # While it is there it answers a later tab's probe, and offers the match
    # of a link a refused tab hands it (a link, nothing else); gone (closed,
    # or replaced by a reload), never. A tab told another holds it never does.
    assert seen["probes"] == {"whileHere": answers, "came": came, "gone": []}


def test_a_page_kept_in_a_back_forward_cache_lets_the_lock_go_and_starts_again(
    tmp_path: Path,
):
    seen = _run(tmp_path, "no-lock", after=("pagehide", "pageshow"))
    assert seen["requests"] == ["ifAvailable"]
    assert seen["events"][-2:] == ["let the lock go", "reloaded"]


def test_a_page_whose_lock_was_taken_while_it_was_silent_starts_again(
    tmp_path: Path,
):
    seen = _run(tmp_path, "no-lock", after=("stolen",))
    assert seen["events"][-1] == "reloaded"
    assert "let the lock go" not in seen["events"]


@pytest.mark.parametrize(
    ("holder", "events"),
    [
        # The holder's page offers it: this tab says so, and lets it go.
        ("answering-holder", ["dropped its link", "refused, handed_there"]),
        # A holder that answers the probe but not the link (its Python, over
        # plain http, before its page is up): how to take it in here.
        ("answers", ["refused, handed_here"]),
    ],
)
def test_a_refused_tab_hands_its_link_to_the_holder_and_says_where_it_is(
    tmp_path: Path, holder: str, events: list[str]
):
    seen = _run(tmp_path, holder, handed="#m=0412345")
    told = [event for event in seen["events"] if not event.startswith("asked")]
    assert told == ["handed #m=0412345", *events]


def test_the_page_takes_its_loading_screen_away_once_the_app_is_shown(tmp_path: Path):
    shown = {page_start.SHOWN_KEY: True}
    seen = _run(tmp_path, "no-lock", (shown, "initialized"))
    assert seen["events"] == ["done", 'to Flet: "initialized"']


def test_app_files_that_never_came_are_said_by_the_page_not_flets_error(
    tmp_path: Path,
):
    failed = {page_start.ARCHIVE_FAILED_KEY: "Error: app archive: HTTP 503"}
    # Then Flet's worker reports the failed start as its init error.
    seen = _run(tmp_path, "no-lock", (failed, "Error: app archive: HTTP 503"))
    assert seen["events"] == ["failed", 'to Flet: "Error: app archive: HTTP 503"']
