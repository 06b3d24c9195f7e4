"""What the game API's routers share: the live rooms, the per-client request
limits and answers that are already serialised."""

from __future__ import annotations

import math
from collections.abc import Awaitable, Callable

from fastapi import Request, WebSocket
from fastapi.responses import Response

from borough.server import schemas as s
from borough.server.quotas import Limit, Quotas
from borough.server.refusal import RoomError
from borough.server.rooms import Rooms
from borough.server.settings import Settings

MUTATING = s.errors(400, 403, 404, 408, 409, 413, 429, 500)
"""What a request that changes a game may be answered, besides success."""


def json_text(text: str) -> Response:
    """A view already serialised once for every socket and request at this version."""
    return Response(content=text, media_type="application/json")


def rooms_of(request: Request | WebSocket) -> Rooms:
    return request.app.state.rooms


def request_limits(settings: Settings, quotas: Quotas) -> dict[str, Limit]:
    """The limits of the game API by kind of request, per client address (chat:
    per seat). Counted across processes on PostgreSQL: quotas.py."""
    return {"create": quotas.add("create", settings.create_rate, settings.create_burst),
            "act": quotas.add("act", settings.act_rate, settings.act_burst,
                              settings.act_batch),
            "read": quotas.add("read", settings.read_rate, settings.read_burst),
            "chat": quotas.add("chat", settings.chat_rate, settings.chat_burst)}


def limited(limit: Limit) -> Callable[[Request], Awaitable[None]]:
    """A dependency that spends one of the client's requests of `limit`, or refuses (429)."""

    # async: a plain function dependency would hop to a worker thread per request
    async def check(request: Request) -> None:
        client = request.client.host if request.client else "?"
        wait = await limit.take(client)
        if wait:
            raise RoomError(429, f"too many requests from {client}; try again in "
                                 f"{math.ceil(wait)} s", retry_after=wait)
    return check
