"""The HTTP and WebSocket API of the Borough server (FastAPI)."""

from __future__ import annotations

import asyncio
import gc
import logging
import math
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any

from fastapi import Depends, FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

import borough
from borough import guide, rulebook, tutorial
from borough.server import (
    account_routes,
    clocks,
    cluster,
    forwarding,
    hints,
    mail,
    memory,
    rating_routes,
    ratings,
    tables,
)
from borough.server import schemas as s
from borough.server.bots import BotScheduler
from borough.server.chat import Chat
from borough.server.limits import BodyLimit
from borough.server.owners import Owners
from borough.server.quotas import Quotas
from borough.server.rooms import RoomError, Rooms
from borough.server.settings import Settings
from borough.server.socket_caps import SocketCaps
from borough.server.store import Store
from borough.web import content as web
from borough.web import guide as guides
from borough.web import tutorial as tutorials

WEB = Path(__file__).resolve().parent.parent / "web"
PAGES = {"lobby": "index.html", "play": "play.html", "replay": "replay.html", "rules": "rules.html",
         "learn": "learn.html"}
log = logging.getLogger("borough.server")


def _json(text: str) -> Response:
    """A view already serialised once for every socket and request at this version."""
    return Response(content=text, media_type="application/json")


def calm_garbage_collector() -> None:
    """What exists once the server has started (code, game data) lives as long as
    the process: move it out of the collector's sight, so that a collection walks
    only what requests and games made since. Young collections run far less often
    than by default (each would stall every request); full ones still come every
    ten middle ones (they never did with the old third threshold of 100), and the
    sweeper forces one after sockets close, so closed connections give their
    memory back."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 10)


def documentation_site(settings: Settings) -> Path | None:
    """The built MkDocs site to serve at /docs/: the folder the settings name, or the
    checkout's `site/` (what `make docs` builds); None when there is none."""
    folder = Path(settings.docs_dir) if settings.docs_dir else WEB.parent.parent / "site"
    return folder if (folder / "index.html").is_file() else None


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings.from_env()
    quotas = Quotas()  # counted across processes on PostgreSQL: quotas.py
    limits = {"create": quotas.add("create", settings.create_rate, settings.create_burst),
              "act": quotas.add("act", settings.act_rate, settings.act_burst,
                                settings.act_batch),
              "read": quotas.add("read", settings.read_rate, settings.read_burst),
              "chat": quotas.add("chat", settings.chat_rate, settings.chat_burst)}  # per seat
    # Replay frames of finished games (which never change), newest use last.
    frames: OrderedDict[tuple[str, int], dict[str, Any]] = OrderedDict()

    async def sweeper(app: FastAPI, rooms: Rooms) -> None:
        closed = rooms.closed_sockets
        while True:
            await asyncio.sleep(settings.sweep_seconds)
            try:
                gone = await sweep(app, rooms)
            except Exception:  # one failed look must not end the sweeps for good
                log.exception("sweeping failed; trying again")
                continue
            if gone or rooms.closed_sockets != closed:
                closed = rooms.closed_sockets
                memory.give_back()

    async def sweep(app: FastAPI, rooms: Rooms) -> int:
        """Rooms, limits and ratings of games that went idle; the rooms that left."""
        gone = rooms.sweep()
        left, rooms.left = [g for g in rooms.left if g not in rooms.rooms], []
        owners: Owners | None = app.state.owners
        if owners is not None and left:  # the next request's process claims them
            try:
                await asyncio.to_thread(owners.release, left)
            except Exception:
                log.exception("giving up games that left memory failed")
        await app.state.rater.sweep()  # ended and abandoned games: ratings.py
        await quotas.sweep(settings.sweep_seconds)
        return gone

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        memory.cap_heaps()  # before the first thread of the pool starts
        store = Store(settings.database_url, cluster.process_name(), settings.bot_lease)
        await asyncio.to_thread(store.migrate)
        if store.shared:  # other processes count the same clients
            quotas.share(settings.database_url)
        bots = BotScheduler(settings.workers)
        rooms = Rooms(store, bots, settings)
        app.state.rooms = rooms
        app.state.rater = ratings.Rater(rooms, settings)
        rooms.on_over.append(app.state.rater.over)
        chat = Chat(rooms, settings, limits["chat"])
        app.state.chat = chat
        advisor = hints.Advisor(store, settings.hint_rate, settings.hint_burst)
        app.state.advisor = advisor
        app.state.reviewer = hints.Reviewer(advisor)
        background = [asyncio.create_task(sweeper(app, rooms))]
        app.state.clocks, clock_sweep = clocks.start(rooms, settings)  # open tables
        background.append(clock_sweep)
        app.state.mailer = mail.start(app.state.clocks, settings)  # turn e-mails
        owners = None
        if store.shared and settings.internal_url:  # each game served by one process
            owners = Owners(store, settings.internal_url, settings.bot_lease)
            await asyncio.to_thread(owners.register)
            store.owns_games = True
            background.append(asyncio.create_task(owners.keep()))
        app.state.owners = owners
        app.state.peers = forwarding.Links()
        if store.shared:  # other processes may serve the same games
            listening = asyncio.Event()
            background.append(asyncio.create_task(
                cluster.listen(rooms, settings.database_url, listening, chat.heard)))
            await asyncio.wait_for(listening.wait(), 60)
        await rooms.resume_all()
        if store.shared:
            background.append(asyncio.create_task(
                cluster.keep_bot_turns(rooms, settings.bot_lease, owners)))
        caps = None
        if quotas.counts is not None:  # sockets per address and game, across processes
            caps = SocketCaps(quotas.counts, store.owner, settings.sockets_per_address,
                              settings.spectators_per_game, settings.bot_lease)
            await asyncio.to_thread(caps.beat)
            background.append(asyncio.create_task(caps.keep()))
        app.state.socket_caps = caps
        warming = bots.warm()
        warming_hints = advisor.warm()
        calm_garbage_collector()
        try:
            yield
        finally:
            for task in background:
                task.cancel()
            warming.cancel()
            warming_hints.cancel()
            for task in list(rooms.tasks):
                task.cancel()
            bots.shutdown()
            app.state.reviewer.shutdown()
            advisor.shutdown()
            if store.shared:
                with suppress(Exception):  # else their leases run out as after a crash
                    await asyncio.to_thread(store.release_held_bot_turns)
            if owners is not None:
                with suppress(Exception):  # its games are claimed at once, not a lease later
                    await asyncio.to_thread(owners.leave)
            app.state.peers.close()
            store.dispose()
            if caps is not None:
                with suppress(Exception):  # else they stop counting a lease later
                    await asyncio.to_thread(caps.close)
            quotas.close()

    app = FastAPI(
        title="Borough",
        summary="Play Borough's board games with friends or against bots.",
        lifespan=lifespan,
        # /docs/ is the documentation site; the API's own page lives beside the API.
        docs_url="/api/docs",
        redoc_url=None,
    )
    app.state.owners = None  # set at start on a shared database (owners.py)
    app.state.socket_caps = None  # set at start on a shared database (socket_caps.py)
    # Inside the body limit: a forwarded request's body was bounded on arrival.
    app.add_middleware(forwarding.Forwarding)
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes, timeout=settings.body_timeout)
    # Outermost: every route, quota and socket cap sees the client's own address.
    # Here rather than uvicorn's option, so the app behaves alike however it is run.
    app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=settings.trusted_proxies)

    @app.exception_handler(RoomError)
    async def room_error(_: Request, exc: RoomError) -> JSONResponse:
        headers = None
        if exc.retry_after is not None:
            headers = {"Retry-After": str(max(1, math.ceil(exc.retry_after)))}
        return JSONResponse({"error": exc.message}, status_code=exc.status, headers=headers)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        # FastAPI's own refusals (a body that is not UTF-8 JSON, an unknown path)
        # answer in the same shape as every other error.
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code,
                            headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {"msg": "invalid request", "loc": ()}
        where = ".".join(str(p) for p in first["loc"])
        return JSONResponse({"error": f"malformed request: {where}: {first['msg']}"}, 400)

    @app.exception_handler(Exception)
    async def failed(_: Request, exc: Exception) -> JSONResponse:
        log.error("request failed", exc_info=exc)
        return JSONResponse({"error": "the server failed; nothing was stored"}, 500)

    def rooms_of(request: Request | WebSocket) -> Rooms:
        return request.app.state.rooms

    def rate(kind: str) -> Callable[[Request], Awaitable[None]]:
        # async: a plain function dependency would hop to a worker thread per request
        async def check(request: Request) -> None:
            client = request.client.host if request.client else "?"
            wait = await limits[kind].take(client)
            if wait:
                raise RoomError(429, f"too many requests from {client}; try again in "
                                     f"{math.ceil(wait)} s", retry_after=wait)
        return check

    mutating = s.errors(400, 403, 404, 408, 409, 413, 429, 500)

    @app.get("/healthz", response_model=s.Health)
    async def health(request: Request) -> dict[str, Any]:
        """Up, with the games held in memory and the live sockets."""
        rooms = rooms_of(request)
        return {"status": "ok", "rooms": len(rooms.rooms), "sockets": rooms.sockets}

    @app.get("/api/meta", response_model=s.Meta)
    async def meta() -> dict[str, Any]:
        """Every game with its player counts and options, and the bot levels."""
        from borough.agents import AGENT_NAMES
        from borough.agents.registry import offered

        return {
            "games": [
                {"name": n, "title": borough.game(n).title,
                 "players": list(borough.game(n).player_counts()),
                 "options": borough.game(n).options(),
                 "about": guide.about(n).to_json(),
                 "tutorial": tutorial.exists(n),
                 "bots": [{"name": a, "help": h} for a, h in offered(borough.game(n))]}
                for n in borough.games.names()
            ],
            "agents": list(AGENT_NAMES),
        }

    @app.post("/api/games", status_code=201, response_model=s.Created,
              responses=s.errors(400, 408, 413, 429, 500),
              dependencies=[Depends(rate("create"))])
    async def create_game(request: Request, spec: s.CreateGame) -> dict[str, Any]:
        """Open a room; answers a secret token per seat."""
        wanted = spec.model_dump()
        wanted["hints"] = hints.resolve(spec.hints, wanted["seats"])
        room, tokens = await rooms_of(request).create(wanted)
        return {
            "id": room.id,
            "seed": room.record.seed if room.seed_chosen else None,
            "seed_chosen": room.seed_chosen,
            **ratings.before_start(room),
            "seats": [
                {"seat": i, "token": t, "name": room.seats[i]["name"],
                 "join_url": f"/play/{room.id}?token={t}"}
                for i, t in enumerate(tokens)
            ],
        }

    @app.get("/api/games", response_model=list[s.LobbyRow], responses=s.errors(429),
             dependencies=[Depends(rate("read"))])
    async def lobby(request: Request) -> list[dict[str, Any]]:
        """The newest games with their status, for the lobby."""
        return await asyncio.to_thread(rooms_of(request).store.lobby)

    @app.get("/api/games/{game_id}", response_model=s.GameView, responses=s.errors(404, 409))
    async def spectate(request: Request, game_id: str) -> Response:
        """What a spectator sees: nobody's hidden information."""
        rooms = rooms_of(request)
        return _json(rooms.view_text(await rooms.get(game_id, fresh=True), None))

    @app.get("/api/games/{game_id}/view", response_model=s.GameView,
             responses=s.errors(400, 403, 404, 409))
    async def seat_view(request: Request, game_id: str,
                        token: str = Query("", max_length=100)) -> Response:
        """The seat's own view: observation, legal moves with sentences, events."""
        rooms = rooms_of(request)
        room = await rooms.get(game_id, fresh=True)
        return _json(rooms.view_text(room, rooms.seat_of(room, token)))

    @app.post("/api/games/{game_id}/actions", response_model=s.GameView,
              responses={**mutating, **s.errors(422)}, dependencies=[Depends(rate("act"))])
    async def act(request: Request, game_id: str, body: s.ActionRequest) -> Response:
        """Take an action from the seat's view at `version`; answers the new view."""
        rooms = rooms_of(request)
        room = await rooms.get(game_id)
        seat = rooms.seat_of(room, body.token)
        room = await rooms.act(room, seat, body.version, tuple(body.action))
        return _json(rooms.view_text(room, seat))

    @app.post("/api/games/{game_id}/explain", response_model=s.Explained,
              responses=s.errors(400, 403, 404, 408, 409, 413, 422, 429, 500),
              dependencies=[Depends(rate("act"))])
    async def explain(request: Request, game_id: str, body: s.ExplainRequest
                      ) -> dict[str, Any]:
        """Would the seat's action be allowed now, and if not why; changes nothing.
        Something that is not an action of this game at all is refused (422)."""
        rooms = rooms_of(request)
        room = await rooms.get(game_id, fresh=True)
        return rooms.explain(room, rooms.seat_of(room, body.token), tuple(body.action))

    @app.post("/api/games/{game_id}/undo", response_model=s.GameView, responses=mutating,
              dependencies=[Depends(rate("act"))])
    async def undo(request: Request, game_id: str, body: s.TokenRequest) -> Response:
        """Take back your last move, made within your turn (against bots too): while
        you alone are still to decide, the game goes on, and the move used no chance
        and uncovered nothing. Again, and the move before it goes, to the turn's start.
        A refusal (409) says why, as the view's `undo_refusal` does."""
        rooms = rooms_of(request)
        room = await rooms.get(game_id)
        seat = rooms.seat_of(room, body.token)
        room = await rooms.undo(room, seat)
        return _json(rooms.view_text(room, seat))

    @app.get("/api/games/{game_id}/chat", response_model=s.ChatLog,
             responses=s.errors(400, 403, 404, 409, 429), dependencies=[Depends(rate("read"))])
    async def chat_log(request: Request, game_id: str,
                       token: str = Query("", max_length=100)) -> dict[str, Any]:
        """The game's chat: every message for the people at the table (with their seat's
        token); for spectators only once every person's seat, and every seat that wrote,
        lets them read it."""
        room = await rooms_of(request).get(game_id, fresh=True)
        return await request.app.state.chat.log(room, token)

    @app.post("/api/games/{game_id}/chat", response_model=s.ChatMessage, responses=mutating,
              dependencies=[Depends(rate("act"))])
    async def chat_post(request: Request, game_id: str, body: s.ChatPost) -> dict[str, Any]:
        """Write in the game's chat from a person's seat, while the game goes on and two
        or more seats are people; pushed to the game's sockets. A few messages at once
        per seat, then one every two seconds."""
        room = await rooms_of(request).get(game_id, fresh=True)
        return await request.app.state.chat.post(room, body.token, body.text)

    @app.post("/api/games/{game_id}/chat/spectators", response_model=s.ChatLog,
              responses=mutating, dependencies=[Depends(rate("act"))])
    async def chat_readers(request: Request, game_id: str, body: s.ChatReaders
                           ) -> dict[str, Any]:
        """A person's seat lets spectators read the chat, or stops letting them (each
        seat is asked: off until it is turned on); answers the chat as the seat reads it."""
        room = await rooms_of(request).get(game_id, fresh=True)
        return await request.app.state.chat.allow(room, body.token, body.spectators)

    @app.post("/api/games/{game_id}/suggest", response_model=s.Suggestion,
              responses=s.errors(400, 403, 404, 408, 409, 413, 429, 500, 503),
              dependencies=[Depends(rate("act"))])
    async def suggest(request: Request, game_id: str, body: s.SuggestRequest
                      ) -> Response:
        """The medium level's move for the seat at view `version`: what it does now (the
        engine's preview) and why it beats the next best, decided from the seat's own
        information; changes nothing. Refused when the game has suggestions off, it is
        not the seat's turn, the version is stale or the game is over. Asking again
        about the same decision is free; new decisions are charged the worker time
        they take, from a per-seat allowance (counted across server processes) that a
        person asking at every decision does not exhaust."""
        rooms = rooms_of(request)
        room = await rooms.get(game_id, fresh=True)
        try:
            return _json(await request.app.state.advisor.suggest_text(
                room, rooms.seat_of(room, body.token), body.version))
        except hints.HintError as exc:
            raise RoomError(exc.status, exc.message, exc.retry_after) from None

    @app.post("/api/games/{game_id}/seats/{seat}/bot", response_model=s.GameView,
              responses=mutating, dependencies=[Depends(rate("act"))])
    async def hand_to_bot(request: Request, game_id: str, seat: int,
                          body: s.BotRequest) -> Response:
        """Leave the game: a bot of the chosen level takes over your seat."""
        rooms = rooms_of(request)
        room = await rooms.get(game_id)
        if rooms.seat_of(room, body.token) != seat:
            raise RoomError(403, "only the seat's own player can hand it to a bot")
        room = await rooms.hand_to_bot(room, seat, body.agent)
        return _json(rooms.view_text(room, None))

    @app.get("/api/games/{game_id}/review", response_model=s.GameReview,
             responses=s.errors(404, 409, 429, 503), dependencies=[Depends(rate("read"))])
    async def game_review(request: Request, game_id: str) -> dict[str, Any]:
        """A finished game's review: the first call starts it in the background, later
        ones show its progress, then each person's three dearest decisions with the
        better move and their estimated cost (out of 100 for how the game went for
        the seat), judged from what the seat could see at the time."""
        rooms = rooms_of(request)
        room = await rooms.get(game_id, fresh=True)
        try:
            return request.app.state.reviewer.status(room)
        except hints.HintError as exc:
            raise RoomError(exc.status, exc.message, exc.retry_after) from None

    @app.get("/api/games/{game_id}/record", response_model=dict[str, Any],
             responses=s.errors(404, 409, 429), dependencies=[Depends(rate("read"))])
    async def record(request: Request, game_id: str) -> dict[str, Any]:
        """Setup (seed included) and actions of a finished game (the replay format)."""
        rooms = rooms_of(request)
        return rooms.record(await rooms.get(game_id, fresh=True))

    app.include_router(account_routes.routes(settings, quotas))  # optional accounts
    app.include_router(rating_routes.routes(web.STATIC))  # ratings and leaderboards
    app.include_router(tables.routes(settings, quotas))  # open tables: tables.py, clocks.py
    app.include_router(mail.routes(settings, quotas))  # turn e-mails: mail.py

    # ------------------------------------------------------- the browser app
    app.mount("/static", StaticFiles(directory=web.STATIC), name="static")
    site = documentation_site(settings)
    if site is not None:
        app.mount("/docs", StaticFiles(directory=site, html=True), name="docs")
    else:
        @app.get("/docs/{path:path}", include_in_schema=False)
        async def no_docs(path: str) -> Response:
            return Response("The documentation site is not built here: run `make docs` in a "
                            "checkout, or set BOROUGH_DOCS_DIR to a built site.\n",
                            status_code=404, media_type="text/plain")

    def page(name: str) -> FileResponse:
        return FileResponse(web.STATIC / PAGES[name], headers={"Cache-Control": "no-cache"})

    def known_game(name: str) -> str:
        if name not in borough.games.names():
            raise RoomError(404, f"there is no game {name!r}; the games are "
                                 f"{', '.join(borough.games.names())}")
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

    @app.get("/api/rules/{game}", response_model=s.Rules, responses=s.errors(404))
    async def rules(game: str) -> dict[str, str]:
        """A game's rules as Borough plays them, in Markdown."""
        try:
            text = await asyncio.to_thread(rulebook.rules_text, known_game(game))
        except FileNotFoundError:
            raise RoomError(404, f"{game} has no rules text yet") from None
        return {"game": game, "title": borough.game(game).title, "markdown": text}

    @app.get("/api/guide/{game}", response_model=s.Guide, responses=s.errors(404))
    async def player_guide(game: str) -> dict[str, Any]:
        """A game's player's guide in Markdown, its lobby facts, and each picture's
        position as the table's board draws it."""
        try:
            return await asyncio.to_thread(guides.guide_page, known_game(game))
        except FileNotFoundError:
            raise RoomError(404, f"{game} has no player's guide yet") from None

    @app.get("/learn/{game}", include_in_schema=False)
    async def learn_page(game: str) -> FileResponse:
        known_game(game)
        return page("learn")

    @app.get("/api/tutorials/{game}", response_model=s.TutorialStep, responses=s.errors(400, 404))
    async def tutorial_step(game: str, decision: int = Query(0, ge=0, le=1000)
                            ) -> dict[str, Any]:
        """The guided first game at the person's `decision`: the table's view with the one
        move the step asks for, what to do and why, and the sentence for a wrong click."""
        if not tutorial.exists(known_game(game)):
            raise RoomError(404, f"{game} has no guided first game yet")
        try:
            return await asyncio.to_thread(tutorials.decision_view, game, decision)
        except ValueError as exc:
            raise RoomError(400, str(exc)) from None

    @app.get("/api/content/{game}", response_model=dict[str, Any], responses=s.errors(404))
    async def game_content(game: str) -> dict[str, Any]:
        """The boards, tiles and cards a game's observations refer to by number."""
        return await asyncio.to_thread(web.content, known_game(game))

    @app.get("/api/games/{game_id}/replay", response_model=dict[str, Any],
             responses=s.errors(400, 404, 409, 429), dependencies=[Depends(rate("read"))])
    async def replay(request: Request, game_id: str, at: int = Query(0, ge=0)
                     ) -> dict[str, Any]:
        """A finished game as a spectator saw it after `at` moves (at most all of them),
        with every move's sentence."""
        rooms = rooms_of(request)
        room = await rooms.get(game_id, fresh=True)
        record = rooms.record(room)  # refuses a game still being played
        key = (room.id, min(at, room.move_number))
        frame = frames.get(key)
        if frame is None:
            frame = await asyncio.to_thread(
                web.replay_frame, room.game, room.record, record.get("result"), at)
            frame["id"] = room.id
            frame["seats"] = [
                {"seat": i, "kind": x["kind"], "agent": x["agent"], "name": x["name"]}
                for i, x in enumerate(room.seats)
            ]
            frames[key] = frame
            while len(frames) > settings.replay_frames:
                frames.popitem(last=False)
        frames.move_to_end(key)
        return frame

    @app.websocket("/ws/games/{game_id}")
    async def live(websocket: WebSocket, game_id: str, token: str | None = None) -> None:
        """Pushes the seat's (or a spectator's) view whenever what it may see changes."""
        rooms = rooms_of(websocket)
        address = websocket.client.host if websocket.client else "?"
        caps: SocketCaps | None = websocket.app.state.socket_caps
        counted = None  # this socket's row among every process's (socket_caps.py)
        try:
            room = await rooms.get(game_id, fresh=True)
            seat = rooms.seat_of(room, token) if token else None
            if caps is not None:
                counted = await asyncio.to_thread(caps.admit, address, game_id, seat is None)
            try:
                sub = rooms.subscribe(room, seat, address)
            except RoomError:
                if caps is not None and counted is not None:
                    await asyncio.to_thread(caps.leave, counted)
                raise
        except RoomError as exc:
            # A refused socket's objects die in reference cycles too: the sweeper
            # collects them as it does those of closed ones.
            rooms.closed_sockets += 1
            await websocket.close(code=4000 + exc.status, reason=exc.message)
            return
        try:
            await websocket.accept()

            async def send() -> None:
                while (text := await sub.queue.get()) is not None:
                    await websocket.send_text(text)
                # The seat opened more sockets than its share: this, its oldest, goes.
                await websocket.close(code=4409, reason="this seat opened a newer connection")

            async def receive() -> None:
                while True:
                    await websocket.receive_text()  # clients only listen; this notices a close

            tasks = [asyncio.create_task(send()), asyncio.create_task(receive())]
            try:
                await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for task in tasks:
                    task.cancel()
                for task in tasks:
                    with suppress(asyncio.CancelledError, WebSocketDisconnect, RuntimeError):
                        await task
                tasks.clear()
        finally:
            rooms.unsubscribe(room, sub)
            if caps is not None and counted is not None:
                with suppress(Exception):  # else it goes with this process's rows
                    await asyncio.to_thread(caps.leave, counted)

    def openapi() -> dict[str, Any]:
        """FastAPI's description without its generic 422: this server answers a
        malformed request with 400 (listed on each route that can get one) and
        keeps 422 for an action the rules refuse."""
        if app.openapi_schema:
            return app.openapi_schema
        schema = get_openapi(title=app.title, version=app.version, summary=app.summary,
                             routes=app.routes)
        for item in schema["paths"].values():
            for operation in item.values():
                answers = operation.get("responses", {})
                ref = answers.get("422", {}).get("content", {}).get("application/json", {})
                if ref.get("schema", {}).get("$ref", "").endswith("/HTTPValidationError"):
                    del answers["422"]
        for name in ("HTTPValidationError", "ValidationError"):
            schema.get("components", {}).get("schemas", {}).pop(name, None)
        app.openapi_schema = schema
        return schema

    app.openapi = openapi  # type: ignore[method-assign]
    return app
