"""WebKitGTK as a phone for the browser tests, run by Debian's python3 (its `gi`).

One window at 390x844 on the X display in DISPLAY (Xvfb), a persistent data
folder (argv[1]) so a browser restart keeps the site's storage, the page
cache on as in Safari, and English asked for. It reads one JSON command a
line on stdin and answers each on stdout as a line that starts with REPLY:
{"open": url} and {"back": true} (answered once the page has loaded, or at
once when only the fragment changes), {"eval": script} (its value as JSON),
{"quit": true}. The page's console goes to stdout too.
"""

import json
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import GLib, Gtk, WebKit2  # noqa: E402

REPLY = "REPLY "


def main(folder: str) -> None:
    data = WebKit2.WebsiteDataManager(
        base_data_directory=folder, base_cache_directory=folder + "/cache"
    )
    context = WebKit2.WebContext(website_data_manager=data)
    context.set_preferred_languages(["en-US"])
    view = WebKit2.WebView(web_context=context)
    settings = view.get_settings()
    settings.set_enable_page_cache(True)
    settings.set_enable_write_console_messages_to_stdout(True)
    window = Gtk.Window()
    window.set_default_size(390, 844)
    window.add(view)
    window.show_all()

    def reply(value: object) -> None:
        print(REPLY + json.dumps(value), flush=True)

    def evaluated(source: WebKit2.WebView, result: object) -> None:
        try:
            value = source.evaluate_javascript_finish(result)
            text = None if value.is_undefined() else value.to_json(0)
            reply({"value": json.loads(text or "null")})
        except GLib.Error as error:
            reply({"error": error.message})

    def loaded() -> None:
        """Reply once the page the view goes to has loaded, or did not."""

        def changed(_view: WebKit2.WebView, event: WebKit2.LoadEvent) -> None:
            if event == WebKit2.LoadEvent.FINISHED:
                done(None)

        def failed(
            _view: WebKit2.WebView, _event: object, uri: str, error: GLib.Error
        ) -> bool:
            # A load cancelled is one another load replaced (going back to a
            # page the page cache kept, WebKit now and then cancels the one it
            # began): the reply waits for that one, and the test then checks
            # what the page shows.
            if not error.matches(
                WebKit2.network_error_quark(), WebKit2.NetworkError.CANCELLED
            ):
                done(f"{uri}: {error.message}")
            return False

        def done(error: str | None) -> None:
            if not handlers:
                return  # A failed load finishes too: one reply.
            for handler in handlers:
                view.disconnect(handler)
            handlers.clear()
            reply({"value": None} if error is None else {"error": error})

        handlers = [
            view.connect("load-changed", changed),
            view.connect("load-failed", failed),
        ]

    def command(_channel: object, _condition: object) -> bool:
        line = sys.stdin.readline()
        if not line:
            Gtk.main_quit()
            return False
        said = json.loads(line)
        if "open" in said:
            same_page = (view.get_uri() or "").split("#")[0] == said["open"].split("#")[
                0
            ]
            if not same_page or "#" not in said["open"]:
                loaded()
            view.load_uri(said["open"])
            if same_page and "#" in said["open"]:
                # Only the fragment changes: the page stays, nothing loads.
                reply({"value": None})
        elif "back" in said:
            loaded()
            view.go_back()
        elif "eval" in said:
            view.evaluate_javascript(said["eval"], -1, None, None, None, evaluated)
        else:
            Gtk.main_quit()
            return False
        return True

    GLib.io_add_watch(sys.stdin, GLib.IO_IN | GLib.IO_HUP, command)
    reply({"value": "ready"})
    Gtk.main()


if __name__ == "__main__":
    main(sys.argv[1])
