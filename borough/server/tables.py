"""Open tables: games whose creator leaves seats for other accounts to take.

An account opens a table from the lobby: its own seat, seats left open and
perhaps bots, with a clock (see clocks.py). The lobby lists tables with a seat
open; a logged-in account takes one, and the table starts once every seat is
taken: no move, a bot's included, comes before (rooms.waiting). Guests keep
playing by seat links; taking an open seat needs an account, so the table
shows who sits where.

Who gets a seat is decided by the database: a seat is one row of
`table_seats` (game, seat) and an account sits at most once at a table
(game, account), so of two accounts racing for one seat exactly one wins, and
an account joining twice is refused. The seat then gets its player through
the game's change log (a `join` change: the account's name and a new secret
token), so every server process, and a replay, sees the same seats.
"""

from __future__ import annotations

import asyncio
import math
import secrets
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Cookie, Depends, Header, HTTPException, Path, Request
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import Boolean, DateTime, ForeignKey, Integer, String, delete, insert, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

import borough
from borough.agents import AGENT_NAMES
from borough.server import hints
from borough.server import schemas as s
from borough.server.accounts import (
    CSRF_HEADER,
    GAME_ID,
    Accounts,
    SeatClaimRow,
    Session,
)
from borough.server.quotas import Limit, Quotas
from borough.server.refusal import Refused, RoomError
from borough.server.rooms import Rooms, waiting
from borough.server.settings import Settings
from borough.server.store_rows import Base, GameRow, hash_token

OPEN_NAME = "Open seat"
LISTED = 100  # open tables the lobby lists, newest first
PACES: dict[str, dict[str, tuple[int, int, int]]] = {
    # pace: unit: (seconds in the unit, fewest, most)
    "live": {"minutes": (60, 1, 60)},
    "turns": {"hours": (3600, 1, 72), "days": (86400, 1, 14)},
}


