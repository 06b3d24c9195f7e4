"""Suggested moves: the medium bot's choice for a seat, with why in one sentence.

On in games against bots and solo, off between people unless chosen at creation;
refused clearly when off, out of turn, stale or over; limited per seat; decided
from the seat's own information only.
"""

from __future__ import annotations

import random

import httpx
import pytest

import borough
from borough.server import hints
from borough.server.hints import Advisor, HintError, advise
from tests.server.client import Client, run_async
from tests.server.test_rooms import humans, rooms_on


def suggest(client: Client, gid: str, token: str, version) -> httpx.Response:
    return client.http.post(f"/api/games/{gid}/suggest",
                            json={"token": token, "version": version})


def first_decision(client: Client, kinds: list[str], **extra) -> tuple[dict, dict]:
    """A new Rondel City game whose seat 0 (a person) must decide now."""
    created = client.create("rondelcity", len(kinds), kinds, seed=11, **extra)
    view = client.view(created["id"], created["seats"][0]["token"])
    assert view["your_turn"]
    return created, view


def test_a_suggestion_names_a_legal_move_and_says_why(server):
    client = Client(server.url)
    created, view = first_decision(client, ["human", "random"])
    assert view["hints"] is True  # against a bot: on without asking
    token = created["seats"][0]["token"]
    r = suggest(client, created["id"], token, view["version"])
    assert r.status_code == 200, r.text
    answer = r.json()
    legal = {m["index"]: m for m in view["legal_actions"]}
    assert answer["move"]["index"] in legal
    assert answer["move"]["action"] == legal[answer["move"]["index"]]["action"]
    assert answer["move"]["text"] == legal[answer["move"]["index"]]["text"]
    assert answer["second"]["index"] in legal
    assert answer["second"]["index"] != answer["move"]["index"]
    assert answer["level"] == "medium"
    assert answer["sentence"].startswith(answer["move"]["text"] + ". ")
    assert f"Next best: {answer['second']['text']}" in answer["sentence"]
    for effect in answer["move"]["effects"]:  # the preview's figures, quoted
        assert f"{effect['what']} {effect['before']:g} → {effect['after']:g}" in answer[
            "sentence"]
    # asking changed nothing
    assert client.view(created["id"], token)["version"] == view["version"]


def test_refusals_say_why(server):
    client = Client(server.url)
    created, view = first_decision(client, ["human", "human"])
    gid, (t0, t1) = created["id"], [s["token"] for s in created["seats"]]
    assert view["hints"] is False  # between people: off unless chosen
    r = suggest(client, gid, t0, view["version"])
    assert r.status_code == 403 and "off in this game" in r.json()["error"]

    created, view = first_decision(client, ["human", "human"], hints=True)
    gid, (t0, t1) = created["id"], [s["token"] for s in created["seats"]]
    assert view["hints"] is True
    other = client.view(gid, t1)
    assert other["hints"] is True and client.public(gid)["hints"] is True
    r = suggest(client, gid, t1, other["version"])
    assert r.status_code == 409 and "not your turn" in r.json()["error"]
    r = suggest(client, gid, t0, view["version"] + 1)
    assert r.status_code == 409 and "stale" in r.json()["error"]
    assert suggest(client, gid, "not-a-token", view["version"]).status_code == 403
    assert client.http.post("/api/games/nope/suggest",
                            json={"token": t0, "version": 0}).status_code == 404
    for body in ({"token": t0, "version": "0"}, {"token": t0},
                 {"token": t0, "version": 0, "seat": 1}, {"token": t0, "version": 1.5}):
        r = client.http.post(f"/api/games/{gid}/suggest", json=body)
        assert r.status_code == 400 and r.json()["error"].startswith("malformed"), body

    created, view = first_decision(client, ["human", "random"], hints=False)
    r = suggest(client, created["id"], created["seats"][0]["token"], view["version"])
    assert view["hints"] is False and r.status_code == 403


def test_each_seat_is_limited_to_a_few_at_once_then_one_every_few_seconds(server):
    client = Client(server.url)
    created, view = first_decision(client, ["human", "random"])
    token = created["seats"][0]["token"]
    for _ in range(hints.BURST):
        assert suggest(client, created["id"], token, view["version"]).status_code == 200
    r = suggest(client, created["id"], token, view["version"])
    assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1
    # another seat (here: of another game) has its own allowance
    created, view = first_decision(client, ["human", "random"])
    r = suggest(client, created["id"], created["seats"][0]["token"], view["version"])
    assert r.status_code == 200


def test_the_choice_survives_a_restart_and_a_finished_game_is_refused(database_url):
    async def scenario():
        rooms = rooms_on(database_url)
        off, _ = await rooms.create({"game": "architectura", "players": 2, "seed": 2,
                                     "options": {}, "hints": False,
                                     "seats": [{"kind": "human"}, {"kind": "bot",
                                                                   "agent": "random"}]})
        on, _ = await rooms.create({"game": "architectura", "players": 2, "seed": 2,
                                    "options": {}, "hints": True, "seats": humans(2)})
        game, rng = on.game, random.Random(2)
        while not game.is_over(on.state):
            seat = game.to_act(on.state)[0]
            await rooms.act(on, seat, on.shown[seat].version,
                            rng.choice(game.legal_actions(on.state, seat)))
        await rooms.idle()
        for task in list(rooms.tasks):
            task.cancel()
        rooms.store.dispose()

        again = rooms_on(database_url)  # as a restarted server finds them
        again.kick = lambda room: None  # keep the bot still: only the stored choice matters
        off, on = await again.get(off.id), await again.get(on.id)
        assert again.view(off, 0)["hints"] is False and again.view(on, 1)["hints"] is True
        advisor = Advisor()
        with pytest.raises(HintError) as err:
            await advisor.suggest(off, 0, off.shown[0].version)
        assert err.value.status == 403
        with pytest.raises(HintError) as err:
            await advisor.suggest(on, 0, on.shown[0].version)
        assert err.value.status == 409 and err.value.message == "the game is over"
        again.store.dispose()

    run_async(scenario())


def test_games_stored_before_the_option_get_the_default():
    assert hints.allowed([{"kind": "human"}, {"kind": "bot"}])
    assert hints.allowed([{"kind": "human"}])
    assert not hints.allowed([{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}])
    assert hints.allowed([{"kind": "human", "hints": True}] * 2)
    assert not hints.allowed([{"kind": "human", "hints": False}, {"kind": "bot"}])


@pytest.mark.parametrize("name", borough.games())
def test_a_suggestion_depends_only_on_what_the_seat_can_see(name):
    """The suggestion for the true state equals the one for any other state the
    seat cannot tell from it (another deal of the cards it cannot see): so it
    cannot tell the seat anything about those cards."""
    game = borough.game(name)
    players = max(game.player_counts())
    state = game.setup(players, seed=8, options=game.resolve_options(players, {}))
    rng = random.Random(8)
    compared = 0
    for step in range(80):
        if game.is_over(state):
            break
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        if step % 8 == 0 and len(legal) > 1:
            other = game.determinize(state, seat, random.Random(step))
            if game.to_json(other) != game.to_json(state):  # hidden information differs
                assert game.observe(other, seat) == game.observe(state, seat)
                names = [f"P{i}" for i in range(players)]
                assert advise(game, state, seat, 5, names) == advise(game, other, seat, 5, names)
                compared += 1
        game.apply(state, seat, rng.choice(legal))
    assert compared >= 3
