// Card Table Companion: tells the page which start Python made (an attribute
// of <html>), and after a start not from a snapshot makes one (the maker
// worker) once the app is up, where the phone has the memory for a second
// Python (companion/publish/snapshot.py). Runs after page_start.js, which
// makes flet.earlyWorker in a tab that may start.
(() => {
  'use strict';
  const settings = self.companionSettings.snapshot_page;
  flet.tabFree.then((free) => {
    if (!free || !flet.earlyWorker) {
      return;
    }
    flet.earlyWorker.addEventListener('message', (event) => {
      const root = document.documentElement;
      const start = event.data && event.data[settings.startKey];
      if (start) {
        root.setAttribute(settings.startAttribute, start);
        // Flet's handler would take it for the worker's error.
        event.stopImmediatePropagation();
        return;
      }
      if (event.data !== 'initialized' || !self.caches
          || root.getAttribute(settings.startAttribute) === 'snapshot') {
        return;
      }
      // A phone that says it has less memory than a second Python needs
      // beside the app is spared it: every start there boots.
      const memory = navigator.deviceMemory;
      if (typeof memory === 'number' && memory < settings.minDeviceMemoryGb) {
        root.setAttribute(settings.snapshotAttribute, 'skipped');
        return;
      }
      const idle = self.requestIdleCallback || ((run) => setTimeout(run, 0));
      setTimeout(() => idle(() => {
        const maker = new Worker(
          flet.entrypointBaseUrl.replace(/\/$/, '') + '/' + settings.maker,
          {type: 'module'});
        maker.onmessage = (made) => {
          root.setAttribute(settings.snapshotAttribute, made.data.made ? 'made' : 'failed');
          maker.terminate();
        };
      }, {timeout: 10000}), settings.delayMs);
    });
  });
})();
