"""Socket caps counted across the server processes sharing a PostgreSQL database.

rooms.py caps what one process holds (a seat's sockets, the spectators of a
game, the process's total). Per client address and per game's spectators the
caps hold across processes as well: each live socket is a row of
`live_sockets` naming its process, and a new one is counted against the rows
of processes whose heartbeat in `socket_processes` is fresh, under advisory
locks on the address (and the game, for a spectator) so that two processes
admitting at once cannot both take the last place. A process renews its
heartbeat every third of `lease` seconds; one that dies stops, and its
sockets stop counting `lease` seconds later. A socket costs one transaction
as it opens and one statement as it closes, none while it lives.
"""

from __future__ import annotations

import asyncio
import logging
import secrets

import psycopg

from borough.server.quotas import NOW, Counts
from borough.server.refusal import RoomError

log = logging.getLogger("borough.server")
ADDRESS_LOCK = "SELECT pg_advisory_xact_lock(hashtextextended('socket address ' || %s, 0))"
GAME_LOCK = "SELECT pg_advisory_xact_lock(hashtextextended('socket game ' || %s, 0))"
LIVE = ("SELECT count(*) FROM live_sockets s JOIN socket_processes p ON p.process = s.process "
        f"WHERE p.heartbeat > {NOW} - %(lease)s AND ")
BEAT = (f"INSERT INTO socket_processes (process, heartbeat) VALUES (%s, {NOW}) "
        f"ON CONFLICT (process) DO UPDATE SET heartbeat = EXCLUDED.heartbeat")
# Rows of processes silent for ten leases: long dead, counted by nobody.
GONE = f"SELECT process FROM socket_processes WHERE heartbeat < {NOW} - 10 * %s"


class SocketCaps:
    def __init__(self, counts: Counts, process: str, per_address: int,
                 spectators_per_game: int, lease: float) -> None:
        self.counts = counts
        self.process = process
        self.per_address = per_address
        self.spectators_per_game = spectators_per_game
        self.lease = lease

    def admit(self, address: str, game_id: str, spectator: bool) -> str:
        """A new socket's row (its id), or a RoomError when a cap is reached."""

        def work(conn: psycopg.Connection) -> str:
            conn.execute(ADDRESS_LOCK, (address,))
            held = conn.execute(LIVE + "s.address = %(address)s",
                                {"lease": self.lease, "address": address}).fetchone()
            if held and held[0] >= self.per_address:
                raise RoomError(429, f"{address} holds as many live connections as one "
                                     "address may", retry_after=30)
            if spectator:
                conn.execute(GAME_LOCK, (game_id,))
                watching = conn.execute(
                    LIVE + "s.game_id = %(game)s AND s.spectator",
                    {"lease": self.lease, "game": game_id}).fetchone()
                if watching and watching[0] >= self.spectators_per_game:
                    raise RoomError(429, "this game has as many spectators as it takes",
                                    retry_after=30)
            socket_id = secrets.token_hex(16)
            conn.execute("INSERT INTO live_sockets (id, process, address, game_id, spectator) "
                         "VALUES (%s, %s, %s, %s, %s)",
                         (socket_id, self.process, address, game_id, spectator))
            return socket_id

        return self.counts.within(work)

    def leave(self, socket_id: str) -> None:
        self.counts.run("DELETE FROM live_sockets WHERE id = %s", (socket_id,))

    def beat(self) -> None:
        """This process is alive; the rows of processes long dead go."""
        self.counts.run(BEAT, (self.process,))

        def tidy(conn: psycopg.Connection) -> None:
            gone = [row[0] for row in conn.execute(GONE, (self.lease,)).fetchall()]
            if gone:
                conn.execute("DELETE FROM live_sockets WHERE process = ANY(%s)", (gone,))
                conn.execute("DELETE FROM socket_processes WHERE process = ANY(%s)", (gone,))

        self.counts.within(tidy)

    def close(self) -> None:
        """This process stops: its sockets count no more, at once."""
        self.counts.run("DELETE FROM live_sockets WHERE process = %s", (self.process,))
        self.counts.run("DELETE FROM socket_processes WHERE process = %s", (self.process,))

    async def keep(self) -> None:
        while True:
            await asyncio.sleep(self.lease / 3)
            try:
                await asyncio.to_thread(self.beat)
            except Exception:  # the database is away: its sockets count again once back
                log.exception("renewing this process's sockets failed")
