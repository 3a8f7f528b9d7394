"""A built site: what it holds, its page, its manifest, its worker, its versions."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest
from node_scripts import run_node, shipped_settings

from companion.publish import early_worker, handover_page, page, snapshot
from companion.publish.contents import (
    BROWSER_DISTRIBUTIONS,
    RENDERER_FILES,
    precached,
)
from companion.publish.site import (
    PublishError,
    Site,
    Step,
    build_site,
    client_files,
    client_folder,
    normalise_base_url,
)
from companion.webclient.fallback_fonts import (
    FALLBACK_FOLDER,
    FALLBACK_URL_FOLDER,
    LICENCE,
)
from companion.webclient.service_worker import REGISTRATION
from companion.webclient.service_worker import SCRIPT as SERVICE_WORKER
from companion.words.i18n import LANGUAGES


@pytest.fixture(scope="module")
def told() -> list[tuple[Step, int]]:
    """The steps the module's build told, with their counts."""
    return []


@pytest.fixture(scope="module")
def site(
    tmp_path_factory: pytest.TempPathFactory, told: list[tuple[Step, int]]
) -> Site:
    return build_site(
        tmp_path_factory.mktemp("built") / "site",
        "/scores",
        progress=lambda step, count: told.append((step, count)),
    )


def _archive_names(site: Site) -> set[str]:
    data = (site.folder / "app.tar.gz").read_bytes()
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        return set(tar.getnames())


def test_the_build_tells_each_step_in_order_with_what_it_handles(
    site: Site, told: list[tuple[Step, int]]
):
    assert told == [
        (Step.COLLECT, len(BROWSER_DISTRIBUTIONS)),
        (Step.COPY_CLIENT, len(client_files(client_folder()))),
        (Step.PACK_APP, len(_archive_names(site))),
        (Step.WRITE_PAGE, 0),
    ]


def test_base_urls_are_normalised():
    assert normalise_base_url("") == "/"
    assert normalise_base_url("/") == "/"
    assert normalise_base_url("scores") == "/scores/"
    assert normalise_base_url("/scores/") == "/scores/"


def test_the_site_ships_the_scanners_decoder_with_its_licence(site: Site):
    folder = handover_page.DECODER_FOLDER
    assert {f"{folder}jsQR.js", f"{folder}jsQR.LICENSE"} <= set(site.files)
    shipped = (site.folder / folder / "jsQR.js").read_bytes()
    assert shipped == handover_page.DECODER.read_bytes()
    assert "Apache License" in (site.folder / folder / "jsQR.LICENSE").read_text()
    # Offline, as the rest: the service worker keeps it.
    assert precached(f"{folder}jsQR.js")
    index = (site.folder / "index.html").read_text("utf-8")
    assert f'"decoderUrl":"/scores/{folder}jsQR.js"' in index


def test_the_site_holds_one_client_and_the_app_archive(site: Site):
    assert {"index.html", "app.tar.gz", "manifest.json", "service_worker.js"} <= set(
        site.files
    )
    for build in RENDERER_FILES.values():
        assert set(build) <= set(site.files)
    assert not [f for f in site.files if "wimp" in f or "chromium/" in f]
    assert site.size == sum((site.folder / f).stat().st_size for f in site.files)


