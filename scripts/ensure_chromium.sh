#!/usr/bin/env bash
# The browser tests drive Debian's Chromium with Playwright: install it if missing.
set -euo pipefail
command -v chromium >/dev/null 2>&1 && exit 0
if [ "$(id -u)" != 0 ]; then
    echo "The browser tests need Chromium: install Debian's chromium package." >&2
    exit 1
fi
echo "Installing Chromium (Debian package) for the browser tests..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
