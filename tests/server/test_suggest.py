"""Suggested moves: the medium level's move for a seat, what it does and why.

On in games against bots and solo, off between people unless chosen at creation;
refused clearly when off, out of turn, stale or over; limited per seat across
server processes (asking again about a decision is free); computed in a worker
process of lower priority that leaves with the server; decided from the seat's
own information only.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

import borough
from borough.agents import SeatView, make_agent
from borough.server import hints
from borough.server.hints import Advisor, HintError, advise
from tests.server.client import Client, run_async
from tests.server.conftest import Server, _database, _postgres_database
from tests.server.test_multiprocess import start_both
from tests.server.test_rooms import humans, rooms_on


def suggest(client: Client, gid: str, token: str, version) -> httpx.Response:
    return client.http.post(f"/api/games/{gid}/suggest", json={"token": token, "version": version})


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
        assert f"{effect['what']} {effect['before']:g} → {effect['after']:g}" in answer["sentence"]
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
    assert (
        client.http.post("/api/games/nope/suggest", json={"token": t0, "version": 0}).status_code
        == 404
    )
    for body in (
        {"token": t0, "version": "0"},
        {"token": t0},
        {"token": t0, "version": 0, "seat": 1},
        {"token": t0, "version": 1.5},
    ):
        r = client.http.post(f"/api/games/{gid}/suggest", json=body)
        assert r.status_code == 400 and r.json()["error"].startswith("malformed"), body

    created, view = first_decision(client, ["human", "random"], hints=False)
    r = suggest(client, created["id"], created["seats"][0]["token"], view["version"])
    assert view["hints"] is False and r.status_code == 403


def my_turn(client: Client, gid: str, token: str) -> dict:
    """The seat's view once it must decide (the bots have moved)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        view = client.view(gid, token)
        if view["your_turn"]:
            return view
        time.sleep(0.05)
    raise AssertionError("the bots never gave the seat its turn")


def move_on(client: Client, gid: str, token: str, view: dict) -> dict:
    """Take the first legal move; the view at the seat's next decision."""
    first = view["legal_actions"][0]["action"]
    assert client.act(gid, token, view["version"], first).status_code == 200
    return my_turn(client, gid, token)


# Less worker time than one answer costs (hints.MIN_COST), coming back slowly.
LIMITED = {"BOROUGH_HINT_BURST": "0.01", "BOROUGH_HINT_RATE": "0.0001"}


@pytest.fixture(scope="module")
def limited(request, tmp_path_factory) -> Iterator[Server]:
    """A server whose seats' first answer spends their whole allowance."""
    for url in _database("sqlite", tmp_path_factory.mktemp("db")):
        srv = Server("", url, settings=LIMITED).start()
        try:
            yield srv
        finally:
            srv.stop()


def test_asking_again_about_a_decision_is_free_and_new_decisions_are_counted(limited):
    client = Client(limited.url)
    created, view = first_decision(client, ["human", "random"])
    gid, token = created["id"], created["seats"][0]["token"]
    first = suggest(client, gid, token, view["version"])
    assert first.status_code == 200
    for _ in range(5):  # the same decision: the kept answer, never refused
        again = suggest(client, gid, token, view["version"])
        assert again.status_code == 200 and again.json() == first.json()
    view = move_on(client, gid, token, view)
    r = suggest(client, gid, token, view["version"])
    assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1
    assert (
        "used its share of the suggestion worker (0.01 s of its time at once, then "
        "0.0001 s each second)" in r.json()["error"]
    )
    # another seat (here: of another game) has its own allowance
    created, view = first_decision(client, ["human", "random"])
    r = suggest(client, created["id"], created["seats"][0]["token"], view["version"])
    assert r.status_code == 200


