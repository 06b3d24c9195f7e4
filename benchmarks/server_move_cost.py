"""CPU of a move inside the server's rooms, without HTTP: the rules, the views, the store.

Plays --games games of --game from fixed seeds through `Rooms` on a fresh
SQLite file (or, with --db, a fresh database on that PostgreSQL server), a
socket on every seat (so every seat's view is written, as in a served game),
each move a random legal one, and prints the process's CPU per move split into
working it out (rules and views), storing it, and installing and pushing it.
The same move sequence on any code, so two checkouts compare. The store's part
counts every thread of the process (PostgreSQL stores in a worker thread),
not the database server's own CPU.

    python benchmarks/server_move_cost.py [--game architectura] [--players 2] [--games 20]
        [--db postgresql+psycopg://USER:PASS@HOST/DB]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager

# Every socket here is opened from one address.
os.environ.setdefault("BOROUGH_SOCKETS_PER_ADDRESS", "100000")

from local_server import scratch_postgres

from borough.server.bots import BotScheduler
from borough.server.rooms import Rooms
from borough.server.settings import Settings
from borough.server.store import Store


@contextmanager
def database(admin: str | None) -> Iterator[str]:
    """A fresh SQLite file, or a fresh database on the PostgreSQL server `admin`
    names; gone afterwards."""
    if not admin:
        with tempfile.TemporaryDirectory() as folder:
            yield f"sqlite:///{folder}/moves.db"
        return
    with scratch_postgres(admin, "borough_cost") as url:
        yield url


async def play(game: str, players: int, games: int, moves: int, db: str | None) -> None:
    with database(db) as url:
        store = Store(url, "bench", 30)
        store.migrate()
        rooms = Rooms(store, BotScheduler(1), Settings.from_env())
        rng = random.Random(1)
        work = stored = shown = 0.0
        n = 0
        for g in range(games):
            room, _ = await rooms.create({"game": game, "players": players, "seed": g,
                                          "seats": [{"kind": "human"}] * players})
            subs = [rooms.subscribe(room, s) for s in range(players)]
            for _ in range(moves):
                if room.game.is_over(room.state):
                    break
                seat = room.game.to_act(room.state)[0]
                action = tuple(rng.choice(room.shown[seat].body["legal_actions"])["action"])
                t0 = time.process_time()
                step = rooms._move(room, seat, action)
                t1 = time.process_time()
                await rooms._store(room, step)
                t2 = time.process_time()
                rooms._install(room, step)
                rooms.view_text(room, seat)  # the mover's answer
                t3 = time.process_time()
                for sub in subs:
                    while not sub.queue.empty():
                        sub.queue.get_nowait()
                work, stored, shown, n = work + t1 - t0, stored + t2 - t1, shown + t3 - t2, n + 1
        store.dispose()
    ms = 1000 / max(n, 1)
    kind = "PostgreSQL" if db else "SQLite"
    print(f"{game}, {players} players, {kind}, {n} moves: CPU per move "
          f"{(work + stored + shown) * ms:.3f} ms (rules and views {work * ms:.3f}, "
          f"store {stored * ms:.3f}, install and push "
          f"{shown * ms:.3f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="architectura")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--moves", type=int, default=60, help="at most, per game")
    parser.add_argument("--db", default=None,
                        help="a PostgreSQL server's URL (postgresql+psycopg://...): the moves "
                             "are stored in a fresh database there (default: a temp SQLite file)")
    args = parser.parse_args()
    asyncio.run(play(args.game, args.players, args.games, args.moves, args.db))


if __name__ == "__main__":
    main()
