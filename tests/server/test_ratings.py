"""Ratings on both databases: a finished rated game changes its accounts' ratings
exactly once (also when two connections settle it at the same moment), games
with a chosen seed or suggestions on say before they start that they are not
rated and are not, an abandoned game counts as a loss after its time, and the
bot levels' anchors never move."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator

import pytest

import borough
from borough.agents import AGENT_NAMES
from borough.server import rating_rules, ratings
from tests.server.client import Client
from tests.server.conftest import POSTGRES_PARAM, Server, _database
from tests.server.test_accounts import Person, fresh_name

QUICK = {"BOROUGH_SWEEP_SECONDS": "0.3"}


def _server(request, tmp_path_factory, settings: dict[str, str]) -> Iterator[Server]:
    for url in _database(request.param, tmp_path_factory.mktemp("db")):
        srv = Server("", url, settings=settings).start()
        try:
            yield srv
        finally:
            srv.stop()


@pytest.fixture(scope="module", params=["sqlite", POSTGRES_PARAM])
def server(request, tmp_path_factory) -> Iterator[Server]:
    """Sweeping often; games abandoned only after the default time."""
    yield from _server(request, tmp_path_factory, QUICK)


@pytest.fixture(scope="module", params=["sqlite", POSTGRES_PARAM])
def idle_server(request, tmp_path_factory) -> Iterator[Server]:
    """A game whose person to move waits 1.5 s is abandoned."""
    yield from _server(request, tmp_path_factory, {**QUICK, "BOROUGH_ABANDON_SECONDS": "1.5"})


def rated_seat(url: str, person: Person, **extra) -> tuple[Client, dict, str]:
    """A game of architectura against the random level, seat 0 opened by `person`."""
    client = Client(url)
    created = client.create("architectura", 2, ["human", "random"], **extra)
    token = created["seats"][0]["token"]
    assert person.claim(created["id"], token).json()["claimed"] == [
        {"game_id": created["id"], "seat": 0}
    ]
    return client, created, token


def settled(person: Person, game_id: str, timeout: float = 30) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        r = person.http.get(f"/api/games/{game_id}/rating")
        assert r.status_code == 200, r.text
        if r.json()["outcome"] is not None:
            return r.json()
        time.sleep(0.1)
    raise AssertionError("the game was not settled")


def rated_game(url: str, person: Person, seed: int) -> tuple[dict, dict]:
    """A rated game played to its end on the server at `url`, and its verdict. About one
    game in a hundred ends with both seats sharing a place (not rated): then another."""
    for attempt in range(3):
        client, created, token = rated_seat(url, person, hints=False)
        assert created["rated"] is True and created["unrated_because"] is None
        client.play(created["id"], {0: token}, random.Random(seed + 1000 * attempt))
        verdict = settled(person, created["id"])
        if verdict["unrated_because"] != rating_rules.SAME_PLACE:
            return created, verdict
    raise AssertionError("three games in a row ended with every seat in one place")


def board(person: Person, game: str = "architectura") -> dict:
    r = person.http.get(f"/api/leaderboards/{game}")
    assert r.status_code == 200, r.text
    return r.json()


def test_a_finished_rated_game_changes_the_rating_once(server):
    name = fresh_name("rated")
    person = Person(server.url)
    assert person.sign_up(name).status_code == 201
    created, verdict = rated_game(server.url, person, 3)
    assert verdict["rated"] is True and verdict["outcome"] == "finished"
    [change] = verdict["changes"]
    assert change["name"] == name and change["before"] == 0.0
    assert change["after"] != change["before"]
    time.sleep(1.0)  # several sweeps later: still one update
    rows = [p for p in board(person)["players"] if p["name"] == name]
    assert len(rows) == 1 and rows[0]["games"] == 1
    assert rows[0]["rating"] == change["after"]
    profile = person.http.get(f"/api/players/{name.upper()}").json()
    assert [h["game_id"] for h in profile["history"]] == [created["id"]]
    assert profile["games"][0]["id"] == created["id"] and profile["games"][0]["rated"]
    # The bot levels are anchors: shown as fixed, and never an account's row.
    bots = {b["agent"]: b["mu"] for b in board(person)["bots"]}
    assert bots == rating_rules.ANCHORS


@pytest.mark.parametrize(
    ("extra", "reason"),
    [({"seed": 7, "hints": False}, "the creator chose the seed"), ({}, "suggestions are on")],
)
def test_a_game_with_a_chosen_seed_or_suggestions_says_so_and_is_not_rated(server, extra, reason):
    name = fresh_name("unrated")
    person = Person(server.url)
    assert person.sign_up(name).status_code == 201
    client, created, token = rated_seat(server.url, person, **extra)
    assert created["rated"] is False and created["unrated_because"] == reason
    before = person.http.get(f"/api/games/{created['id']}/rating").json()
    assert before == {"rated": False, "unrated_because": reason, "outcome": None, "changes": []}
    client.play(created["id"], {0: token}, random.Random(4))
    verdict = settled(person, created["id"])
    assert verdict["rated"] is False and verdict["unrated_because"] == reason
    assert verdict["changes"] == []
    assert name not in [p["name"] for p in board(person)["players"]]
    assert person.http.get(f"/api/players/{name}").json()["ratings"] == []


def test_an_abandoned_game_counts_as_a_loss_after_its_time(idle_server):
    name = fresh_name("idle")
    person = Person(idle_server.url)
    assert person.sign_up(name).status_code == 201
    table = person.write(
        "/api/tables",
        {"game": "architectura", "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}],
         "bot": "random", "clock": {"pace": "turns", "per_move": 24, "unit": "hours"}},
    )  # fmt: skip
    assert table.status_code == 201, table.text
    _, created, _ = rated_seat(idle_server.url, person, hints=False)
    verdict = settled(person, created["id"])  # nobody moves: 1.5 s, then a sweep
    assert verdict["rated"] is True and verdict["outcome"] == "abandoned"
    [change] = verdict["changes"]
    assert change["place"] == 2 and change["after"] < change["before"]
    history = person.http.get(f"/api/players/{name}").json()["history"]
    assert [(h["outcome"], h["place"]) for h in history] == [("abandoned", 2)]
    # A table waiting for a player is not a game anyone is late in.
    waiting = person.http.get(f"/api/games/{table.json()['id']}/rating").json()
    assert waiting["outcome"] is None


def test_bot_anchors_are_fixed_and_ordered_by_level():
    order = ["random", "easy", "medium", "hard", "expert"]
    values = [rating_rules.ANCHORS[a] for a in order]
    assert values == sorted(values) and len(set(values)) == len(values)
    assert set(rating_rules.ANCHORS) == set(AGENT_NAMES)


def test_places_follow_winners_then_scores_with_ties():
    assert rating_rules.places({"scores": [10, 12, 12, 3], "winners": [0]}) == [1, 2, 2, 3]
    assert rating_rules.places({"scores": [5, 5], "winners": [0, 1]}) == [1, 1]


def test_two_connections_settling_one_game_rate_it_once(database_url):
    """Two server processes (two engines) settle the same finished game at the same
    moment: the rated_games key lets one update through."""
    from borough.core.record import Record
    from borough.server.accounts import Accounts
    from borough.server.rooms import Rooms
    from borough.server.settings import Settings
    from borough.server.store import Store
    from borough.server.store_rows import MOVE, Change, Entry, hash_token

    stores = [Store(database_url), Store(database_url)]
    try:
        stores[0].migrate()
        account, _, _ = Accounts(stores[0].engine).create("Twice", "not a real hash")
        game = borough.game("architectura")
        state = game.setup(2, seed=11, options={})
        tokens = ["seat-zero-token", "seat-one-token"]
        seats = [
            {"kind": "human", "agent": None, "name": "Twice", "hints": False},
            {"kind": "bot", "agent": "easy", "name": "Easy", "hints": False},
        ]
        for seat, token in zip(seats, tokens, strict=True):
            seat["token_hash"] = hash_token(token)
        record = Record.start(game, 2, 11, {})
        stores[0].create_game(
            {
                "id": "twice", "game": "architectura", "players": 2, "seed": 11,
                "seed_chosen": False, "options": {}, "seats": seats, "status": "playing",
                "rules_version": game.rules_version, "content": record.content,
            }
        )  # fmt: skip
        rng, number = random.Random(2), 0
        while not game.is_over(state):
            seat = game.to_act(state)[0]
            action = rng.choice(game.legal_actions(state, seat))
            game.apply(state, seat, action)
            number += 1
            status = "over" if game.is_over(state) else "playing"
            stores[0].append([Change("twice", Entry(number, MOVE, seat, action), status)])
        Accounts(stores[0].engine).claim(
            account.id, [{"game_id": "twice", "token": tokens[0], "opened": True}]
        )
        start = threading.Barrier(2)
        answers: list[bool] = []

        def settle(store: Store) -> None:
            rooms = Rooms(store, None, Settings())  # type: ignore[arg-type]
            start.wait()
            answers.append(
                ratings.settle_finished(store, ratings.Ratings(store.engine), "twice", rooms)
            )

        threads = [threading.Thread(target=settle, args=(s,)) for s in stores]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(answers) == [False, True]
        found = ratings.Ratings(stores[1].engine)
        assert [p["games"] for p in found.leaderboard("architectura", 10)] == [1]
        assert len(found.game_rating("twice")["changes"]) == 1
    finally:
        for store in stores:
            store.dispose()


def stored_game(kinds: list[str], log: list | None = None, **extra) -> object:
    from borough.server.store_rows import StoredGame

    seats = [
        {"kind": k, "agent": None if k == "human" else k, "name": f"P{i}", "hints": False}
        for i, k in enumerate(kinds)
    ]
    return StoredGame(
        "g", "architectura", len(kinds), 1, {}, seats, "over", None, log or [], 1, **extra
    )


def test_a_seat_left_to_a_bot_comes_last_and_guests_leave_a_game_unrated():
    from borough.server.store_rows import SEATS, Entry

    # Seats 1 and 2 were people's, handed to bots before the end (a hand-over's log entry
    # keeps the old kind and agent): both tie last, whatever the score said.
    left = stored_game(
        ["human", "easy", "easy"],
        [Entry(1, SEATS, 1, ["human", None, "easy"]), Entry(2, SEATS, 2, ["human", None, "easy"])],
    )
    claims = {0: "a", 1: "b", 2: "c"}
    verdict = rating_rules.judge(left, claims, {"scores": [1, 9, 5], "winners": [1]})
    assert verdict.rated and verdict.places == [3, 4, 4]
    result = {"scores": [1, 2, 3], "winners": [2]}
    assert not rating_rules.judge(left, {0: "a", 1: "b"}, result).rated
    twice = rating_rules.judge(left, {0: "a", 1: "a", 2: "c"}, result)
    assert twice.reason == "one account played two seats"
    shared = rating_rules.judge(stored_game(["human", "random"]), {0: "a"},
                                {"scores": [0, 0], "winners": []})  # fmt: skip
    assert shared.reason == rating_rules.SAME_PLACE
    solo = rating_rules.judge(stored_game(["human"]), {0: "a"}, {"scores": [3], "winners": [0]})
    assert solo.reason == "solo games are not rated"


@pytest.mark.postgres
def test_two_server_processes_rate_each_game_once():
    """Both processes sweep every 0.2 s; the one storing a game's end settles it at
    once too: each game still changes the rating once."""
    import psycopg

    from tests.server.conftest import _postgres_database
    from tests.server.test_multiprocess import start_both

    fast = {"BOROUGH_SWEEP_SECONDS": "0.2"}
    for url in _postgres_database():
        servers = start_both(url, [fast, fast])
        try:
            name = fresh_name("pair")
            person = Person(servers[0].url)
            assert person.sign_up(name).status_code == 201
            games = []
            for seed, host in ((8, servers[0]), (9, servers[1])):
                created, verdict = rated_game(host.url, person, seed)
                assert verdict["rated"] is True, verdict
                games.append(created["id"])
            time.sleep(1.0)  # more sweeps on both processes
            plain = url.replace("postgresql+psycopg://", "postgresql://")
            with psycopg.connect(plain) as conn:
                counted = conn.execute(
                    "SELECT game_id, count(*) FROM rating_changes GROUP BY game_id"
                ).fetchall()
                played = conn.execute("SELECT games FROM ratings").fetchall()
            assert sorted(counted) == sorted((g, 1) for g in games)
            assert played == [(2,)]
        finally:
            for server in servers:
                server.stop()
