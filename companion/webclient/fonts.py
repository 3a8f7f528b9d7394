"""The font manifest Flutter loads at start, cut down to the families the app draws."""

from __future__ import annotations

import json

USED_FAMILIES = ("MaterialIcons", "Roboto")
"""Every family the app's screens draw: Material icons (`ft.Icons`) and the text."""

ROBOTO = {"family": "Roboto", "fonts": [{"asset": "fonts/roboto.woff2"}]}
"""The text font flet-web ships (its no-CDN server adds the same entry)."""


def trimmed_font_manifest(original: bytes) -> bytes:
    """`original` FontManifest.json with only `USED_FAMILIES`, Roboto added if absent.

    Flutter's web engine downloads every family the manifest lists before the
    first frame; flet-web's lists KaTeX (Markdown math) and Cupertino icons too,
    which the app never shows.
    """
    families = json.loads(original)
    kept = [entry for entry in families if entry.get("family") in USED_FAMILIES]
    if not any(entry.get("family") == ROBOTO["family"] for entry in kept):
        kept.append(ROBOTO)
    return json.dumps(kept, separators=(",", ":")).encode()
