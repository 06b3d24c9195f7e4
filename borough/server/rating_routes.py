"""The ratings routes: a leaderboard per game, a player's profile, a game's
rating, and their pages (the ratings themselves are kept in ratings.py)."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import FileResponse
from pydantic import BaseModel, Field

import borough
from borough.server import schemas as s
from borough.server.accounts import NAME_MAX
from borough.server.rating_reads import _title
from borough.server.rating_rules import ANCHOR_SIGMA, ANCHORS, before_start, shown
from borough.server.ratings import Ratings
from borough.server.refusal import RoomError


# ------------------------------------------------------------------ answers
class BoardRow(BaseModel):
    rank: int
    name: str = Field(description="The account's name as written: show it as text.")
    rating: float = Field(description="mu - 3 sigma, the conservative estimate.")
    mu: float
    sigma: float
    games: int
    updated: str


class Anchor(BaseModel):
    agent: str
    rating: float
    mu: float
    sigma: float


class Leaderboard(BaseModel):
    game: str
    title: str
    players: list[BoardRow]
    bots: list[Anchor] = Field(description="The bot levels' fixed ratings.")


class GameRatingOf(BaseModel):
    game: str
    title: str
    rating: float
    mu: float
    sigma: float
    games: int


class HistoryRow(BaseModel):
    game_id: str
    game: str
    title: str
    outcome: str
    place: int
    seats: int
    before: float
    after: float
    at: str


class ProfileGame(BaseModel):
    id: str
    game: str
    title: str
    status: str
    seat: int
    created: str
    rated: bool | None = Field(description="null while the game is not settled.")
    unrated_because: str | None


class Profile(BaseModel):
    name: str
    created: str
    ratings: list[GameRatingOf]
    history: list[HistoryRow] = Field(description="Newest first.")
    games: list[ProfileGame] = Field(description="Seats the account played, newest first.")


class RatingChange(BaseModel):
    seat: int
    name: str
    place: int
    before: float
    after: float


class GameRating(BaseModel):
    rated: bool | None = Field(
        description="Settled games: whether rated. Before: whether it will be, once "
        "every person's seat is played by an account."
    )
    unrated_because: str | None
    outcome: str | None = Field(description="finished | abandoned; null until settled.")
    changes: list[RatingChange]




def routes(static: Any) -> APIRouter:
    router = APIRouter(tags=["ratings"])
    page_headers = {"Cache-Control": "no-cache"}

    def ratings_of(request: Request) -> Ratings:
        return request.app.state.rater.ratings

    def known(game: str) -> str:
        if game not in borough.games.names():
            raise RoomError(404, f"there is no game {game!r}")
        return game

    @router.get(
        "/api/leaderboards/{game}", response_model=Leaderboard, responses=s.errors(400, 404)
    )
    async def leaderboard(
        request: Request,
        game: Annotated[str, Path(max_length=40)],
        limit: int = Query(100, ge=1, le=500),
    ) -> dict[str, Any]:
        """A game's accounts by rating (mu - 3 sigma), and the bot levels' fixed ratings."""
        rows = await asyncio.to_thread(ratings_of(request).leaderboard, known(game), limit)
        return {
            "game": game,
            "title": _title(game),
            "players": rows,
            "bots": [
                {"agent": a, "rating": shown(mu, ANCHOR_SIGMA), "mu": mu, "sigma": ANCHOR_SIGMA}
                for a, mu in ANCHORS.items()
            ],
        }

    @router.get("/api/players/{name:path}", response_model=Profile, responses=s.errors(400, 404))
    async def profile(
        request: Request,
        name: Annotated[str, Path(min_length=1, max_length=NAME_MAX)],
        limit: int = Query(100, ge=1, le=500),
    ) -> dict[str, Any]:
        """An account's ratings, its rating history and the games it played."""
        found = await asyncio.to_thread(ratings_of(request).profile, name, limit)
        if found is None:
            raise RoomError(404, f"there is no account {name!r}")
        return found

    @router.get(
        "/api/games/{game_id}/rating", response_model=GameRating, responses=s.errors(400, 404, 409)
    )
    async def game_rating(
        request: Request, game_id: Annotated[str, Path(max_length=32)]
    ) -> dict[str, Any]:
        """Whether the game is (or will be) rated and why not; once settled, what it did
        to each account's rating."""
        settled = await asyncio.to_thread(ratings_of(request).game_rating, game_id)
        if settled is not None:
            return settled
        room = await request.app.state.rooms.get(game_id, fresh=True)
        return {**before_start(room), "outcome": None, "changes": []}

    def page(name: str) -> FileResponse:
        return FileResponse(static / name, headers=page_headers)

    @router.get("/leaderboards", include_in_schema=False)
    async def leaderboards_page() -> FileResponse:
        return page("leaderboard.html")

    @router.get("/leaderboards/{game}", include_in_schema=False)
    async def leaderboard_page(game: str) -> FileResponse:
        known(game)
        return page("leaderboard.html")

    @router.get("/players/{name:path}", include_in_schema=False)
    async def profile_page(name: str) -> FileResponse:
        return page("profile.html")

    return router
