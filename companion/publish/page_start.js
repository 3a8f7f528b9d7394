// Card Table Companion: is the store held by another tab of the site? Looked
// at before Flutter or Python starts; in a tab that may start, Python's worker
// starts at once, and the loading screen goes once the app has drawn
// (companion/publish/page_start.py). Runs right after page.js.
(() => {
  'use strict';
  const settings = self.companionSettings.page_start;
  const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  async function tabFree() {
    try {
      if (navigator.locks && navigator.locks.query) {
        const held = async () => (await navigator.locks.query()).held
          .some((lock) => lock.name === settings.tabLock);
        const until = Date.now() + settings.lockWaitMs;
        while (await held()) {
          if (Date.now() >= until) {
            return false;
          }
          await wait(settings.lockLookMs);
        }
        return true;
      }
      if (!self.BroadcastChannel) {
        return true;
      }
      const channel = new BroadcastChannel(settings.tabLock);
      const token = settings.probe + ':' + Math.random().toString(16).slice(2);
      const held = await new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), settings.probeWaitMs);
        channel.onmessage = (event) => {
          if (String(event.data).startsWith('held:')) {
            clearTimeout(timer);
            resolve(true);
          }
        };
        channel.postMessage(token);
      });
      channel.close();
      return !held;
    } catch {
      // Cannot tell: Python's own claim decides.
      return true;
    }
  }

  function refuse() {
    document.documentElement.setAttribute(settings.refusedAttribute, 'refused');
    const refused = () => window.companionLoading.refuse();
    if (window.companionLoading) {
      refused();
    } else {
      document.addEventListener('DOMContentLoaded', refused);
    }
  }

  // Python's worker, and in it Pyodide, start now; python.js takes it up.
  function startWorker() {
    flet.earlyWorker = new Worker(
      flet.entrypointBaseUrl.replace(/\/$/, '') + '/' + settings.earlyWorker,
      {type: 'module'});
    // The loading screen goes once the app has sent its first screen, or when
    // the worker fails (Flet's client then shows the error); it says so itself
    // when the app's files did not come.
    let failed = false;
    flet.earlyWorker.addEventListener('message', (event) => {
      const data = event.data;
      if (data && data[settings.archiveFailedKey]) {
        failed = true;
        event.stopImmediatePropagation();
        window.companionLoading.fail();
      } else if (data && data[settings.shownKey]) {
        // Flet's handler would hand it to Flutter as a message of the app's.
        event.stopImmediatePropagation();
        window.companionLoading.done();
      } else if (typeof data === 'string' && data !== 'initialized' && !failed) {
        window.companionLoading.done();
      }
    });
    flet.earlyWorker.addEventListener('error', () => window.companionLoading.done());
  }

  // python.js takes the worker started here once (early_worker.py).
  flet.takeEarlyWorker = () => {
    const worker = flet.earlyWorker || null;
    flet.earlyWorker = null;
    return worker;
  };
  flet.tabFree = tabFree();
  flet.tabFree.then((free) => {
    if (!free) {
      refuse();
    } else if (settings.earlyWorker) {
      startWorker();
    }
  });
  if (!settings.earlyWorker) {
    // No early worker to tell when the app is drawn: the screen goes with
    // Flutter's first frame, as Flet's own did.
    window.addEventListener('flutter-first-frame',
      () => window.companionLoading.done(), {once: true});
  }
})();
