"""The HTTP and WebSocket API of the Borough server (FastAPI)."""

from __future__ import annotations

import asyncio
import gc
import multiprocessing
from collections.abc import AsyncIterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, ValidationError

import borough
from borough.core.serial import freeze
from borough.server.limits import BodyLimit
from borough.server.rooms import MAX_SEED, RoomError, Rooms, Subscriber
from borough.server.settings import Settings
from borough.server.store import Store
from borough.web import content as web

WEB = Path(__file__).resolve().parent.parent / "web"
PAGES = {"lobby": "index.html", "play": "play.html", "replay": "replay.html", "rules": "rules.html"}


class SeatSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["human", "bot"]
    agent: str | None = None
    name: str | None = Field(None, max_length=40)


class CreateGame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=40)
    players: int
    options: dict[str, str | int | bool] = {}
    seed: int | None = Field(None, ge=0, lt=MAX_SEED)
    seats: list[SeatSpec] = Field(max_length=8)


class ActionRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str = Field(max_length=100)
    move_number: int
    action: list[Any]


class TokenRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str = Field(max_length=100)


class BotRequest(TokenRequest):
    agent: str = "medium"


def _json(text: str) -> Response:
    """A view already serialised once for every socket and request at this version."""
    return Response(content=text, media_type="application/json")


def _parse(model: type[BaseModel], body: bytes) -> Any:
    try:
        return model.model_validate_json(body)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "body"
        raise RoomError(400, f"malformed request: {where}: {first['msg']}") from None


