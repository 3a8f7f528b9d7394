#!/usr/bin/env bash
# Build the phone-alone site for GitHub Pages into site/ at the repository's
# root, the app already installed (`pip install .`). GitHub serves a
# repository's site under its name, https://OWNER.github.io/NAME/, so that is
# the base URL; a repository named OWNER.github.io is its owner's own site,
# served at the root.
# .github/workflows/pages.yml runs this; tests/test_pages_workflow.py runs it the
# same way, with a made-up repository.
set -euo pipefail
cd "$(dirname "$0")/.."
repository="${GITHUB_REPOSITORY:?set GITHUB_REPOSITORY to OWNER/NAME, as GitHub Actions does}"
owner="${repository%%/*}"
name="${repository#*/}"
base_url="/${name}/"
if [ "${name,,}" = "${owner,,}.github.io" ]; then
    base_url="/"
fi
companion publish site --base-url "$base_url"
