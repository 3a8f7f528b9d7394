"""The translator: language negotiation, plural rules, local numbers and dates."""

import datetime as dt
from pathlib import Path

import pytest

from companion.words import i18n
from companion.words.game_texts import points_count, rounds_count
from companion.words.i18n import (
    LANGUAGES,
    LONGEST_TAG,
    MOST_LANGUAGES,
    PSEUDO,
    browser_languages,
    get_translator,
    negotiate,
    system_preferences,
)

NBSP = "\u00a0"


@pytest.mark.parametrize(
    ("preferred", "expected"),
    [
        (["nb-NO", "en"], "nb"),
        (["sv_SE.UTF-8"], "sv"),
        (["de-DE", "es-MX", "en"], "es"),
        (["no"], "nb"),
        (["nn-NO"], "nb"),
        (["fr-FR", "de"], "en"),
        ("es-ES,es;q=0.9,en;q=0.8", "es"),
        ([], "en"),
        (None, "en"),
        (["", "  "], "en"),
    ],
)
def test_negotiate_picks_the_best_supported_language(preferred, expected):
    assert negotiate(preferred) == expected


@pytest.mark.parametrize(
    ("said", "tags"),
    [
        (["nb-NO", "en"], ["nb-NO", "en"]),
        ("nb-NO,nb;q=0.9, en;q=0.8", ["nb-NO", "nb", "en"]),
        (["es", 7, None, "", "x" * (LONGEST_TAG + 1), "sv"], ["es", "sv"]),
        (None, []),
        ({"nb": 1}, []),
        ("", []),
    ],
)
def test_a_browsers_word_on_its_languages_is_read_within_bounds(said, tags):
    assert browser_languages(said) == tags


def test_a_browser_that_names_too_many_languages_is_heard_on_the_first_few():
    said = [f"x{n}" for n in range(MOST_LANGUAGES * 5)]
    assert browser_languages(said) == said[:MOST_LANGUAGES]
    header = ",".join(said) * 1000
    assert len(browser_languages(header)) <= MOST_LANGUAGES


def test_the_system_languages_are_read_in_order_of_preference(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "de_DE:sv_SE")
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LC_MESSAGES", "C")
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    assert system_preferences() == ["de_DE", "sv_SE", "en_US.UTF-8"]
    assert negotiate(system_preferences()) == "sv"


def test_translators_are_cached_and_regional_tags_map_to_their_language():
    assert get_translator("sv") is get_translator("sv")
    assert get_translator("nb_NO").lang == "nb"
    assert get_translator("de").lang == "en"


@pytest.mark.parametrize(
    ("lang", "whole", "decimal"),
    [
        ("en", "1,234,567", "1,234.5"),
        ("nb", f"1{NBSP}234{NBSP}567", f"1{NBSP}234,5"),
        ("sv", f"1{NBSP}234{NBSP}567", f"1{NBSP}234,5"),
        ("es", "1.234.567", "1.234,5"),
    ],
)
def test_numbers_use_the_local_separators(lang, whole, decimal):
    t = get_translator(lang)
    assert t.number(1234567) == whole
    assert t.number(1234.5) == decimal


def test_dates_are_written_the_local_way():
    day = dt.date(2026, 11, 30)
    shown = {lang: get_translator(lang).date(day) for lang in LANGUAGES}
    assert shown == {
        "en": "Nov 30, 2026",
        "nb": "30. nov. 2026",
        "sv": "30 nov. 2026",
        "es": "30 nov 2026",
    }


def test_times_follow_the_local_clock_and_time_zone():
    moment = dt.datetime(2026, 11, 30, 14, 5, tzinfo=dt.UTC)
    assert "PM" in get_translator("en").time(moment)
    assert get_translator("nb").time(moment) == "14:05"
    oslo = dt.timezone(dt.timedelta(hours=1))
    assert get_translator("sv").datetime(moment, tzinfo=oslo) == "30 nov. 2026 15:05"
    late = dt.datetime(2026, 11, 30, 23, 30, tzinfo=dt.UTC)
    assert get_translator("nb").datetime(late, tzinfo=oslo) == "1. des. 2026, 00:30"
    assert get_translator("en").datetime(moment) == "Nov 30, 2026, 2:05\u202fPM"
    assert get_translator("es").datetime(moment) == "30 nov 2026, 14:05"


def test_relative_times_read_naturally_and_far_ones_become_dates():
    now = dt.datetime(2026, 11, 30, 14, 0, tzinfo=dt.UTC)
    earlier = now - dt.timedelta(hours=2)
    assert get_translator("en").relative(earlier, now=now) == "2 hours ago"
    assert get_translator("nb").relative(earlier, now=now) == "for 2 timer siden"
    assert get_translator("sv").relative(earlier, now=now) == "för 2 timmar sedan"
    assert get_translator("es").relative(earlier, now=now) == "hace 2 horas"
    long_ago = now - dt.timedelta(days=40)
    assert get_translator("nb").relative(long_ago, now=now) == "21. okt. 2026"


def test_language_picker_names_each_language_in_itself():
    for lang in ("en", "sv"):
        t = get_translator(lang)
        names = [t.language_name(code) for code in LANGUAGES]
        assert names == ["English", "Norsk bokmål", "Svenska", "Español"]


