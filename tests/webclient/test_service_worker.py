"""The service worker's script: what it precaches, how versions replace each other."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

from companion.webclient.service_worker import (
    CACHE_PREFIX,
    registration_js,
    service_worker_js,
)


def _constant(script: str, name: str) -> object:
    found = re.search(rf"^const {name} = (.*?);$", script, re.S | re.M)
    assert found is not None, name
    return json.loads(found[1])


def test_the_worker_names_its_cache_after_the_version_and_lists_the_files():
    script = service_worker_js("abc123", ["./", "index.html", "app.tar.gz"])
    assert _constant(script, "VERSION") == "abc123"
    assert _constant(script, "PRECACHE") == ["./", "index.html", "app.tar.gz"]
    assert _constant(script, "OFFLINE_PAGE") is None
    assert CACHE_PREFIX == "companion-"


def test_a_new_version_gives_another_script_so_the_browser_installs_it():
    assert service_worker_js("one", ["./"]) != service_worker_js("two", ["./"])


def test_only_the_old_caches_of_ours_are_dropped_on_activation():
    script = service_worker_js("v2", ["./"])
    assert 'name.startsWith("companion-") && name !== CACHE' in script


def test_a_served_app_gets_the_offline_page_when_the_server_is_gone():
    page = "<p>The table's computer cannot be reached</p>"
    script = service_worker_js("v1", ["main.dart.js"], offline_page=page)
    assert _constant(script, "OFFLINE_PAGE") == page


def test_quotes_in_the_inputs_cannot_break_out_of_the_script():
    script = service_worker_js('x";alert(1);"', ["a'b.js"], offline_page="</script>")
    assert _constant(script, "VERSION") == 'x";alert(1);"'
    assert _constant(script, "PRECACHE") == ["a'b.js"]


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_both_scripts_are_valid_javascript(tmp_path):
    for name, text in (
        ("sw.js", service_worker_js("v1", ["./"], offline_page="<p>gone</p>")),
        ("register.js", registration_js("/service_worker.js")),
    ):
        path = tmp_path / name
        path.write_text(text, "utf-8")
        subprocess.run(["node", "--check", str(path)], check=True)
