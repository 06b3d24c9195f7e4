"""Which server process serves each game, when several share one PostgreSQL database.

A game is served by one process at a time, its owner: the only process that
holds it in memory, applies its changes, thinks for its bots and pushes its
views. Requests and sockets for the game that reach another process are
forwarded to the owner (forwarding.py), so a second process adds capacity
instead of replaying every move the first one makes.

- **Processes.** Each process that can be forwarded to (it knows its internal
  address, `internal_url`) registers in `processes` with that address and
  renews `renewed` three times per lease (`bot_lease`). A process whose row is
  older than a lease is dead for the others, and so is one whose address a
  process registering later took (it was restarted there).
- **Ownership.** `game_owners` names each game's owner. A new game is owned by
  nobody until its first request or socket, whose process claims it (a front
  hashing the game id, deploy/nginx, makes that the process serving all of the
  game's traffic); only a game whose first move is a bot's stays with its
  creator, which thinks for it at once. Any process may claim a game nobody
  owns or whose owner is dead, in one statement that PostgreSQL serialises on
  the row (`INSERT ... ON CONFLICT DO UPDATE ... WHERE` the holder is dead). A process that lets a
  game leave memory, or stops in good order, gives it up at once; one that is
  killed loses its games a lease after its last renewal.
- **Fencing.** A process trusts its own ownership only while its last renewal
  is younger than most of a lease, and otherwise claims again before serving.
  Ownership only routes requests: the change log's unique (game, number) key
  still decides the order of changes (store.py), and a process that serves a
  game it no longer owns catches up from the store as every process did
  before owners existed, so a stalled process can never make a game diverge.
- **Trust.** Forwarded requests carry the client's address and a key kept in
  the database (`cluster_keys`), which only processes sharing it can know; a
  request carrying a wrong key is treated as any client's.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
import time
from dataclasses import dataclass
from typing import Literal

from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from borough.server.store import Store

log = logging.getLogger("borough.server")
OTHERS_KEPT = 30.0  # seconds another process is taken as owner without asking again
SURE = 0.8  # of a lease: how long after a renewal began this process trusts it


@dataclass(frozen=True)
class Peer:
    """Another server process, and where it takes forwarded requests."""

    name: str
    url: str


class Owners:
    def __init__(self, store: Store, url: str, lease: float) -> None:
        self.store = store
        self.name = store.owner
        self.url = url.rstrip("/")
        self.lease = lease
        self.key = ""  # the cluster's forwarding key, read at start
        self.sure_until = 0.0  # monotonic time until which this process is surely alive
        self.known: dict[str, tuple[Peer | None, float]] = {}  # game: (owner, when asked)

    # ------------------------------------------------------------ the database
    def register(self) -> None:
        """Say this process is alive and where it takes requests; read the key."""
        began = time.monotonic()
        with self.store.engine.begin() as conn:
            # A process listening at this address now is the only one there: an
            # earlier one with the address (killed, and restarted here within its
            # lease) is dead, and its games are free to claim, not to forward to.
            conn.execute(text("DELETE FROM processes WHERE url = :url AND name <> :me"),
                         {"me": self.name, "url": self.url})
            conn.execute(text(
                "INSERT INTO processes (name, url, renewed) VALUES (:me, :url, now()) "
                "ON CONFLICT (name) DO UPDATE SET url = excluded.url, renewed = now()"),
                {"me": self.name, "url": self.url})
            conn.execute(text(
                "INSERT INTO cluster_keys (name, value) VALUES ('forwarding', :key) "
                "ON CONFLICT (name) DO NOTHING"), {"key": secrets.token_hex(32)})
            self.key = conn.execute(text(
                "SELECT value FROM cluster_keys WHERE name = 'forwarding'")).scalar_one()
        self.sure_until = began + self.lease * SURE

    def renew(self) -> None:
        began = time.monotonic()
        with self.store.engine.begin() as conn:
            conn.execute(text("UPDATE processes SET renewed = now() WHERE name = :me"),
                         {"me": self.name})
        self.sure_until = began + self.lease * SURE

    def _claim(self, game_id: str) -> Peer | Literal[False] | None:
        """Own the game if nobody does or its owner is dead; else who owns it.
        None: this process; False: there is no such game (the route says so)."""
        for _ in range(3):
            try:
                with self.store.engine.begin() as conn:
                    row = conn.execute(text(
                        "WITH claimed AS ("
                        " INSERT INTO game_owners (game_id, owner) VALUES (:g, :me)"
                        " ON CONFLICT (game_id) DO UPDATE SET owner = excluded.owner"
                        " WHERE game_owners.owner = excluded.owner OR NOT EXISTS ("
                        "  SELECT 1 FROM processes p WHERE p.name = game_owners.owner"
                        "  AND p.renewed > now() - make_interval(secs => :lease))"
                        " RETURNING owner) "
                        "SELECT owner, NULL FROM claimed UNION ALL "
                        "SELECT o.owner, p.url FROM game_owners o JOIN processes p "
                        "ON p.name = o.owner WHERE o.game_id = :g "
                        "AND NOT EXISTS (SELECT 1 FROM claimed)"),
                        {"g": game_id, "me": self.name, "lease": self.lease}).first()
            except IntegrityError:  # no such game
                return False
            if row is None:  # claimed meanwhile by a transaction this one could not see
                continue
            owner, url = row
            return None if owner == self.name else Peer(owner, url)
        return None  # served here: the change log keeps the order whoever serves

    def release(self, game_ids: list[str]) -> None:
        """Give up games that left memory: the next request's process claims them."""
        for game_id in game_ids:
            self.known.pop(game_id, None)
        if not game_ids:
            return
        with self.store.engine.begin() as conn:
            conn.execute(text("DELETE FROM game_owners WHERE owner = :me "
                              "AND game_id = ANY(:ids)"), {"me": self.name, "ids": game_ids})

    def leave(self) -> None:
        """Stopping in good order: every game this process owns is free at once."""
        with self.store.engine.begin() as conn:
            conn.execute(text("DELETE FROM game_owners WHERE owner = :me"), {"me": self.name})
            conn.execute(text("DELETE FROM processes WHERE name = :me"), {"me": self.name})

    # --------------------------------------------------------------- routing
    async def where(self, game_id: str) -> Peer | None:
        """The process to serve `game_id`: None for this one (claiming it if free)."""
        now = time.monotonic()
        known = self.known.get(game_id)
        if known is not None:
            peer, asked = known
            if peer is None and now < self.sure_until:
                return None
            if peer is not None and now - asked < OTHERS_KEPT:
                return peer
        claimed = await asyncio.to_thread(self._claim, game_id)
        if claimed is False:  # not kept: made-up names would fill memory
            return None
        self.known[game_id] = (claimed, time.monotonic())
        return claimed

    async def after_failure(self, game_id: str, failed: Peer) -> Peer | None:
        """`failed` did not answer: wait until its lease runs out (or another
        process owns the game) and answer who serves the game now. Raises
        TimeoutError if `failed` still holds it a lease and a half later."""
        deadline = time.monotonic() + self.lease * 1.5 + 1.0
        while True:
            self.known.pop(game_id, None)
            peer = await self.where(game_id)
            if peer != failed:
                return peer
            if time.monotonic() > deadline:
                raise TimeoutError(f"{failed.name} holds game {game_id} but does not answer")
            await asyncio.sleep(min(0.25, self.lease / 4))

    def trusted(self, presented: str) -> bool:
        return bool(self.key) and hmac.compare_digest(presented.encode(), self.key.encode())

    def mine(self) -> list[str]:
        return [game_id for game_id, (peer, _) in self.known.items() if peer is None]

    async def keep(self) -> None:
        """Renew this process's lease three times per lease, and forget old answers
        about other processes' games."""
        while True:
            await asyncio.sleep(self.lease / 3)
            try:
                await asyncio.to_thread(self.renew)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("renewing this process's lease failed; trying again")
            now = time.monotonic()
            for game_id, (peer, asked) in list(self.known.items()):
                if peer is not None and now - asked >= OTHERS_KEPT:
                    del self.known[game_id]
