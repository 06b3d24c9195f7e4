#!/usr/bin/env bash
# `make lint` checks the browser table's JavaScript with Node.js and Prettier
# (from npm): install Debian's nodejs and npm if missing.
set -euo pipefail
command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 && exit 0
if [ "$(id -u)" != 0 ]; then
    echo "The JavaScript checks need Node.js 18+ and npm: install Debian's nodejs and npm." >&2
    exit 1
fi
echo "Installing Node.js and npm (Debian packages) for the JavaScript checks..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null
