#!/usr/bin/env bash
# Make sure a PostgreSQL server answers on 127.0.0.1:5432 for the server tests:
# start the local cluster, or install Debian's postgresql package first.
set -euo pipefail

ready() { pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; }
ready && exit 0

if ! command -v pg_ctlcluster >/dev/null 2>&1; then
    if [ "$(id -u)" != 0 ]; then
        echo "The server tests need PostgreSQL on 127.0.0.1:5432: install Debian's" \
             "postgresql package, or set BOROUGH_TEST_POSTGRES_URL." >&2
        exit 1
    fi
    echo "Installing PostgreSQL (Debian package) for the server tests..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    fresh=1
fi
version=$(ls /etc/postgresql | sort -V | tail -n 1)
pg_ctlcluster --skip-systemctl-redirect "$version" main start 2>/dev/null || true
for _ in $(seq 30); do ready && break; sleep 1; done
ready || { echo "PostgreSQL did not start" >&2; exit 1; }
if [ "${fresh:-0}" = 1 ]; then
    # A new cluster asks for a password on TCP; give the superuser the test one.
    su postgres -c "psql -q -c \"ALTER USER postgres PASSWORD 'borough'\""
fi
