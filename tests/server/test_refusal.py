"""Each kind of refusal the rules give answers one HTTP status, in one table."""

from __future__ import annotations

import random

import pytest

import borough
from borough.core.errors import IllegalAction, RefusalCode
from borough.server.refusal import RULES_STATUS, RoomError, by_rules
from tests.server.client import run_async
from tests.server.test_rooms import humans, play_until, rooms_on

EXPECTED = {
    RefusalCode.OVER: (409, "the game is over"),
    RefusalCode.SEAT: (403, "There is no seat 9 in this game."),
    RefusalCode.TURN: (403, "it is not Ada's turn"),
    RefusalCode.FORM: (422, "There is no seat 9 in this game."),
    RefusalCode.RULE: (422, "There is no seat 9 in this game."),
}


def test_every_code_has_a_status():
    assert set(RULES_STATUS) == set(RefusalCode)


@pytest.mark.parametrize("code", list(RefusalCode))
def test_each_code_maps_to_its_status_and_sentence(code):
    exc = IllegalAction("There is no seat 9 in this game.", code)
    assert by_rules(exc, "Ada", exc.reason) == EXPECTED[code]


def test_a_refusal_without_a_code_is_the_rules_own():
    exc = IllegalAction("Not now.")
    assert exc.code is RefusalCode.RULE
    assert by_rules(exc, "Ada", "Not now, Ada.") == (422, "Not now, Ada.")


def test_rooms_answer_the_rules_refusals_by_the_table(tmp_path):
    """Through a room: out of turn (403, the seat's name), a game that is over (409),
    something that is not an action (422); the rules, not the server, find them."""
    game = borough.game("ekopolis")

    async def scenario():
        rooms = rooms_on(f"sqlite:///{tmp_path / 'rooms.db'}")
        room, _ = await rooms.create({"game": "ekopolis", "players": 3, "seed": 5,
                                      "options": {}, "seats": humans(3)})
        waiting = next(s for s in range(3) if s not in game.to_act(room.state))
        with pytest.raises(RoomError) as err:
            await rooms.act(room, waiting, room.shown[waiting].version, ("pass",))
        assert (err.value.status, err.value.message) == (
            403, f"it is not {room.seats[waiting]['name']}'s turn")
        mover = game.to_act(room.state)[0]
        with pytest.raises(RoomError) as err:
            await rooms.act(room, mover, room.shown[mover].version, ("no such action",))
        assert err.value.status == 422
        await play_until(rooms, room, random.Random(5), lambda r: game.is_over(r.state))
        with pytest.raises(RoomError) as err:
            await rooms.act(room, 0, room.shown[0].version, ("pass",))
        assert (err.value.status, err.value.message) == (409, "the game is over")
        rooms.store.dispose()

    run_async(scenario())
