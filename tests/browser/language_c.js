// A test's browser that says its language is "C", as WebKitGTK does under
// LANG=C.UTF-8 (tests/browser/test_languages.py): put into a page before its
// own scripts run.
for (const [name, value] of [['language', 'C'], ['languages', ['C']]]) {
  Object.defineProperty(Navigator.prototype, name, {get: () => value, configurable: true});
}