def test_the_archive_vendors_every_browser_package_with_its_metadata(site: Site):
    names = _archive_names(site)
    assert "main.py" in names
    for needed in (
        "flet/__init__.py",
        "flet_charts/__init__.py",
        "tinydb/__init__.py",
        "babel/global.dat",
        "msgpack/fallback.py",
        "repath.py",
        "six.py",
        "confusable_homoglyphs/confusables.json",
        # The hand-over's QR code, drawn in the browser.
        "segno/__init__.py",
        "companion/ui/router/root.py",
        "companion/locales/nb/LC_MESSAGES/companion.mo",
        "companion/locales/es/rules/uno.toml",
        # The rule search's word forms and table talk, beside the rules.
        "companion/locales/es/rules/words.toml",
    ):
        assert f"__pypackages__/{needed}" in names, needed
    # micropip finds these and asks nothing.
    dist_infos = {n.split("/")[1] for n in names if ".dist-info/" in n}
    assert {"flet-1.0.5.dist-info", "tinydb-4.9.0.dist-info"} <= dist_infos
    # Each catalog compiled once, at the build: no .po to read in the browser.
    assert not [n for n in names if n.endswith((".po", ".pot"))]
    compiled = {n for n in names if n.endswith("/companion.mo")}
    assert len(compiled) == len(LANGUAGES)
    for server_only in ("ifaddr/", "flet_web/", "uvicorn/", "companion/cli/"):
        assert not [n for n in names if n.startswith(f"__pypackages__/{server_only}")]
    # Compiled modules: only those built for Pyodide (WebAssembly).
    compiled = [n for n in names if n.endswith(".so")]
    assert compiled == [
        "__pypackages__/msgpack/_cmsgpack.cpython-314-wasm32-emscripten.so"
    ]