# ------------------------------------------------------------------ tables
class TableRow(Base):
    __tablename__ = "open_tables"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    creator: Mapped[str] = mapped_column(ForeignKey("accounts.id"))
    pace: Mapped[str] = mapped_column(String(8))  # live | turns
    move_seconds: Mapped[int] = mapped_column(Integer)
    bot: Mapped[str] = mapped_column(String(40))  # plays a seat that runs out of time
    waiting: Mapped[bool] = mapped_column(Boolean, index=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    started: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    deadline: Mapped[datetime | None] = mapped_column(
        DateTime(timezone=True), nullable=True, index=True
    )
    deadline_change: Mapped[int | None] = mapped_column(Integer, nullable=True)


class TableSeatRow(Base):
    __tablename__ = "table_seats"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"))
    joined: Mapped[datetime] = mapped_column(DateTime(timezone=True))


def aware(moment: datetime) -> datetime:
    """SQLite hands back naive times: they were stored in UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


class TableError(Refused):
    """A refused request about an open table."""


class Tables:
    """The open tables kept in the server's database (the store's engine)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def open(
        self,
        game_id: str,
        creator: str,
        seat: int,
        token: str,
        pace: str,
        move_seconds: int,
        bot: str,
    ) -> None:
        now = datetime.now(UTC)
        with self.engine.begin() as conn:
            conn.execute(
                insert(TableRow),
                [
                    {
                        "game_id": game_id,
                        "creator": creator,
                        "pace": pace,
                        "move_seconds": move_seconds,
                        "bot": bot,
                        "waiting": True,
                        "created": now,
                    }
                ],
            )
            self._sit(conn, game_id, seat, creator, token, now)

    def _sit(
        self, conn: Any, game_id: str, seat: int, account_id: str, token: str, now: datetime
    ) -> None:
        conn.execute(
            insert(TableSeatRow),
            [{"game_id": game_id, "seat": seat, "account_id": account_id, "joined": now}],
        )
        conn.execute(
            insert(SeatClaimRow),
            [
                {
                    "game_id": game_id,
                    "seat": seat,
                    "account_id": account_id,
                    "token": token,
                    "opened": True,
                    "claimed": now,
                }
            ],
        )

    def sit(self, game_id: str, seats: list[int], account_id: str, token: str) -> int:
        """The first of the open `seats` this account gets (the database decides
        between accounts racing for one); refused if it sits here already."""
        with self.engine.connect() as conn:
            known = conn.execute(
                select(TableRow.waiting).where(TableRow.game_id == game_id)
            ).scalar_one_or_none()
        if known is None:
            raise TableError(404, "that game is not an open table")
        for seat in seats:
            try:
                with self.engine.begin() as conn:
                    self._sit(conn, game_id, seat, account_id, token, datetime.now(UTC))
                return seat
            except IntegrityError:
                if self.seated(game_id, account_id):
                    raise TableError(409, "you already sit at this table") from None
        raise TableError(409, "every seat of this table is taken")

    def stand(self, game_id: str, seat: int, account_id: str) -> None:
        """Undo `sit` when the seat could not be given after all."""
        with self.engine.begin() as conn:
            for row in (TableSeatRow, SeatClaimRow):
                conn.execute(
                    delete(row).where(
                        row.game_id == game_id, row.seat == seat, row.account_id == account_id
                    )
                )

    def seated(self, game_id: str, account_id: str) -> bool:
        with self.engine.connect() as conn:
            return (
                conn.execute(
                    select(TableSeatRow.seat).where(
                        TableSeatRow.game_id == game_id, TableSeatRow.account_id == account_id
                    )
                ).first()
                is not None
            )

    def listed(self) -> list[dict[str, Any]]:
        """The tables with a seat open, newest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(
                    TableRow.game_id,
                    TableRow.pace,
                    TableRow.move_seconds,
                    TableRow.bot,
                    TableRow.created,
                    GameRow.game,
                    GameRow.players,
                    GameRow.seats,
                    GameRow.status,
                )
                .join(GameRow, GameRow.id == TableRow.game_id)
                .where(TableRow.waiting.is_(True))
                .order_by(TableRow.created.desc())
                .limit(LISTED)
            ).all()
        out = []
        for r in rows:
            seats = [
                {
                    "seat": i,
                    "name": x["name"],
                    "kind": x["kind"],
                    "agent": x.get("agent"),
                    "open": bool(x.get("open")),
                }
                for i, x in enumerate(r.seats)
            ]
            if r.status != "playing" or not any(x["open"] for x in seats):
                continue
            out.append(
                {
                    "id": r.game_id,
                    "game": r.game,
                    "title": _title(r.game),
                    "players": r.players,
                    "pace": r.pace,
                    "move_seconds": r.move_seconds,
                    "bot": r.bot,
                    "created": aware(r.created).isoformat(),
                    "seats": seats,
                }
            )
        return out


def _title(game: str) -> str:
    try:
        return borough.game(game).title
    except ValueError:
        return game


# ------------------------------------------------------------------ requests and answers
Name = Annotated[str, Field(max_length=40)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class TableSeat(Strict):
    kind: Literal["me", "open", "bot"] = Field(
        description=(
            "me: the creator's own seat (exactly one); open: left for an account to take "
            "from the lobby (one or more); bot: a bot of level `agent`."
        )
    )
    agent: Name | None = None


class Clock(Strict):
    pace: Literal["live", "turns"] = Field(
        description=(
            "live: a clock per turn in minutes (1 to 60); turns: a time per move in hours "
            "(1 to 72) or days (1 to 14)."
        )
    )
    per_move: int = Field(ge=1, le=72)
    unit: Literal["minutes", "hours", "days"]


class CreateTable(Strict):
    game: Name
    players: int = Field(ge=1, le=8)
    options: dict[Name, Name | int | bool] = Field(default_factory=dict, max_length=16)
    seats: list[TableSeat] = Field(min_length=2, max_length=8)
    clock: Clock
    bot: Name = Field("medium", description="The bot level that plays a seat out of time.")
    hints: bool | None = None


class TableSeatShown(BaseModel):
    seat: int
    name: str = Field(description="Shown as text, never as markup.")
    kind: str
    agent: str | None
    open: bool


class OpenTable(BaseModel):
    id: str
    game: str
    title: str
    players: int
    pace: Literal["live", "turns"]
    move_seconds: int
    bot: str
    created: str
    seats: list[TableSeatShown]


class Seated(BaseModel):
    id: str
    seat: int
    token: str
    join_url: str
    started: bool


def move_seconds(clock: Clock) -> int:
    units = PACES[clock.pace]
    if clock.unit not in units:
        raise TableError(400, f"a {clock.pace} table counts its clock in {' or '.join(units)}")
    seconds, fewest, most = units[clock.unit]
    if not fewest <= clock.per_move <= most:
        raise TableError(
            400, f"a {clock.pace} table takes {fewest} to {most} {clock.unit} per move"
        )
    return seconds * clock.per_move


def signed_in(settings: Settings, write: bool, why: str) -> Any:
    """A dependency: the request's account session (and, for a write, its CSRF token)."""

    async def check(
        request: Request,
        borough_session: Annotated[str | None, Cookie(max_length=100)] = None,
        x_csrf_token: Annotated[str | None, Header(max_length=100)] = None,
    ) -> Session:
        session = None
        if borough_session:
            accounts = Accounts(request.app.state.rooms.store.engine, settings.session_days)
            session = await asyncio.to_thread(accounts.session, borough_session)
        if session is None:
            raise HTTPException(401, f"log in first: {why}")
        if write and not (
            x_csrf_token and secrets.compare_digest(x_csrf_token.encode(), session.csrf.encode())
        ):
            raise HTTPException(
                403, f"this write needs the session's CSRF token in the {CSRF_HEADER} header"
            )
        return session

    return check


