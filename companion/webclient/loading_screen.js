// Card Table Companion: the loading screen, and the page's `lang`, in the
// language and colours the app last opened in here (else the browser's
// language and colour scheme), before its first paint; companionLoading.done()
// fades it out once the app has drawn its screen, .refuse() says the app is
// open in another tab (and where a link's match is offered), .fail() that the app's files did not come
// (companion/webclient/loading_screen.py).
/* global pickLanguage */
(() => {
  'use strict';
  const settings = self.companionSettings.loading_screen;
  const spoken = Object.keys(settings.texts);

  // What the app last opened in here ("nb dark"), as it told the browser
  // (Flutter keeps a SharedPreferences string JSON-encoded); null if nothing.
  function remembered() {
    try {
      const value = JSON.parse(localStorage.getItem(settings.looksKey));
      const [language, theme] = String(value).split(' ');
      return spoken.includes(language) && settings.themes.includes(theme)
        ? {language, theme} : null;
    } catch {
      return null;
    }
  }

  const kept = remembered();
  const language = kept ? kept.language : pickLanguage(navigator.languages, spoken);
  const chosen = kept ? kept.theme : 'system';
  const dark = chosen === 'system'
    ? matchMedia('(prefers-color-scheme: dark)').matches : chosen === 'dark';
  const texts = settings.texts[language];
  const screen = document.getElementById(settings.screenId);
  screen.querySelector('h1').textContent = texts.name;
  screen.setAttribute('aria-label', texts.opening);
  document.documentElement.lang = language;
  document.documentElement.setAttribute(settings.darkAttribute, String(dark));
  // The bars around the page take the chosen background too.
  for (const meta of document.querySelectorAll('meta[name="theme-color"]')) {
    meta.content = dark ? settings.darkSurface : settings.lightSurface;
  }
  document.title = texts.name;
  // Flutter says its own locale in `lang` as it starts (en-US: the app's is
  // not known yet), then the app's, a bare language tag of ours. Until the
  // app has taken over, a tag that is not ours gives way to the screen's.
  const sayOurs = new MutationObserver(() => {
    if (!spoken.includes(document.documentElement.lang)) {
      document.documentElement.lang = language;
    }
  });
  sayOurs.observe(document.documentElement, {attributeFilter: ['lang']});
  let gone = false;

  // The screen says why the app does not start: `lines`, then a button.
  function say(lines, button) {
    gone = true;
    screen.querySelector('.bar')?.remove();
    screen.removeAttribute('aria-label');
    screen.setAttribute('role', 'alert');
    lines.forEach((text, index) => {
      const line = document.createElement('p');
      line.className = index === 0 ? 'elsewhere' : '';
      line.textContent = text;
      screen.append(line);
    });
    if (button) {
      screen.append(button);
    }
  }

  window.companionLoading = {
    done() {
      if (gone) {
        return;
      }
      gone = true;
      // Two frames: the one that takes the app's screen, and one drawn with it.
      requestAnimationFrame(() => requestAnimationFrame(() => {
        screen.classList.add('gone');
        setTimeout(() => {
          screen.remove();
          sayOurs.disconnect();
        }, settings.fadeMs + 50);
      }));
    },
    // `handed`: where the match of a link this tab was opened with is
    // offered ('handed_there': the other tab) or how to take it in here
    // ('handed_here'); null when the tab came with none.
    refuse(handed) {
      say([texts.elsewhere, handed ? texts[handed] : texts.elsewhere_advice], null);
    },
    fail() {
      const retry = document.createElement('button');
      retry.type = 'button';
      retry.textContent = texts.retry;
      retry.addEventListener('click', () => window.location.reload());
      say([texts.failed, texts.failed_advice], retry);
    },
  };
})();
