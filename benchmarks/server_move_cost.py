"""CPU of a move inside the server's rooms, without HTTP: the rules, the views, the store.

Plays --games games of --game from fixed seeds through `Rooms` on a fresh
SQLite file (or, with --db, a fresh database on that PostgreSQL server), a
socket on every seat (so every seat's view is written, as in a served game),
each move a random legal one, and prints the process's CPU per move split into
working it out (rules and views), storing it, and installing and pushing it.
The same move sequence on any code, so two checkouts compare. The store's part
counts every thread of the process (PostgreSQL stores in a worker thread),
not the database server's own CPU.

With --passes N the same moves are played N times, each on a fresh database,
and the least and the median of the passes are printed: on a machine shared
with other work one pass varies by 5-25%, while the least of five moved by a
few percent. With --server-gc the garbage collector is tuned as the server
tunes it (app.calm_garbage_collector: young collections every 50,000
objects, not 700), so its pauses are not spread over the moves as they are
at the default. With --uvloop the moves run on uvloop's event loop, as the
server runs them (the standard loop's readiness waits, which PostgreSQL's
store uses, cost several times uvloop's). With --round-robin every game is
opened first and each takes its next move in turn, so a game's data has left
the caches between its moves as in a served load (a move's rules and views
cost about half as much again as one game at a time).

    python benchmarks/server_move_cost.py [--game architectura] [--players 2] [--games 20]
        [--db postgresql+psycopg://USER:PASS@HOST/DB] [--passes 5] [--server-gc]
        [--uvloop] [--round-robin]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager

# Every socket here is opened from one address.
os.environ.setdefault("BOROUGH_SOCKETS_PER_ADDRESS", "100000")

from local_server import scratch_postgres

from borough.server.bots import BotScheduler
from borough.server.room import Room, Subscriber
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


async def play(game: str, players: int, games: int, moves: int, db: str | None,
               round_robin: bool = False, gap: float = 0.0) -> tuple[int, float, float, float]:
    """The moves played, and the CPU seconds of working them out, storing them and
    installing and pushing them. With `round_robin`, every game is opened first
    and each takes its next move in turn. With `gap`, the loop idles that many
    seconds before each move, as a server does between the moves it is sent."""
    with database(db) as url:
        store = Store(url, "bench", 30)
        store.migrate()
        rooms = Rooms(store, BotScheduler(1), Settings.from_env())
        rng = random.Random(1)
        work = stored = shown = 0.0
        n = 0

        async def opened(g: int) -> tuple[Room, list[Subscriber]]:
            room, _ = await rooms.create({"game": game, "players": players, "seed": g,
                                          "seats": [{"kind": "human"}] * players})
            return room, [rooms.subscribe(room, s) for s in range(players)]

        async def moved(room: Room, subs: list[Subscriber]) -> bool:
            """One random legal move of `room`, timed; False once the game is over."""
            nonlocal work, stored, shown, n
            if room.game.is_over(room.state):
                return False
            seat = room.game.to_act(room.state)[0]
            action = tuple(rng.choice(room.shown[seat].body["legal_actions"])["action"])
            if gap:
                await asyncio.sleep(gap)
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
            return True

        if round_robin:
            live = [await opened(g) for g in range(games)]
            for _ in range(moves):
                for room, subs in live:
                    await moved(room, subs)
        else:
            for g in range(games):
                room, subs = await opened(g)
                for _ in range(moves):
                    if not await moved(room, subs):
                        break
        store.dispose()
    return n, work, stored, shown


def line(n: int, work: float, stored: float, shown: float) -> str:
    ms = 1000 / max(n, 1)
    return (f"CPU per move {(work + stored + shown) * ms:.3f} ms (rules and views "
            f"{work * ms:.3f}, store {stored * ms:.3f}, install and push {shown * ms:.3f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="architectura")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--moves", type=int, default=60, help="at most, per game")
    parser.add_argument("--db", default=None,
                        help="a PostgreSQL server's URL (postgresql+psycopg://...): the moves "
                             "are stored in a fresh database there (default: a temp SQLite file)")
    parser.add_argument("--passes", type=int, default=1,
                        help="play the same moves this many times, each on a fresh database, "
                             "and print the least and the median")
    parser.add_argument("--server-gc", action="store_true",
                        help="tune the garbage collector as the server does")
    parser.add_argument("--uvloop", action="store_true",
                        help="run on uvloop's event loop, as the server does")
    parser.add_argument("--round-robin", action="store_true",
                        help="open every game first and move each in turn")
    parser.add_argument("--gap", type=float, default=0.0,
                        help="seconds the loop idles before each move (the server idles "
                             "about 5 ms between the moves of 200 games at one a second)")
    args = parser.parse_args()
    if args.gap < 0:
        parser.error(f"--gap must be 0 or more seconds, not {args.gap}")
    if args.server_gc:
        from borough.server.app import calm_garbage_collector

        calm_garbage_collector()
    run = asyncio.run
    if args.uvloop:
        import uvloop

        run = uvloop.run
    runs = [run(play(args.game, args.players, args.games, args.moves, args.db,
                     args.round_robin, args.gap))
            for _ in range(args.passes)]
    n = runs[0][0]
    kind = "PostgreSQL" if args.db else "SQLite"
    head = f"{args.game}, {args.players} players, {kind}, {n} moves"
    if args.gap:
        head += f", {args.gap * 1000:g} ms idle before each"
    if args.passes == 1:
        print(f"{head}: {line(*runs[0])}")
        return
    least = [min(run[i] for run in runs) for i in range(1, 4)]
    middle = [statistics.median(run[i] for run in runs) for i in range(1, 4)]
    print(f"{head}, {args.passes} passes{', GC as the server' if args.server_gc else ''}:")
    print(f"  least (each part's own least): {line(n, *least)}")
    print(f"  median (each part's own):      {line(n, *middle)}")


if __name__ == "__main__":
    main()
