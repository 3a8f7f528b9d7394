#!/usr/bin/env bash
# Install what the tests need (the package with its test extra; Debian's
# Chromium, Firefox and WebKitGTK (with Xvfb) for the browser tests, node and npm for our JavaScript, e2fsprogs'
# chattr for a folder read-only to root, iproute2's ip for the loopback-only
# network namespace of test_peer_link.py; Debian's Noto fonts, from which the
# fallback fonts are cut; the pinned ESLint with `npm ci`), check
# our page and worker scripts, and those the benches and browser tests put in a
# page (node --check, ESLint), the GitHub Pages workflow (jactionlint), our
# shell scripts (shellcheck) and the type hints of companion/
# (mypy, as pyproject.toml's [tool.mypy] says), then run the whole suite.
# With CI set, a missing tool fails the run, and so does any skipped test
# (tests/conftest.py).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install --quiet --disable-pip-version-check -e '.[test]'
packages=()
command -v chromium >/dev/null 2>&1 || packages+=(chromium fonts-dejavu-core)
command -v node >/dev/null 2>&1 || packages+=(nodejs)
command -v npm >/dev/null 2>&1 || packages+=(npm)
command -v chattr >/dev/null 2>&1 || packages+=(e2fsprogs)
command -v ip >/dev/null 2>&1 || packages+=(iproute2)
# Firefox (headless, through Marionette: tests/browser/firefox_phone.py).
command -v firefox-esr >/dev/null 2>&1 || packages+=(firefox-esr)
# WebKitGTK (Safari's engine family) under Xvfb, driven by Debian's python3
# through GObject introspection (tests/browser/webkit_driver.py).
command -v Xvfb >/dev/null 2>&1 || packages+=(xvfb)
/usr/bin/python3 -c "import gi; gi.require_version('WebKit2', '4.1')" 2>/dev/null \
    || packages+=(gir1.2-webkit2-4.1 python3-gi-cairo)
# The Noto fonts the fallback fonts are cut from (build_fallback_fonts.py).
for font in fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji; do
    dpkg -s "$font" >/dev/null 2>&1 || packages+=("$font")
done
if [ "${#packages[@]}" -gt 0 ]; then
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq "${packages[@]}" >/dev/null
fi
# The fallback fonts a name may need, cut once per machine (~10 min on two
# cores) and kept in the user's cache folder for the next checkout.
python3 -m companion.webclient.build_fallback_fonts \
    --cache "${XDG_CACHE_HOME:-$HOME/.cache}/card-table-companion/fallback-fonts"
# The linter as package-lock.json pins it: installed again when it changed.
lock="$(sha256sum package-lock.json | cut -d' ' -f1)"
if [ "$(cat node_modules/.companion-lock 2>/dev/null)" != "$lock" ]; then
    npm ci --no-audit --no-fund --loglevel=error
    echo "$lock" > node_modules/.companion-lock
fi
mapfile -t scripts < <(find companion bench/harness tests/browser -name '*.js' | sort)
for script in "${scripts[@]}"; do
    node --check "$script"
done
node_modules/.bin/eslint --max-warnings 0 companion bench/harness tests/browser eslint.config.js
echo "JavaScript: ${#scripts[@]} scripts pass node --check and ESLint"
# The GitHub Pages workflow (jactionlint runs shellcheck over its run: steps),
# and our shell scripts; tests/test_pages_workflow.py runs its build.
jactionlint --no-color
shellcheck scripts/*.sh
echo "Workflows: jactionlint clean; scripts: shellcheck clean"
python3 -m mypy
# Two files at a time unless TEST_WORKERS says otherwise (1: one at a time).
# Two took 744 s against 917 s for one on a quiet 2-core machine (issue 31's
# note). Files go out in their order (the browser files, the longest, first), not
# by their number of tests, which would leave a long browser file for the end.
workers=()
count="${TEST_WORKERS:-2}"
if [ "$count" -gt 1 ]; then
    workers=(-n "$count" --dist loadfile --no-loadscope-reorder)
fi
report="$(mktemp)"
trap 'rm -f "$report"' EXIT
status=0
python3 -m pytest "${workers[@]}" --durations=15 "$@" | tee "$report" || status=$?
skipped="$(grep -o 'Skipped tests: [0-9]*' "$report" | tail -1 | grep -o '[0-9]*$' || true)"
echo "Summary: pytest exit status ${status}, ${skipped:-?} skipped${CI:+ (CI: none allowed)}"
exit "$status"
