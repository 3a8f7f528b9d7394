"""The service worker's script: precache the client's files, open with no network."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence

from companion.webclient.unreachable_page import pick_language_js

CACHE_PREFIX = "companion-"
"""Every cache this worker makes starts so; others on the same site are left alone."""

SCRIPT_NAME = "service_worker.js"

_FLUTTER_WORKER = re.compile(r"serviceWorkerSettings:\s*\{[^{}]*\},\s*")

OFFLINE_POLICY = (
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; "
    "form-action 'none'; frame-ancestors 'none'"
)
"""The offline page's Content-Security-Policy: its own style, nothing loaded."""

_TEMPLATE = """\
'use strict';
// Written by Card Table Companion; one version per build.
const VERSION = %(version)s;
const CACHE = %(cache)s + VERSION;
const PRECACHE = %(precache)s;
const PRECACHE_BY_RENDERER = %(by_renderer)s;
const OFFLINE_PAGE = %(offline_page)s;
const RUNTIME_PREFIX = %(runtime_prefix)s;
const OFFLINE_POLICY = %(offline_policy)s;
%(pick_language)s
const VERSION_URL = %(version_url)s;

// A rebuild of the site during the install would leave files of two builds in
// the cache: the site's version, asked after every file, must still be ours.
async function sameBuild() {
  if (VERSION_URL === null) {
    return;
  }
  const reply = await fetch(VERSION_URL, {cache: 'no-store'});
  const site = reply.ok ? await reply.json() : {};
  if (site.version !== VERSION) {
    throw new Error('the site changed during the install: ' + site.version);
  }
}

// The page's build: its renderer comes in the worker's own URL (?renderer=).
function precacheList() {
  if (PRECACHE_BY_RENDERER === null) {
    return PRECACHE;
  }
  const renderer = new URL(self.location.href).searchParams.get('renderer');
  if (renderer !== null && Object.hasOwn(PRECACHE_BY_RENDERER, renderer)) {
    return PRECACHE.concat(PRECACHE_BY_RENDERER[renderer]);
  }
  // Not told the page's renderer: every build, so that the page opens offline.
  return [...new Set(PRECACHE.concat(Object.values(PRECACHE_BY_RENDERER).flat()))];
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    try {
      // 'no-cache': each file is checked with the site, so what this visit's
      // page downloaded comes from the HTTP cache (304) instead of a second
      // download, and a file another build left there is never taken.
      await cache.addAll(
        precacheList().map((url) => new Request(url, {cache: 'no-cache'})));
      await sameBuild();
    } catch (error) {
      await caches.delete(CACHE);
      throw error;
    }
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(%(cache)s) && name !== CACHE) {
        await caches.delete(name);
      }
    }
    await self.clients.claim();
  })());
});

async function fromNetworkOr(request, fallback) {
  try {
    return await fetch(request);
  } catch (error) {
    return fallback();
  }
}

function offlinePage() {
  // One page, or one per language: the browser's language picks.
  const page = typeof OFFLINE_PAGE === 'string' ? OFFLINE_PAGE
    : OFFLINE_PAGE[pickLanguage(self.navigator.languages, Object.keys(OFFLINE_PAGE))];
  return new Response(page, {
    status: 503,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': OFFLINE_POLICY,
    },
  });
}

async function fetchAndKeep(event, cache, request) {
  const response = await fetch(request);
  if (response.status === 200) {
    event.waitUntil(cache.put(request, response.clone()));
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const elsewhere = new URL(request.url).origin !== self.location.origin;
  if (request.method !== 'GET' || elsewhere) {
    return;
  }
  const path = new URL(request.url).pathname;
  if (RUNTIME_PREFIX !== null && request.mode !== 'navigate'
      && !path.startsWith(RUNTIME_PREFIX)) {
    // A served app's data, uploads and answers: the network's, never kept.
    return;
  }
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    if (request.mode === 'navigate') {
      if (OFFLINE_PAGE !== null) {
        // A served app: its page comes from the server while it is there.
        return fromNetworkOr(request, offlinePage);
      }
      // A static app: every address of it is the one page.
      const page = await cache.match('./');
      return page || fromNetworkOr(request, () => Response.error());
    }
    const cached = await cache.match(request, {ignoreSearch: true});
    if (cached) {
      return cached;
    }
    // A served app's versioned files are kept as the page first asks for them.
    if (RUNTIME_PREFIX !== null) {
      return fetchAndKeep(event, cache, request);
    }
    return fetch(request);
  })());
});
"""