def routes(settings: Settings, quotas: Quotas) -> APIRouter:
    router = APIRouter(prefix="/api/tables", tags=["tables"])
    reads = quotas.add("table_read", settings.read_rate, settings.read_burst)
    writes = quotas.add("table_write", settings.create_rate, settings.create_burst)
    answers = {
        **s.errors(400, 403, 404, 408, 409, 413, 429, 500),
        401: {"model": s.Error, "description": "No session, or it ended."},
    }

    def tables_of(request: Request) -> Tables:
        state = request.app.state
        if getattr(state, "tables", None) is None:
            state.tables = Tables(state.rooms.store.engine)
        return state.tables

    def limited(limit: Limit) -> Any:
        async def check(request: Request) -> None:
            client = request.client.host if request.client else "?"
            wait = await limit.take(client)
            if wait:
                raise HTTPException(
                    429,
                    f"too many requests from {client}; try again in {math.ceil(wait)} s",
                    headers={"Retry-After": str(max(1, math.ceil(wait)))},
                )

        return Depends(check)

    signed = Depends(signed_in(settings, write=True, why="open tables are for accounts"))

    async def db(work: Any, *args: Any) -> Any:
        try:
            return await asyncio.to_thread(work, *args)
        except TableError as exc:
            raise HTTPException(exc.status, exc.message) from None

    @router.get(
        "", response_model=list[OpenTable], responses=s.errors(429), dependencies=[limited(reads)]
    )
    async def listed(request: Request) -> list[dict[str, Any]]:
        """Tables with a seat open, newest first: a logged-in account may take a seat."""
        return await asyncio.to_thread(tables_of(request).listed)

    @router.post(
        "",
        status_code=201,
        response_model=Seated,
        responses=answers,
        dependencies=[limited(writes)],
    )
    async def open_table(
        request: Request, body: CreateTable, session: Session = signed
    ) -> dict[str, Any]:
        """Open a table: your seat, seats left open for accounts to take from the
        lobby, perhaps bots, and its clock. It starts once every seat is taken."""
        kinds = [x.kind for x in body.seats]
        if kinds.count("me") != 1 or "open" not in kinds:
            raise HTTPException(
                400, "a table has exactly one seat of yours and at least one open seat"
            )
        if body.bot not in AGENT_NAMES:
            raise HTTPException(
                400, f"unknown agent {body.bot!r}; choose from {', '.join(AGENT_NAMES)}"
            )
        try:
            seconds = move_seconds(body.clock)
        except TableError as exc:
            raise HTTPException(exc.status, exc.message) from None
        seats: list[dict[str, Any]] = []
        for x in body.seats:
            if x.kind == "me":
                seats.append({"kind": "human", "name": session.account.name})
            elif x.kind == "open":
                seats.append({"kind": "human", "name": OPEN_NAME, "open": True})
            else:
                seats.append({"kind": "bot", "agent": x.agent})
        wanted = {
            "game": body.game,
            "players": body.players,
            "options": body.options,
            "seats": seats,
            "hints": hints.resolve(body.hints, seats),
        }
        rooms: Rooms = request.app.state.rooms
        room, tokens = await rooms.create(wanted)
        mine = kinds.index("me")
        await asyncio.to_thread(
            tables_of(request).open,
            room.id,
            session.account.id,
            mine,
            tokens[mine],
            body.clock.pace,
            seconds,
            body.bot,
        )
        return {
            "id": room.id,
            "seat": mine,
            "token": tokens[mine],
            "join_url": f"/play/{room.id}?token={tokens[mine]}",
            "started": False,
        }

    @router.post(
        "/{game_id}/join", response_model=Seated, responses=answers, dependencies=[limited(writes)]
    )
    async def join(
        request: Request,
        game_id: Annotated[str, Path(pattern=GAME_ID)],
        session: Session = signed,
    ) -> dict[str, Any]:
        """Take an open seat of the table for your account (the first one open); the
        table starts when this was its last. Refused if you sit there already, the
        table is full or the game is over."""
        rooms: Rooms = request.app.state.rooms
        tables = tables_of(request)
        room = await rooms.get(game_id, fresh=True)
        if room.game.is_over(room.state):
            raise HTTPException(409, "the game is over")
        free = [i for i, x in enumerate(room.seats) if x.get("open")]
        if not free:
            known = await asyncio.to_thread(tables.seated, game_id, session.account.id)
            raise HTTPException(
                409,
                "you already sit at this table" if known else "every seat of this table is taken",
            )
        token = secrets.token_urlsafe(18)
        seat = await db(tables.sit, game_id, free, session.account.id, token)
        try:
            room = await rooms.take_seat(room, seat, session.account.name, hash_token(token))
        except RoomError:
            await asyncio.to_thread(tables.stand, game_id, seat, session.account.id)
            raise
        return {
            "id": room.id,
            "seat": seat,
            "token": token,
            "join_url": f"/play/{room.id}?token={token}",
            "started": not waiting(room),
        }

    return router
