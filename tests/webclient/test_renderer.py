"""Flutter's loader held to single-threaded skwasm: Flet's loader reads the setting."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flet_web import get_package_web_dir
from node_scripts import node_json

from companion.webclient.flet_patch import FletFileChanged
from companion.webclient.renderer import (
    CONFIG_ANCHOR,
    SINGLE_THREADED,
    single_threaded_skwasm,
)

LOADER = (Path(get_package_web_dir()) / "flutter_bootstrap.js").read_text("utf-8")


def test_flets_loader_starts_skwasm_on_one_thread_when_its_config_says_so() -> None:
    # Flet 1.0.5's loader (Flutter 3.44.8): skwasm gets its drawing worker unless
    # the page is not isolated or the config passed to load() forces one thread.
    chosen = re.search(r"skwasmSingleThreaded:([^,]*)", LOADER)
    assert chosen is not None
    assert "!n.crossOriginIsolated" in chosen.group(1)
    assert ".forceSingleThreadedSkwasm" in chosen.group(1)
    assert "_flutter.loader.load({\n    config: flutterConfig," in LOADER


def test_the_config_flets_loader_loads_with_forces_one_thread(tmp_path: Path) -> None:
    loader = single_threaded_skwasm(LOADER)
    start = loader.index(CONFIG_ANCHOR)
    statement = loader[start : loader.index("};", start) + 2]
    script = tmp_path / "config.js"
    script.write_text(
        'var flet = {multiView: false, entrypointBaseUrl: "/", assetBase: "/"};\n'
        f"{statement}\nconsole.log(JSON.stringify(flutterConfig));\n"
    )
    config = node_json(script)
    assert config["forceSingleThreadedSkwasm"] is True
    assert config["assetBase"] == "/"


def test_the_rest_of_the_loader_is_left_as_it_was() -> None:
    loader = single_threaded_skwasm(LOADER)
    assert loader.count(SINGLE_THREADED) == 1
    assert loader.replace(f"\n    {SINGLE_THREADED}", "", 1) == LOADER


def test_a_loader_that_sets_no_config_is_refused() -> None:
    with pytest.raises(FletFileChanged, match="flutterConfig"):
        single_threaded_skwasm(LOADER.replace(CONFIG_ANCHOR, "var config = {"))
