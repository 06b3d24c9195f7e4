"""A real Borough server process on a real database, for the server tests.

Every test here runs twice: on SQLite (the embedded default) and on
PostgreSQL (the server `.ci/run` installs and starts). The PostgreSQL URL can
be set with BOROUGH_TEST_POSTGRES_URL.
"""

from __future__ import annotations

import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

import httpx
import psycopg
import pytest

POSTGRES = os.environ.get(
    "BOROUGH_TEST_POSTGRES_URL",
    "postgresql+psycopg://postgres:borough@127.0.0.1:5432/postgres",
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# Test clients play far faster than people: the rate limits are lifted unless a
# test sets its own (through the same environment variables a deployment uses);
# failed log-ins per account keep theirs, and passwords are hashed at a lower
# cost (Argon2id still).
TEST_SETTINGS = {"BOROUGH_BOT_PAUSE": "0", "BOROUGH_ACT_RATE": "100000",
                 "BOROUGH_ACT_BURST": "100000", "BOROUGH_CREATE_RATE": "100000",
                 "BOROUGH_CREATE_BURST": "100000", "BOROUGH_READ_RATE": "100000",
                 "BOROUGH_READ_BURST": "100000", "BOROUGH_SIGNUP_RATE": "100000",
                 "BOROUGH_SIGNUP_BURST": "100000", "BOROUGH_LOGIN_RATE": "100000",
                 "BOROUGH_LOGIN_BURST": "100000", "BOROUGH_PASSWORD_MEMORY_KIB": "8192",
                 "BOROUGH_PASSWORD_PASSES": "1"}


class Stoppable:
    """A started server process: stopped in the ordinary way, or killed as a crash would be."""

    process: subprocess.Popen | None

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush, as a crash would."""
        if self.process and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        """SIGTERM, and SIGKILL if it has not ended within 10 s."""
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


@dataclass
class Server(Stoppable):
    url: str
    database_url: str
    process: subprocess.Popen | None = None
    port: int = 0
    settings: dict[str, str] = field(default_factory=dict)  # BOROUGH_* overrides
    module: str = "borough"  # what `python -m` runs (a test's may register a game first)

    def start(self) -> Server:
        self.port = self.port or free_port()
        env = {**os.environ, "BOROUGH_DATABASE_URL": self.database_url, **TEST_SETTINGS,
               **self.settings}
        self.process = subprocess.Popen(
            [sys.executable, "-m", self.module, "serve", "--port", str(self.port)],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )
        self.url = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 90  # a busy shared machine starts it slowly
        with httpx.Client(timeout=5) as http:  # httpx.get() costs ~20 ms of CPU a call
            while time.monotonic() < deadline:
                if self.process.poll() is not None:
                    raise RuntimeError(self.process.stderr.read().decode())
                try:
                    if http.get(f"{self.url}/healthz").status_code == 200:
                        return self
                except httpx.HTTPError:
                    time.sleep(0.1)
        self.kill()  # leave no server behind
        raise RuntimeError("the server did not start")


POSTGRES_PARAM = pytest.param("postgresql", marks=pytest.mark.postgres)
"""The PostgreSQL half of a database fixture: its tests carry the `postgres` marker."""


def _postgres_database() -> Iterator[str]:
    name = f"borough_test_{secrets.token_hex(4)}"
    admin = POSTGRES.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    base = POSTGRES.rsplit("/", 1)[0]
    try:
        yield f"{base}/{name}"
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _database(kind: str, folder) -> Iterator[str]:
    if kind == "sqlite":
        yield f"sqlite:///{folder / 'borough.db'}"
    else:
        yield from _postgres_database()


@pytest.fixture(params=["sqlite", POSTGRES_PARAM])
def database_url(request, tmp_path) -> Iterator[str]:
    """A fresh, empty database of each kind."""
    yield from _database(request.param, tmp_path)


@pytest.fixture(scope="module", params=["sqlite", POSTGRES_PARAM])
def server(request, tmp_path_factory) -> Iterator[Server]:
    """One server per database kind, shared by a module's tests (each opens its own games)."""
    for url in _database(request.param, tmp_path_factory.mktemp("db")):
        srv = Server("", url).start()
        try:
            yield srv
        finally:
            srv.stop()
