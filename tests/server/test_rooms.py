"""Room rules that need no network: stale moves in steps everyone plays at once."""

import random
from concurrent.futures import ThreadPoolExecutor

import pytest

from borough.server.rooms import RoomError, Rooms
from borough.server.store import Store
from tests.server.client import run_async


def test_a_move_made_while_others_chose_in_secret_is_not_stale(tmp_path):
    """Small City's Build phase is played by everyone at once behind screens:
    another seat's hidden choice does not make this seat's view stale."""

    async def scenario():
        store = Store(f"sqlite:///{tmp_path / 'rooms.db'}")
        store.migrate()
        rooms = Rooms(store, ThreadPoolExecutor(1))
        room, _ = await rooms.create({"game": "smallcity", "players": 2, "seed": 3,
                                      "options": {}, "seats": [{"kind": "human"}] * 2})
        game, rng = room.game, random.Random(3)
        while True:  # play on until both seats decide at once and seat 1 has a quiet move
            acting = game.to_act(room.state)
            if len(acting) == 2:
                quiet = []
                for a in game.legal_actions(room.state, 1):
                    trial = game.clone(room.state)
                    game.apply(trial, 1, a)
                    if game.observe(trial, 0) == game.observe(room.state, 0):
                        quiet.append(a)
                if quiet:
                    break
            seat = acting[0]
            await rooms.act(room, seat, room.move_number,
                            rng.choice(game.legal_actions(room.state, seat)))
        seen = room.move_number
        await rooms.act(room, 1, seen, quiet[0])
        assert room.move_number == seen + 1
        move = game.legal_actions(room.state, 0)[0]
        await rooms.act(room, 0, seen, move)  # accepted: nothing seat 0 can see changed
        assert room.move_number == seen + 2
        with pytest.raises(RoomError) as err:
            await rooms.act(room, 0, room.move_number + 1, move)
        assert err.value.status == 409
        store.dispose()

    run_async(scenario())


def test_a_stored_game_from_other_rules_is_refused_naming_both_versions(tmp_path):
    """A game kept from before its rules changed answers with both rules versions,
    not with whichever move happens to fail first."""
    import sqlalchemy as sa

    async def scenario():
        store = Store(f"sqlite:///{tmp_path / 'rooms.db'}")
        store.migrate()
        rooms = Rooms(store, ThreadPoolExecutor(1))
        room, _ = await rooms.create({"game": "ekopolis", "players": 3, "seed": 3,
                                      "options": {}, "seats": [{"kind": "human"}] * 3})
        current = room.game.rules_version
        with store.engine.begin() as conn:
            conn.execute(sa.text("UPDATE games SET rules_version = :v WHERE id = :g"),
                         {"v": current + 1, "g": room.id})
        with pytest.raises(RoomError) as err:
            rooms.restore(store.load(room.id))
        assert err.value.status == 409
        assert f"rules version {current + 1}" in err.value.message
        assert f"rules version {current}" in err.value.message
        store.dispose()

    run_async(scenario())
