"""The service worker's script: what it precaches, how versions replace each other."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

from companion.webclient.service_worker import (
    CACHE_PREFIX,
    registration_js,
    service_worker_js,
)


def _constant(script: str, name: str) -> object:
    found = re.search(rf"^const {name} = (.*?);$", script, re.S | re.M)
    assert found is not None, name
    return json.loads(found[1])


def test_the_worker_names_its_cache_after_the_version_and_lists_the_files():
    script = service_worker_js("abc123", ["./", "index.html", "app.tar.gz"])
    assert _constant(script, "VERSION") == "abc123"
    assert _constant(script, "PRECACHE") == ["./", "index.html", "app.tar.gz"]
    assert _constant(script, "OFFLINE_PAGE") is None
    assert CACHE_PREFIX == "companion-"


def test_a_new_version_gives_another_script_so_the_browser_installs_it():
    assert service_worker_js("one", ["./"]) != service_worker_js("two", ["./"])


def test_only_the_old_caches_of_ours_are_dropped_on_activation():
    script = service_worker_js("v2", ["./"])
    assert 'name.startsWith("companion-") && name !== CACHE' in script


def test_a_served_app_gets_the_offline_page_when_the_server_is_gone():
    page = "<p>The table's computer cannot be reached</p>"
    script = service_worker_js("v1", ["main.dart.js"], offline_page=page)
    assert _constant(script, "OFFLINE_PAGE") == page


def test_quotes_in_the_inputs_cannot_break_out_of_the_script():
    script = service_worker_js('x";alert(1);"', ["a'b.js"], offline_page="</script>")
    assert _constant(script, "VERSION") == 'x";alert(1);"'
    assert _constant(script, "PRECACHE") == ["a'b.js"]


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_both_scripts_are_valid_javascript(tmp_path):
    for name, text in (
        ("sw.js", service_worker_js("v1", ["./"], offline_page="<p>gone</p>")),
        ("register.js", registration_js("/service_worker.js")),
    ):
        path = tmp_path / name
        path.write_text(text, "utf-8")
        subprocess.run(["node", "--check", str(path)], check=True)


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
  location: {origin: 'http://site'},
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


def _install(tmp_path, site_version: str) -> dict:
    script = service_worker_js("v1", ["./", "app.tar.gz"], version_url="version.json")
    path = tmp_path / "install.js"
    harness = _INSTALL_HARNESS % script
    path.write_text(f"const SITE_VERSION = {json.dumps(site_version)};\n{harness}")
    run = subprocess.run(
        ["node", str(path)], check=True, capture_output=True, text=True
    )
    return json.loads(run.stdout)


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_install_revalidates_each_file_and_checks_the_build(tmp_path):
    done = _install(tmp_path, "v1")
    assert done["outcome"] == "installed"
    # Revalidated (a 304 reuses what the page fetched), never taken unchecked
    # from the HTTP cache; the site's version is asked after every file.
    assert done["fetched"] == [
        ["./", "no-cache"], ["app.tar.gz", "no-cache"], ["version.json", "no-store"],
    ]  # fmt: skip
    assert done["deleted"] == []


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_a_site_rebuilt_during_the_install_leaves_no_cache_of_mixed_builds(tmp_path):
    done = _install(tmp_path, "v2")
    assert done["outcome"] == "failed"
    assert done["deleted"] == ["companion-v1"]


_REGISTRATION_HARNESS = """
const registered = [];
let channel = null;
globalThis.self = globalThis;
globalThis.window = {location: {reload: () => {}}};
globalThis.BroadcastChannel = class {
  constructor(name) { this.name = name; channel = this; }
  close() {}
};
globalThis.navigator = {serviceWorker: {
  controller: CONTROLLED ? {} : null,
  addEventListener: () => {},
  register: (url) => registered.push(url),
}};
%s
const before = registered.length;
if (channel) { channel.onmessage({data: 'loaded'}); }
console.log(JSON.stringify({before, after: registered.length,
  channel: channel && channel.name}));
"""


def _register(tmp_path, controlled: bool) -> dict:
    path = tmp_path / "register.js"
    script = registration_js("/service_worker.js", "ready-here")
    harness = _REGISTRATION_HARNESS % script
    path.write_text(f"const CONTROLLED = {json.dumps(controlled)};\n{harness}")
    run = subprocess.run(
        ["node", str(path)], check=True, capture_output=True, text=True
    )
    return json.loads(run.stdout)


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_a_first_visit_registers_the_worker_once_the_app_says_its_files_came(
    tmp_path,
):
    assert _register(tmp_path, controlled=False) == {
        "before": 0, "after": 1, "channel": "ready-here",
    }  # fmt: skip


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_a_page_a_worker_controls_registers_at_once_to_find_a_new_build(tmp_path):
    assert _register(tmp_path, controlled=True) == {
        "before": 1, "after": 1, "channel": None,
    }  # fmt: skip
