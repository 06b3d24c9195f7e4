"""Routes where the engine helps a person: a suggested move, a bot that takes a
seat over, a finished game's review (hints.py does the thinking)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response

from borough.server import hints
from borough.server import schemas as s
from borough.server.quotas import Limit
from borough.server.refusal import RoomError
from borough.server.routing import MUTATING, json_text, limited, rooms_of


def routes(limits: dict[str, Limit]) -> APIRouter:
    router = APIRouter()

    @router.post("/api/games/{game_id}/suggest", response_model=s.Suggestion,
                 responses=s.errors(400, 403, 404, 408, 409, 413, 429, 500, 503),
                 dependencies=[Depends(limited(limits["act"]))])
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
            return json_text(await request.app.state.advisor.suggest_text(
                room, rooms.seat_of(room, body.token), body.version))
        except hints.HintError as exc:
            raise RoomError(exc.status, exc.message, exc.retry_after) from None

    @router.post("/api/games/{game_id}/seats/{seat}/bot", response_model=s.GameView,
                 responses=MUTATING, dependencies=[Depends(limited(limits["act"]))])
    async def hand_to_bot(request: Request, game_id: str, seat: int,
                          body: s.BotRequest) -> Response:
        """Leave the game: a bot of the chosen level takes over your seat."""
        rooms = rooms_of(request)
        room = await rooms.get(game_id)
        if rooms.seat_of(room, body.token) != seat:
            raise RoomError(403, "only the seat's own player can hand it to a bot")
        room = await rooms.hand_to_bot(room, seat, body.agent)
        return json_text(rooms.view_text(room, None))

    @router.get("/api/games/{game_id}/review", response_model=s.GameReview,
                responses=s.errors(404, 409, 429, 503),
                dependencies=[Depends(limited(limits["read"]))])
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

    return router
