"""Server settings, from arguments or the environment (BOROUGH_<NAME in capitals>).

Every limit a public server needs has a default meant for one modest machine
serving people who play by hand; tests and benchmarks set their own through
the same environment variables.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, fields
from typing import Any

DEFAULT_DATABASE = "sqlite:///borough.db"


def cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


@dataclass(frozen=True)
class Settings:
    database_url: str = DEFAULT_DATABASE
    max_body_bytes: int = 64 * 1024  # no legal request comes near this
    body_timeout: float = 10.0  # seconds a client may take to send a whole request body
    max_header_bytes: int = 32 * 1024  # a request line and headers beyond this: 431
    # Seconds a client may take to send a request line and headers (from opening the
    # connection, or from the previous response), else 408 and closed; 0: no limit.
    header_timeout: float = 10.0
    # A seat's move over its socket is at most ~4 KB even with every character escaped
    # (socket_moves.py); a bigger message closes the socket (1009) before it is read.
    max_socket_message: int = 4096
    bot_workers: int = 0  # processes thinking for bots; 0: one per core
    bot_pause: float = 0.5  # seconds a bot waits before moving, so people can follow
    # PostgreSQL, several processes: a bot turn whose process stopped renewing it
    # (it died) is taken over by another after this many seconds.
    bot_lease: float = 5.0
    # PostgreSQL, several processes: where the other processes reach this one to
    # forward the requests of the games it owns (owners.py), e.g.
    # http://10.0.0.5:8001. `serve` sets it from --host and --port; empty: this
    # process owns no games and serves any it is asked about, replaying the
    # changes others store.
    internal_url: str = ""
    # Per client address: a bucket of `burst` requests refilled at `rate` per second.
    create_rate: float = 0.2  # new games: one every 5 s on average
    create_burst: int = 10
    act_rate: float = 10.0  # actions, undos and seat hand-overs
    act_burst: int = 40
    # Several processes on PostgreSQL count every limit together (quotas.py); a
    # process takes this many actions from a client's shared count at a time, so
    # most moves cost no extra round trip (1: count each in the database).
    act_batch: int = 5
    # Reads that cost (the lobby, a record, a replay frame): per address as above.
    read_rate: float = 4.0
    read_burst: int = 30
    replay_frames: int = 256  # replay frames of finished games kept ready
    # Per seat, counted across processes, in seconds of the suggestion worker's
    # CPU (asking again about the same decision is free): `hint_burst` at once,
    # coming back at `hint_rate` a second. A whole game's suggestions cost less
    # than the burst even asked at every decision without a pause (Small City's,
    # the dearest, about 100 x 0.2-0.7 s), so a learner is never refused; a
    # client keeping the worker busy without end gets a quarter of its time.
    hint_rate: float = 0.25
    hint_burst: float = 120.0
    # Chat, per seat of a game: `chat_burst` changes (messages and
    # turns of the spectators switch) at once, then `chat_rate` a second; and at most
    # `chat_messages` messages in one game.
    chat_rate: float = 0.5
    chat_burst: int = 6
    chat_messages: int = 2000
    # Live sockets. A seat's own always get in: a seat opening one more than its
    # share closes its oldest. Spectators have a smaller share of each game and
    # of the server, so strangers cannot lock players out, and any one address
    # holds at most `sockets_per_address` of them.
    sockets_per_seat: int = 4
    spectators_per_game: int = 16
    sockets_total: int = 4000
    spectator_share: float = 0.5  # of sockets_total
    sockets_per_address: int = 64
    room_idle_seconds: float = 600.0  # an untouched game without sockets leaves memory
    room_over_seconds: float = 60.0  # a finished game without sockets leaves memory sooner
    sweep_seconds: float = 15.0  # how often rooms are checked for leaving
    # The proxies (load balancers) in front of this server, as addresses or networks
    # separated by commas ("*": every peer, only where nothing else can reach the
    # port). From these alone X-Forwarded-For and X-Forwarded-Proto are believed:
    # the client is the right-most address in X-Forwarded-For that is not itself
    # one of them. Any other peer is the client, whatever headers it sends.
    trusted_proxies: str = "127.0.0.1"
    # Accounts are optional: a guest plays with a seat's link alone.
    # Session cookies are HttpOnly and SameSite=Lax. "auto" marks them Secure unless
    # the request came over plain http to this machine itself (localhost
    # development); behind https (a proxy saying so in X-Forwarded-Proto, see
    # trusted_proxies) or from any other host they are Secure. "on": always;
    # "off": never (plain http across a network, where anyone on the way reads them).
    cookie_secure: str = "auto"
    session_days: float = 30.0  # a log-in lasts this long on its device
    password_min_length: int = 10  # characters; common passwords are refused at any length
    # Log-ins: every attempt counts per address; failed ones also per account name
    # (known or not), five at once, then one a minute.
    login_rate: float = 0.2
    login_burst: int = 20
    login_failure_rate: float = 1 / 60
    login_failure_burst: int = 5
    signup_rate: float = 1 / 60  # new accounts per address: five at once, then one a minute
    signup_burst: int = 5
    password_hashes: int = 2  # Argon2id hashes computed at once (64 MiB of memory each)
    password_memory_kib: int = 65536  # Argon2id's memory per hash (RFC 9106: 64 MiB)
    password_passes: int = 3  # Argon2id's passes over that memory
    # Ratings: a game with accounts in which the person to move has not moved for this
    # long (turn-based or live) is settled as it stands, the seats to move losing.
    abandon_seconds: float = 14 * 86400.0
    # Open tables: a seat out of time is handed to the table's bot. Deadlines are
    # looked for every `clock_sweep_seconds`; `clock_scale` multiplies every table's
    # time per move (tests set it small; 1 on a real server).
    clock_sweep_seconds: float = 15.0
    clock_scale: float = 1.0
    # Turn e-mails (turn-based open tables), through this SMTP server; none is sent while
    # `smtp_host` or `smtp_from` is empty. `smtp_starttls`: "on" upgrades the connection
    # with STARTTLS before sending. Links in messages start with `public_url`, the
    # address people reach this server at (e.g. https://borough.example.org).
    smtp_host: str = ""
    smtp_port: int = 25
    smtp_from: str = ""
    smtp_starttls: str = "off"
    smtp_timeout: float = 10.0  # seconds per message
    public_url: str = "http://localhost:8000"
    email_token_hours: float = 24.0  # a verification link lasts this long
    # Addresses given per account (each may send a verification message), counted
    # across processes: five at once, then one every ten minutes.
    verify_mail_rate: float = 1 / 600
    verify_mail_burst: int = 5
    docs_dir: str = ""  # the built documentation site served at /docs/; "": the checkout's site/

    @property
    def workers(self) -> int:
        return self.bot_workers or cores()

    @classmethod
    def from_env(cls, **overrides: object) -> Settings:
        values: dict[str, object] = {}
        for f in fields(cls):
            raw = os.environ.get(f"BOROUGH_{f.name.upper()}")
            if raw is not None:
                kind: Any = type(f.default)  # the field's own type, built from the string
                values[f.name] = raw if kind is str else kind(raw)
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)  # type: ignore[arg-type]

    def environment(self) -> dict[str, str]:
        """These settings as the environment variables `from_env` reads."""
        return {f"BOROUGH_{f.name.upper()}": str(getattr(self, f.name)) for f in fields(self)}
