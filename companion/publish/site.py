"""Build the static site: Flet's web client, Pyodide, and the app packed for it."""

from __future__ import annotations

import gzip
import hashlib
import io
import shutil
import tarfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from enum import Enum
from importlib.metadata import distribution
from pathlib import Path

from companion.publish import contents, page
from companion.publish.page_files import write_page_files
from companion.publish.pyodide_wheels import compiled_modules, pyodide_tag
from companion.words.i18n import (
    LANGUAGES,
    compiled_catalog,
    compiled_catalog_path,
    locales_dir,
)

SITE_MARKER = ".companion-site"
"""Left in a built site, so that a rebuild may empty that folder and no other."""

APP_ARCHIVE = "app.tar.gz"
ENTRY_MODULE = "main"

_OWN_PACKAGE = Path(__file__).resolve().parents[1]


class PublishError(Exception):
    """The site cannot be built where asked: `code` says why (translated by the CLI)."""

    def __init__(self, code: str, **params: str) -> None:
        super().__init__(code, params)
        self.code = code
        self.params = params


@dataclass(frozen=True)
class Site:
    """A built site: where it is, its version, and every file in it."""

    folder: Path
    version: str
    files: tuple[str, ...]
    size: int


class Step(Enum):
    """A step of the build, told to `build_site`'s `progress` as it starts, with
    how many things it handles (the CLI says it in the user's language)."""

    COLLECT = "collect"
    """The app and the installed packages the browser runs: how many packages."""
    COPY_CLIENT = "copy-client"
    """Flet's web client, with its Pyodide: how many files."""
    PACK_APP = "pack-app"
    """The app archive: how many files it holds (the entry module among them)."""
    WRITE_PAGE = "write-page"
    """Our page, workers, icons and service worker: 0."""


Progress = Callable[[Step, int], None]


def untold(step: Step, count: int) -> None:
    """The progress of a build nobody watches (tests, benches)."""


def client_folder() -> Path:
    """Flet's prebuilt web client, with its Pyodide, as flet-web installed it."""
    import flet_web

    return Path(flet_web.__file__).parent / "web"


def normalise_base_url(base_url: str) -> str:
    """`path`, `/path` or `/path/` as the `/path/` the page is served under."""
    inner = base_url.strip().strip("/")
    return "/" if not inner else f"/{inner}/"


def _files_under(root: Path) -> Iterator[tuple[str, Path]]:
    for path in sorted(root.rglob("*")):
        if path.is_file():
            yield path.relative_to(root).as_posix(), path


def client_files(root: Path) -> list[tuple[str, Path]]:
    """The client's files that ship: (path in the site, source file)."""
    ships = contents.client_file_ships
    return [(rel, path) for rel, path in _files_under(root) if ships(rel)]


Source = Path | bytes
"""What a file of the archive holds: an installed file's, or these bytes."""


def _read(source: Source) -> bytes:
    return source if isinstance(source, bytes) else source.read_bytes()


def distribution_files(names: Iterable[str]) -> list[tuple[str, Source]]:
    """The files of these installed distributions that ship: (path, source), with
    the compiled modules built for the client's Pyodide (pyodide_wheels)."""
    tag = pyodide_tag(client_folder() / "pyodide" / "pyodide-lock.json")
    found: list[tuple[str, Source]] = []
    for name in names:
        dist = distribution(name)
        for file in dist.files or ():
            relative = file.as_posix()
            if relative.startswith("..") or not contents.package_file_ships(relative):
                continue
            source = Path(str(dist.locate_file(file)))
            if source.is_file():
                found.append((relative, source))
        found.extend(compiled_modules(name, dist.version, tag))
    return found


def package_files() -> list[tuple[str, Source]]:
    """Every file the archive's `__pypackages__` holds: (path in it, source file).

    The installed distributions the browser needs (with their dist-info, so
    nothing would ask PyPI for them), our own package from its source, and its
    catalogs and rule reminders where the installed package keeps them.
    """
    found = distribution_files(contents.BROWSER_DISTRIBUTIONS)
    for relative, source in _files_under(_OWN_PACKAGE):
        if contents.own_file_ships(relative):
            found.append((f"companion/{relative}", source))
    for relative, source in _files_under(locales_source()):
        if contents.locale_file_ships(relative):
            found.append((f"companion/locales/{relative}", source))
    for lang in LANGUAGES:
        where = compiled_catalog_path(lang).relative_to(locales_source()).as_posix()
        found.append((f"companion/locales/{where}", compiled_catalog(lang)))
    return sorted(found)


def locales_source() -> Path:
    """The catalogs and rule reminders the running copy of the app uses."""
    return locales_dir()


