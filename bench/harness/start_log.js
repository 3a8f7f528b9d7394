// What a served start does in the page (bench/served_start.py): when the
// websocket opens, when each message comes (and its size), and the page's
// long tasks.
(() => {
  'use strict';
  const log = {opened: [], received: [], longTasks: []};
  window.__benchStart = log;
  const Original = window.WebSocket;
  function Logged(...args) {
    const socket = new Original(...args);
    socket.addEventListener('open', () => log.opened.push(performance.now()));
    socket.addEventListener('message', (event) => {
      const data = event.data;
      log.received.push([performance.now(), data.size || data.byteLength || 0]);
    });
    return socket;
  }
  Logged.prototype = Original.prototype;
  for (const state of ['CONNECTING', 'OPEN', 'CLOSING', 'CLOSED']) {
    Logged[state] = Original[state];
  }
  window.WebSocket = Logged;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      log.longTasks.push([entry.startTime, entry.duration]);
    }
  }).observe({type: 'longtask', buffered: true});
})();
