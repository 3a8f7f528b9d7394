"""A plain `pip install .` ships every subpackage and the translation files."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_subpackage_is_listed_for_installation():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    on_disk = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "companion").rglob("__init__.py")
    }
    assert on_disk <= listed, f"not installed by `pip install .`: {on_disk - listed}"
    assert config["tool"]["setuptools"]["package-dir"]["companion.locales"] == "locales"


def test_every_script_of_ours_ships_as_package_data():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    data = config["tool"]["setuptools"]["package-data"]
    scripts = list((ROOT / "companion").rglob("*.js"))
    assert scripts
    for script in scripts:
        # A folder that is no package (vendor/) ships as its package's data.
        package = script.parent
        while not (package / "__init__.py").is_file():
            package = package.parent
        inside = script.parent.relative_to(package).as_posix()
        patterns = ["*.js", "*"] if inside == "." else [f"{inside}/*.js", f"{inside}/*"]
        name = ".".join(package.relative_to(ROOT).parts)
        assert set(patterns) & set(data.get(name, [])), script


def test_the_rule_files_and_the_rule_searchs_words_are_installed():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    shipped = config["tool"]["setuptools"]["package-data"]["companion.locales"]
    locales = ROOT / "locales"
    for path in locales.glob("*/rules/*.toml"):
        relative = path.relative_to(locales)
        assert any(relative.match(pattern) for pattern in shipped), relative
    assert (locales / "sv" / "rules" / "words.toml").exists()
