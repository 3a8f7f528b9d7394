"""The service worker's script: precache the client's files, open with no network."""

from __future__ import annotations

import json
from collections.abc import Sequence

CACHE_PREFIX = "companion-"
"""Every cache this worker makes starts so; others on the same site are left alone."""

SCRIPT_NAME = "service_worker.js"

_TEMPLATE = """\
'use strict';
// Written by Card Table Companion; one version per build.
const VERSION = %(version)s;
const CACHE = %(cache)s + VERSION;
const PRECACHE = %(precache)s;
const OFFLINE_PAGE = %(offline_page)s;

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // 'reload': the files of this build, not what the HTTP cache kept of another.
    await cache.addAll(PRECACHE.map((url) => new Request(url, {cache: 'reload'})));
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
  return new Response(OFFLINE_PAGE, {
    status: 503,
    headers: {'Content-Type': 'text/html; charset=utf-8'},
  });
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const elsewhere = new URL(request.url).origin !== self.location.origin;
  if (request.method !== 'GET' || elsewhere) {
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
    return cached || fetch(request);
  })());
});
"""


def service_worker_js(
    version: str, precache: Sequence[str], offline_page: str | None = None
) -> str:
    """The worker's script for one build of the client.

    `precache` are URLs relative to the worker's scope, all fetched when the
    worker installs; `version` names its cache, so a new version's worker drops
    the old one's cache once it activates. Without `offline_page` (a static
    site) every page address is answered from the cache; with it (a served
    app) pages come from the network, and that HTML when the network fails.
    """
    return _TEMPLATE % {
        "version": json.dumps(version),
        "cache": json.dumps(CACHE_PREFIX),
        "precache": json.dumps(list(precache), indent=1),
        "offline_page": json.dumps(offline_page),
    }


def registration_js(script_url: str) -> str:
    """The page's script that registers the worker and reloads onto a new build.

    A page opened from an older build's cache reloads once the new build's
    worker takes over, so the visit after a new build shows the new build.
    """
    return (
        "if ('serviceWorker' in navigator) {\n"
        "  const hadWorker = !!navigator.serviceWorker.controller;\n"
        "  navigator.serviceWorker.addEventListener('controllerchange', () => {\n"
        "    if (hadWorker) { window.location.reload(); }\n"
        "  });\n"
        f"  navigator.serviceWorker.register({json.dumps(script_url)});\n"
        "}\n"
    )