def ask_all_game(
    client: Client, name: str, players: int, kinds: list[str], decisions: int
) -> tuple[int, int]:
    """Play a game from seat 0 as a learner following every suggestion, asking at
    each of its decisions with no pause, for up to `decisions` of them:
    (answered, refused)."""
    created = client.create(name, players, kinds, seed=5)
    gid, token = created["id"], created["seats"][0]["token"]
    answered = refused = 0
    for _ in range(decisions):
        deadline = time.monotonic() + 30
        while not (view := client.view(gid, token))["your_turn"]:
            if view["status"] == "over":
                return answered, refused
            assert time.monotonic() < deadline, "the bot never gave the seat its turn"
            time.sleep(0.02)
        r = suggest(client, gid, token, view["version"])
        if r.status_code == 429:
            refused += 1
            action = view["legal_actions"][0]["action"]
        else:
            assert r.status_code == 200, r.text
            answered += 1
            action = r.json()["move"]["action"]
        assert client.act(gid, token, view["version"], action).status_code == 200
    return answered, refused


def test_a_learner_asking_at_every_decision_is_never_refused(server):
    """The deployment's allowance (no settings given) against a seat that asks
    at every decision of a game against a bot, and follows each suggestion
    at once: nothing refused, where a count of asks (10, then one a second)
    refused most of such a game."""
    answered, refused = ask_all_game(Client(server.url), "architectura", 2, ["human", "random"], 40)
    assert refused == 0 and answered >= 12


@pytest.mark.slow
def test_a_quick_solo_small_city_game_asking_at_every_decision_is_never_refused(server):
    """Small City solo, the dearest suggestions: 42 decisions in a row asked and
    followed at once (the count a solo game once had 23 of refused)."""
    answered, refused = ask_all_game(Client(server.url), "smallcity", 1, ["human"], 42)
    assert (answered, refused) == (42, 0)


@pytest.mark.postgres
def test_asks_are_counted_per_seat_across_server_processes():
    """Two processes on one PostgreSQL database: a seat's asks through either
    count against the same allowance, and an answer given by one is the other's."""
    for url in _postgres_database():
        servers = start_both(url, [LIMITED, LIMITED])
        try:
            one, two = Client(servers[0].url), Client(servers[1].url)
            created, view = first_decision(one, ["human", "random"])
            gid, token = created["id"], created["seats"][0]["token"]
            asked = suggest(one, gid, token, view["version"])
            assert asked.status_code == 200
            again = suggest(two, gid, token, view["version"])  # kept: not computed again
            assert again.status_code == 200 and again.json() == asked.json()
            view = move_on(one, gid, token, view)
            for client in (one, two):
                assert suggest(client, gid, token, view["version"]).status_code == 429
        finally:
            for server in servers:
                server.stop()


