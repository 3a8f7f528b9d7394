// Card Table Companion: the static site's Flet settings (companion/publish/
// page.py, flet_settings), set over Flet's defaults before python.js reads them.
(() => {
  'use strict';
  Object.assign(flet, self.companionSettings.page.flet);
  // Only a window may ask for persistent storage; the app (in a worker)
  // reads the answer with navigator.storage.persisted().
  if (navigator.storage && navigator.storage.persist) {
    navigator.storage.persist();
  }
})();
