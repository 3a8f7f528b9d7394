"""The service worker's script: what it precaches, how versions replace each other."""

from __future__ import annotations

import json

import pytest
from node_scripts import node_json, run_node, shipped_settings

from companion.webclient.flet_patch import FletFileChanged
from companion.webclient.loading_screen import SHOWN_CHANNEL, app_titled_js
from companion.webclient.service_worker import (
    CACHE_PREFIX,
    REGISTRATION,
    SCRIPT,
    registration_js,
    served_registration_js,
    service_worker_js,
    without_flutter_worker,
)


def _settings(script: str) -> dict:
    return shipped_settings(script)[SCRIPT.key]


def test_the_worker_names_its_cache_after_the_version_and_lists_the_files():
    script = service_worker_js("abc123", ["./", "index.html", "app.tar.gz"])
    settings = _settings(script)
    assert settings["version"] == "abc123"
    assert settings["precache"] == ["./", "index.html", "app.tar.gz"]
    assert settings["offlinePage"] is None
    assert CACHE_PREFIX == "companion-"
    assert script.endswith(SCRIPT.source())


def test_a_new_version_gives_another_script_so_the_browser_installs_it():
    assert service_worker_js("one", ["./"]) != service_worker_js("two", ["./"])


def test_a_served_app_gets_the_offline_page_when_the_server_is_gone():
    page = "<p>The table's computer cannot be reached</p>"
    script = service_worker_js("v1", ["main.dart.js"], offline_page=page)
    assert _settings(script)["offlinePage"] == page


def test_quotes_in_the_inputs_cannot_break_out_of_the_script():
    script = service_worker_js('x";alert(1);"', ["a'b.js"], offline_page="</script>")
    assert _settings(script)["version"] == 'x";alert(1);"'
    assert _settings(script)["precache"] == ["a'b.js"]
    assert "</script>" not in script


def test_both_scripts_are_valid_javascript(tmp_path):
    for name, text in (
        ("sw.js", service_worker_js("v1", ["./"], offline_page="<p>gone</p>")),
        ("register.js", registration_js("/service_worker.js")),
    ):
        path = tmp_path / name
        path.write_text(text, "utf-8")
        run_node("--check", path)


_ACTIVATE_HARNESS = """
const listeners = {};
const deleted = [];
globalThis.self = {
  addEventListener: (name, fn) => { listeners[name] = fn; },
  clients: {claim: async () => {}},
};
globalThis.caches = {
  keys: async () => ['companion-v1', 'companion-v2', 'python-snapshot', 'other'],
  delete: async (name) => { deleted.push(name); return true; },
};
eval(SCRIPT);
let waited;
listeners.activate({waitUntil: (p) => { waited = p; }});
waited.then(() => console.log(JSON.stringify(deleted)));
"""


def test_only_the_old_caches_of_ours_are_dropped_on_activation(tmp_path):
    script = service_worker_js("v2", ["./"])
    harness = _ACTIVATE_HARNESS.replace("SCRIPT", json.dumps(script))
    assert node_json("-e", harness) == ["companion-v1"]


# Runs a worker script in node with a fake site: `fetch` answers 200 for
# NETWORK_UP paths, 404 for others, and fails for every path while the site
# is down. Prints what the worker answered and what it kept in its cache.
WORKER_HARNESS = """
const listeners = {};
const kept = [];
let down = false;
globalThis.self = {
  location: new URL('http://table.local:8550/service_worker.js'),
  registration: {scope: 'http://table.local:8550/'},
  navigator: {languages: ['nb-NO', 'en']},
  addEventListener: (name, listener) => { listeners[name] = listener; },
  skipWaiting: async () => {},
  clients: {claim: async () => {}},
};
const cache = {
  match: async (request) => null,
  put: async (request, response) => { kept.push(new URL(request.url).pathname); },
  addAll: async (requests) => { kept.push(...requests.map((r) => r.url)); },
};
globalThis.caches = {open: async () => cache, keys: async () => []};
globalThis.fetch = async (request) => {
  if (down) { throw new TypeError('Failed to fetch'); }
  const path = new URL(request.url).pathname;
  const status = path.includes('missing') ? 404 : 200;
  return new Response('body of ' + path, {status});
};
eval(require('fs').readFileSync(process.argv[2], 'utf-8'));
async function ask(path, mode, method) {
  let answer = null;
  const waits = [];
  listeners.fetch({
    request: {url: 'http://table.local:8550' + path, method: method || 'GET', mode},
    respondWith: (promise) => { answer = promise; },
    waitUntil: (promise) => { waits.push(promise); },
  });
  if (answer === null) { return 'network'; }
  const response = await answer;
  await Promise.all(waits);
  return response.status + ' ' + (await response.text()).slice(0, 200);
}
(async () => {
  const answers = {};
  for (const [path, mode, method] of %(requests)s) {
    answers[method + ' ' + path] = await ask(path, mode, method);
  }
  down = true;
  answers['offline /'] = await ask('/', 'navigate', 'GET');
  console.log(JSON.stringify({answers, kept}));
})();
"""


