// Notes when the page sends on, and receives from, Flet's websocket, and when
// it opens (bench/harness/browser.py's socket_log). The listeners are added
// before the app's own, so a message is noted before it is handled; `sizes`
// holds each received message's bytes, in the order of `received`.
(() => {
  'use strict';
  const log = {opened: [], sent: [], received: [], sizes: []};
  window.__benchSocket = log;
  const Original = window.WebSocket;
  const send = Original.prototype.send;
  Original.prototype.send = function (data) {
    log.sent.push(performance.now());
    return send.call(this, data);
  };
  function Logged(...args) {
    const socket = new Original(...args);
    socket.addEventListener('open', () => log.opened.push(performance.now()));
    socket.addEventListener('message', (event) => {
      log.received.push(performance.now());
      log.sizes.push(event.data.size || event.data.byteLength || 0);
    });
    return socket;
  }
  Logged.prototype = Original.prototype;
  for (const state of ['CONNECTING', 'OPEN', 'CLOSING', 'CLOSED']) {
    Logged[state] = Original[state];
  }
  window.WebSocket = Logged;
})();
