// Card Table Companion: the browser's languages made tags Flutter can read,
// before Flutter starts. Flutter makes an `Intl.Locale` of each of
// `navigator.languages` and stops at one that is not a language tag
// (WebKitGTK under LANG=C says "C"): the loading screen would then stay for
// ever. Tags that are not valid are left out; none left means English
// (companion/webclient/page_script.py, STEADY_LANGUAGES).
/* exported validLanguages */
function validLanguages(tags) {
  'use strict';
  const valid = [];
  for (const tag of Array.from(tags || []).slice(0, 20)) {
    try {
      new Intl.Locale(String(tag));
      valid.push(String(tag));
    } catch {
      // Not a language tag: Flutter would stop on it.
    }
  }
  return valid.length ? valid : ['en'];
}

(() => {
  'use strict';
  const languages = Array.from(navigator.languages || []);
  const valid = validLanguages(languages);
  // The page's own navigator says the valid ones (its prototype is left alone).
  if (valid.length !== languages.length
      || valid.some((tag, index) => tag !== languages[index])) {
    Object.defineProperty(navigator, 'languages',
      {value: Object.freeze(valid), configurable: true});
  }
  if (validLanguages([navigator.language])[0] !== navigator.language) {
    Object.defineProperty(navigator, 'language', {value: valid[0], configurable: true});
  }
})();
