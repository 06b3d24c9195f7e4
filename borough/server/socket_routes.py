"""The game's WebSocket: each seat's (or a spectator's) view, pushed as it changes,
and the seat's moves sent over it (socket_moves.py)."""

from __future__ import annotations

import asyncio
from contextlib import suppress

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from borough.server.quotas import Limit
from borough.server.refusal import RoomError
from borough.server.routing import rooms_of
from borough.server.socket_caps import SocketCaps
from borough.server.socket_moves import SocketMoves


def routes(limit: Limit) -> APIRouter:
    """`limit`: the moves' limit per client address, the POST's (routing.request_limits)."""
    router = APIRouter()

    @router.websocket("/ws/games/{game_id}")
    async def live(websocket: WebSocket, game_id: str, token: str | None = None) -> None:
        """Pushes the seat's (or a spectator's) view whenever what it may see changes;
        takes the seat's moves (socket_moves.py)."""
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

            moves = SocketMoves(rooms, limit, game_id, seat, address)

            async def receive() -> None:
                while not moves.closing:
                    message = await websocket.receive()
                    if message["type"] == "websocket.disconnect":
                        return
                    refused = await moves.take(message.get("text"))
                    if refused is not None:  # after the views already queued, as sent
                        sub.push(refused)

            tasks = [asyncio.create_task(send()), asyncio.create_task(receive())]
            try:
                await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            finally:
                moves.closing = True
                for task in tasks:
                    # A move under way ends as a request's would, then its task.
                    if not (task is tasks[1] and moves.moving):
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

    return router
