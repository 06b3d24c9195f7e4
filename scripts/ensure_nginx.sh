#!/usr/bin/env bash
# Make sure Debian's nginx is installed for the deployment test, which runs it as
# a foreground process of its own on a loopback port (the system service is
# neither started nor needed).
set -euo pipefail

have() { command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; }
have && exit 0

if [ "$(id -u)" != 0 ]; then
    echo "The deployment test needs nginx: install Debian's nginx package." >&2
    exit 1
fi
echo "Installing nginx (Debian package) for the deployment test..."
# The package starts the nginx service on port 80 as it installs; the test needs
# no service, and port 80 may be taken. policy-rc.d answering 101 tells
# invoke-rc.d not to start it (left alone if the machine already has one).
policy=/usr/sbin/policy-rc.d
if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy"
    chmod +x "$policy"
    trap 'rm -f "$policy"' EXIT
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null
have || { echo "nginx did not install" >&2; exit 1; }