def children(pid: int) -> dict[int, int]:
    """The processes whose parent is `pid`, with their niceness (from /proc)."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        if int(fields[1]) == pid:
            found[int(entry.name)] = int(fields[16])
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return state[state.rindex(")") + 2] != "Z"


@pytest.mark.parametrize("stop", ["terminate", "kill"])
def test_suggestions_run_in_a_lower_priority_process_that_leaves_with_the_server(stop, tmp_path):
    srv = Server("", f"sqlite:///{tmp_path / 'borough.db'}").start()
    try:
        client = Client(srv.url)
        created, view = first_decision(client, ["human", "random"])
        r = suggest(client, created["id"], created["seats"][0]["token"], view["version"])
        assert r.status_code == 200
        own = os.getpriority(os.PRIO_PROCESS, srv.process.pid)
        workers = [
            pid
            for pid, nice in children(srv.process.pid).items()
            if nice == min(19, own + hints.NICENESS)
        ]
        assert len(workers) == 1, children(srv.process.pid)
    finally:
        getattr(srv, "stop" if stop == "terminate" else "kill")()
    deadline = time.monotonic() + 10
    while alive(workers[0]) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not alive(workers[0]), f"the suggestion worker outlived the server ({stop})"


def test_the_choice_survives_a_restart_and_a_finished_game_is_refused(database_url):
    async def scenario():
        rooms = rooms_on(database_url)
        off, _ = await rooms.create(
            {
                "game": "architectura",
                "players": 2,
                "seed": 2,
                "options": {},
                "hints": False,
                "seats": [{"kind": "human"}, {"kind": "bot", "agent": "random"}],
            }
        )
        on, _ = await rooms.create(
            {
                "game": "architectura",
                "players": 2,
                "seed": 2,
                "options": {},
                "hints": True,
                "seats": humans(2),
            }
        )
        game, rng = on.game, random.Random(2)
        while not game.is_over(on.state):
            seat = game.to_act(on.state)[0]
            await rooms.act(
                on, seat, on.shown[seat].version, rng.choice(game.legal_actions(on.state, seat))
            )
        await rooms.idle()
        for task in list(rooms.tasks):
            task.cancel()
        rooms.store.dispose()

        again = rooms_on(database_url)  # as a restarted server finds them
        again.kick = lambda room: None  # keep the bot still: only the stored choice matters
        off, on = await again.get(off.id), await again.get(on.id)
        assert again.view(off, 0)["hints"] is False and again.view(on, 1)["hints"] is True
        advisor = Advisor(again.store)
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


def test_a_finished_game_is_reviewed_in_the_background(server):
    client = Client(server.url)
    created, view = first_decision(client, ["human", "random"])
    gid, token = created["id"], created["seats"][0]["token"]
    r = client.http.get(f"/api/games/{gid}/review")
    assert r.status_code == 409 and "once the game is over" in r.json()["error"]
    rng = random.Random(3)
    while view["status"] != "over":
        move = rng.choice(view["legal_actions"])["action"]
        assert client.act(gid, token, view["version"], move).status_code == 200
        deadline = time.monotonic() + 30
        view = client.view(gid, token)
        while not view["your_turn"] and view["status"] != "over":
            assert time.monotonic() < deadline
            time.sleep(0.02)
            view = client.view(gid, token)
    seen = []
    deadline = time.monotonic() + 120
    while True:
        r = client.http.get(f"/api/games/{gid}/review")
        assert r.status_code == 200, r.text
        answer = r.json()
        seen.append((answer["done"], answer["total"]))
        if answer["status"] != "running":
            break
        assert time.monotonic() < deadline
        time.sleep(0.2)
    assert answer["status"] == "done" and answer["complete"]
    assert [s["seat"] for s in answer["seats"]] == [0]  # the person, not the bot
    mine = answer["seats"][0]
    assert mine["judged"] == mine["decisions"] == answer["total"] == answer["done"] > 0
    assert 0 < len(mine["mistakes"]) <= 3
    costs = [m["cost"] for m in mine["mistakes"]]
    assert costs == sorted(costs, reverse=True) and costs[-1] > 0
    for m in mine["mistakes"]:
        assert m["played"] != m["better"] and m["number"] >= 1
    dones = [d for d, _ in seen]
    assert dones == sorted(dones)  # progress only goes forward
    # the same review again, not a new one
    assert client.http.get(f"/api/games/{gid}/review").json() == answer


def test_the_server_suggests_mediums_move_and_the_worker_gives_the_same_answer():
    """Small City's suggestion is medium's move (the script improved by playouts),
    and the worker process, which rebuilds the position from JSON, answers as
    the position itself would."""
    game = borough.game("smallcity")
    state = game.setup(2, seed=4, options=game.resolve_options(2, {}))
    rng = random.Random(4)
    checked = 0
    for step in range(40):
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        if step % 13 == 0 and len(legal) > 1:
            names = ["Ann", "Bo"]
            answer = advise(game, state, seat, step, names)
            medium = make_agent("medium", step).choose(SeatView(game, state, seat))
            assert tuple(answer["move"]["action"]) == medium
            assert answer["level"] == "medium"
            assert hints.compute(game.name, game.to_json(state), seat, step, names) == answer
            checked += 1
        game.apply(state, seat, rng.choice(legal))
    assert checked >= 2
