// Card Table Companion, a served page: Flutter's first frame there is Flet's
// own "Working..." (another colour) until the app's screen comes over the
// websocket; Flutter sets the page's title with that screen (the app always
// names itself; Flet's "Working..." sets an empty one). So the loading screen
// goes once Flutter has drawn and set a title of the app's, or `safetyMs`
// after the first frame if none comes (an app that failed: Flet's error must
// not stay hidden). Then it says so on `shownChannel`, which the page's
// service worker registration waits for: the worker's install and the files
// it keeps no longer compete with the start. companion/webclient/loading_screen.py.
(() => {
  'use strict';
  const settings = self.companionSettings.loading_screen_served;
  let framed = false;
  let titled = false;
  let shown = false;
  const show = () => {
    if (shown) {
      return;
    }
    shown = true;
    window.companionLoading.done();
    if ('BroadcastChannel' in self) {
      const channel = new BroadcastChannel(settings.shownChannel);
      channel.postMessage('shown');
      channel.close();
    }
  };
  const check = () => {
    if (framed && titled) {
      show();
    }
  };
  // Made after the loading script set its own title: every change is Flutter's.
  new MutationObserver(() => {
    titled = document.title !== '';
    check();
  }).observe(document.head, {subtree: true, childList: true, characterData: true});
  window.addEventListener('flutter-first-frame', () => {
    framed = true;
    check();
    setTimeout(show, settings.safetyMs);
  }, {once: true});
})();
