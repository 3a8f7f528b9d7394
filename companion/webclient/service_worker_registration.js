// Card Table Companion: the page registers the service worker
// (companion/webclient/service_worker.py, registration_js). A static page
// opened from an older build's cache reloads once the new build's worker
// takes over; a first visit registers once the app has its files.
(() => {
  'use strict';
  if (!('serviceWorker' in navigator)) {
    return;
  }
  const settings = self.companionSettings.service_worker_registration;
  const renderers = settings.renderers;
  const hadWorker = !!navigator.serviceWorker.controller;
  if (settings.reloadOntoNewBuild) {
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      if (hadWorker) {
        window.location.reload();
      }
    });
  }
  const register = () => {
    const fetched = new Set(performance.getEntriesByType('resource')
      .map((entry) => entry.name));
    const loaded = Object.keys(renderers).find((name) =>
      fetched.has(new URL(renderers[name], document.baseURI).href));
    const url = settings.scriptUrl;
    navigator.serviceWorker.register(
      loaded ? url + '?renderer=' + encodeURIComponent(loaded) : url);
  };
  const readyChannel = settings.readyChannel;
  if (hadWorker && Object.keys(renderers).length) {
    window.addEventListener('flutter-first-frame', register, {once: true});
  } else if (hadWorker || readyChannel === null || !('BroadcastChannel' in self)) {
    register();
  } else {
    const channel = new BroadcastChannel(readyChannel);
    channel.onmessage = () => {
      channel.close();
      register();
    };
  }
})();
