// Card Table Companion: Python's worker starts Pyodide from the moment the
// page creates it (python_start.js: from a snapshot when there is a good one,
// with the app's archive unpacked), not once Flet's init message comes, which
// is once Flutter's client is up (companion/publish/early_worker.py). Put into
// Flet's python-worker.js, after python_start.js.
(() => {
  'use strict';
  const settings = self.companionSettings.early_worker;
  const earlyUrl = new URL(settings.pyodide, self.location.href).href;
  // The page listens for this key: the app tells it when its first screen is
  // sent (serving.browser.tell_page_shown).
  self.companionShownKey = settings.shownKey;
  self.flet_js.appUnpacked = false;
  const output = {
    stdout: (text) => self.sendPythonOutput(text, false),
    stderr: (text) => self.sendPythonOutput(text, true),
  };
  self.earlyPyodide = import(earlyUrl).then(
    (module) => self.pythonStart(module, output));
  // A boot not taken up is not an error of its own; a taken one's failure is.
  self.earlyPyodide.catch(() => {});

  // For Flet's initPyodide: the Pyodide started here if the init message names
  // the same URL, else one loaded as Flet's own worker would.
  self.companionPyodide = async (url) => {
    if (new URL(url, self.location.href).href === earlyUrl) {
      return self.earlyPyodide;
    }
    const pyodideModule = await import(url);
    const loadPyodide = pyodideModule.loadPyodide || self.loadPyodide;
    return loadPyodide(output);
  };
})();
