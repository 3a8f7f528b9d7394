"""The served font manifest: only the families the app draws, and they exist."""

from __future__ import annotations

import json
from pathlib import Path

from flet_web import get_package_web_dir

from companion.webclient.fonts import trimmed_font_manifest

WEB = Path(get_package_web_dir())


def _families(manifest: bytes) -> dict[str, list[str]]:
    return {
        entry["family"]: [font["asset"] for font in entry["fonts"]]
        for entry in json.loads(manifest)
    }


def test_flet_webs_manifest_keeps_the_icons_and_the_text_font_only() -> None:
    original = (WEB / "assets" / "FontManifest.json").read_bytes()
    assert any("KaTeX" in name for name in _families(original))
    trimmed = _families(trimmed_font_manifest(original))
    assert set(trimmed) == {"MaterialIcons", "Roboto"}
    for assets in trimmed.values():
        for asset in assets:
            assert (WEB / "assets" / asset).is_file(), asset


def test_roboto_is_listed_once_when_the_manifest_has_it_already() -> None:
    original = json.dumps(
        [
            {"family": "Roboto", "fonts": [{"asset": "fonts/own.woff2"}]},
            {"family": "CupertinoIcons", "fonts": [{"asset": "c.ttf"}]},
        ]
    ).encode()
    assert _families(trimmed_font_manifest(original)) == {"Roboto": ["fonts/own.woff2"]}
