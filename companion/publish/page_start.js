// Card Table Companion: is the store held by another tab of the site? Looked
// at before Flutter or Python starts; a tab that may start takes the store's
// Web Lock for its Python and answers the next tab's question, Python's
// worker starts at once, and the loading screen goes once the app has drawn
// (companion/publish/page_start.py). Runs right after page.js.
(() => {
  'use strict';
  const settings = self.companionSettings.page_start;
  const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  // Whether this page holds the store's Web Lock for its Python.
  let pageHoldsLock = false;
  let answering = false;

  // Asks the site's other tabs whether one holds the store: `answer`, true
  // once one says so, false after `waitMs`; `close()` stops listening.
  function askHolder(waitMs) {
    const channel = new BroadcastChannel(settings.tabLock);
    let close;
    const answer = new Promise((resolve) => {
      const timer = setTimeout(() => close(false), waitMs);
      close = (held) => {
        clearTimeout(timer);
        channel.close();
        resolve(held);
      };
      channel.onmessage = (event) => {
        if (String(event.data).startsWith('held:')) {
          close(true);
        }
      };
    });
    channel.postMessage(settings.probe + ':' + Math.random().toString(16).slice(2));
    return {answer, close: () => close(false)};
  }

  // Whether this tab may start: `free`; `silent` (the Web Lock stayed held
  // and its holder never answered: no holder, whatever the engine); or why
  // not: `answered` (a tab that holds the store said so).
  async function lookAtTheLock() {
    try {
      if (navigator.locks && navigator.locks.query) {
        const held = async () => (await navigator.locks.query()).held
          .some((lock) => lock.name === settings.tabLock);
        if (!(await held())) {
          return 'free';
        }
        // A tab that holds it answers at once; a tab just closed, or the
        // page this one reloads, says nothing and lets go a moment later.
        let answered = false;
        const asked = self.BroadcastChannel ? askHolder(settings.lockWaitMs)
          : {answer: Promise.resolve(false), close: () => {}};
        asked.answer.then((yes) => {
          answered = yes;
        });
        const until = Date.now() + settings.lockWaitMs;
        try {
          while (await held()) {
            if (answered) {
              return 'answered';
            }
            if (Date.now() >= until) {
              return 'silent';
            }
            await Promise.race([wait(settings.lockLookMs), asked.answer]);
          }
          return 'free';
        } finally {
          asked.close();
        }
      }
      if (!self.BroadcastChannel) {
        return 'free';
      }
      return await askHolder(settings.probeWaitMs).answer ? 'answered' : 'free';
    } catch {
      // Cannot tell: Python's own claim decides.
      return 'free';
    }
  }

  // The store's Web Lock, taken by this page for as long as it shows the app
  // (its Python is told so, serving.browser.hold_tab_lock): `steal` takes it
  // from a holder that never answered. True once held; false if another tab
  // took it first. The page lets it go when it goes into a back/forward
  // cache, where it could not answer (pagehide with `persisted`).
  function takeTheLock(steal) {
    return new Promise((resolve) => {
      let holding = false;
      const options = steal ? {steal: true} : {ifAvailable: true};
      navigator.locks.request(settings.tabLock, options, (lock) => {
        if (!lock) {
          resolve(false);
          return null;
        }
        holding = true;
        resolve(true);
        return new Promise((release) => {
          window.addEventListener('pagehide', (event) => {
            if (event.persisted) {
              release();
            }
          });
        });
      }).catch(() => {
        // Stolen by a tab that found this one silent (frozen, say): this
        // page's app holds the store as it was then, and must not write it.
        // It starts again, and is refused while that tab holds the store.
        if (holding) {
          window.location.reload();
        }
      });
    });
  }

  // Whether this tab may start, and why not: the lock looked at and, with an
  // early worker, taken by the page.
  async function mayStart() {
    const canLock = Boolean(settings.earlyWorker && navigator.locks
      && navigator.locks.request && navigator.locks.query);
    for (let tries = 0; tries < 2; tries += 1) {
      const why = await lookAtTheLock();
      if (!canLock || why === 'answered') {
        // Without the page's lock, Python takes it itself and could not
        // take it from a silent holder: that tab is refused here.
        return why === 'silent' ? 'held' : why;
      }
      if (await takeTheLock(why === 'silent')) {
        pageHoldsLock = true;
        return 'free';
      }
      // Another tab took it between the look and the request: look again.
    }
    return 'held';
  }

  // A link this tab was opened with goes to the tab that holds the store,
  // whose page offers it (answerProbes): whether that page said so in time.
  function handOver(text) {
    const channel = new BroadcastChannel(settings.tabLock);
    const token = Math.random().toString(16).slice(2);
    return new Promise((resolve) => {
      const done = (offered) => {
        clearTimeout(timer);
        channel.close();
        resolve(offered);
      };
      const timer = setTimeout(() => done(false), settings.handWaitMs);
      channel.onmessage = (event) => {
        if (event.data === settings.offered + ':' + token) {
          done(true);
        }
      };
      channel.postMessage(settings.handed + ':' + token + ' ' + text);
    });
  }

  // Says why this tab does not start; with a link it was opened with, where
  // the match it holds is offered, or how to take it in here.
  async function refuse(why) {
    document.documentElement.setAttribute(settings.refusedAttribute, why);
    const handed = self.companionHanded ? self.companionHanded.kept() : null;
    let handedWhere = null;
    if (handed && self.BroadcastChannel) {
      const offered = await handOver(handed);
      handedWhere = offered ? 'handed_there' : 'handed_here';
      if (offered) {
        // The other tab keeps it until it is answered.
        self.companionHanded.drop();
      }
    } else if (handed) {
      handedWhere = 'handed_here';
    }
    const refused = () => window.companionLoading.refuse(handedWhere);
    if (window.companionLoading) {
      refused();
    } else {
      document.addEventListener('DOMContentLoaded', refused);
    }
  }

  // This tab holds the store (its app said so once shown): a page that asks
  // whether one does is answered at once, as long as this page is there.
  function answerProbes() {
    if (answering) {
      return;
    }
    answering = true;
    const channel = new BroadcastChannel(settings.tabLock);
    channel.onmessage = (event) => {
      const said = String(event.data);
      if (said.startsWith(settings.probe + ':')) {
        channel.postMessage('held:page');
      } else if (said.startsWith(settings.handed + ':')) {
        // A tab opened with a link, refused: its match is offered here.
        const [token, ...text] = said.slice(settings.handed.length + 1).split(' ');
        if (self.companionHanded && self.companionHanded.came(text.join(' '))) {
          channel.postMessage(settings.offered + ':' + token);
        }
      }
    };
    window.addEventListener('pagehide', () => channel.close());
  }

  // Python's worker, and in it Pyodide, start now; python.js takes it up.
  function startWorker() {
    // Its name hands the browser's languages over to Python before Python
    // draws anything (serving.browser.handed_languages), and whether this
    // page holds the store's lock for it (serving.browser.hold_tab_lock).
    const handed = {languages: navigator.languages, pageHoldsLock};
    flet.earlyWorker = new Worker(
      flet.entrypointBaseUrl.replace(/\/$/, '') + '/' + settings.earlyWorker,
      {type: 'module', name: JSON.stringify(handed)});
    if (pageHoldsLock && self.BroadcastChannel) {
      // It holds the store from now on: a tab that asks is answered.
      answerProbes();
    }
    // The page's channel to Python (page_channel.js), before Flet's init
    // message: what the page has to say reaches the worker first.
    if (self.companionPython) {
      self.companionPython.attach(flet.earlyWorker);
    }
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
        if (data.holding && self.BroadcastChannel) {
          answerProbes();
        }
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
  const looked = mayStart();
  flet.tabFree = looked.then((why) => why === 'free');
  // A page back from a back/forward cache let the lock go when it left, and
  // its app holds the store as it was then: it starts again, and looks anew.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) {
      window.location.reload();
    }
  });
  looked.then((why) => {
    if (why !== 'free') {
      refuse(why);
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
