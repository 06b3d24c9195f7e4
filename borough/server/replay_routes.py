"""Routes of finished games: the record (the replay format) and the replay's frames."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Any

from fastapi import APIRouter, Depends, Query, Request

from borough.server import schemas as s
from borough.server.quotas import Limit
from borough.server.routing import limited, rooms_of
from borough.server.settings import Settings
from borough.web import content as web


def routes(settings: Settings, limits: dict[str, Limit]) -> APIRouter:
    router = APIRouter()
    # Frames of finished games (which never change), newest use last.
    frames: OrderedDict[tuple[str, int], dict[str, Any]] = OrderedDict()

    @router.get("/api/games/{game_id}/record", response_model=dict[str, Any],
                responses=s.errors(404, 409, 429),
                dependencies=[Depends(limited(limits["read"]))])
    async def record(request: Request, game_id: str) -> dict[str, Any]:
        """Setup (seed included) and actions of a finished game (the replay format)."""
        rooms = rooms_of(request)
        return rooms.record(await rooms.get(game_id, fresh=True))

    @router.get("/api/games/{game_id}/replay", response_model=dict[str, Any],
                responses=s.errors(400, 404, 409, 429),
                dependencies=[Depends(limited(limits["read"]))])
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

    return router
