// Card Table Companion's service worker, one version per build
// (companion/webclient/service_worker.py says what each setting does).
/* global pickLanguage */
(() => {
  'use strict';
  const settings = self.companionSettings.service_worker;
  const CACHE = settings.cachePrefix + settings.version;
  // A static site's files fetched only when needed (fallback fonts): kept once fetched.
  const keptPrefix = settings.keptFolder === null ? null
    : new URL(settings.keptFolder, self.registration.scope).pathname;

  // A rebuild of the site during the install would leave files of two builds in
  // the cache: the site's version, asked after every file, must still be ours.
  async function sameBuild() {
    if (settings.versionUrl === null) {
      return;
    }
    const reply = await fetch(settings.versionUrl, {cache: 'no-store'});
    const site = reply.ok ? await reply.json() : {};
    if (site.version !== settings.version) {
      throw new Error('the site changed during the install: ' + site.version);
    }
  }

  // The page's build: its renderer comes in the worker's own URL (?renderer=).
  function precacheList() {
    const byRenderer = settings.precacheByRenderer;
    if (byRenderer === null) {
      return settings.precache;
    }
    const renderer = new URL(self.location.href).searchParams.get('renderer');
    if (renderer !== null && Object.hasOwn(byRenderer, renderer)) {
      return settings.precache.concat(byRenderer[renderer]);
    }
    // Not told the page's renderer: every build, so that the page opens offline.
    return [...new Set(settings.precache.concat(Object.values(byRenderer).flat()))];
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
        if (name.startsWith(settings.cachePrefix) && name !== CACHE) {
          await caches.delete(name);
        }
      }
      await self.clients.claim();
    })());
  });

  async function fromNetworkOr(request, fallback) {
    try {
      return await fetch(request);
    } catch {
      return fallback();
    }
  }

  function offlinePage() {
    // One page, or one per language: the browser's language picks.
    const pages = settings.offlinePage;
    const page = typeof pages === 'string' ? pages
      : pages[pickLanguage(self.navigator.languages, Object.keys(pages))];
    return new Response(page, {
      status: 503,
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': settings.offlinePolicy,
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
    const runtimePrefix = settings.runtimePrefix;
    if (runtimePrefix !== null && request.mode !== 'navigate'
        && !path.startsWith(runtimePrefix)) {
      // A served app's data, uploads and answers: the network's, never kept.
      return;
    }
    event.respondWith((async () => {
      const cache = await caches.open(CACHE);
      if (request.mode === 'navigate') {
        if (settings.offlinePage !== null) {
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
      if (runtimePrefix !== null
          || (keptPrefix !== null && path.startsWith(keptPrefix))) {
        return fetchAndKeep(event, cache, request);
      }
      return fetch(request);
    })());
  });
})();
