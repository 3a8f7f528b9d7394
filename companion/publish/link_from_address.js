// Card Table Companion: a page opened by a hand-over link (#m=...). The
// fragment leaves the address bar before Flutter reads it (the app's routes
// live in the fragment); the link is kept in this tab's sessionStorage and
// told to Python, until Python says it was answered: a reload before the
// tap offers it again, one after offers nothing
// (companion/serving/handed_link.py). Runs after page_channel.js.
(() => {
  'use strict';
  const settings = self.companionSettings.link_from_address;
  let unstored = null;
  const kept = {
    get() {
      try {
        return sessionStorage.getItem(settings.storageKey);
      } catch {
        return unstored;
      }
    },
    set(text) {
      unstored = text;
      try {
        sessionStorage.setItem(settings.storageKey, text);
      } catch {
        // No storage for this tab (a private mode, or full): kept in memory.
      }
    },
    drop() {
      unstored = null;
      try {
        sessionStorage.removeItem(settings.storageKey);
      } catch {
        // Nothing was stored.
      }
    },
  };

  if (window.location.hash.startsWith(settings.prefix)) {
    kept.set(window.location.hash);
    const {pathname, search} = window.location;
    history.replaceState(history.state, '', pathname + search);
  }
  const handed = kept.get();
  if (handed) {
    self.companionPython.tell({kind: settings.handed, text: handed});
  }
  self.companionPython.on(settings.forget, () => kept.drop());
})();
