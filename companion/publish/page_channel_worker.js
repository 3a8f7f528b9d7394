// Card Table Companion: the worker's end of the page's channel to Python
// (companion/serving/page_channel.py). The page's messages under the key are
// taken here before Flet's handler sees them: it takes the first message it
// gets for its init message, and any later one for the app's. Put into
// Flet's python-worker.js before it sets self.onmessage. Python reads and
// writes JSON text, so no object crosses into Pyodide.
(() => {
  'use strict';
  const key = self.companionSettings.page_channel_worker.key;
  const most = self.companionSettings.page_channel_worker.mostWaiting;
  const waiting = [];
  let heard = null;

  self.addEventListener('message', (event) => {
    const data = event.data;
    if (data === null || typeof data !== 'object' ||
        !Object.prototype.hasOwnProperty.call(data, key)) {
      return;
    }
    event.stopImmediatePropagation();
    const text = JSON.stringify(data[key]);
    if (heard !== null) {
      heard(text);
    } else if (waiting.length < most) {
      waiting.push(text);
    }
  });

  self.companionPage = {
    // Python's `heard(text)`, called with what came before it first.
    listen(callback) {
      heard = callback;
      for (const text of waiting.splice(0)) {
        callback(text);
      }
    },
    tell(text) {
      self.postMessage({[key]: JSON.parse(text)});
    },
  };
})();