def files_loaded_signal() -> str:
    """Python that tells the page the app's files have come (see READY_CHANNEL).

    Flet's worker runs the entry module once Pyodide and the app archive are
    in: the page then registers the service worker, whose precache finds the
    files in the HTTP cache instead of downloading them beside the page.
    """
    return (
        "import js\n"
        "\n"
        f"_loaded = js.BroadcastChannel.new({page.READY_CHANNEL!r})\n"
        '_loaded.postMessage("loaded")\n'
        "_loaded.close()\n"
    )


def entry_module(version: str) -> str:
    """The module Flet's worker runs: the app's browser start, told its version."""
    return (
        '"""Card Table Companion in the browser (written by `companion publish`)."""\n'
        "\n"
        f"{files_loaded_signal()}"
        "\n"
        "from companion.serving.app import start_in_browser\n"
        "\n"
        f"start_in_browser(version={version!r})\n"
    )


def early_start() -> str:
    """Python the worker runs as soon as Python is ready, before Flutter's
    client is up, with `python_start` the start it made (python_start.js):
    the app's start that needs no client begins (serving.browser_start). A
    booted Python has the app's packages on its path only from Flet's init
    message on."""
    return (
        "import sys\n"
        'if "__pypackages__" not in sys.path:\n'
        '    sys.path.insert(0, "__pypackages__")\n'
        "from companion.serving.browser_start import begin\n"
        "\n"
        'begin(restored=python_start == "snapshot")\n'
    )


def app_archive(
    files: list[tuple[str, Source]],
    version: str,
    entry: Callable[[str], str] = entry_module,
) -> bytes:
    """The app archive: the entry module and `__pypackages__`, repeatable bytes."""
    raw = io.BytesIO()
    entries = [(f"{ENTRY_MODULE}.py", entry(version).encode())]
    entries += [(f"__pypackages__/{rel}", _read(src)) for rel, src in files]
    # mtime 0 and sorted names: the same inputs give the same bytes.
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for name, data in entries:
            info = tarfile.TarInfo(name)
            info.size = len(data)
            info.mode = 0o644
            tar.addfile(info, io.BytesIO(data))
    return gzip.compress(raw.getvalue(), mtime=0)


def content_version(
    client: list[tuple[str, Path]], packages: list[tuple[str, Source]], base_url: str
) -> str:
    """A version that changes whenever any file that ships or the base URL does.

    Our page and worker scripts (the `.js` files of our package) count too:
    the site ships them, with their settings, in its own files.
    """
    digest = hashlib.sha256(base_url.encode())
    scripts = [
        (f"companion/{path.relative_to(_OWN_PACKAGE).as_posix()}", path)
        for path in sorted(_OWN_PACKAGE.rglob("*.js"))
    ]
    for relative, source in [*client, *packages, *scripts]:
        digest.update(relative.encode() + b"\0")
        digest.update(hashlib.sha256(_read(source)).digest())
    return digest.hexdigest()[:12]


def _prepare(folder: Path) -> None:
    if folder.exists() and not folder.is_dir():
        raise PublishError("not-a-folder", path=str(folder))
    if folder.is_dir() and any(folder.iterdir()):
        if not (folder / SITE_MARKER).is_file():
            raise PublishError("folder-not-empty", path=str(folder))
        shutil.rmtree(folder)
    folder.mkdir(parents=True, exist_ok=True)


def build_site(
    folder: Path,
    base_url: str = "/",
    version: str | None = None,
    *,
    packages: list[tuple[str, Source]] | None = None,
    entry: Callable[[str], str] = entry_module,
    early: str | None = None,
    progress: Progress = untold,
) -> Site:
    """Write the static site into `folder` (emptied first if it holds an older one).

    `version` defaults to a digest of everything that ships; the service worker's
    cache is named after it, so a new build replaces the old cache. `packages`
    and `entry` (the app's by default), with `early` (the app's early_start
    by default; "" for none), let a bench publish another Flet app the same
    way. `progress` is told each step as it starts.
    """
    base = normalise_base_url(base_url)
    _prepare(folder)
    if packages is None:
        progress(Step.COLLECT, len(contents.BROWSER_DISTRIBUTIONS))
        packages = package_files()
    client = client_files(client_folder())
    version = version or content_version(client, packages, base)
    progress(Step.COPY_CLIENT, len(client))
    for relative, source in client:
        target = folder / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
    progress(Step.PACK_APP, len(packages) + 1)
    (folder / APP_ARCHIVE).write_bytes(app_archive(packages, version, entry))
    progress(Step.WRITE_PAGE, 0)
    early = early_start() if early is None else early
    write_page_files(folder, base, version, APP_ARCHIVE, early)
    precache = sorted(rel for rel, _ in _files_under(folder) if contents.precached(rel))
    page.write_service_worker(folder, version, precache)
    (folder / SITE_MARKER).write_text(version, "utf-8")
    files = tuple(sorted(rel for rel, _ in _files_under(folder)))
    size = sum((folder / rel).stat().st_size for rel in files)
    return Site(folder, version, files, size)
