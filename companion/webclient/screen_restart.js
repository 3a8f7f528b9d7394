// Card Table Companion: a renderer that traps (a WebAssembly RuntimeError
// nobody caught, as skwasm's "memory access out of bounds",
// flutter/flutter#184858) never draws again. Reload the page onto the same
// route, which the URL holds, at most `limit` times within `windowMs`; then
// say so instead of reloading for ever (companion/webclient/screen_restart.py).
/* global pickLanguage */

// Pure, so a test can run it alone: the restarts of `stored` (sessionStorage's
// text, or anything a broken store holds) within `windowMs` before `now`.
function recentRestarts(stored, now, windowMs) {
  'use strict';
  let times;
  try {
    times = JSON.parse(stored || '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(times)) {
    return [];
  }
  return times.filter(
    (time) => Number.isFinite(time) && time <= now && now - time < windowMs);
}

(() => {
  'use strict';
  const settings = self.companionSettings.screen_restart;
  const texts = settings.texts[
    pickLanguage(navigator.languages, Object.keys(settings.texts))];
  let trapped = false;

  function isTrap(error) {
    return typeof WebAssembly === 'object' &&
      error instanceof WebAssembly.RuntimeError;
  }

  // A trap in a worker (multi-threaded skwasm draws in one) reaches the
  // window without its error, as the message "Uncaught RuntimeError: ...":
  // no other error of the platform's is named RuntimeError.
  function isWorkerTrap(event) {
    return (event.error === null || event.error === undefined) &&
      /^(Uncaught )?RuntimeError: /.test(String(event.message));
  }

  function styled(element) {
    const style = document.createElement('style');
    style.textContent = settings.style;
    element.append(style);
    return element;
  }

  function onTrap() {
    if (trapped) {
      return;
    }
    trapped = true;
    try {
      const now = Date.now();
      const restarts = recentRestarts(
        sessionStorage.getItem(settings.restartsKey), now, settings.windowMs);
      if (restarts.length < settings.limit) {
        sessionStorage.setItem(
          settings.restartsKey, JSON.stringify([...restarts, now]));
        sessionStorage.setItem(settings.restartedKey, '1');
        window.location.reload();
        return;
      }
    } catch {
      // No session storage: restarts cannot be counted, so none is made.
    }
    showStopped();
  }

  function showStopped() {
    const cover = styled(document.createElement('div'));
    cover.id = settings.stoppedId;
    cover.setAttribute('role', 'alert');
    const main = document.createElement('main');
    const title = document.createElement('h1');
    title.textContent = texts.title;
    const advice = document.createElement('p');
    advice.textContent = texts.advice;
    const retry = document.createElement('button');
    retry.type = 'button';
    retry.textContent = texts.retry;
    // A person's own reload: not counted, and the next trap stops here again
    // until the earlier restarts are `windowMs` old.
    retry.addEventListener('click', () => window.location.reload());
    main.append(title, advice, retry);
    cover.append(main);
    for (const other of document.body.children) {
      other.inert = true;
    }
    document.body.append(cover);
  }

  function showRestarted() {
    // Outside Flutter's view, so its semantics tree is left as it is; a
    // status role, filled after it is on the page, so a screen reader says it.
    const line = styled(document.createElement('div'));
    line.id = settings.lineId;
    line.setAttribute('role', 'status');
    const words = document.createElement('p');
    const close = document.createElement('button');
    close.type = 'button';
    close.setAttribute('aria-label', texts.close);
    close.title = texts.close;
    close.textContent = '\u00d7';
    close.addEventListener('click', () => line.remove());
    line.append(words, close);
    document.body.append(line);
    setTimeout(() => {
      words.textContent = texts.restarted;
    }, 100);
    // Counted from when the app's view is on the page, so a slow start does
    // not use up the time the line is there to be read.
    const started = Date.now();
    const waiting = setInterval(() => {
      const drawn = document.querySelector('flutter-view, flt-glass-pane');
      if (drawn !== null || Date.now() - started > 60000) {
        clearInterval(waiting);
        setTimeout(() => line.remove(), settings.noticeMs);
      }
    }, 250);
  }

  window.addEventListener('error', (event) => {
    if (isTrap(event.error) || isWorkerTrap(event)) {
      onTrap();
    }
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (isTrap(event.reason)) {
      onTrap();
    }
  });

  let restarted = false;
  try {
    restarted = sessionStorage.getItem(settings.restartedKey) === '1';
    sessionStorage.removeItem(settings.restartedKey);
  } catch {
    // No session storage: no restart was made.
  }
  if (restarted) {
    if (document.body) {
      showRestarted();
    } else {
      document.addEventListener('DOMContentLoaded', showRestarted);
    }
  }
})();
