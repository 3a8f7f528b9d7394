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
workers=()
if [ "${TEST_WORKERS:-1}" -gt 1 ]; then
    workers=(-n "$TEST_WORKERS" --dist loadfile)
fi
python3 -m pytest "${workers[@]}" --durations=15 "$@"