def service_worker_js(
    version: str,
    precache: Sequence[str],
    offline_page: str | Mapping[str, str] | None = None,
    runtime_prefix: str | None = None,
    version_url: str | None = None,
    by_renderer: Mapping[str, Sequence[str]] | None = None,
) -> str:
    """The worker's script for one build of the client.

    `precache` are URLs relative to the worker's scope, all fetched when the
    worker installs; `version` names its cache, so a new version's worker drops
    the old one's cache once it activates. Without `offline_page` (a static
    site) every page address is answered from the cache; with it (a served
    app) pages come from the network, and that HTML when the network fails
    (a mapping: one page per language, the browser's language picks, else the
    first). With `runtime_prefix` (a path, say a served app's versioned client
    folder) the files below it are kept as the page first fetches them, and
    nothing outside it is answered from or kept in the cache. Each precached
    file is revalidated with the site, so a 304 reuses what the page fetched.
    With `version_url` (the site's JSON `{"version": ...}`), the install fails
    and leaves no cache unless the site still has this version once every file
    has come: a rebuild during it cannot mix two builds. With `by_renderer`
    (renderer: its files), the worker registered with `?renderer=` one of
    them precaches that one's files too; registered without, all of them.
    """
    return _TEMPLATE % {
        "version": json.dumps(version),
        "cache": json.dumps(CACHE_PREFIX),
        "precache": json.dumps(list(precache), indent=1),
        "offline_page": json.dumps(
            offline_page if isinstance(offline_page, str | None) else dict(offline_page)
        ),
        "runtime_prefix": json.dumps(runtime_prefix),
        "offline_policy": json.dumps(OFFLINE_POLICY),
        "pick_language": pick_language_js(),
        "version_url": json.dumps(version_url),
        "by_renderer": json.dumps(
            None if by_renderer is None else {k: [*v] for k, v in by_renderer.items()}
        ),
    }


def registration_js(
    script_url: str,
    ready_channel: str | None = None,
    renderers: Mapping[str, str] | None = None,
) -> str:
    """The page's script that registers the worker and reloads onto a new build.

    A page opened from an older build's cache reloads once the new build's
    worker takes over, so the visit after a new build shows the new build.
    With `ready_channel`, a page no worker controls yet (a first visit)
    registers only once a message comes on that BroadcastChannel (the app
    has fetched its files): the precache then finds them in the HTTP cache
    and takes no bandwidth from the page while it loads. With `renderers`
    (name: a file, relative to the page's base, that only that renderer's
    build loads), the worker's URL names the one the page has loaded
    (`?renderer=`), and a page a worker controls registers once its first
    frame is drawn, when that is known.
    """
    return (
        "if ('serviceWorker' in navigator) {\n"
        "  const hadWorker = !!navigator.serviceWorker.controller;\n"
        "  navigator.serviceWorker.addEventListener('controllerchange', () => {\n"
        "    if (hadWorker) { window.location.reload(); }\n"
        "  });\n"
        f"  const renderers = {json.dumps(dict(renderers or {}))};\n"
        "  const register = () => {\n"
        "    const fetched = new Set(performance.getEntriesByType('resource')\n"
        "      .map((entry) => entry.name));\n"
        "    const loaded = Object.keys(renderers).find((name) =>\n"
        "      fetched.has(new URL(renderers[name], document.baseURI).href));\n"
        f"    const url = {json.dumps(script_url)};\n"
        "    navigator.serviceWorker.register(\n"
        "      loaded ? url + '?renderer=' + encodeURIComponent(loaded) : url);\n"
        "  };\n"
        f"  const readyChannel = {json.dumps(ready_channel)};\n"
        "  if (hadWorker && Object.keys(renderers).length) {\n"
        "    window.addEventListener('flutter-first-frame', register, {once: true});\n"
        "  } else if (hadWorker || readyChannel === null"
        " || !('BroadcastChannel' in self)) {\n"
        "    register();\n"
        "  } else {\n"
        "    const channel = new BroadcastChannel(readyChannel);\n"
        "    channel.onmessage = () => { channel.close(); register(); };\n"
        "  }\n"
        "}\n"
    )


def served_registration_js(script_url: str) -> str:
    """A served page's script that registers the worker where the browser has one.

    No reload onto a new version: a served page always comes from the server,
    so it is the new version already. Browsers offer a worker only in a secure
    context (HTTPS, or localhost); elsewhere this does nothing.
    """
    return (
        "if ('serviceWorker' in navigator) {\n"
        f"  navigator.serviceWorker.register({json.dumps(script_url)});\n"
        "}\n"
    )


def without_flutter_worker(bootstrap: str) -> str:
    """Flutter's loader (flutter_bootstrap.js) without its own worker's registration.

    Flutter's worker is a stub that unregisters itself; registered at the same
    scope it replaces ours, and the two take turns. A loader without the
    setting is refused (ValueError): Flet's file changed.
    """
    changed, count = _FLUTTER_WORKER.subn("", bootstrap, count=1)
    if count != 1:
        raise ValueError("flutter_bootstrap.js no longer sets serviceWorkerSettings")
    return changed
