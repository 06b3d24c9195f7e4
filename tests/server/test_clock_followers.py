"""A table's clock followers (turn e-mails) hear each change in the game's order,
with the people to move as that change left them: a follower that runs after the
game has moved on must not take the later state for the change's."""

from __future__ import annotations

import asyncio
import random

from borough.core.record import state_after
from borough.server.clocks import Clocks
from borough.server.settings import Settings
from tests.server.client import run_async
from tests.server.test_rooms import humans, rooms_on


def test_followers_hear_each_change_in_order_with_the_people_it_left_to_move(tmp_path):
    url = f"sqlite:///{tmp_path / 'borough.db'}"
    heard: list[tuple[int, list[int]]] = []

    async def scenario() -> None:
        rooms = rooms_on(url)
        clocks = Clocks(rooms, Settings(database_url=url))
        rooms.watchers.append(clocks.watch)
        room, _ = await rooms.create({"game": "architectura", "players": 2, "seed": 4,
                                      "seats": humans(2)})
        clocks.known[room.id] = ("turns", 3600, "random")  # a turn-based table

        async def slow_follower(room, entry, pace, people) -> None:
            # the first change's follower is the slowest: later ones must wait for it
            await asyncio.sleep(0.05 if entry.number == 1 else 0)
            heard.append((entry.number, people))

        clocks.followers.append(slow_follower)
        rng = random.Random(4)
        for _ in range(8):  # moves made faster than the followers run
            seat = room.game.to_act(room.state)[0]
            action = rng.choice(room.game.legal_actions(room.state, seat))
            room = await rooms.act(room, seat, room.shown[seat].version, action)
        while clocks.tasks:
            await asyncio.wait(set(clocks.tasks))
        game, record = room.game, room.record
        expected = []
        for k in range(1, len(record.moves) + 1):
            state, _ = state_after(game, record, k)
            expected.append(list(game.to_act(state)))
        assert [people for _, people in heard] == expected
        assert [number for number, _ in heard] == sorted(number for number, _ in heard)

    run_async(scenario())
