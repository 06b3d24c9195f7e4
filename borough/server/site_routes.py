"""Routes about the server and the games rather than one game: health, the games
on offer, their rules, guides, tutorials and content, the browser's pages and
the documentation site."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI, Query, Request
from fastapi.responses import FileResponse, Response
from fastapi.staticfiles import StaticFiles

import borough
from borough import guide, rulebook, tutorial
from borough.server import schemas as s
from borough.server.refusal import RoomError
from borough.server.routing import rooms_of
from borough.server.settings import Settings
from borough.web import content as web
from borough.web import guide as guides
from borough.web import tutorial as tutorials

WEB = Path(__file__).resolve().parent.parent / "web"
PAGES = {"lobby": "index.html", "play": "play.html", "replay": "replay.html", "rules": "rules.html",
         "learn": "learn.html"}


def documentation_site(settings: Settings) -> Path | None:
    """The built MkDocs site to serve at /docs/: the folder the settings name, or the
    checkout's `site/` (what `make docs` builds); None when there is none."""
    folder = Path(settings.docs_dir) if settings.docs_dir else WEB.parent.parent / "site"
    return folder if (folder / "index.html").is_file() else None


def known_game(name: str) -> str:
    if name not in borough.games.names():
        raise RoomError(404, f"there is no game {name!r}; the games are "
                             f"{', '.join(borough.games.names())}")
    return name


def mount_files(app: FastAPI, settings: Settings) -> None:
    """The browser app's files and the documentation site (mounted on the app:
    a router does not carry mounts)."""
    app.mount("/static", StaticFiles(directory=web.STATIC), name="static")
    site = documentation_site(settings)
    if site is not None:
        app.mount("/docs", StaticFiles(directory=site, html=True), name="docs")


def server_routes() -> APIRouter:
    """Health and the games on offer."""
    router = APIRouter()

    @router.get("/healthz", response_model=s.Health)
    async def health(request: Request) -> dict[str, Any]:
        """Up, with the games held in memory and the live sockets."""
        rooms = rooms_of(request)
        return {"status": "ok", "rooms": len(rooms.rooms), "sockets": rooms.sockets}

    @router.get("/api/meta", response_model=s.Meta)
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

    return router


def page_routes(settings: Settings) -> APIRouter:
    """The browser's pages, and each game's rules, guide, tutorial and content."""
    router = APIRouter()

    if documentation_site(settings) is None:
        @router.get("/docs/{path:path}", include_in_schema=False)
        async def no_docs(path: str) -> Response:
            return Response("The documentation site is not built here: run `make docs` in a "
                            "checkout, or set BOROUGH_DOCS_DIR to a built site.\n",
                            status_code=404, media_type="text/plain")

    def page(name: str) -> FileResponse:
        return FileResponse(web.STATIC / PAGES[name], headers={"Cache-Control": "no-cache"})

    @router.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return page("lobby")

    @router.get("/play/{game_id}", include_in_schema=False)
    async def play_page(game_id: str) -> FileResponse:
        return page("play")

    @router.get("/replay/{game_id}", include_in_schema=False)
    async def replay_page(game_id: str) -> FileResponse:
        return page("replay")

    @router.get("/rules/{game}", include_in_schema=False)
    async def rules_page(game: str) -> FileResponse:
        known_game(game)
        return page("rules")

    @router.get("/api/rules/{game}", response_model=s.Rules, responses=s.errors(404))
    async def rules(game: str) -> dict[str, str]:
        """A game's rules as Borough plays them, in Markdown."""
        try:
            text = await asyncio.to_thread(rulebook.rules_text, known_game(game))
        except FileNotFoundError:
            raise RoomError(404, f"{game} has no rules text yet") from None
        return {"game": game, "title": borough.game(game).title, "markdown": text}

    @router.get("/api/guide/{game}", response_model=s.Guide, responses=s.errors(404))
    async def player_guide(game: str) -> dict[str, Any]:
        """A game's player's guide in Markdown, its lobby facts, and each picture's
        position as the table's board draws it."""
        try:
            return await asyncio.to_thread(guides.guide_page, known_game(game))
        except FileNotFoundError:
            raise RoomError(404, f"{game} has no player's guide yet") from None

    @router.get("/learn/{game}", include_in_schema=False)
    async def learn_page(game: str) -> FileResponse:
        known_game(game)
        return page("learn")

    @router.get("/api/tutorials/{game}", response_model=s.TutorialStep,
                responses=s.errors(400, 404))
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

    @router.get("/api/content/{game}", response_model=dict[str, Any], responses=s.errors(404))
    async def game_content(game: str) -> dict[str, Any]:
        """The boards, tiles and cards a game's observations refer to by number."""
        return await asyncio.to_thread(web.content, known_game(game))

    return router
