"""The move's own path: a well-formed POST /api/games/{id}/actions served below
FastAPI's routing, dependencies and body model.

A move is most of what a server is asked. Through FastAPI it passes route
matching, a dependency for its rate limit, a Pydantic model and a stack of
wrappers, about a third of the server's CPU per move. Here a request whose
body is exactly what `schemas.ActionRequest` accepts (strict types, no other
keys, the same length limits) is answered as the route in game_routes.py
answers it, with the same rate limit and the same refusals (RoomError, as
error_answers.py words them). Anything else, whatever is malformed or
unusual, goes on to FastAPI untouched, so every other answer stays FastAPI's.
Pure ASGI, inside the body limit and forwarding (app.py): the body is bounded
and the game is this process's when a request gets here.
"""

from __future__ import annotations

import math
import re
from typing import Any

import orjson

from borough.server.quotas import Limit
from borough.server.refusal import RoomError

PATH = re.compile(r"/api/games/([^/]+)/actions")
FIELDS = frozenset(("token", "version", "action"))
TOKEN_MAX = 100  # schemas.Token
PART_MAX = 40  # schemas.Part
ACTION_PARTS = range(1, 9)  # schemas.ActionRequest.action


def _json(headers: list[tuple[bytes, bytes]]) -> bool:
    for name, value in headers:
        if name == b"content-type":
            return value.split(b";", 1)[0].strip().lower() == b"application/json"
    return False


def parsed(body: bytes) -> tuple[str, int, tuple[str | int, ...]] | None:
    """token, version and action when `body` is what ActionRequest accepts as
    it is; None for anything to leave to FastAPI's answer."""
    try:
        data = orjson.loads(body)
    except orjson.JSONDecodeError:
        return None
    if type(data) is not dict or data.keys() != FIELDS:
        return None
    token = data["token"]
    if type(token) is not str or len(token) > TOKEN_MAX:
        return None
    move = checked(data["version"], data["action"])
    return None if move is None else (token, *move)


def checked(version: Any, action: Any) -> tuple[int, tuple[str | int, ...]] | None:
    """version and action as ActionRequest takes them (socket_moves.py too), else None."""
    # type() is: strict models take no bool for an int and no subclass tricks.
    if type(version) is not int or type(action) is not list or len(action) not in ACTION_PARTS:
        return None
    for part in action:
        if not (type(part) is int or (type(part) is str and len(part) <= PART_MAX)):
            return None
    return version, tuple(action)


class MovePath:
    def __init__(self, app: Any, limit: Limit) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if (scope["type"] != "http" or scope["method"] != "POST"
                or not (found := PATH.fullmatch(scope["path"]))
                or not _json(scope["headers"])):
            await self.app(scope, receive, send)
            return
        body = b""
        while True:
            message = await receive()
            if message["type"] != "http.request":  # gone: FastAPI notices as before
                break
            body += message.get("body", b"")
            if not message.get("more_body", False):
                break
        move = parsed(body) if message["type"] == "http.request" else None
        if move is None:
            await self.app(scope, _replay(message, body, receive), send)
            return
        try:
            text = await self._act(scope, found.group(1), *move)
        except RoomError as exc:
            await _refuse(send, exc)
            return
        payload = text.encode()
        await send({"type": "http.response.start", "status": 200, "headers": [
            (b"content-length", str(len(payload)).encode()),
            (b"content-type", b"application/json")]})
        await send({"type": "http.response.body", "body": payload})

    async def _act(self, scope: dict, game_id: str, token: str, version: int,
                   action: tuple[str | int, ...]) -> str:
        # As game_routes.act with its `limited` dependency, in the same order.
        client = scope["client"][0] if scope.get("client") else "?"
        wait = await self.limit.take(client)
        if wait:
            raise RoomError(429, f"too many requests from {client}; try again in "
                                 f"{math.ceil(wait)} s", retry_after=wait)
        rooms = scope["app"].state.rooms
        room = await rooms.get(game_id)
        seat = rooms.seat_of(room, token)
        room = await rooms.act(room, seat, version, action)
        text: str = rooms.view_text(room, seat)
        return text


def _replay(first: dict, body: bytes, receive: Any) -> Any:
    delivered = False

    async def again() -> dict:
        nonlocal delivered
        if delivered:
            return await receive()
        delivered = True
        if first["type"] != "http.request":
            return first
        return {"type": "http.request", "body": body, "more_body": False}
    return again


async def _refuse(send: Any, exc: RoomError) -> None:
    payload = orjson.dumps({"error": exc.message})
    headers = [(b"content-length", str(len(payload)).encode()),
               (b"content-type", b"application/json")]
    if exc.retry_after is not None:
        headers.append((b"retry-after", str(max(1, math.ceil(exc.retry_after))).encode()))
    await send({"type": "http.response.start", "status": exc.status, "headers": headers})
    await send({"type": "http.response.body", "body": payload})
