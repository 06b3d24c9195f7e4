"""A Borough server in a child process on a free local port, for the server benchmarks.

Each benchmark plays every seat from one client address, so it passes the
settings that lift the per-address limits it would otherwise run into.
"""

from __future__ import annotations

import os
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db: str, settings: dict[str, str], wait: float = 30.0,
                 python: list[str] | None = None, cwd: str | None = None
                 ) -> tuple[subprocess.Popen, str]:
    """`borough serve` on database URL `db` with BOROUGH_* `settings`; its base URL once
    /healthz answers (the process is killed and the benchmark stops otherwise).
    `python` replaces the interpreter's command (to run it under a profiler);
    `cwd`, a checkout whose `borough` package is served instead of this one."""
    port = free_port()
    env = {**os.environ, "BOROUGH_DATABASE_URL": db, **settings}
    if cwd is not None:
        env["PYTHONPATH"] = cwd
    proc = subprocess.Popen([*(python or [sys.executable]), "-m", "borough", "serve",
                             "--port", str(port)], env=env, cwd=cwd,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def rss_mb(pid: int) -> float:
    """A process's resident memory in MB, from /proc."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


@contextmanager
def scratch_postgres(admin: str, prefix: str) -> Iterator[str]:
    """A new database named `prefix`_<random> on the PostgreSQL server that
    `admin` (postgresql+psycopg://USER:PASS@HOST/DB) names; its URL, and the
    database dropped afterwards."""
    import psycopg  # only PostgreSQL runs need it

    if not admin.startswith("postgresql"):
        raise SystemExit("PostgreSQL runs need --db postgresql+psycopg://USER:PASS@HOST/DB")
    name = f"{prefix}_{secrets.token_hex(4)}"
    plain = "postgresql://" + admin.split("://", 1)[1]
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"{admin.rsplit('/', 1)[0]}/{name}"
    finally:
        with psycopg.connect(plain, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
