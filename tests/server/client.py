"""A test client of the Borough HTTP API, playing like a person would."""

from __future__ import annotations

import asyncio
import random
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx

import borough
from borough.core import record as records


def run_async(coroutine: Any) -> Any:
    """Run a coroutine to the end in its own thread: the browser tests keep an
    event loop running in the main thread of the same test process."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


class Client:
    def __init__(self, base: str) -> None:
        self.http = httpx.Client(base_url=base, timeout=60)

    def create(self, game: str, players: int, kinds: list[str], **extra: Any) -> dict:
        seats = [{"kind": k} if k == "human" else {"kind": "bot", "agent": k} for k in kinds]
        r = self.http.post("/api/games", json={"game": game, "players": players,
                                               "seats": seats, **extra})
        assert r.status_code == 201, r.text
        return r.json()

    def view(self, gid: str, token: str) -> dict:
        r = self.http.get(f"/api/games/{gid}/view", params={"token": token})
        assert r.status_code == 200, r.text
        return r.json()

    def public(self, gid: str) -> dict:
        r = self.http.get(f"/api/games/{gid}")
        assert r.status_code == 200, r.text
        return r.json()

    def act(self, gid: str, token: str, move_number: int, action: list) -> httpx.Response:
        return self.http.post(f"/api/games/{gid}/actions",
                              json={"token": token, "move_number": move_number, "action": action})

    def play(self, gid: str, tokens: dict[int, str], rng: random.Random,
             captured: list | None = None, max_moves: int = 20_000,
             stop_after: int | None = None) -> dict:
        """Play the human seats at random until the game ends; bots move on their own."""
        made = 0
        for _ in range(max_moves):
            public = self.public(gid)
            if public["status"] == "over":
                return public
            humans = [s for s in public["to_act"] if s in tokens]
            if not humans:
                time.sleep(0.02)  # a bot is thinking
                continue
            seat = humans[0]
            view = self.view(gid, tokens[seat])
            if not view["your_turn"]:
                continue
            if captured is not None:
                captured.append((seat, view))
            move = rng.choice(view["legal_actions"])["action"]
            r = self.act(gid, tokens[seat], view["move_number"], move)
            assert r.status_code in (200, 409), r.text  # 409: a bot moved first
            made += 1
            if stop_after is not None and made >= stop_after:
                return self.public(gid)
        raise AssertionError("the game did not end")


def check_no_leak(client: Client, gid: str, captured: list) -> None:
    """Every view a seat received matches what that seat may see, move by move."""
    data = client.http.get(f"/api/games/{gid}/record").json()
    rec, _ = records.parse(data)
    game = borough.game(rec.game)
    state = game.setup(rec.players, seed=rec.seed, options=rec.options)
    states = [game.clone(state)]
    texts_for: list[list[tuple[int, Any]]] = [[]]
    for number, (seat, action) in enumerate(rec.moves, start=1):
        events = game.apply(state, seat, action)
        states.append(game.clone(state))
        texts_for.append([(number, e) for e in events])
    rng = random.Random(1)
    for seat, view in captured:
        at = states[view["move_number"]]
        assert view["observation"] == game.observe(at, seat)
        assert view["observation"] == game.observe(game.determinize(at, seat, rng), seat)
        allowed = {(n, e.text) for batch in texts_for[: view["move_number"] + 1]
                   for n, e in batch if e.visible_to(seat)}
        assert {(e["number"], e["text"]) for e in view["events"]} <= allowed
