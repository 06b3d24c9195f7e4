"""Room rules checked inside one process, on a real database (SQLite and PostgreSQL):
per-seat versions in steps everyone plays at once, failures that must store
nothing, stored games from other rules, and the bot scheduler's fairness."""

from __future__ import annotations

import asyncio
import random
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

import borough
from borough.server import views
from borough.server.bots import BotScheduler
from borough.server.refusal import RoomError
from borough.server.rooms import Rooms
from borough.server.settings import Settings
from borough.server.store import Store
from tests.server.client import run_async


def rooms_on(url: str) -> Rooms:
    store = Store(url)
    store.migrate()
    bots = BotScheduler(1, make_executor=ThreadPoolExecutor)
    return Rooms(store, bots, Settings(database_url=url, bot_pause=0))


def humans(n: int) -> list[dict]:
    return [{"kind": "human"}] * n


async def play_until(rooms: Rooms, room, rng: random.Random, done) -> None:
    """Random legal moves, through the room, until `done(room)` holds."""
    game = room.game
    for _ in range(5000):
        if done(room):
            return
        seat = rng.choice(game.to_act(room.state))
        action = rng.choice(game.legal_actions(room.state, seat))
        await rooms.act(room, seat, room.shown[seat].version, action)
    raise AssertionError("the wanted moment never came")


def secret_step(name: str):
    """A moment when seat 1 may make a move that changes nothing seat 0 can see."""
    def done(room) -> bool:
        game, state = room.game, room.state
        if game.is_over(state) or 1 not in game.to_act(state):
            return False
        return any(_quiet(game, state, a) for a in game.legal_actions(state, 1)[:40])
    return done


def _quiet(game, state, action) -> bool:
    trial = game.clone(state)
    game.apply(trial, 1, action)
    return (game.observe(trial, 0) == game.observe(state, 0)
            and game.to_act(trial) == game.to_act(state))


@pytest.mark.parametrize("name, players", [("smallcity", 2), ("architectura", 2)])
def test_a_secret_move_changes_neither_the_others_version_nor_their_pushes(
        database_url, name, players):
    """Small City's screened Build phase and Architectura's sealed replacement
    step: seat 0's view, version and socket stay still while seat 1 chooses,
    and seat 0 may still move from its unchanged view."""

    async def scenario():
        rooms = rooms_on(database_url)
        options = {"replacements": 2} if name == "architectura" else {}
        room, _ = await rooms.create({"game": name, "players": players, "seed": 3,
                                      "options": options, "seats": humans(players)})
        await play_until(rooms, room, random.Random(3), secret_step(name))
        game = room.game
        watcher = rooms.subscribe(room, 0)
        watcher.queue.get_nowait()  # the view on connecting
        before = rooms.view_text(room, 0)
        quiet = next(a for a in game.legal_actions(room.state, 1) if _quiet(game, room.state, a))
        await rooms.act(room, 1, room.shown[1].version, quiet)
        assert rooms.view_text(room, 0) == before
        assert watcher.queue.empty()
        if 0 in game.to_act(room.state):
            move = game.legal_actions(room.state, 0)[0]
            stale = room.shown[0].version
            await rooms.act(room, 0, stale, move)  # not stale: nothing it sees changed
            with pytest.raises(RoomError) as err:
                await rooms.act(room, 0, stale, move)
            assert err.value.status == 409
        rooms.unsubscribe(room, watcher)
        rooms.store.dispose()

    run_async(scenario())


@pytest.mark.parametrize("name", borough.games())
@pytest.mark.parametrize("broken", ["apply", "observe"])
def test_an_unexpected_failure_stores_nothing_and_the_game_goes_on(
        database_url, monkeypatch, name, broken):
    async def scenario():
        rooms = rooms_on(database_url)
        g = borough.game(name)
        players = g.player_counts()[0]
        room, _ = await rooms.create({"game": name, "players": players, "seed": 1,
                                      "options": {}, "seats": humans(players)})
        seat = g.to_act(room.state)[0]
        action = g.legal_actions(room.state, seat)[0]
        version = room.shown[seat].version
        real = getattr(type(g), broken)

        def failing(self, *args, **kwargs):
            raise RuntimeError("a fault the rules did not foresee")

        monkeypatch.setattr(type(g), broken, failing)
        with pytest.raises(RoomError) as err:
            await rooms.act(room, seat, version, action)
        assert err.value.status == 500
        monkeypatch.setattr(type(g), broken, real)
        assert room.move_number == 0 and (await asyncio.to_thread(
            rooms.store.load, room.id)).moves == []
        await rooms.act(room, seat, version, action)  # the game goes on
        assert (await asyncio.to_thread(rooms.store.load, room.id)).moves == [
            (seat, list(action))]
        rooms.store.dispose()

    run_async(scenario())


def test_a_stored_game_from_other_rules_is_refused_naming_both_versions(tmp_path):
    """A game kept from before its rules changed answers with both rules versions,
    not with whichever move happens to fail first."""
    import sqlalchemy as sa

    async def scenario():
        rooms = rooms_on(f"sqlite:///{tmp_path / 'rooms.db'}")
        store = rooms.store
        room, _ = await rooms.create({"game": "ekopolis", "players": 3, "seed": 3,
                                      "options": {}, "seats": humans(3)})
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


def test_idle_rooms_leave_memory_and_come_back_the_same(tmp_path):
    async def scenario():
        rooms = rooms_on(f"sqlite:///{tmp_path / 'rooms.db'}")
        rooms.settings = Settings(room_idle_seconds=0, room_over_seconds=0)
        room, _ = await rooms.create({"game": "architectura", "players": 2, "seed": 4,
                                      "options": {}, "seats": humans(2)})
        await play_until(rooms, room, random.Random(4), lambda r: r.move_number >= 6)
        shown = {a: (s.version, s.text) for a, s in room.shown.items()}
        assert rooms.sweep() == 1 and room.id not in rooms.rooms
        with pytest.raises(RoomError) as err:  # a request still holding the old room
            await rooms.act(room, 0, 0, ("pass",))
        assert err.value.status == 409
        back = await rooms.get(room.id)
        assert back is not room
        assert {a: (s.version, s.text) for a, s in back.shown.items()} == shown
        rooms.store.dispose()

    run_async(scenario())


def test_the_bot_scheduler_serves_a_new_game_before_busy_ones():
    """Two games keep every process busy with long decisions; a third game's
    decision is next as soon as a process frees, not after their queues."""

    async def scenario():
        granted: list[str] = []
        bots = BotScheduler(1, make_executor=ThreadPoolExecutor)

        def think(game: str, *_: object) -> None:
            granted.append(game)
            time.sleep(0.05)

        async def decide(game: str) -> None:
            await bots.decide(game, "hard", game, {}, 0, "hard", 0)

        import borough.server.bots as module

        real = module.bot_decision
        module.bot_decision = think
        try:
            busy = [asyncio.create_task(decide(g)) for g in ("a", "b") * 3]
            await asyncio.sleep(0.01)
            late = asyncio.create_task(decide("c"))
            await asyncio.gather(*busy, late)
        finally:
            module.bot_decision = real
        assert granted.index("c") == 2, granted  # right after the first two games
        bots.shutdown()

    run_async(scenario())


def test_stamped_events_carry_each_audiences_next_version():
    shown = {0: views.Shown(4, {}, []), None: views.Shown(2, {}, [])}
    (s,) = views.stamp(shown, [borough.core.game.Event("x")], 9)
    assert s.versions == {0: 5, None: 3} and s.move == 9