def _served_worker(tmp_path, requests: list[tuple[str, str, str]]) -> dict:
    pages = {"en": "<p>gone</p>", "nb": "<p>borte</p>"}
    script = service_worker_js(
        "k1", [], offline_page=pages, runtime_prefix="/client/k1/"
    )
    worker = tmp_path / "worker.js"
    worker.write_text(script, "utf-8")
    harness = tmp_path / "harness.js"
    harness.write_text(WORKER_HARNESS % {"requests": json.dumps(requests)}, "utf-8")
    return node_json(harness, worker)  # type: ignore[return-value]


def test_a_static_worker_keeps_a_fallback_font_once_a_name_fetched_it(tmp_path):
    script = service_worker_js("k1", ["./"], kept_folder="fallback-fonts/")
    worker = tmp_path / "worker.js"
    worker.write_text(script, "utf-8")
    harness = tmp_path / "harness.js"
    font = "/fallback-fonts/notosanssc/v37/k3k.115.woff2"
    requests = [(font, "cors", "GET"), ("/assets/NOTICES", "cors", "GET")]
    harness.write_text(WORKER_HARNESS % {"requests": json.dumps(requests)}, "utf-8")
    found = node_json(harness, worker)
    assert found["answers"]["GET " + font] == "200 body of " + font
    # What a page fetches outside the precache and that folder is not kept.
    assert found["answers"]["GET /assets/NOTICES"] == "200 body of /assets/NOTICES"
    assert found["kept"] == [font]


def test_a_served_worker_keeps_only_the_versioned_client_files(tmp_path):
    found = _served_worker(
        tmp_path,
        [
            ("/client/k1/main.dart.wasm", "cors", "GET"),
            ("/client/k1/missing.js", "no-cors", "GET"),
            ("/", "navigate", "GET"),
            ("/players", "navigate", "GET"),
            ("/ws", "websocket", "GET"),
            ("/upload?f=scores.json", "cors", "GET"),
            ("/client/k1/main.dart.wasm", "cors", "POST"),
            ("/client/k0/main.dart.wasm", "cors", "GET"),
        ],
    )
    answers = found["answers"]
    assert (
        answers["GET /client/k1/main.dart.wasm"]
        == "200 body of /client/k1/main.dart.wasm"
    )
    assert answers["GET /client/k1/missing.js"].startswith("404")
    # The pages come from the server while it is there, and are not kept.
    assert answers["GET /"] == "200 body of /"
    assert answers["GET /players"] == "200 body of /players"
    # Flet's traffic, uploads, other versions: the worker stays out of it.
    for asked in (
        "GET /ws",
        "GET /upload?f=scores.json",
        "POST /client/k1/main.dart.wasm",
    ):
        assert answers[asked] == "network", asked
    assert answers["GET /client/k0/main.dart.wasm"] == "network"
    assert found["kept"] == ["/client/k1/main.dart.wasm"]
    # With the server gone: the page in the browser's language (nb-NO).
    assert answers["offline /"] == "503 <p>borte</p>"


def test_flutters_own_worker_is_not_registered_by_its_loader():
    loader = (
        "_flutter.loader.load({\n    config: flutterConfig,\n"
        '    serviceWorkerSettings: {\n        serviceWorkerVersion: "1804020039",\n'
        "    },\n    onEntrypointLoaded: async function (e) {}\n});"
    )
    changed = without_flutter_worker(loader)
    assert "serviceWorker" not in changed
    assert "config: flutterConfig,\n    onEntrypointLoaded" in changed
    with pytest.raises(FletFileChanged):
        without_flutter_worker(changed)


def test_a_served_page_registers_the_worker_without_reloading(tmp_path):
    script = served_registration_js("/service_worker.js")
    assert script.endswith(REGISTRATION.source())
    for controlled in (False, True):
        assert _register(tmp_path, controlled, script=script) == {
            "before": 1, "after": 1, "channel": None,
            "urls": ["/service_worker.js"], "reloads": 0,
        }  # fmt: skip


