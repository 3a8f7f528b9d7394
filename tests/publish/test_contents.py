"""What a published site ships: three client builds, Pyodide's runtime, our locales."""

from companion.publish.contents import (
    babel_locales,
    client_file_ships,
    locale_file_ships,
    own_file_ships,
    package_file_ships,
    precached,
)


def test_the_client_ships_its_two_builds_and_pyodides_runtime():
    for kept in (
        "main.dart.js",
        "canvaskit/canvaskit.js",
        "canvaskit/canvaskit.wasm",
        "main.dart.wasm",
        "main.dart.mjs",
        "canvaskit/skwasm.js",
        "canvaskit/skwasm.wasm",
        "canvaskit/skwasm_heavy.wasm",
        "pyodide/pyodide.mjs",
        "pyodide/pyodide.asm.wasm",
        "pyodide/python_stdlib.zip",
        "pyodide/pyodide-lock.json",
        "python-worker.js",
        "assets/fonts/roboto.woff2",
        "icons/loading-animation.png",
    ):
        assert client_file_ships(kept), kept
    for dropped in (
        "canvaskit/chromium/canvaskit.wasm",
        "canvaskit/wimp.wasm",
        "canvaskit/canvaskit.js.symbols",
        "pyodide/python",
        "pyodide/python.exe",
        "pyodide/micropip-0.11.1-py3-none-any.whl",
        "flutter_service_worker.js",
        "icons/icon-192.png",
    ):
        assert not client_file_ships(dropped), dropped


def test_babel_ships_the_apps_languages_with_their_parents():
    # Norwegian Bokmål inherits from "no": without it nb cannot be loaded.
    assert babel_locales(("en", "nb", "sv", "es")) == {
        "root", "en", "nb", "no", "sv", "es",
    }  # fmt: skip
    assert package_file_ships("babel/locale-data/nb.dat")
    assert package_file_ships("babel/locale-data/no.dat")
    assert package_file_ships("babel/global.dat")
    assert not package_file_ships("babel/locale-data/de.dat")
    assert not package_file_ships("babel/locale-data/en_GB.dat")


def test_no_compiled_module_bytecode_or_dart_source_ships():
    assert package_file_ships("msgpack/fallback.py")
    assert not package_file_ships("msgpack/_cmsgpack.cpython-311-x86_64-linux-gnu.so")
    assert not package_file_ships("flet/__pycache__/app.cpython-311.pyc")
    assert not package_file_ships("flutter/flet_charts/lib/src/bar_chart.dart")
    assert package_file_ships("flet-1.0.5.dist-info/METADATA")
    assert not package_file_ships("flet-1.0.5.dist-info/RECORD")


def test_our_command_line_and_build_step_stay_on_the_computer():
    assert own_file_ships("ui/router/root.py")
    assert own_file_ships("serving/browser.py")
    assert not own_file_ships("cli/main.py")
    assert not own_file_ships("publish/site.py")
    assert not own_file_ships("ui/__pycache__/root.cpython-311.pyc")


def test_the_catalogs_ship_compiled_and_the_rule_reminders_as_they_are():
    # From the locales, wherever the installed package keeps them; not twice.
    assert not own_file_ships("locales/nb/LC_MESSAGES/companion.po")
    assert not own_file_ships("locales/nb/rules/uno.toml")
    assert locale_file_ships("nb/rules/uno.toml")
    assert locale_file_ships("nb/rules/words.toml")
    assert not locale_file_ships("nb/LC_MESSAGES/companion.po")
    assert not locale_file_ships("companion.pot")


def test_the_worker_leaves_out_the_files_no_page_of_the_app_loads():
    for used in (
        "assets/fonts/MaterialIcons-Regular.otf",
        "assets/FontManifest.json",
        "assets/shaders/ink_sparkle.frag",
        "pyodide/pyodide.mjs",
        "pyodide/python_stdlib.zip",
        "app.tar.gz",
    ):
        assert precached(used), used
    for unused in (
        "assets/NOTICES",
        "assets/packages/cupertino_icons/assets/CupertinoIcons.ttf",
        "assets/packages/flutter_math_fork/lib/katex_fonts/fonts/KaTeX_AMS-Regular.ttf",
        "assets/packages/media_kit/assets/web/hls1.4.10.js",
        "pyodide/pyodide.js",
    ):
        assert not precached(unused), unused
    # A file beside a dropped one, whose name merely starts the same, stays.
    assert precached("assets/NOTICES.extra")
