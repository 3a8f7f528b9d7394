#!/usr/bin/env bash
# Install what the tests need (the package with its test extra, Debian's Chromium
# for the browser tests), then run the whole suite.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install --quiet --disable-pip-version-check -e '.[test]'
if ! command -v chromium >/dev/null 2>&1; then
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
fi
# Two files at a time unless TEST_WORKERS says otherwise (1: one at a time).
# Two took 744 s against 917 s for one on a quiet 2-core machine (issue 31's
# note). Files go out in their order (the browser files, the longest, first), not
# by their number of tests, which would leave a long browser file for the end.
workers=()
count="${TEST_WORKERS:-2}"
if [ "$count" -gt 1 ]; then
    workers=(-n "$count" --dist loadfile --no-loadscope-reorder)
fi
python3 -m pytest "${workers[@]}" --durations=15 "$@"
