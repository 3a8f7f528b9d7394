// Card Table Companion: when the page's connection to the table's computer
// is gone and does not come back, say so instead of a frozen app
// (companion/webclient/unreachable_page.py).
/* global pickLanguage */
(() => {
  'use strict';
  const settings = self.companionSettings.unreachable_watch;
  const texts = settings.texts[
    pickLanguage(navigator.languages, Object.keys(settings.texts))];
  const Native = window.WebSocket;
  const open = new Set();
  let timer = null;
  let cover = null;

  // The theme chosen in the app's Settings ("light", "dark"), as the app
  // last told this browser (loading_screen.js reads it so too); null when
  // the app follows the phone, or never said.
  function chosenTheme() {
    try {
      const value = JSON.parse(localStorage.getItem(settings.looksKey));
      const theme = String(value).split(' ')[1];
      return theme === 'light' || theme === 'dark' ? theme : null;
    } catch {
      return null;
    }
  }

  function show() {
    timer = null;
    if (cover !== null || open.size > 0) {
      return;
    }
    cover = document.createElement('div');
    cover.id = settings.pageId;
    cover.setAttribute('role', 'alert');
    const theme = chosenTheme();
    if (theme !== null) {
      cover.setAttribute(settings.looksAttribute, theme);
    }
    const style = document.createElement('style');
    style.textContent = settings.style;
    const main = document.createElement('main');
    const title = document.createElement('h1');
    title.textContent = texts.title;
    const advice = document.createElement('p');
    advice.textContent = texts.advice;
    const still = document.createElement('p');
    const retry = document.createElement('button');
    retry.className = 'retry';
    retry.type = 'button';
    retry.textContent = texts.retry;
    retry.addEventListener('click', async () => {
      retry.disabled = true;
      still.textContent = '';
      try {
        // Reload only onto a page that is there: over plain http a reload
        // with the server gone shows the browser's own error page.
        const answer = await fetch(window.location.href, {cache: 'no-store'});
        if (answer.ok) {
          window.location.reload();
          return;
        }
      } catch {
        // No answer: say so below.
      }
      still.textContent = texts.still;
      retry.disabled = false;
    });
    main.append(title, advice, retry, still);
    cover.append(style, main);
    for (const other of document.body.children) {
      other.inert = true;
    }
    document.body.append(cover);
  }

  function hide() {
    if (cover === null) {
      return;
    }
    cover.remove();
    cover = null;
    for (const other of document.body.children) {
      other.inert = false;
    }
  }

  function watch(socket) {
    socket.addEventListener('open', () => {
      open.add(socket);
      clearTimeout(timer);
      timer = null;
      hide();
    });
    socket.addEventListener('close', () => {
      open.delete(socket);
      // Flet's client tries again by itself: wait before calling it lost.
      if (open.size === 0 && timer === null) {
        timer = setTimeout(show, settings.graceMs);
      }
    });
  }

  // Flet's client looks WebSocket up on the window each time it connects.
  function WatchedWebSocket(url, protocols) {
    const socket = arguments.length > 1 ? new Native(url, protocols) : new Native(url);
    if (new URL(String(url), window.location.href).pathname === settings.path) {
      watch(socket);
    }
    return socket;
  }
  WatchedWebSocket.prototype = Native.prototype;
  for (const name of ['CONNECTING', 'OPEN', 'CLOSING', 'CLOSED']) {
    WatchedWebSocket[name] = Native[name];
  }
  window.WebSocket = WatchedWebSocket;
})();
