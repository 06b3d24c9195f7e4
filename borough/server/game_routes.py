"""Routes of a game's life: open it, list and watch games, see a seat's view,
act, ask whether an action is allowed, take a move back."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import Response

from borough.server import hints, rating_rules
from borough.server import schemas as s
from borough.server.quotas import Limit
from borough.server.routing import MUTATING, json_text, limited, rooms_of


def routes(limits: dict[str, Limit]) -> APIRouter:
    router = APIRouter()

    @router.post("/api/games", status_code=201, response_model=s.Created,
                 responses=s.errors(400, 408, 413, 429, 500),
                 dependencies=[Depends(limited(limits["create"]))])
    async def create_game(request: Request, spec: s.CreateGame) -> dict[str, Any]:
        """Open a room; answers a secret token per seat."""
        wanted = spec.model_dump()
        wanted["hints"] = hints.resolve(spec.hints, wanted["seats"])
        room, tokens = await rooms_of(request).create(wanted)
        return {
            "id": room.id,
            "seed": room.record.seed if room.seed_chosen else None,
            "seed_chosen": room.seed_chosen,
            **rating_rules.before_start(room),
            "seats": [
                {"seat": i, "token": t, "name": room.seats[i]["name"],
                 "join_url": f"/play/{room.id}?token={t}"}
                for i, t in enumerate(tokens)
            ],
        }

    @router.get("/api/games", response_model=list[s.LobbyRow], responses=s.errors(429),
                dependencies=[Depends(limited(limits["read"]))])
    async def lobby(request: Request) -> list[dict[str, Any]]:
        """The newest games with their status, for the lobby."""
        return await asyncio.to_thread(rooms_of(request).store.lobby)

    @router.get("/api/games/{game_id}", response_model=s.GameView,
                responses=s.errors(404, 409))
    async def spectate(request: Request, game_id: str) -> Response:
        """What a spectator sees: nobody's hidden information."""
        rooms = rooms_of(request)
        return json_text(rooms.view_text(await rooms.get(game_id, fresh=True), None))

    @router.get("/api/games/{game_id}/view", response_model=s.GameView,
                responses=s.errors(400, 403, 404, 409))
    async def seat_view(request: Request, game_id: str,
                        token: str = Query("", max_length=100)) -> Response:
        """The seat's own view: observation, legal moves with sentences, events."""
        rooms = rooms_of(request)
        room = await rooms.get(game_id, fresh=True)
        return json_text(rooms.view_text(room, rooms.seat_of(room, token)))

    @router.post("/api/games/{game_id}/actions", response_model=s.GameView,
                 responses={**MUTATING, **s.errors(422)},
                 dependencies=[Depends(limited(limits["act"]))])
    async def act(request: Request, game_id: str, body: s.ActionRequest) -> Response:
        """Take an action from the seat's view at `version`; answers the new view.
        The same move may be sent on the seat's socket, `/ws/games/{id}?token=...`, as
        the text `{"version": ..., "action": [...], "ref": n}` (ref optional): its new
        view comes by the push, a refusal as `{"type": "refused", "status", "error",
        "code", "ref"}` with this route's status and words (socket_moves.py)."""
        rooms = rooms_of(request)
        room = await rooms.get(game_id)
        seat = rooms.seat_of(room, body.token)
        room = await rooms.act(room, seat, body.version, tuple(body.action))
        return json_text(rooms.view_text(room, seat))

    @router.post("/api/games/{game_id}/explain", response_model=s.Explained,
                 responses=s.errors(400, 403, 404, 408, 409, 413, 422, 429, 500),
                 dependencies=[Depends(limited(limits["act"]))])
    async def explain(request: Request, game_id: str, body: s.ExplainRequest
                      ) -> dict[str, Any]:
        """Would the seat's action be allowed now, and if not why; changes nothing.
        Something that is not an action of this game at all is refused (422)."""
        rooms = rooms_of(request)
        room = await rooms.get(game_id, fresh=True)
        return rooms.explain(room, rooms.seat_of(room, body.token), tuple(body.action))

    @router.post("/api/games/{game_id}/undo", response_model=s.GameView, responses=MUTATING,
                 dependencies=[Depends(limited(limits["act"]))])
    async def undo(request: Request, game_id: str, body: s.TokenRequest) -> Response:
        """Take back your last move, made within your turn (against bots too): while
        you alone are still to decide, the game goes on, and the move used no chance
        and uncovered nothing. Again, and the move before it goes, to the turn's start.
        A refusal (409) says why, as the view's `undo_refusal` does."""
        rooms = rooms_of(request)
        room = await rooms.get(game_id)
        seat = rooms.seat_of(room, body.token)
        room = await rooms.undo(room, seat)
        return json_text(rooms.view_text(room, seat))

    return router
