"""The take-back offer in a seat's view, and the explain endpoint: a refused
place is explained by the server without changing anything."""

from __future__ import annotations

import asyncio
import random

import httpx
import pytest

import borough
from borough.server import changes
from borough.server.refusal import RoomError
from tests.server.client import Client, run_async
from tests.server.test_rooms import humans, play_until, rooms_on


@pytest.mark.parametrize("name", ["architectura", "ekopolis", "smallcity"])
def test_take_back_is_offered_exactly_when_the_server_accepts_it(database_url, name):
    """After every move of a random game between people, the mover's view offers
    the take-back exactly when the undo endpoint would take it, nobody else's does;
    an accepted take-back leaves the earlier move's offer as the server judges it."""

    async def scenario():
        rooms = rooms_on(database_url)
        room, _ = await rooms.create({"game": name, "players": 2 if name != "ekopolis" else 3,
                                      "seed": 4, "options": {}, "seats": humans(
                                          2 if name != "ekopolis" else 3)})
        game, rng = room.game, random.Random(4)
        offered = taken = 0
        for _ in range(40):
            if game.is_over(room.state):
                break
            seat = rng.choice(game.to_act(room.state))
            await rooms.act(room, seat, room.shown[seat].version,
                            rng.choice(game.legal_actions(room.state, seat)))
            others = [s for s in range(room.record.players) if s != seat]
            assert not any(rooms.view(room, s)["can_undo"] for s in others)
            assert rooms.view(room, None)["can_undo"] is False
            if rooms.view(room, seat)["can_undo"]:
                offered += 1
                if rng.random() < 0.5:
                    await rooms.undo(room, seat)
                    taken += 1
                    earlier = room.undo_by
                    for s in range(room.record.players):
                        assert rooms.view(room, s)["can_undo"] is (s == earlier)
            else:
                with pytest.raises(RoomError) as err:
                    await rooms.undo(room, seat)
                assert err.value.status == 409
        assert offered and taken  # the seeds reach both cases
        rooms.store.dispose()

    run_async(scenario())


def test_a_hand_over_keeps_the_others_take_back_and_ends_the_seats_own(database_url):
    """A seat handed to a bot keeps nothing to take back; the mover, still alone to
    decide, keeps its offer, and the new bot does not move before it is its turn."""

    async def scenario():
        rooms = rooms_on(database_url)
        room, _ = await rooms.create({"game": "architectura", "players": 2, "seed": 5,
                                      "options": {}, "seats": humans(2)})
        await play_until(rooms, room, random.Random(5),
                         lambda r: any(rooms.view(r, s)["can_undo"] for s in (0, 1)))
        mover = room.undo_by
        await rooms.hand_to_bot(room, 1 - mover, "random")
        assert rooms.view(room, mover)["can_undo"] is True
        assert not room.thinking and room.game.to_act(room.state) == (mover,)
        before = room.record.moves[:-1]
        await rooms.undo(room, mover)
        assert room.record.moves == before
        rng = random.Random(6)
        for _ in range(2000):  # the mover plays on against the bot until it may take back
            if room.undo_by == mover:
                break
            if mover in room.game.to_act(room.state):
                await rooms.act(room, mover, room.shown[mover].version,
                                rng.choice(room.game.legal_actions(room.state, mover)))
            else:
                await asyncio.sleep(0.01)  # the bot's turn
        assert room.undo_by == mover
        await rooms.hand_to_bot(room, mover, "random")
        assert rooms.view(room, mover)["can_undo"] is False
        assert rooms.view(room, mover)["undo_refusal"] == "a bot plays this seat"
        with pytest.raises(RoomError) as refused:
            await rooms.undo(room, mover)
        assert refused.value.status == 403
        rooms.store.dispose()

    run_async(scenario())


