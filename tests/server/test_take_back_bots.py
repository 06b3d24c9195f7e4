"""Take-back within a turn against bots, in every game: the person's moves go
back one at a time, each to the exact state and view it came from, while the
turn lasts; the move that ends the turn, and one that drew or uncovered
something, stand, and the view and the refusal say why. The stored change log
rebuilds the same game and views (SQLite and PostgreSQL)."""

from __future__ import annotations

import asyncio
import random

import pytest

import borough
from borough.server import changes, views
from borough.server.refusal import RoomError
from tests.server.client import run_async
from tests.server.test_rooms import rooms_on

PLAYERS = {"architectura": 2, "citycouncil": 2, "ekopolis": 3, "rondelcity": 2,
           "smallcity": 2}
OPTIONS = {"ekopolis": {"version": "full"}}
RUN = {"ekopolis": 1}  # the moves taken back in one go, at least (an Ekopolis turn is short)
SEED = {"architectura": 1}  # a game whose draws within a turn come soon
TURNS = 60  # the person's turns at most; a game stops sooner once all is seen


async def bots_done(rooms, room) -> None:
    """Until no bot is to move (they play at once: no pause between their moves)."""
    for _ in range(3000):
        if not changes.bots_to_move(room, room.state, room.seats) and not room.thinking:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the bots never finished")


def shown(rooms, room) -> dict:
    view = dict(rooms.view(room, 0))
    view.pop("version")
    return view


@pytest.mark.parametrize("name", borough.games())
def test_take_back_within_a_turn_against_bots(name, database_url):
    game = borough.game(name)

    async def scenario() -> dict[str, int]:
        rooms = rooms_on(database_url)
        players = PLAYERS[name]
        room, _ = await rooms.create({
            "game": name, "players": players, "seed": SEED.get(name, 3),
            "options": OPTIONS.get(name, {}),
            "seats": [{"kind": "human"}, *[{"kind": "bot", "agent": "random"}] * (players - 1)],
        })
        rng = random.Random(3)
        seen = {"taken": 0, "longest": 0, "ended": 0, "revealed": 0, "next": 0}
        for _ in range(TURNS):
            await bots_done(rooms, room)
            done = seen["longest"] >= RUN.get(name, 2) and seen["ended"] and seen["revealed"]
            if game.is_over(room.state) or done:
                break
            if 0 not in game.to_act(room.state):
                continue
            if rooms.view(room, 0)["undo_refusal"] is not None:
                seen["next"] += 1  # nothing of this turn yet, or the bots moved since
            run: list[tuple[dict, dict]] = []  # what each undoable move of the run left
            taken = False
            while not game.is_over(room.state) and 0 in game.to_act(room.state):
                before = (game.to_json(room.state), shown(rooms, room))
                action = rng.choice(game.legal_actions(room.state, 0))
                await rooms.act(room, 0, room.shown[0].version, action)
                view = rooms.view(room, 0)
                if view["can_undo"]:
                    assert view["undo_refusal"] is None
                    run.append(before)
                    if len(run) >= RUN.get(name, 2) and not taken and rng.random() < 0.4:
                        seen["longest"] = max(seen["longest"], len(run))
                        while run:  # back to where the run began, one move at a time
                            state, earlier = run.pop()
                            await rooms.undo(room, 0)
                            assert game.to_json(room.state) == state
                            assert shown(rooms, room) == earlier
                            seen["taken"] += 1
                        taken = True
                    continue
                run = []
                reason = view["undo_refusal"]
                assert reason, view
                with pytest.raises(RoomError) as refused:
                    await rooms.undo(room, 0)
                assert refused.value.status == 409 and reason in refused.value.message
                if reason == game.turn_over_words:
                    seen["ended"] += 1
                elif reason not in (game.together_words, *views.OWN_REASONS):
                    seen["revealed"] += 1  # a draw, or something uncovered
        # the change log, take-backs included, rebuilds the same game and views
        again = rooms.restore(rooms.store.load(room.id))
        assert game.to_json(again.state) == game.to_json(room.state)
        assert again.undo_by == room.undo_by
        assert all(again.shown[a].view() == room.shown[a].view() for a in room.shown)
        rooms.store.dispose()
        return seen

    seen = run_async(scenario())
    print(name, seen)
    assert seen["longest"] >= RUN.get(name, 2) and seen["ended"], seen
    assert seen["revealed"], seen
