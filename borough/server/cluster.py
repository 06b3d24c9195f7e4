"""What a server process does beside the others on one PostgreSQL database.

Each game is owned by one process (owners.py), and requests and sockets that
reach another are forwarded to it (forwarding.py), so a game is normally held
in memory by its owner alone. What follows keeps every process right when
that is not so: a process without an internal address, or one that lost a
game while it stalled, serves it from a copy that catches up from the store.

Pushes: each stored change is announced with NOTIFY (store_writes.py), in the same
transaction, so it is heard only once committed. Every process LISTENs on one
connection of its own, and a room it holds catches up from the store and
pushes the new views to its sockets. PostgreSQL's own LISTEN/NOTIFY needs no
other service on a fresh machine, keeps the announcement atomic with the
change, and its delay (well under a millisecond on one host) is small beside
a request's; a dropped connection is made good by every room looking at the
store once the connection is back.

Bot turns: the process that stores a change leaving a bot to move holds that
turn with a lease and renews it while it thinks; every process claims turns
nobody holds or whose lease ran out (its process died) with
`FOR UPDATE SKIP LOCKED`, so each goes to exactly one, leaving those of a game
another live process owns to that owner.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
from collections.abc import Callable

import psycopg

from borough.server.chat import CHANNEL as CHAT_CHANNEL
from borough.server.owners import Owners
from borough.server.rooms import Rooms
from borough.server.store_writes import CHANNEL

log = logging.getLogger("borough.server")


def process_name() -> str:
    """This process among all those sharing the database, in the bot queue."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


def plain_url(url: str) -> str:
    """The libpq form of an SQLAlchemy PostgreSQL URL."""
    scheme, _, rest = url.partition("://")
    return f"postgresql://{rest}" if scheme.startswith("postgresql") else url


async def listen(rooms: Rooms, url: str, ready: asyncio.Event,
                 chat: Callable[[str, int], None] | None = None) -> None:
    """Hear every change any process stores, for as long as the server runs (and,
    given `chat`, every chat message and change of its readers)."""
    first = True
    own = rooms.store.owner

    def hear(channel: str, payload: str) -> None:
        game_id, number, sender = payload.split(":", 2)
        if sender == own:  # this process's own changes are in its rooms already
            return
        if channel == CHANNEL:
            rooms.heard(game_id, int(number))
        elif chat is not None:
            chat(game_id, int(number))

    while True:
        try:
            conn = await psycopg.AsyncConnection.connect(plain_url(url), autocommit=True)
            async with conn:
                # Those that come with the answers to LISTEN (none is awaited then).
                conn.add_notify_handler(lambda note: hear(note.channel, note.payload))
                await conn.execute(f"LISTEN {CHANNEL}")
                if chat is not None:
                    await conn.execute(f"LISTEN {CHAT_CHANNEL}")
                if not first:
                    rooms.heard_everything()  # what was said while nobody listened
                first = False
                ready.set()
                await _notes(conn, hear)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("listening for changes failed; connecting again")
            await asyncio.sleep(1.0)


async def _notes(conn: psycopg.AsyncConnection, hear: Callable[[str, str], None]) -> None:
    """Hand each notification the connection receives to `hear` (channel, payload),
    from a reader the loop calls when the socket has data, until the connection
    fails (raised here). Every change any process stores is one, this
    process's own among them: psycopg's `notifies()` set up and took down a
    wait on the socket (a future, a reader, a timer) for each, about as much
    CPU as a change's insert."""
    loop = asyncio.get_running_loop()
    pgconn = conn.pgconn
    failed: asyncio.Future[None] = loop.create_future()

    def readable() -> None:
        try:
            pgconn.consume_input()
            while (note := pgconn.notifies()) is not None:
                hear(note.relname.decode(), note.extra.decode())
        except Exception as exc:  # the connection is gone (or `hear` failed)
            loop.remove_reader(fd)
            if not failed.done():
                failed.set_exception(exc)

    fd = pgconn.socket
    loop.add_reader(fd, readable)
    readable()  # any read with the last answer and not yet handed over
    try:
        await failed
    finally:
        loop.remove_reader(fd)


async def keep_bot_turns(rooms: Rooms, lease: float, owners: Owners | None = None) -> None:
    """Renew the leases of the bot turns this process thinks for, and claim the
    turns nobody holds, three times per lease. A claimed turn's game becomes
    this process's own (its owner died) unless another process owns it."""
    store = rooms.store
    while True:
        try:
            await asyncio.to_thread(store.renew_bot_turns, rooms.thinking())
            for game_id in await asyncio.to_thread(store.claim_bot_turns):
                if owners is not None and await owners.where(game_id) is not None:
                    continue  # claimed meanwhile by a live owner: it thinks, its lease done
                await rooms.take_bot_turn(game_id)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the bot queue failed; trying again")
        await asyncio.sleep(lease / 3)