def calm_garbage_collector() -> None:
    """A full collection walks every live game state and would stall every
    request for tens of milliseconds; the server's objects are mostly
    long-lived, so move what exists at start out of the collector's sight and
    collect the young generation less often."""
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings.from_env()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(settings.database_url)
        await asyncio.to_thread(store.migrate)
        executor = ProcessPoolExecutor(
            settings.bot_workers, mp_context=multiprocessing.get_context("spawn")
        )
        rooms = Rooms(store, executor, settings.bot_pause)
        app.state.rooms = rooms
        await rooms.resume_all()
        calm_garbage_collector()
        try:
            yield
        finally:
            for task in list(rooms.tasks):
                task.cancel()
            executor.shutdown(wait=False, cancel_futures=True)
            store.dispose()

    app = FastAPI(
        title="Borough",
        summary="Play Borough's board games with friends or against bots.",
        lifespan=lifespan,
    )
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes)

    @app.exception_handler(RoomError)
    async def room_error(_: Request, exc: RoomError) -> JSONResponse:
        return JSONResponse({"error": exc.message}, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {"msg": "invalid request", "loc": ()}
        where = ".".join(str(p) for p in first["loc"])
        return JSONResponse({"error": f"malformed request: {where}: {first['msg']}"}, 400)

    def rooms_of(request: Request | WebSocket) -> Rooms:
        return request.app.state.rooms

    @app.get("/healthz")
    async def health() -> dict[str, str]:
        return {"status": "ok"}

    @app.get("/api/meta")
    async def meta() -> dict[str, Any]:
        """Every game with its player counts and options, and the bot levels."""
        from borough.agents import AGENT_NAMES

        return {
            "games": [
                {"name": n, "title": borough.game(n).title,
                 "players": list(borough.game(n).player_counts()),
                 "options": borough.game(n).options()}
                for n in borough.games()
            ],
            "agents": list(AGENT_NAMES),
        }

    @app.post("/api/games", status_code=201)
    async def create_game(request: Request) -> dict[str, Any]:
        """Open a room: `{game, players, options, seed?, seats: [{kind, agent?, name?}]}`."""
        spec = _parse(CreateGame, await request.body())
        room, tokens = await rooms_of(request).create(spec.model_dump())
        return {
            "id": room.id,
            "seed": room.record.seed,
            "seats": [
                {"seat": i, "token": t, "name": room.seats[i]["name"],
                 "join_url": f"/play/{room.id}?token={t}"}
                for i, t in enumerate(tokens)
            ],
        }

    @app.get("/api/games")
    async def lobby(request: Request) -> list[dict[str, Any]]:
        """The newest games with their status, for the lobby."""
        return await asyncio.to_thread(rooms_of(request).store.lobby)

    @app.get("/api/games/{game_id}")
    async def spectate(request: Request, game_id: str) -> Response:
        """What a spectator sees: nobody's hidden information."""
        rooms = rooms_of(request)
        return _json(rooms.view_text(await rooms.get(game_id), None))

    @app.get("/api/games/{game_id}/view")
    async def seat_view(request: Request, game_id: str, token: str = "") -> Response:
        """The seat's own view: observation, legal moves with sentences, events."""
        rooms = rooms_of(request)
        room = await rooms.get(game_id)
        return _json(rooms.view_text(room, rooms.seat_of(room, token)))

    @app.post("/api/games/{game_id}/actions")
    async def act(request: Request, game_id: str) -> Response:
        """Take an action: `{token, move_number, action}`; answers the new view."""
        body = _parse(ActionRequest, await request.body())
        rooms = rooms_of(request)
        room = await rooms.get(game_id)
        seat = rooms.seat_of(room, body.token)
        await rooms.act(room, seat, body.move_number, freeze(body.action))
        return _json(rooms.view_text(room, seat))

    @app.post("/api/games/{game_id}/undo")
    async def undo(request: Request, game_id: str) -> Response:
        """Take back your last move (all-human games, nothing hidden revealed)."""
        body = _parse(TokenRequest, await request.body())
        rooms = rooms_of(request)
        room = await rooms.get(game_id)
        seat = rooms.seat_of(room, body.token)
        await rooms.undo(room, seat)
        return _json(rooms.view_text(room, seat))

    @app.post("/api/games/{game_id}/seats/{seat}/bot")
    async def hand_to_bot(request: Request, game_id: str, seat: int) -> Response:
        """Leave the game: a bot of the chosen level takes over your seat."""
        body = _parse(BotRequest, await request.body())
        rooms = rooms_of(request)
        room = await rooms.get(game_id)
        if rooms.seat_of(room, body.token) != seat:
            raise RoomError(403, "only the seat's own player can hand it to a bot")
        await rooms.hand_to_bot(room, seat, body.agent)
        return _json(rooms.view_text(room, None))

    @app.get("/api/games/{game_id}/record")
    async def record(request: Request, game_id: str) -> dict[str, Any]:
        """Setup and actions of a finished game (the replay format)."""
        rooms = rooms_of(request)
        return rooms.record(await rooms.get(game_id))

    # ------------------------------------------------------- the browser app
    app.mount("/static", StaticFiles(directory=web.STATIC), name="static")

    def page(name: str) -> FileResponse:
        return FileResponse(web.STATIC / PAGES[name], headers={"Cache-Control": "no-cache"})

    def known_game(name: str) -> str:
        if name not in borough.games():
            raise RoomError(404, f"there is no game {name!r}; the games are "
                                 f"{', '.join(borough.games())}")
        return name

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return page("lobby")

    @app.get("/play/{game_id}", include_in_schema=False)
    async def play_page(game_id: str) -> FileResponse:
        return page("play")

    @app.get("/replay/{game_id}", include_in_schema=False)
    async def replay_page(game_id: str) -> FileResponse:
        return page("replay")

    @app.get("/rules/{game}", include_in_schema=False)
    async def rules_page(game: str) -> FileResponse:
        known_game(game)
        return page("rules")

    @app.get("/api/rules/{game}")
    async def rules(game: str) -> dict[str, str]:
        """A game's rules as Borough plays them, in Markdown."""
        path = web.rules_path(known_game(game))
        if not path.is_file():
            raise RoomError(404, f"{game} has no rules text yet")
        text = await asyncio.to_thread(path.read_text, encoding="utf-8")
        return {"game": game, "title": borough.game(game).title, "markdown": text}

    @app.get("/api/content/{game}")
    async def game_content(game: str) -> dict[str, Any]:
        """The boards, tiles and cards a game's observations refer to by number."""
        return await asyncio.to_thread(web.content, known_game(game))

    @app.get("/api/games/{game_id}/replay")
    async def replay(request: Request, game_id: str, at: int = 0) -> dict[str, Any]:
        """A finished game as a spectator saw it after `at` moves, with every move's sentence."""
        rooms = rooms_of(request)
        room = await rooms.get(game_id)
        record = rooms.record(room)  # refuses a game still being played
        frame = await asyncio.to_thread(
            web.replay_frame, room.game, room.record, record.get("result"), at)
        frame["id"] = room.id
        frame["seats"] = [
            {"seat": i, "kind": s["kind"], "agent": s["agent"], "name": s["name"]}
            for i, s in enumerate(room.seats)
        ]
        return frame

    @app.websocket("/ws/games/{game_id}")
    async def live(websocket: WebSocket, game_id: str, token: str | None = None) -> None:
        """Pushes the seat's (or a spectator's) view after every action."""
        rooms = rooms_of(websocket)
        try:
            room = await rooms.get(game_id)
            seat = rooms.seat_of(room, token) if token else None
        except RoomError as exc:
            await websocket.close(code=4000 + exc.status, reason=exc.message)
            return
        await websocket.accept()
        sub = Subscriber(seat)
        room.subscribers.add(sub)
        sub.push(rooms.view_text(room, seat))

        async def send() -> None:
            while True:
                await websocket.send_text(await sub.queue.get())

        async def receive() -> None:
            while True:
                await websocket.receive_text()  # clients only listen; this notices a close

        tasks = [asyncio.create_task(send()), asyncio.create_task(receive())]
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            room.subscribers.discard(sub)
            for task in tasks:
                task.cancel()
            for task in tasks:
                with suppress(asyncio.CancelledError, WebSocketDisconnect, RuntimeError):
                    await task

    return app
