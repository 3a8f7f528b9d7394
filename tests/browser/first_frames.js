// A test's recorder, put into a page before its own scripts run
// (tests/browser/test_first_frames.py): Flutter's semantics switched on
// as soon as its placeholder is there, then every text and label the
// accessibility tree ever holds, and each `lang` the page's frames say in
// turn, kept in `window.firstFrames` from the first frame on.
(() => {
  'use strict';
  const seen = {texts: new Set(), langs: [], goneAt: null};
  window.firstFrames = seen;
  let asked = false;
  const look = () => {
    const placeholder = document.querySelector('flt-semantics-placeholder');
    if (placeholder && !asked) {
      asked = true;
      placeholder.click();
    }
    const host = document.querySelector('flt-semantics-host');
    if (host) {
      for (const node of host.querySelectorAll('[aria-label]')) {
        seen.texts.add(node.getAttribute('aria-label'));
      }
      const text = host.textContent.trim();
      if (text) {
        seen.texts.add(text);
      }
    }
    if (seen.goneAt === null && document.querySelector('#companion-loading.gone')) {
      seen.goneAt = performance.now();
    }
  };
  // `lang` as each frame is drawn: what a screen reader can be told (a
  // script may set it and set it back within one task, unseen).
  const frame = () => {
    const lang = document.documentElement.lang;
    if (seen.langs[seen.langs.length - 1] !== lang) {
      seen.langs.push(lang);
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  new MutationObserver(look).observe(document, {
    subtree: true, childList: true, attributes: true, characterData: true,
  });
})();
