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

  // A link taken in: kept in the tab and told to Python.
  function take(text) {
    kept.set(text);
    self.companionPython.tell({kind: settings.handed, text});
  }

  // Out of the address bar, which says `route` instead (the app's routes
  // live in the fragment).
  function outOfTheAddress(route) {
    const {pathname, search} = window.location;
    history.replaceState(history.state, '', pathname + search + route);
  }

  if (window.location.hash.startsWith(settings.prefix)) {
    kept.set(window.location.hash);
    outOfTheAddress('');
  }
  const handed = kept.get();
  if (handed) {
    self.companionPython.tell({kind: settings.handed, text: handed});
  }
  self.companionPython.on(settings.forget, () => kept.drop());

  // A link opened into this tab while it shows the app: only the fragment
  // changes, so the page does not load again. Taken before Flutter hears of
  // it (this listener is the page's first), Flutter reads the Matches
  // screen's route instead, and the match is offered there.
  const intoOpenTab = () => {
    const text = window.location.hash;
    if (text.startsWith(settings.prefix)) {
      outOfTheAddress(settings.matchesRoute);
      take(text);
    }
  };
  window.addEventListener('popstate', intoOpenTab);
  window.addEventListener('hashchange', intoOpenTab);

  // What page_start.js needs of the link: the one this tab keeps (a tab
  // refused because another holds the store hands it there), and one that a
  // refused tab handed this one (it holds the store).
  self.companionHanded = {
    kept: () => kept.get(),
    drop: () => kept.drop(),
    came(text) {
      if (typeof text === 'string' && text.startsWith(settings.prefix)
          && text.length <= settings.mostChars) {
        take(text);
        return true;
      }
      return false;
    },
  };
})();
