// Card Table Companion: the language a script speaks, for the browser's list
// (companion/webclient/page_script.py puts this file before the scripts that
// use it). Mirrors companion.words.i18n.negotiate: the first language whose
// language part we speak, Norwegian variants read as Bokmål; else the first.
/* exported pickLanguage */
function pickLanguage(wanted, spoken) {
  'use strict';
  const aliases = {no: 'nb', nn: 'nb'};
  for (const tag of wanted || []) {
    const language = String(tag).toLowerCase().split(/[-_]/)[0];
    const found = aliases[language] || language;
    if (spoken.includes(found)) {
      return found;
    }
  }
  return spoken[0];
}
