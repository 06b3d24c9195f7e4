#!/usr/bin/env bash
# Make sure Debian's nginx is installed for the deployment test, which runs it as
# a foreground process of its own on loopback ports (the system service is
# neither started nor needed), and openssl, which makes the test's certificate.
set -euo pipefail

have() {
    { command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; } &&
        command -v openssl >/dev/null 2>&1
}
have && exit 0

if [ "$(id -u)" != 0 ]; then
    echo "The deployment test needs nginx and openssl: install Debian's nginx and" \
         "openssl packages." >&2
    exit 1
fi
echo "Installing nginx and openssl (Debian packages) for the deployment test..."
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
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx openssl >/dev/null
have || { echo "nginx or openssl did not install" >&2; exit 1; }