def test_a_served_first_visit_registers_the_worker_once_the_app_is_shown(tmp_path):
    # Registered at the page's start, the worker took the page over and kept
    # every file as Flutter loaded it, in the middle of the start.
    script = served_registration_js("/service_worker.js", SHOWN_CHANNEL)
    assert _register(tmp_path, controlled=False, script=script) == {
        "before": 0, "after": 1, "channel": SHOWN_CHANNEL,
        "urls": ["/service_worker.js"], "reloads": 0,
    }  # fmt: skip
    assert _register(tmp_path, controlled=True, script=script)["before"] == 1


# A served page's loading screen script in a page stubbed: Flutter's first
# frame, then the app's title; the run prints what was said on each channel.
_SHOWN_HARNESS = """
globalThis.self = globalThis;
const said = [];
let titleChanged = null;
let firstFrame = null;
globalThis.BroadcastChannel = class {
  constructor(name) { this.name = name; }
  postMessage(data) { said.push([this.name, data, gone]); }
  close() {}
};
let gone = false;
globalThis.window = {companionLoading: {done: () => { gone = true; }},
  addEventListener: (name, fn) => { if (name === 'flutter-first-frame') {
    firstFrame = fn; } }};
globalThis.document = {title: '', head: {}};
globalThis.MutationObserver = class {
  constructor(fn) { titleChanged = fn; }
  observe() {}
};
globalThis.setTimeout = () => {};
%s
firstFrame();
const framed = said.length;
document.title = 'Card Table Companion';
titleChanged();
titleChanged();
console.log(JSON.stringify({framed, said}));
"""


def test_the_served_loading_screen_says_when_the_app_is_shown(tmp_path):
    # Flet's "Working..." is Flutter's first frame: not the app yet.
    assert _node_json(tmp_path / "shown.js", _SHOWN_HARNESS % app_titled_js()) == {
        "framed": 0, "said": [[SHOWN_CHANNEL, "shown", True]],
    }  # fmt: skip


# A worker's global scope with the Cache API and fetch stubbed: `SITE_VERSION`
# is what the site answers for version.json; the run prints what happened.
_INSTALL_HARNESS = """
const listeners = {};
const fetched = [];
const stored = new Map();
let deleted = [];
globalThis.self = {
  addEventListener: (name, fn) => { listeners[name] = fn; },
  skipWaiting: async () => {},
  location: {origin: 'http://site', href: WORKER_URL},
};
globalThis.Request = class { constructor(url, init) { this.url = url;
  this.cache = init.cache; } };
globalThis.caches = {
  open: async (name) => ({addAll: async (requests) => {
    for (const r of requests) { fetched.push([r.url, r.cache]); stored.set(r.url, 1); }
  }}),
  delete: async (name) => { deleted.push(name); return true; },
};
globalThis.fetch = async (url, init) => {
  fetched.push([url, init.cache]);
  return {ok: true, json: async () => ({version: SITE_VERSION})};
};
%s
let waited;
listeners.install({waitUntil: (p) => { waited = p; }});
waited.then(() => 'installed', (e) => 'failed').then((outcome) => {
  console.log(JSON.stringify({outcome, fetched, deleted}));
});
"""


def _node_json(path, source: str) -> dict:
    """Run `source` in node from `path`; what it printed, as JSON."""
    path.write_text(source, "utf-8")
    return node_json(path)  # type: ignore[return-value]


def _install(
    tmp_path,
    site_version: str,
    worker_url: str = "http://site/service_worker.js",
    by_renderer: dict[str, list[str]] | None = None,
) -> dict:
    script = service_worker_js(
        "v1", ["./", "app.tar.gz"], version_url="version.json", by_renderer=by_renderer
    )
    harness = _INSTALL_HARNESS % script
    return _node_json(
        tmp_path / "install.js",
        f"const SITE_VERSION = {json.dumps(site_version)};\n"
        f"const WORKER_URL = {json.dumps(worker_url)};\n{harness}",
    )


def test_the_install_revalidates_each_file_and_checks_the_build(tmp_path):
    done = _install(tmp_path, "v1")
    assert done["outcome"] == "installed"
    # Revalidated (a 304 reuses what the page fetched), never taken unchecked
    # from the HTTP cache; the site's version is asked after every file.
    assert done["fetched"] == [
        ["./", "no-cache"], ["app.tar.gz", "no-cache"], ["version.json", "no-store"],
    ]  # fmt: skip
    assert done["deleted"] == []


def test_a_site_rebuilt_during_the_install_leaves_no_cache_of_mixed_builds(tmp_path):
    done = _install(tmp_path, "v2")
    assert done["outcome"] == "failed"
    assert done["deleted"] == ["companion-v1"]


