"""Routes of a game's chat (chat.py holds who may read and write it)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Query, Request

from borough.server import schemas as s
from borough.server.quotas import Limit
from borough.server.routing import MUTATING, limited, rooms_of


def routes(limits: dict[str, Limit]) -> APIRouter:
    router = APIRouter()
    act = [Depends(limited(limits["act"]))]

    @router.get("/api/games/{game_id}/chat", response_model=s.ChatLog,
                responses=s.errors(400, 403, 404, 409, 429),
                dependencies=[Depends(limited(limits["read"]))])
    async def chat_log(request: Request, game_id: str,
                       token: str = Query("", max_length=100)) -> dict[str, Any]:
        """The game's chat: every message for the people at the table (with their seat's
        token); for spectators only once every person's seat, and every seat that wrote,
        lets them read it."""
        room = await rooms_of(request).get(game_id, fresh=True)
        return await request.app.state.chat.log(room, token)

    @router.post("/api/games/{game_id}/chat", response_model=s.ChatMessage,
                 responses=MUTATING, dependencies=act)
    async def chat_post(request: Request, game_id: str, body: s.ChatPost) -> dict[str, Any]:
        """Write in the game's chat from a person's seat, while the game goes on and two
        or more seats are people; pushed to the game's sockets. A few messages at once
        per seat, then one every two seconds."""
        room = await rooms_of(request).get(game_id, fresh=True)
        return await request.app.state.chat.post(room, body.token, body.text)

    @router.post("/api/games/{game_id}/chat/spectators", response_model=s.ChatLog,
                 responses=MUTATING, dependencies=act)
    async def chat_readers(request: Request, game_id: str, body: s.ChatReaders
                           ) -> dict[str, Any]:
        """A person's seat lets spectators read the chat, or stops letting them (each
        seat is asked: off until it is turned on); answers the chat as the seat reads it."""
        room = await rooms_of(request).get(game_id, fresh=True)
        return await request.app.state.chat.allow(room, body.token, body.spectators)

    return router
