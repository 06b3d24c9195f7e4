#!/bin/sh
# The browser table's JavaScript: every file must parse (node --check, as the
# ES modules the pages load) and be formatted by Prettier (.prettierrc.json).
# `make lint` runs this after `npm ci` has put Prettier in node_modules/.
set -eu
cd "$(dirname "$0")/.."
for tool in node npx; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "check_js: '$tool' is missing; install Node.js 18 or later with npm" >&2
        exit 1
    fi
done
files=$(find borough/web/static -name '*.js' | sort)
for f in $files; do
    node --check "$f"
done
# shellcheck disable=SC2086 - the file names have no spaces
npx --no-install prettier --check $files