def test_explain_answers_the_rules_reason_and_changes_nothing(server):
    client = Client(server.url)
    created = client.create("ekopolis", 3, ["human"] * 3, seed=0, options={"version": "basic"})
    gid, seats = created["id"], created["seats"]
    token = seats[0]["token"]
    name = seats[1]["name"]
    before = client.view(gid, token)
    legal = before["legal_actions"][0]["action"]

    def explain(body, game=gid):
        return client.http.post(f"/api/games/{game}/explain", json=body)

    r = explain({"token": token, "action": legal})
    assert r.status_code == 200 and r.json() == {"allowed": True, "reason": None, "rule": None}
    game = borough.game("ekopolis")
    state = game.setup(3, seed=0, options={"version": "basic"})
    refused = next(a for a in (["place", t, x, y] for t in range(3) for x in range(-3, 4)
                               for y in range(-3, 4))
                   if game.explain(state, 0, tuple(a)) is not None)
    r = explain({"token": token, "action": refused})
    assert r.status_code == 200 and r.json()["allowed"] is False and r.json()["reason"]
    # a move of the game the rules refuse names the rule, in a player's words,
    # linked into the rules page
    placed = next(a for a in game.action_space.actions
                  if a[0] == "place" and game.explain(state, 0, a) is not None)
    r = explain({"token": token, "action": list(placed)})
    rule = r.json()["rule"]
    assert rule["words"] == game.rule_words[rule["id"]]
    assert rule["href"] == f"/rules/ekopolis#{rule['id']}"
    # not this seat's turn: the reason names the players as the lobby did
    r = explain({"token": seats[1]["token"], "action": legal})
    assert r.json()["allowed"] is False
    assert "Player " not in r.json()["reason"] or name.startswith("Player ")
    r = explain({"token": token, "action": ["no such move"]})
    assert r.status_code == 200 and r.json()["allowed"] is False
    assert explain({"token": token, "action": [5, "place"]}).status_code == 422  # no verb
    for bad in ({"token": token, "action": legal, "extra": 1},
                {"token": token, "action": [1.5]}, {"token": token, "action": []},
                {"token": token, "action": ["place", True]}, {"token": 7, "action": legal}):
        assert explain(bad).status_code == 400, bad
    assert explain({"token": "wrong", "action": legal}).status_code == 403
    assert explain({"token": token, "action": legal}, game="0" * 16).status_code == 404
    after = client.view(gid, token)
    assert after == before  # nothing changed, not even the version
    paths = httpx.get(f"{server.url}/openapi.json").json()["paths"]
    answers = paths["/api/games/{game_id}/explain"]["post"]["responses"]
    assert set(answers) == {"200", "400", "403", "404", "408", "409", "413", "422", "429",
                            "500"}


def test_take_back_answers_alike_whether_or_not_the_other_seat_replaced_in_secret(server):
    """Architectura's sealed step on a real server: seat 1 declares itself ready;
    in one game seat 2 then makes a secret replacement, in its twin it does not.
    Seat 1's view is the same in both, and so is the answer to its take-back
    (refused in both: seat 2 could still move unseen)."""
    client = Client(server.url)
    answers, views = [], []
    for secret in (True, False):
        created = client.create("architectura", 2, ["human"] * 2, seed=3,
                                options={"replacements": 3})
        gid, (one, two) = created["id"], [s["token"] for s in created["seats"]]
        view = client.view(gid, one)
        assert client.act(gid, one, view["version"], ["ready"]).status_code == 200
        if secret:
            other = client.view(gid, two)
            replace = next(a["action"] for a in other["legal_actions"]
                           if a["action"][0] == "replace")
            assert client.act(gid, two, other["version"], replace).status_code == 200
        seen = client.view(gid, one)
        seen.pop("id")
        views.append(seen)
        undo = client.http.post(f"/api/games/{gid}/undo", json={"token": one})
        answers.append((undo.status_code, undo.json()))
        assert client.view(gid, one)["version"] == seen["version"]
    assert views[0] == views[1]
    assert views[0]["can_undo"] is False
    assert answers[0] == answers[1] and answers[0][0] == 409


@pytest.mark.parametrize("name", borough.games())
def test_an_offered_take_back_can_only_be_overtaken_by_a_move_its_seat_sees(name, tmp_path):
    """Whenever a seat is offered the take-back of its move, every move another
    seat could make next changes that seat's view: a refusal after such a move
    tells the seat nothing it has not seen (random games between people)."""

    async def scenario():
        rooms = rooms_on(f"sqlite:///{tmp_path / 'borough.db'}")
        game = borough.game(name)
        players = game.player_counts()[0]
        offered = 0
        for seed in range(3):
            for options in game.option_sets()[:3]:
                room, _ = await rooms.create({"game": name, "players": players, "seed": seed,
                                              "options": options, "seats": humans(players)})
                rng = random.Random(seed)
                for _ in range(60):
                    if game.is_over(room.state):
                        break
                    by = room.undo_by
                    if by is not None:
                        offered += 1
                        for other in game.to_act(room.state):
                            if other == by:
                                continue
                            for action in game.legal_actions(room.state, other):
                                step = changes.move(room, other, action, room.changes + 1)
                                assert step.shown[by] is not room.shown[by], (action, other)
                    seat = rng.choice(game.to_act(room.state))
                    await rooms.act(room, seat, room.shown[seat].version,
                                    rng.choice(game.legal_actions(room.state, seat)))
        rooms.store.dispose()
        return offered

    assert run_async(scenario()) > 0  # the games reach offers
