"""The translator: gettext catalogs plus CLDR number and date formats per language."""

from __future__ import annotations

import datetime as dt
import functools
import gettext
import hashlib
import io
import os
import struct
from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from babel import Locale, UnknownLocaleError
from babel.dates import (
    format_skeleton,
    format_time,
    format_timedelta,
    get_datetime_format,
)
from babel.lists import format_list
from babel.numbers import format_decimal, format_percent
from babel.support import Translations

from companion.words.pseudo import pseudo_catalog, pseudo_text

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

LANGUAGES: tuple[str, ...] = ("en", "nb", "sv", "es")
"""The languages the app speaks, English (the source language) first."""

PSEUDO = "en_XA"
"""The pseudo-locale: English with every translated string visibly transformed."""

DOMAIN = "companion"
FALLBACK = "en"

# Norwegian users often report the macrolanguage (no) or Nynorsk (nn); both read
# Bokmål without trouble, so they negotiate to it rather than to English.
_ALIASES = {"no": "nb", "nn": "nb"}
_RELATIVE_LIMIT = dt.timedelta(days=6)


def locales_dir() -> Path:
    """Where the catalogs and rule files are: inside the installed package, else
    next to the package in a source checkout (also what `pip install -e .` uses)."""
    shipped = Path(str(resources.files("companion"))) / "locales"
    if shipped.is_dir():
        return shipped
    return Path(__file__).resolve().parents[2] / "locales"


def _normalise(tag: str) -> str:
    """A language tag as Babel expects it: `nb-NO`, `nb_NO.UTF-8` -> `nb_NO`."""
    tag = tag.split(";")[0].split(".")[0].split("@")[0].strip().replace("-", "_")
    language, _, region = tag.partition("_")
    language = _ALIASES.get(language.lower(), language.lower())
    return f"{language}_{region.upper()}" if region else language


def negotiate(preferred: Iterable[str] | str | None) -> str:
    """The best of LANGUAGES for a list of preferred tags (browser or system order).

    Accepts a list such as ``["nb-NO", "en"]`` or an Accept-Language header;
    anything unknown falls back to English.
    """
    if preferred is None:
        return FALLBACK
    if isinstance(preferred, str):
        preferred = preferred.split(",")
    tags = [_normalise(tag) for tag in preferred if tag and tag.strip()]
    found = Locale.negotiate(tags, list(LANGUAGES), aliases={})
    return str(found) if found is not None else FALLBACK


MOST_LANGUAGES = 20
"""Of a browser's preferred languages, how many are weighed (it names a few)."""

LONGEST_TAG = 35
"""The longest language tag weighed (BCP 47 tags in use are far shorter)."""


def browser_languages(said: object) -> list[str]:
    """The language tags a browser says it prefers, best first, within bounds.

    `said` is a list of tags (navigator.languages) or an Accept-Language
    header. The browser's word may be forged: more tags than a browser names,
    longer ones, or values that are not text count as nothing.
    """
    if isinstance(said, str):
        said = said[: MOST_LANGUAGES * (LONGEST_TAG + 8)].split(",")
    if not isinstance(said, list | tuple):
        return []
    tags = [tag.split(";")[0].strip() for tag in said if isinstance(tag, str)]
    return [tag for tag in tags[:MOST_LANGUAGES] if 0 < len(tag) <= LONGEST_TAG]


def system_preferences() -> list[str]:
    """The language tags the operating system asks for, most preferred first."""
    found: list[str] = []
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        found.extend(tag for tag in os.environ.get(name, "").split(":") if tag)
    return [tag for tag in found if tag not in ("C", "POSIX")]


def _mo_bytes(catalog: Catalog) -> bytes:
    """A catalog in GNU's compiled form, leaving out fuzzy entries."""
    from babel.messages.mofile import write_mo

    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def catalog_path(lang: str) -> Path:
    """The .po source of one language's catalog."""
    return locales_dir() / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def compiled_catalog_path(lang: str) -> Path:
    """Where a build without the .po sources (the static site) keeps the compiled
    catalog of one language."""
    return catalog_path(lang).with_suffix(".mo")


def compiled_catalog(lang: str) -> bytes:
    """One language's catalog compiled from its .po source, as a .mo file's bytes."""
    return _compiled(lang, catalog_path(lang).read_bytes())


def _compiled(lang: str, source: bytes) -> bytes:
    from babel.messages.pofile import read_po

    return _mo_bytes(read_po(io.BytesIO(source), locale=lang, domain=DOMAIN))


_kept_catalogs: list[Path] = []
"""The folder set by keep_compiled_catalogs, if any (a list: set once, read often)."""


def keep_compiled_catalogs(folder: Path) -> None:
    """From now on, keep each catalog compiled from its .po source in `folder`,
    named by the source's hash, and read it there at later starts.

    Compiling takes ~10 ms a language, and a served start loads all four (its
    page carries every language's loading screen). A changed .po has another
    hash, so a copy made from an older source is never read.
    """
    _kept_catalogs[:] = [folder]


def _kept_compiled(lang: str) -> bytes:
    """`compiled_catalog(lang)`, read from the kept folder when made there before."""
    source = catalog_path(lang).read_bytes()
    if not _kept_catalogs:
        return _compiled(lang, source)
    digest = hashlib.sha256(source).hexdigest()[:32]
    kept = _kept_catalogs[0] / f"{lang}-{digest}.mo"
    try:
        compiled = kept.read_bytes()
        # A damaged copy fails here and is made again.
        Translations(io.BytesIO(compiled), domain=DOMAIN)
        return compiled
    except (OSError, ValueError, IndexError, struct.error):
        pass
    compiled = _compiled(lang, source)
    try:
        kept.parent.mkdir(parents=True, exist_ok=True)
        scratch = kept.with_name(f"{kept.name}.{os.getpid()}.part")
        scratch.write_bytes(compiled)
        os.replace(scratch, kept)
    except OSError:
        # Not kept: the next start compiles it again.
        pass
    return compiled


