"""Flutter's fallback font table, read from Flet's client as its engine reads it."""

from __future__ import annotations

from pathlib import Path

import pytest
from flet_web import get_package_web_dir

from companion.webclient.fallback_table import (
    CLIENT_SCRIPT,
    FallbackFile,
    fallback_table,
)
from companion.webclient.flet_patch import FletFileChanged

WEB = Path(get_package_web_dir())
EMOJI = "notocoloremoji/v32/Yq6P-KqIXTD0t4D9z1ESnKM3-HpFabsE4tq3luCC7p-aXxcn."
SC = (
    "notosanssc/v37/k3kCo84MPvpLmixcA63oeAL7Iqp5IZJF9bmaG9_FnYkldv7JjxkkgFsFSSOPMOk"
    "ySAZ73y9ViAt3acb8NexQ2w."
)


@pytest.fixture(scope="module")
def table() -> tuple[FallbackFile, ...]:
    return fallback_table((WEB / CLIENT_SCRIPT).read_text("utf-8"))


def _files_for(table: tuple[FallbackFile, ...], char: str, family: str) -> set[str]:
    return {
        file.path
        for file in table
        if ord(char) in file.code_points and file.source_family == family
    }


def test_the_files_the_issue_saw_asked_for_are_those_of_the_names(table) -> None:
    # "Mamma 👑", "李雷" and "Åse 🎉" asked for these (issue 55), and 404 came.
    assert _files_for(table, "👑", "Noto Color Emoji") == {EMOJI + "3.woff2"}
    assert _files_for(table, "李", "Noto Sans SC") == {SC + "115.woff2"}
    assert _files_for(table, "雷", "Noto Sans SC") == {SC + "113.woff2"}
    assert len(table) == 724
    assert len({file.path for file in table}) == 724


def test_every_script_of_a_name_has_a_file(table) -> None:
    for char, family in {
        "ل": "Noto Sans Arabic",
        "א": "Noto Sans Hebrew",
        "ส": "Noto Sans Thai",
        "さ": "Noto Sans JP",
        "민": "Noto Sans KR",
        "ნ": "Noto Sans Georgian",
    }.items():
        assert _files_for(table, char, family), char


def test_a_client_without_the_table_as_flutter_writes_it_is_refused() -> None:
    with pytest.raises(FletFileChanged):
        fallback_table('A.z("Noto Sans","notosans/v39/x.woff2")')
    script = (WEB / CLIENT_SCRIPT).read_text("utf-8")
    # Runs that no longer add up to every code point: another encoding.
    broken = script.replace('("1eA', '("1fA', 1)
    assert broken != script
    with pytest.raises(FletFileChanged):
        fallback_table(broken)
