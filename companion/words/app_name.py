"""The app's one name, the same in every language: a name, never translated."""

from __future__ import annotations

APP_NAME = "Card Table Companion"
"""What the loading screen, the page's title, the home screen, the "cannot be
reached" page and every sentence that names the app call it. The web app's
manifest is one for every language, so a translated name would give a phone
two names; the catalogs keep it as it is (tests/words/test_app_name.py)."""
