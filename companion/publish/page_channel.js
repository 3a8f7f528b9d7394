// Card Table Companion: the page's end of its channel to Python, which runs
// in a worker (companion/serving/page_channel.py). Messages travel under one
// key, taken here before Flet's own handler would hand them to Flutter.
// page_start.js attaches the worker it starts; what is told before that
// waits for it, and reaches the worker before Flet's init message does.
(() => {
  'use strict';
  const key = self.companionSettings.page_channel.key;
  const handlers = new Map();
  const waiting = [];
  let worker = null;

  function ours(data) {
    return data !== null && typeof data === 'object' &&
      Object.prototype.hasOwnProperty.call(data, key);
  }

  self.companionPython = {
    // `handler(message)` for each message of `kind` Python sends.
    on(kind, handler) {
      handlers.set(kind, handler);
    },
    // Send Python a message: an object with its `kind`.
    tell(message) {
      if (worker === null) {
        waiting.push(message);
      } else {
        worker.postMessage({[key]: message});
      }
    },
    attach(started) {
      worker = started;
      started.addEventListener('message', (event) => {
        if (!ours(event.data)) {
          return;
        }
        event.stopImmediatePropagation();
        const message = event.data[key];
        const handler = message && handlers.get(message.kind);
        if (handler) {
          handler(message);
        }
      });
      for (const message of waiting.splice(0)) {
        started.postMessage({[key]: message});
      }
    },
  };
})();
