"""The site's page: a Flet file without a text we change stops the build."""

from __future__ import annotations

import pytest

from companion.publish.page import patch_bootstrap, patch_index
from companion.publish.site import client_folder
from companion.webclient.flet_patch import FletFileChanged


def _flets(name: str) -> str:
    return (client_folder() / name).read_text("utf-8")


@pytest.mark.parametrize(
    "anchor",
    ["<!-- fletAppConfig -->", "<title>Flet</title>", '<div id="loading"'],
)
def test_a_page_without_a_text_we_change_stops_the_build(anchor: str):
    index = _flets("index.html")
    assert anchor in index
    with pytest.raises(FletFileChanged):
        patch_index(index.replace(anchor, "<!-- gone -->"), "/", "v")


@pytest.mark.parametrize("anchor", ["_flutter.loader.load({", "var flutterConfig = {"])
def test_a_loader_without_a_text_we_change_stops_the_build(anchor: str):
    loader = _flets("flutter_bootstrap.js")
    with pytest.raises(FletFileChanged):
        patch_bootstrap(loader.replace(anchor, "/* gone */"))


def test_flets_own_files_take_every_change():
    assert "canvasKitVariant" in patch_bootstrap(_flets("flutter_bootstrap.js"))
    assert "<title>Card Table Companion</title>" in patch_index(
        _flets("index.html"), "/", "v"
    )
