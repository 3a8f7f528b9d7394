// Card Table Companion: Flutter's Rive plugin sets <script>.src to a CDN;
// point it at the local stub instead (companion/webclient/rive.py).
(() => {
  'use strict';
  const settings = self.companionSettings.rive_redirect;
  const proto = HTMLScriptElement.prototype;
  const src = Object.getOwnPropertyDescriptor(proto, 'src');
  Object.defineProperty(proto, 'src', {
    configurable: true,
    enumerable: src.enumerable,
    get() {
      return src.get.call(this);
    },
    set(value) {
      let url = String(value);
      if (url.startsWith(settings.cdn)) {
        url = settings.local + url.slice(url.indexOf('/', settings.cdn.length) + 1);
      }
      src.set.call(this, url);
    },
  });
})();