def test_the_vendored_packages_run_the_app_without_site_packages(
    site: Site, tmp_path: Path
):
    with tarfile.open(site.folder / "app.tar.gz") as tar:
        tar.extractall(tmp_path, filter="data")
    script = (
        "import sys; sys.path.insert(0, '__pypackages__')\n"
        "from companion.words.i18n import get_translator\n"
        "import companion.ui.router.root, companion.serving.app\n"
        "t = get_translator('nb')\n"
        # The name rules find a look-alike with the shipped confusables data.
        "from companion.engine.names import NameBook\n"
        "assert NameBook(['Ada']).find('\\u0410da') == 'Ada'\n"
        "print(t.gettext('Settings'), t.number(1234.5))\n"
        # The rule search reads its table talk from the shipped words.toml.
        "from companion.words.rule_search import search_rules\n"
        "hit = search_rules('can I end on an eight', 'en', 'crazy-eights').hits[0]\n"
        "assert hit.passage.text.startswith('**Can you go out'), hit\n"
        # Babel's catalog reader stays unloaded: the catalogs come compiled.
        "print(sorted(m for m in sys.modules if m.startswith('babel.messages')))\n"
    )
    # -S: no site-packages, so only what the archive holds can be imported.
    done = subprocess.run(
        [sys.executable, "-S", "-c", script],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.splitlines() == ["Innstillinger 1\xa0234,5", "[]"]


def test_the_page_runs_the_app_from_the_sites_own_files(site: Site):
    index = (site.folder / "index.html").read_text("utf-8")
    assert '<base href="/scores/">' in index
    settings = shipped_settings(index)
    flet = settings[page.SCRIPT.key]["flet"]
    assert flet["pyodideUrl"] == "/scores/pyodide/pyodide.mjs"
    assert flet["pyodide"] is True
    assert flet["siteVersion"] == site.version
    assert "<title>Card Table Companion</title>" in index
    registration = settings[REGISTRATION.key]
    assert registration["scriptUrl"] == "/scores/service_worker.js"
    assert registration["renderers"]["skwasm"] == "canvaskit/skwasm.wasm"
    assert not re.search(r"https?://", index.split("<body>")[0].split("-->", 1)[1])
    bootstrap = (site.folder / "flutter_bootstrap.js").read_text("utf-8")
    # Flutter's own worker would take our worker's place.
    assert "serviceWorkerSettings: {" not in bootstrap
    assert 'canvasKitVariant: "full"' in bootstrap
    # Skwasm on one thread even where a host isolates the page (issue 31).
    assert "forceSingleThreadedSkwasm: true," in bootstrap


def test_every_script_the_build_writes_is_valid_javascript(site: Site, tmp_path):
    written = ["service_worker.js", "rive/redirect.js", "python.js"]
    if early_worker.applies():
        written += ["python-worker.js", snapshot.MAKER_SCRIPT]
    index = (site.folder / "index.html").read_text("utf-8")
    inline = re.findall(r"<script>(.*?)</script>", index, re.DOTALL)
    for number, script in enumerate(inline):
        (tmp_path / f"inline-{number}.js").write_text(script, "utf-8")
    checked = [site.folder / name for name in written]
    checked += [tmp_path / f"inline-{number}.js" for number in range(len(inline))]
    for path in checked:
        # Python's workers are module workers.
        module = path.name in ("python-worker.js", snapshot.MAKER_SCRIPT)
        if module:
            copy = tmp_path / f"{path.stem}.mjs"
            copy.write_text(path.read_text("utf-8"), "utf-8")
            path = copy
        run_node("--check", path)


def test_the_manifest_installs_our_name_colours_and_icons(site: Site):
    manifest = json.loads((site.folder / "manifest.json").read_text("utf-8"))
    assert manifest["name"] == "Card Table Companion"
    assert manifest["start_url"] == "/scores/"
    assert manifest["display"] == "standalone"
    purposes = {(i["sizes"], i["purpose"]) for i in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any")} <= purposes
    assert {("192x192", "maskable"), ("512x512", "maskable")} <= purposes
    for icon in manifest["icons"]:
        assert (site.folder / icon["src"]).is_file()


def _precache(site: Site) -> tuple[list[str], dict[str, list[str]]]:
    """The worker's lists: every page's files, and each build's own."""
    settings = _worker_settings(site)
    return settings["precache"], settings["precacheByRenderer"]


def _worker_settings(site: Site) -> dict:
    script = (site.folder / "service_worker.js").read_text("utf-8")
    return shipped_settings(script)[SERVICE_WORKER.key]  # type: ignore[return-value]


def test_the_worker_precaches_every_file_of_the_build_the_app_uses(site: Site):
    listed, by_renderer = _precache(site)
    expected = {f for f in site.files if precached(f)}
    expected -= {"service_worker.js", ".companion-site"}
    # Every page's files once, each build's own under its renderer only.
    assert by_renderer == {name: list(files) for name, files in RENDERER_FILES.items()}
    each_build = [f for files in by_renderer.values() for f in files]
    assert set(listed) | set(each_build) == {"./", *expected}
    assert not set(listed) & set(each_build)
    assert _worker_settings(site)["version"] == site.version


PAGE_LOADS = (
    # What the page fetched on a first visit (headless Chromium, the skwasm
    # build; the server's log in bench/static_app.py, issue 28), the build's
    # own files aside (RENDERER_FILES'), and what it fetches later: the
    # snapshot maker's script, after a start, and the ripple's shader, at a tap.
    "index.html",
    "rive/redirect.js",
    "icons/loading-animation.png",
    "python.js",
    "manifest.json",
    "python-worker.js",
    "flutter_bootstrap.js",
    "pyodide/pyodide.mjs",
    "favicon.png",
    "icons/icon-192.png",
    "app.tar.gz",
    "pyodide/pyodide-lock.json",
    "pyodide/python_stdlib.zip",
    "pyodide/pyodide.asm.wasm",
    "pyodide/pyodide.asm.mjs",
    "assets/FontManifest.json",
    "assets/fonts/roboto.woff2",
    "assets/fonts/MaterialIcons-Regular.otf",
    "rive/wasm/rive_native.js",
    "python-snapshot.js",
    "assets/shaders/ink_sparkle.frag",
)


def test_what_a_page_loads_is_precached_and_the_unused_files_are_not(site: Site):
    listed, _ = _precache(site)
    page_files = {f for f in PAGE_LOADS if f != "index.html"}
    assert page_files <= set(listed)
    assert "./" in listed  # index.html: every address of the app is the page
    assert (site.folder / "assets" / "NOTICES").is_file()  # it ships, unlisted
    for unused in (
        "assets/NOTICES",
        "assets/packages/media_kit/assets/web/hls1.4.10.js",
        "assets/packages/cupertino_icons/assets/CupertinoIcons.ttf",
        "assets/packages/flutter_math_fork/lib/katex_fonts/fonts/KaTeX_Main-Regular.ttf",
        "pyodide/pyodide.js",
    ):
        assert unused in site.files
        assert unused not in listed, unused
    assert not any("katex" in f.lower() for f in listed)


def test_the_app_tells_the_page_when_to_register_the_worker(site: Site):
    # The page registers the worker on a first visit only once the app's
    # files have come, so that its precache reuses them: on one channel.
    data = (site.folder / "app.tar.gz").read_bytes()
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        main = tar.extractfile("main.py").read().decode()  # type: ignore[union-attr]
    channel = re.search(r"BroadcastChannel\.new\('([^']+)'\)", main)[1]
    assert main.index("postMessage") < main.index("start_in_browser(")
    index = (site.folder / "index.html").read_text("utf-8")
    assert shipped_settings(index)[REGISTRATION.key]["readyChannel"] == channel
    assert _worker_settings(site)["versionUrl"] == "version.json"
    version = json.loads((site.folder / "version.json").read_text("utf-8"))
    assert version == {"version": site.version}


def test_the_site_holds_the_fallback_fonts_fetched_only_when_a_name_needs_one(
    site: Site,
):
    index = (site.folder / "index.html").read_text("utf-8")
    flet = shipped_settings(index)[page.SCRIPT.key]["flet"]
    assert flet["fontFallbackBaseUrl"] == "/scores/" + FALLBACK_URL_FOLDER
    fonts = [f for f in site.files if f.startswith(FALLBACK_URL_FOLDER)]
    # Flutter's 724 files but the one Debian's emoji has nothing for; the licence.
    assert len(fonts) == 724
    assert FALLBACK_URL_FOLDER + LICENCE in fonts
    emoji = (
        "notocoloremoji/v32/Yq6P-KqIXTD0t4D9z1ESnKM3-HpFabsE4tq3luCC7p-aXxcn.3.woff2"
    )
    assert (site.folder / FALLBACK_URL_FOLDER / emoji).read_bytes() == (
        FALLBACK_FOLDER / emoji
    ).read_bytes()
    # Not precached: a first visit's bytes do not grow; kept once fetched.
    listed, by_renderer = _precache(site)
    assert not [f for f in listed if FALLBACK_URL_FOLDER in f]
    assert _worker_settings(site)["keptFolder"] == FALLBACK_URL_FOLDER


def test_a_rebuild_with_other_content_has_another_version(tmp_path: Path):
    first = build_site(tmp_path / "site")
    again = build_site(tmp_path / "site")
    assert again.version == first.version
    other = build_site(tmp_path / "site", "/elsewhere/")
    assert other.version != first.version


def test_a_folder_that_holds_something_else_is_left_alone(tmp_path: Path):
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(PublishError) as refused:
        build_site(tmp_path)
    assert refused.value.code == "folder-not-empty"
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


def test_the_site_asks_no_font_or_rive_file_of_anyone_else(site: Site):
    fonts = json.loads((site.folder / "assets/FontManifest.json").read_text())
    assert sorted(font["family"] for font in fonts) == ["MaterialIcons", "Roboto"]
    index = (site.folder / "index.html").read_text()
    redirect = index.index('<script src="/scores/rive/redirect.js"></script>')
    assert redirect < index.index("flutter_bootstrap.js")
    for name in ("rive/redirect.js", "rive/wasm/rive_native.js"):
        assert name in site.files
    assert "/scores/rive/" in (site.folder / "rive/redirect.js").read_text()


def test_another_app_is_published_the_same_way_with_its_own_files(tmp_path: Path):
    # A bench's floor: a bare Flet app in the same client, page and worker.
    app = tmp_path / "counter.py"
    app.write_text("COUNT = 0\n", "utf-8")
    other = build_site(
        tmp_path / "site",
        packages=[("counter.py", app)],
        entry=lambda version: f"import counter\nVERSION = {version!r}\n",
    )
    names = _archive_names(other)
    assert names == {"main.py", "__pypackages__/counter.py"}
    data = (other.folder / "app.tar.gz").read_bytes()
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        main = tar.extractfile("main.py").read().decode()  # type: ignore[union-attr]
    assert main == f"import counter\nVERSION = {other.version!r}\n"
    assert {"index.html", "service_worker.js", "pyodide/pyodide.mjs"} <= set(
        other.files
    )