def test_plurals_follow_each_languages_cldr_rules():
    assert rounds_count(get_translator("en"), 1) == "1 round"
    assert rounds_count(get_translator("en"), 2) == "2 rounds"
    assert rounds_count(get_translator("nb"), 1) == "1 runde"
    assert rounds_count(get_translator("nb"), 0) == "0 runder"
    assert points_count(get_translator("sv"), 1) == "1 poäng"
    # Spanish has a separate form for round millions ("un millón de puntos").
    assert points_count(get_translator("es"), 1) == "1 punto"
    assert points_count(get_translator("es"), 7) == "7 puntos"
    assert points_count(get_translator("es"), 1_000_000) == "1.000.000 de puntos"


def test_lists_use_the_local_conjunction():
    items = ["A", "B", "C"]
    assert get_translator("nb").join(items) == "A, B og C"
    assert get_translator("es").join(items, style="or") == "A, B o C"


def test_the_pseudo_locale_transforms_translated_strings():
    t = get_translator(PSEUDO)
    shown = t.gettext("Lowest total wins")
    assert shown.startswith("⟦") and shown.endswith("⟧")
    assert "Lowest" not in shown
    assert len(shown) > len("Lowest total wins")
    assert t.number(1234) == "1,234"


def test_a_build_without_the_po_sources_reads_each_compiled_catalog(
    monkeypatch, tmp_path
):
    # The static site ships each catalog compiled: the same words as the .po.
    for lang in ("nb", "es"):
        compiled = tmp_path / lang / "LC_MESSAGES" / "companion.mo"
        compiled.parent.mkdir(parents=True)
        compiled.write_bytes(i18n.compiled_catalog(lang))
    monkeypatch.setattr(i18n, "locales_dir", lambda: tmp_path)
    assert i18n._load_translations("nb").gettext("Settings") == "Innstillinger"
    assert i18n._load_translations("es").ngettext("{n} round", "{n} rounds", 2) == (
        get_translator("es").ngettext("{n} round", "{n} rounds", 2)
    )


def test_where_the_po_source_is_a_stale_compiled_catalog_beside_it_is_ignored(
    monkeypatch, tmp_path
):
    source = i18n.catalog_path("nb")
    copied = tmp_path / "nb" / "LC_MESSAGES" / "companion.po"
    copied.parent.mkdir(parents=True)
    copied.write_bytes(source.read_bytes())
    # A .mo of another language's words where Norwegian's would be.
    copied.with_suffix(".mo").write_bytes(i18n.compiled_catalog("sv"))
    monkeypatch.setattr(i18n, "locales_dir", lambda: tmp_path)
    assert i18n._load_translations("nb").gettext("Settings") == "Innstillinger"


def _copied_catalog(tmp_path: Path, lang: str) -> Path:
    """`lang`'s .po copied into a locales folder of its own, which i18n then reads."""
    copied = tmp_path / "locales" / lang / "LC_MESSAGES" / "companion.po"
    copied.parent.mkdir(parents=True)
    copied.write_bytes(i18n.catalog_path(lang).read_bytes())
    return copied


def test_a_catalog_compiled_at_one_start_is_read_at_the_next(monkeypatch, tmp_path):
    _copied_catalog(tmp_path, "nb")
    swedish = i18n.compiled_catalog("sv")
    monkeypatch.setattr(i18n, "locales_dir", lambda: tmp_path / "locales")
    monkeypatch.setattr(i18n, "_kept_catalogs", [])
    i18n.keep_compiled_catalogs(tmp_path / "kept")
    assert i18n._load_translations("nb").gettext("Settings") == "Innstillinger"
    (kept,) = (tmp_path / "kept").iterdir()
    # Another start's copy of this very source: read, not compiled again.
    kept.write_bytes(swedish)
    assert i18n._load_translations("nb").gettext("Settings") == "Inställningar"


def test_a_changed_catalog_is_never_read_from_the_copy_of_the_old_one(
    monkeypatch, tmp_path
):
    copied = _copied_catalog(tmp_path, "nb")
    monkeypatch.setattr(i18n, "locales_dir", lambda: tmp_path / "locales")
    monkeypatch.setattr(i18n, "_kept_catalogs", [])
    i18n.keep_compiled_catalogs(tmp_path / "kept")
    assert i18n._load_translations("nb").gettext("Settings") == "Innstillinger"
    source = copied.read_text("utf-8")
    changed = source.replace('msgstr "Innstillinger"', 'msgstr "Oppsett"', 1)
    assert changed != source
    copied.write_text(changed, "utf-8")
    assert i18n._load_translations("nb").gettext("Settings") == "Oppsett"


def test_a_damaged_kept_catalog_is_compiled_again(monkeypatch, tmp_path):
    _copied_catalog(tmp_path, "es")
    monkeypatch.setattr(i18n, "locales_dir", lambda: tmp_path / "locales")
    monkeypatch.setattr(i18n, "_kept_catalogs", [])
    i18n.keep_compiled_catalogs(tmp_path / "kept")
    i18n._load_translations("es")
    (kept,) = (tmp_path / "kept").iterdir()
    kept.write_bytes(kept.read_bytes()[:100])
    assert i18n._load_translations("es").gettext("Settings") == "Ajustes"
