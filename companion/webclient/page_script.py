"""Our JavaScript as shipped: a `.js` file of ours after one line of its settings.

Every script of ours (a page's, a service worker's, Python's worker's) is a
`.js` file beside the module that ships it, package data, checked by node and
ESLint (scripts/test.sh). Python writes nothing into a file: a script takes
its settings from one JSON object, written as the line before it,

    self.companionSettings = Object.assign(self.companionSettings || {},
      {"screen_restart": {...}});

and reads them as `self.companionSettings.screen_restart` (its file's name).
The line works the same in a window, a worker and an inline `<script>`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

SETTINGS = "companionSettings"
"""The global object every script finds its settings in, under its file's name."""

_INLINE_SAFE = {
    "<": "\\u003c",
    ">": "\\u003e",
    "&": "\\u0026",
    "\u2028": "\\u2028",
    "\u2029": "\\u2029",
}
"""JSON escapes that keep a string from closing an inline <script> ("</script>",
"<!--") or from ending a line of JavaScript."""


def settings_line(key: str, settings: Mapping[str, object]) -> str:
    """The line that gives the script named `key` its `settings` (JSON values)."""
    data = json.dumps({key: settings}, ensure_ascii=False, separators=(",", ":"))
    for character, escape in _INLINE_SAFE.items():
        data = data.replace(character, escape)
    return f"self.{SETTINGS} = Object.assign(self.{SETTINGS} || {{}}, {data});\n"


@dataclass(frozen=True)
class PageScript:
    """A `.js` file of ours, and the files of ours it uses (put before it)."""

    path: Path
    needs: tuple[PageScript, ...] = ()

    @classmethod
    def beside(
        cls, module_file: str, name: str, needs: tuple[PageScript, ...] = ()
    ) -> PageScript:
        """The script `name` in the folder of the module `module_file` (__file__)."""
        return cls(Path(module_file).resolve().parent / name, needs)

    @property
    def key(self) -> str:
        """Where its settings are: its file's name without `.js`."""
        return self.path.stem

    def source(self) -> str:
        """The file as it is in the package."""
        return self.path.read_text("utf-8")

    def shipped(self, settings: Mapping[str, object] | None = None) -> str:
        """The script as a page or worker runs it: its settings' line (if any),
        the files it needs, then its own."""
        parts = [] if settings is None else [settings_line(self.key, settings)]
        parts += [needed.source() for needed in self.needs]
        parts.append(self.source())
        return "".join(parts)


PICK_LANGUAGE = PageScript.beside(__file__, "pick_language.js")
"""`pickLanguage(navigator.languages, spoken)`: the browser's language among
ours, as companion.words.i18n.negotiate picks it; our scripts that speak put
it before themselves."""

STEADY_LANGUAGES = PageScript.beside(__file__, "steady_languages.js")
"""Makes `navigator.languages` and `navigator.language` tags Flutter can read
(else it stops at start): for every page, before Flutter's scripts;
`validLanguages(tags)` for the scripts after it."""

PEER_LINK = PageScript.beside(__file__, "peer_link.js")
"""`PeerLinks`: a page's direct data channels to other phones (issue 43), for
the page that carries the phones' connection codes."""
