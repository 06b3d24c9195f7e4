"""The HTTP and WebSocket API of the Borough server (FastAPI)."""

from __future__ import annotations

import asyncio
import gc
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from functools import partial

from fastapi import FastAPI
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from borough.server import (
    account_routes,
    bot_routes,
    chat_routes,
    clocks,
    cluster,
    forwarding,
    game_routes,
    hints,
    mail,
    memory,
    rating_routes,
    ratings,
    replay_routes,
    site_routes,
    socket_routes,
    tables,
)
from borough.server.bots import BotScheduler
from borough.server.chat import Chat
from borough.server.error_answers import answer_errors, description
from borough.server.limits import BodyLimit
from borough.server.move_path import MovePath
from borough.server.owners import Owners
from borough.server.quotas import Quotas
from borough.server.rooms import Rooms
from borough.server.routing import request_limits
from borough.server.settings import Settings
from borough.server.socket_caps import SocketCaps
from borough.server.store import Store
from borough.web import content as web

log = logging.getLogger("borough.server")


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


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings.from_env()
    quotas = Quotas()  # counted across processes on PostgreSQL: quotas.py
    limits = request_limits(settings, quotas)

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
        owners = None
        if store.shared and settings.internal_url:  # each game served by one process
            owners = Owners(store, settings.internal_url, settings.bot_lease)
            await asyncio.to_thread(owners.register)
            store.owns_games = True
            background.append(asyncio.create_task(owners.keep()))
        app.state.owners = owners
        app.state.clocks, clock_sweep = clocks.start(rooms, settings, owners)  # open tables
        background.append(clock_sweep)
        app.state.mailer = mail.start(app.state.clocks, settings)  # turn e-mails
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
    # Innermost: a move reaching it is this process's, its body already bounded.
    app.add_middleware(MovePath, limit=limits["act"])
    # Inside the body limit: a forwarded request's body was bounded on arrival.
    app.add_middleware(forwarding.Forwarding)
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes, timeout=settings.body_timeout)
    # Outermost: every route, quota and socket cap sees the client's own address.
    # Here rather than uvicorn's option, so the app behaves alike however it is run.
    app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=settings.trusted_proxies)

    answer_errors(app)

    # The order of the routes is the order of the paths in the API's description.
    app.include_router(site_routes.server_routes())  # health, the games on offer
    app.include_router(game_routes.routes(limits))  # open, watch, act, take back
    app.include_router(chat_routes.routes(limits))  # a game's chat: chat.py
    app.include_router(bot_routes.routes(limits))  # suggestions, bots, reviews: hints.py
    app.include_router(account_routes.routes(settings, quotas))  # optional accounts
    app.include_router(rating_routes.routes(web.STATIC))  # ratings and leaderboards
    app.include_router(tables.routes(settings, quotas))  # open tables: tables.py, clocks.py
    app.include_router(mail.routes(settings, quotas))  # turn e-mails: mail.py
    app.include_router(site_routes.page_routes(settings))  # pages, rules, guides, content
    app.include_router(replay_routes.routes(settings, limits))  # finished games
    app.include_router(socket_routes.routes(limits["act"]))  # views pushed, moves taken
    site_routes.mount_files(app, settings)

    app.openapi = partial(description, app)  # type: ignore[method-assign]
    return app
