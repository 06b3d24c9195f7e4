"""Where the memory of rooms that left goes, measured inside one process.

Plays --games live games of random moves at a time (Small City, Architectura,
Ekopolis, each replaced by a new one when it ends) through the server's own
steps (each move worked out, its views written, stored in SQLite) for --moves
moves, then lets every room go, collects garbage and trims the C heaps as the
server's sweeper does. Prints, at each stage, the process's RSS, glibc's heap
(in use and free), Python's small-object allocator (arenas of 1 MiB held, and
blocks in use), so what is kept after the rooms left can be told apart: objects
still alive, or arenas and heap pages that a few survivors keep.

    python benchmarks/server_rooms_memory.py [--games 200] [--moves 15000] [--warm]
"""

from __future__ import annotations

import argparse
import ctypes
import os
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import borough
from borough.core.record import Record
from borough.server import changes, memory, views
from borough.server.rooms import Room
from borough.server.store import Store
from borough.server.store_rows import Change

GAMES = ("smallcity", "architectura", "ekopolis")


class MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks",
        "fordblks", "keepcost")]


def rss_mb() -> float:
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) / 1024 for line in status
                    if line.startswith("VmRSS:"))


def arenas() -> str:
    """Python's arenas held now, from the allocator's own statistics (on stderr)."""
    read, write = os.pipe()
    saved = os.dup(2)
    os.dup2(write, 2)
    try:
        sys._debugmallocstats()
    finally:
        os.dup2(saved, 2)
        os.close(write)
    text = os.read(read, 1 << 20).decode()
    os.close(read)
    return next((line.split()[-1] for line in text.splitlines()
                 if "arenas allocated current" in line), "?")


def report(stage: str) -> None:
    libc = ctypes.CDLL("libc.so.6")
    libc.mallinfo2.restype = MallInfo2
    heap = libc.mallinfo2()
    print(f"{stage:<40} RSS {rss_mb():6.1f} MB | glibc heap in use "
          f"{heap.uordblks / 2**20:5.1f} MB, free {heap.fordblks / 2**20:5.1f} MB | "
          f"Python arenas {arenas():>4}, blocks {sys.getallocatedblocks():>8,}", flush=True)


def warm() -> None:
    """Build each game's lasting tables first (as a server could at start)."""
    for name in borough.games.names():
        game = borough.game(name)
        game.action_space  # noqa: B018 - built on first use
        for players in game.player_counts():
            options = game.resolve_options(players, {})
            state = game.setup(players, seed=0, options=options)
            room = Room("warm", game, Record.start(game, players, 0, options), state,
                        [{"kind": "human", "agent": None, "name": f"Player {k + 1}",
                          "token_hash": ""} for k in range(players)], False)
            for shown in views.next_views(room, state, []).values():
                shown.serialise()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="live games at a time")
    parser.add_argument("--moves", type=int, default=15_000)
    parser.add_argument("--warm", action="store_true", help="build the games' tables first")
    args = parser.parse_args()
    memory.cap_heaps()
    if args.warm:
        warm()
    store = Store(f"sqlite:///{tempfile.mkdtemp(prefix='borough-rooms-')}/rooms.db")
    store.migrate()
    rng = random.Random(1)
    live: dict[str, Room] = {}
    made = 0

    def new_game() -> None:
        nonlocal made
        name = rng.choice(GAMES)
        players = 3 if name == "ekopolis" else 2
        game = borough.game(name)
        options = game.resolve_options(players, {})
        state = game.setup(players, seed=made, options=options)
        seats = [{"kind": "bot", "agent": "random", "name": f"Player {k + 1}",
                  "token_hash": ""} for k in range(players)]
        room = Room(f"g{made}", game, Record.start(game, players, made, options), state,
                    seats, False)
        room.shown = views.next_views(room, state, [])
        store.create_game({"id": room.id, "game": name, "players": players, "seed": made,
                           "seed_chosen": False, "options": options, "seats": seats,
                           "status": "playing", "rules_version": game.rules_version,
                           "content": None})
        live[room.id] = room
        made += 1

    report("start" + (" (tables built)" if args.warm else ""))
    for _ in range(args.games):
        new_game()
    report(f"{args.games} new rooms")
    moves = 0
    while moves < args.moves:
        for room_id in list(live):
            room = live[room_id]
            game = room.game
            seat = game.to_act(room.state)[0]
            action = rng.choice(list(game.legal_actions(room.state, seat)))
            step = changes.move(room, seat, action, room.changes + 1)
            for audience in views.changed(room.shown, step.shown):
                step.shown[audience].serialise()
            over = game.is_over(step.state)
            store.append([Change(room.id, step.entry, "over" if over else "playing")])
            changes.install(room, step)
            room.shown = step.shown
            moves += 1
            if over:
                del live[room_id]
                new_game()
    report(f"after {moves:,} moves ({made} games)")
    live.clear()
    memory.give_back()
    report("every room gone, collected, trimmed")
    store.dispose()
    memory.give_back()
    report("database connections closed too")


if __name__ == "__main__":
    main()
