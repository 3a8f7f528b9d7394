"""The site's own files over Flet's client: icons, fonts, workers, page, manifest."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

from companion.publish import early_worker, handover_page, page, snapshot
from companion.webclient.fallback_fonts import (
    FALLBACK_FOLDER,
    FALLBACK_URL_FOLDER,
    fallback_font_files,
)
from companion.webclient.fonts import trimmed_font_manifest
from companion.webclient.loading_screen import ICONS
from companion.webclient.rive import STUB_NAMES, rive_redirect, rive_stub


def write_client_assets(folder: Path, base: str) -> None:
    """The client's fonts and plugins as the site serves them: the font manifest
    cut to the families the app draws, the fallback fonts a name may need, and
    the Rive plugin pointed at a local stub (companion.webclient, shared with
    the served app), so no request leaves the site."""
    for relative in fallback_font_files():
        target = folder / FALLBACK_URL_FOLDER / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(FALLBACK_FOLDER / relative, target)
    manifest_path = folder / "assets" / "FontManifest.json"
    manifest_path.write_bytes(trimmed_font_manifest(manifest_path.read_bytes()))
    rive = folder / page.RIVE_FOLDER
    for name in STUB_NAMES:
        (rive / name).parent.mkdir(parents=True, exist_ok=True)
        (rive / name).write_bytes(rive_stub())
    (folder / page.RIVE_REDIRECT).write_bytes(rive_redirect(base + page.RIVE_FOLDER))


def _write_icons(folder: Path) -> None:
    for icon in sorted(ICONS.glob("icon-*.png")):
        shutil.copyfile(icon, folder / "icons" / icon.name)
    shutil.copyfile(ICONS / "icon-192.png", folder / "icons/apple-touch-icon-192.png")
    shutil.copyfile(ICONS / "favicon.png", folder / "favicon.png")


def _patch(path: Path, change: Callable[[str], str]) -> None:
    path.write_text(change(path.read_text("utf-8")), "utf-8")


def write_page_files(
    folder: Path, base: str, version: str, archive: str, early: str = ""
) -> None:
    """Over the client copied into `folder`: our icons, the client's assets, the
    hand-over's QR decoder, the early worker and the snapshot maker where they
    apply, the page, the manifest and the version file. `archive` is the app
    archive's name; `early`, the app's Python the worker runs once Python is
    ready (early_worker)."""
    _write_icons(folder)
    write_client_assets(folder, base)
    handover_page.write_decoder(folder)
    started_early = early_worker.applies()
    snapshots = started_early and snapshot.applies()
    if started_early:
        _patch(folder / "python.js", early_worker.patch_python_js)
        _patch(
            folder / early_worker.WORKER,
            lambda text: early_worker.patch_python_worker(
                text, version, archive, snapshots, early
            ),
        )
    if snapshots:
        (folder / snapshot.MAKER_SCRIPT).write_text(
            snapshot.maker_js(version, archive), "utf-8"
        )
    _patch(
        folder / page.INDEX,
        lambda text: page.patch_index(
            text,
            base,
            version,
            early_worker.WORKER if started_early else None,
            snapshots=snapshots,
        ),
    )
    _patch(folder / page.BOOTSTRAP, page.patch_bootstrap)
    (folder / "manifest.json").write_text(
        json.dumps(page.manifest(base), ensure_ascii=False, indent=2), "utf-8"
    )
    (folder / page.VERSION_FILE).write_text(json.dumps({"version": version}), "utf-8")
