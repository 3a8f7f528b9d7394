"""The run's rule: every skipped test is counted, and in CI a skip fails the run."""

from __future__ import annotations

from pathlib import Path

import pytest

CONFTEST = Path(__file__).with_name("conftest.py")


def _session(pytester: pytest.Pytester, ci: bool) -> pytest.RunResult:
    pytester.makeconftest(CONFTEST.read_text("utf-8"))
    pytester.makepyfile(
        "import pytest\n"
        "def test_runs(): pass\n"
        "def test_needs_a_tool(): pytest.skip('the tool is not installed')\n"
    )
    environment = {"CI": "1"} if ci else {}
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv("CI", raising=False)
        for name, value in environment.items():
            patch.setenv(name, value)
        return pytester.runpytest_subprocess("-p", "no:cacheprovider")


def test_a_skip_is_counted_and_passes_outside_ci(pytester: pytest.Pytester):
    result = _session(pytester, ci=False)
    result.stdout.fnmatch_lines(["Skipped tests: 1"])
    assert result.ret == pytest.ExitCode.OK


def test_a_skip_fails_the_run_in_ci(pytester: pytest.Pytester):
    result = _session(pytester, ci=True)
    result.stdout.fnmatch_lines(["Skipped tests: 1 (CI allows none: the run fails)"])
    assert result.ret == pytest.ExitCode.TESTS_FAILED