def test_the_worker_precaches_the_build_its_page_loads_or_else_both(tmp_path):
    builds = {
        "skwasm": ["skwasm.wasm", "main.dart.wasm"],
        "skwasm_heavy": ["heavy.wasm", "main.dart.wasm"],
        "canvaskit": ["main.dart.js"],
    }

    def precached(query: str) -> list[str]:
        url = f"http://site/service_worker.js{query}"
        done = _install(tmp_path, "v1", url, builds)
        assert done["outcome"] == "installed"
        return [asked for asked, _ in done["fetched"] if asked != "version.json"]

    common = ["./", "app.tar.gz"]
    assert precached("?renderer=skwasm") == [*common, "skwasm.wasm", "main.dart.wasm"]
    assert precached("?renderer=canvaskit") == [*common, "main.dart.js"]
    # Not told (or told nonsense): every build, each file once, so that the
    # page opens offline anyway (the Cache API refuses a file asked twice).
    for query in ("", "?renderer=__proto__", "?renderer=gpu"):
        assert precached(query) == [
            *common, "skwasm.wasm", "main.dart.wasm", "heavy.wasm", "main.dart.js",
        ], query  # fmt: skip


_REGISTRATION_HARNESS = """
const registered = [];
let channel = null;
globalThis.self = globalThis;
const frameListeners = [];
let reloads = 0;
const changeListeners = [];
globalThis.window = {location: {reload: () => { reloads += 1; }},
  addEventListener: (name, fn) => { if (name === 'flutter-first-frame') {
    frameListeners.push(fn); } }};
globalThis.document = {baseURI: 'http://site/scores/'};
Object.defineProperty(globalThis, 'performance', {value: {getEntriesByType: (type) =>
  type === 'resource' ? FETCHED.map((name) => ({name})) : []}});
globalThis.BroadcastChannel = class {
  constructor(name) { this.name = name; channel = this; }
  close() {}
};
globalThis.navigator = {serviceWorker: {
  controller: CONTROLLED ? {} : null,
  addEventListener: (name, fn) => { if (name === 'controllerchange') {
    changeListeners.push(fn); } },
  register: (url) => registered.push(url),
}};
%s
const before = registered.length;
if (channel) { channel.onmessage({data: 'loaded'}); }
const afterMessage = registered.length;
frameListeners.forEach((fn) => fn());
// A new build's worker takes over the page.
changeListeners.forEach((fn) => fn());
console.log(JSON.stringify({before, after: afterMessage,
  channel: channel && channel.name, urls: registered, reloads}));
"""


def _register(
    tmp_path,
    controlled: bool,
    renderers: dict[str, str] | None = None,
    fetched: tuple[str, ...] = (),
    script: str | None = None,
) -> dict:
    if script is None:
        script = registration_js("/service_worker.js", "ready-here", renderers)
    harness = _REGISTRATION_HARNESS % script
    return _node_json(
        tmp_path / "register.js",
        f"const CONTROLLED = {json.dumps(controlled)};\n"
        f"const FETCHED = {json.dumps(list(fetched))};\n{harness}",
    )


def test_a_first_visit_registers_the_worker_once_the_app_says_its_files_came(
    tmp_path,
):
    assert _register(tmp_path, controlled=False) == {
        "before": 0, "after": 1, "channel": "ready-here",
        "urls": ["/service_worker.js"], "reloads": 0,
    }  # fmt: skip


def test_a_page_a_worker_controls_registers_at_once_to_find_a_new_build(tmp_path):
    assert _register(tmp_path, controlled=True) == {
        "before": 1, "after": 1, "channel": None, "urls": ["/service_worker.js"],
        "reloads": 1,
    }  # fmt: skip


def test_the_worker_is_told_which_renderer_the_page_loaded(tmp_path):
    renderers = {"skwasm": "ck/skwasm.wasm", "canvaskit": "ck/canvaskit.wasm"}
    page = "http://site/scores/"
    first = _register(
        tmp_path, False, renderers, (page + "main.dart.wasm", page + "ck/skwasm.wasm")
    )
    assert first["urls"] == ["/service_worker.js?renderer=skwasm"]
    assert (first["before"], first["after"]) == (0, 1)
    # A page a worker controls: once its first frame is drawn, Flutter has chosen.
    again = _register(tmp_path, True, renderers, (page + "ck/canvaskit.wasm",))
    assert (again["before"], again["after"]) == (0, 0)
    assert again["urls"] == ["/service_worker.js?renderer=canvaskit"]
    # Another site's file of the same name is not this page's build.
    other = _register(tmp_path, False, renderers, ("http://cdn/ck/skwasm.wasm",))
    assert other["urls"] == ["/service_worker.js"]
