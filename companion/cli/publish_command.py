"""`companion publish [DIR]`: build the static site and say how to try it."""

import argparse
import sys
from pathlib import Path

from companion.publish.site import (
    APP_ARCHIVE,
    PublishError,
    Site,
    Step,
    build_site,
    normalise_base_url,
)
from companion.words.i18n import Translator


def _size(t: Translator, size: int) -> str:
    # TRANSLATORS: {size} is a number of megabytes, e.g. 33.4.
    return t.gettext("{size} MB").format(size=t.number(round(size / 1e6, 1)))


def _refusal(t: Translator, error: PublishError) -> str:
    path = error.params.get("path", "")
    if error.code == "not-a-folder":
        return t.gettext("{path} is a file, not a folder.").format(path=path)
    return t.gettext(
        "{path} is not empty and holds no site built before: "
        "give an empty or new folder."
    ).format(path=path)


def step_line(t: Translator, step: Step, count: int) -> str:
    """What the build is doing now, as the line printed when it starts."""
    if step is Step.WRITE_PAGE:
        return t.gettext(
            "Writing the page, its scripts, the icons and the service worker…"
        )
    counted = {
        Step.COLLECT: t.ngettext(
            "Collecting the app and the {count} package it runs on in the browser…",
            "Collecting the app and the {count} packages it runs on in the browser…",
            count,
        ),
        Step.COPY_CLIENT: t.ngettext(
            "Copying Flet's web client and Pyodide ({count} file)…",
            "Copying Flet's web client and Pyodide ({count} files)…",
            count,
        ),
        # TRANSLATORS: {archive} is a file name, app.tar.gz.
        Step.PACK_APP: t.ngettext(
            "Packing the app into {archive} ({count} file)…",
            "Packing the app into {archive} ({count} files)…",
            count,
        ),
    }
    return counted[step].format(count=t.number(count), archive=APP_ARCHIVE)


def report(t: Translator, site: Site, base_url: str) -> list[str]:
    """The lines printed after a build: where, how big, how to try it here and
    on a phone."""
    folder = str(site.folder)
    return [
        t.ngettext(
            "Site written to {folder} ({count} file, {size}).",
            "Site written to {folder} ({count} files, {size}).",
            len(site.files),
        ).format(
            folder=folder, count=t.number(len(site.files)), size=_size(t, site.size)
        ),
        t.gettext("Version: {version}").format(version=site.version),
        t.gettext("Try it on this computer:"),
        f"    python -m http.server -d {folder} 8000",
        t.gettext("then open {url}").format(url=f"http://127.0.0.1:8000{base_url}")
        if base_url == "/"
        # TRANSLATORS: {url} is an address; {folder} the folder to serve it from.
        else t.gettext("served so that {url} is the folder {folder}").format(
            url=f"http://127.0.0.1:8000{base_url}", folder=folder
        ),
        # TRANSLATORS: {path} is the path in the site's address, e.g. /scores/;
        # keep --base-url (the command's option).
        t.gettext(
            "Try it on a phone: put the folder on an HTTPS host under the path "
            "{path} (the --base-url it was built for)."
        ).format(path=base_url),
        # TRANSLATORS: keep the file name and "main" (a branch's name) as they are.
        t.gettext(
            "On GitHub Pages, the workflow .github/workflows/pages.yml builds and "
            "publishes it on every push to main."
        ),
    ]


def run_publish(args: argparse.Namespace, t: Translator) -> int:
    """companion publish [DIR] [--base-url /path/]: write the static site."""
    base_url = normalise_base_url(args.base_url)
    try:
        site = build_site(
            Path(args.folder),
            base_url,
            progress=lambda step, count: print(step_line(t, step, count), flush=True),
        )
    except PublishError as error:
        print(f"companion: {_refusal(t, error)}", file=sys.stderr)
        return 1
    print("\n".join(report(t, site, base_url)))
    return 0
