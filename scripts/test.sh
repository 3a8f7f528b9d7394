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
python3 -m pytest -n "${TEST_WORKERS:-2}" --dist loadfile --durations=15 "$@"