def template_path() -> Path:
    """The .pot template every catalog is updated from."""
    return locales_dir() / f"{DOMAIN}.pot"


def _load_translations(lang: str) -> gettext.NullTranslations:
    # Catalogs are compiled from the .po sources on first load (and cached), so the
    # running app can never use a stale or missing .mo file. Only a build that
    # ships no .po reads a .mo: the static site, whose build compiles each one,
    # and whose browser would take ~0.5 s to read the .po (bench/README.md).
    if lang == PSEUDO:
        compiled = _mo_bytes(pseudo_catalog(template_path()))
    elif catalog_path(lang).is_file():
        compiled = _kept_compiled(lang)
    else:
        compiled = compiled_catalog_path(lang).read_bytes()
    return Translations(io.BytesIO(compiled), domain=DOMAIN)


@functools.lru_cache(maxsize=4096)
def _decimal(n: float, locale: Locale) -> str:
    # Babel takes ~0.1 ms a number: a card tap writes a dozen of them again.
    return format_decimal(n, locale=locale)


class Translator:
    """One language: its translated strings and its way of writing numbers and dates."""

    def __init__(self, lang: str, translations: gettext.NullTranslations) -> None:
        self.lang = lang
        self.locale = Locale.parse(FALLBACK if lang == PSEUDO else lang)
        self._translations = translations

    def __repr__(self) -> str:
        return f"Translator({self.lang!r})"

    def gettext(self, message: str) -> str:
        """The translation of `message`."""
        return self._translations.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The translation whose plural form fits the number `n`."""
        return self._translations.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """The translation of a short `message` whose meaning `context` pins down."""
        return self._translations.pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        """The plural-aware translation of a message with a context."""
        return self._translations.npgettext(context, singular, plural, n)

    def number(self, n: float) -> str:
        """A number written the local way (grouping and decimal signs)."""
        return _decimal(n, self.locale)

    def percent(self, fraction: float) -> str:
        """A fraction (0.5) as a whole local percentage ("50 %", "50%")."""
        return format_percent(fraction, locale=self.locale)

    def date(self, day: dt.date) -> str:
        """A short but unambiguous date: "30. nov. 2026", "Nov 30, 2026"."""
        return format_skeleton("yMMMd", day, locale=self.locale)

    def time(
        self, moment: dt.datetime | dt.time, tzinfo: dt.tzinfo | None = None
    ) -> str:
        """A time of day in the local 12- or 24-hour style."""
        return format_time(moment, "short", tzinfo=tzinfo, locale=self.locale)

    def datetime(self, moment: dt.datetime, tzinfo: dt.tzinfo | None = None) -> str:
        """The date as `date` writes it and the time of day, joined the local way:
        "Nov 30, 2026, 2:05 PM"; aware datetimes are shown in `tzinfo` if given."""
        day = format_skeleton("yMMMd", moment, tzinfo=tzinfo, locale=self.locale)
        joined = str(get_datetime_format("medium", locale=self.locale)).replace("'", "")
        return joined.format(self.time(moment, tzinfo), day)

    def relative(self, moment: dt.datetime, now: dt.datetime | None = None) -> str:
        """How long ago (or until) `moment` as words, or its date when far away."""
        if now is None:
            now = dt.datetime.now(moment.tzinfo)
        delta = moment - now
        if abs(delta) > _RELATIVE_LIMIT:
            return self.date(moment)
        return format_timedelta(delta, add_direction=True, locale=self.locale)

    def join(
        self, items: Iterable[str], style: Literal["standard", "or"] = "standard"
    ) -> str:
        """Items as a local list: "A, B and C" ("standard") or "A, B or C" ("or")."""
        items = list(items)
        if self.lang != PSEUDO:
            return format_list(items, style=style, locale=self.locale)
        # The pseudo-locale transforms CLDR's connecting words too ("and", "or"),
        # so the pseudo test can tell them from text that skipped the translator.
        slots = [f"\x00{index}\x00" for index in range(len(items))]
        joined = pseudo_text(format_list(slots, style=style, locale=self.locale))
        for slot, item in zip(slots, items, strict=True):
            joined = joined.replace(slot, item)
        return joined

    def language_name(self, code: str) -> str:
        """The language `code` named in itself, as it starts a menu item."""
        try:
            name = Locale.parse(code).get_display_name(code) or code
        except (ValueError, UnknownLocaleError):
            name = code
        return name[:1].upper() + name[1:]


def get_translator(lang: str) -> Translator:
    """The (cached) translator for a language of LANGUAGES or the pseudo-locale;
    other tags are negotiated (``"nb_NO"`` gives Norwegian, ``"de"`` English)."""
    if lang != PSEUDO and lang not in LANGUAGES:
        lang = negotiate([lang])
    return _translator(lang)


def terminal_translator() -> Translator:
    """The translator for what the command prints: the system's language."""
    return get_translator(negotiate(system_preferences()))


@functools.cache
def _translator(lang: str) -> Translator:
    return Translator(lang, _load_translations(lang))
