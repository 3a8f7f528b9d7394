// Card Table Companion: Flutter's client starts only in a tab that may hold
// the store (companion/publish/page_start.py); a refused tab shows why
// instead. Put into Flutter's loader, before its load call.
if (self.flet && flet.tabFree) {
  const loadFlutter = _flutter.loader.load.bind(_flutter.loader);
  _flutter.loader.load = (options) =>
    flet.tabFree.then((free) => (free ? loadFlutter(options) : undefined));
}
