"""A test client of the Borough HTTP API, playing like a person would."""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import websockets

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

    def check_versions(self, gid: str, tokens: dict[int, str], seen: dict) -> None:
        """Each audience's version moves on by one exactly when its view changed."""
        now = {seat: self.view(gid, token) for seat, token in tokens.items()}
        now[None] = self.public(gid)
        for who, view in now.items():
            if who in seen:
                old = seen[who]
                same = _content(old) == _content(view)
                assert view["version"] == old["version"] + (0 if same else 1), who
            seen[who] = view

    def act(self, gid: str, token: str, version: int, action: list) -> httpx.Response:
        return self.http.post(f"/api/games/{gid}/actions",
                              json={"token": token, "version": version, "action": action})

    def play(self, gid: str, tokens: dict[int, str], rng: random.Random,
             captured: list | None = None, max_moves: int = 20_000,
             stop_after: int | None = None, versions: dict | None = None) -> dict:
        """Play the human seats at random until the game ends; bots move on their own.

        With `versions` (filled here), every seat's and the spectator's view is
        read after each move: its version must move on exactly when its content
        changed."""
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
            r = self.act(gid, tokens[seat], view["version"], move)
            assert r.status_code in (200, 409), r.text  # 409: a bot moved first
            if versions is not None:
                self.check_versions(gid, tokens, versions)
            made += 1
            if stop_after is not None and made >= stop_after:
                return self.public(gid)
        raise AssertionError("the game did not end")


def _content(view: dict) -> dict:
    return {k: v for k, v in view.items() if k != "version"}


def check_no_leak(client: Client, gid: str, captured: list) -> None:
    """Every view a seat received matches what that seat may see at some point of
    the game (views carry no move number, so the point is found by its content),
    and lists exactly the events that seat may read up to then."""
    data = client.http.get(f"/api/games/{gid}/record").json()
    rec, _ = records.parse(data)
    game = borough.game(rec.game)
    state = game.setup(rec.players, seed=rec.seed, options=rec.options)
    states = [game.clone(state)]
    batches: list[list[Any]] = [[]]
    for seat, action in rec.moves:
        batches.append(game.apply(state, seat, action))
        states.append(game.clone(state))
    rng = random.Random(1)
    reached = dict.fromkeys(range(rec.players), 0)
    for seat, view in captured:
        texts = [e["text"] for e in view["events"]]

        def shown_at(k: int, seat: int = seat, texts: list = texts,
                     seen: dict = view["observation"]) -> bool:
            readable = [e.text for b in batches[: k + 1] for e in b if e.visible_to(seat)]
            return readable == texts and game.observe(states[k], seat) == seen

        at = next(k for k in range(reached[seat], len(states)) if shown_at(k))
        reached[seat] = at
        assert view["observation"] == game.observe(
            game.determinize(states[at], seat, rng), seat)


class Watcher(threading.Thread):
    """A seat's socket, keeping every view pushed to it until the game is over."""

    def __init__(self, url: str, gid: str, token: str) -> None:
        super().__init__(daemon=True)
        self.address = f"{url.replace('http', 'ws')}/ws/games/{gid}?token={token}"
        self.connected = threading.Event()
        self.views: list[dict] = []
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            asyncio.run(self._watch())
        except BaseException as exc:  # the test reports it
            self.error = exc

    async def _watch(self) -> None:
        async with websockets.connect(self.address, max_size=None) as ws:
            self.connected.set()
            while not self.views or self.views[-1]["status"] != "over":
                self.views.append(json.loads(await asyncio.wait_for(ws.recv(), 120)))
