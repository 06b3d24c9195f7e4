"""Event-sourced persistence: each game is its setup plus an append-only change log.

The log holds the moves, the take-backs and the seats handed to bots, numbered
1, 2, 3, ... within the game. The unique (game, number) key makes the database
the authority on their order: two server processes can never both store
change N, and the one that loses learns it from the refused insert, with
nothing stored. A change is acknowledged only after its row is committed, so
a crash never loses an acknowledged move; any game can be rebuilt by
replaying its rows, and a process holding an older copy catches up by
replaying the rows it has not seen.

On PostgreSQL the store also tells every server process of each change
(NOTIFY in the same transaction, so it is sent only if the change is
committed) and keeps the queue of bot turns the processes claim.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import orjson
import psycopg
from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
    case,
    create_engine,
    delete,
    event,
    func,
    insert,
    make_url,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker

MIGRATIONS = Path(__file__).with_name("migrations")
CHANNEL = "borough_changes"  # NOTIFY payload: "<game id>:<change number>:<process>"
MOVE, UNDO, SEATS, JOIN = "move", "undo", "seats", "join"
MIGRATION_LOCK = 0x626F726F  # any fixed number: the advisory lock schema changes hold


class Conflict(Exception):
    """Another process stored this change number first: nothing was stored."""


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    options: Mapped[dict] = mapped_column(JSON)
    seats: Mapped[list] = mapped_column(JSON)  # [{kind, agent, name, token_hash}]
    status: Mapped[str] = mapped_column(String(16), default="playing")
    rules_version: Mapped[int] = mapped_column(Integer, default=1)
    seed_chosen: Mapped[bool] = mapped_column(Boolean, default=False)  # by the creator
    content: Mapped[str | None] = mapped_column(String(16), nullable=True)  # its digest
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    moves: Mapped[int | None] = mapped_column(Integer, nullable=True)  # once over


class ActionRow(Base):
    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("game_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)  # 1, 2, 3, ... within the game
    kind: Mapped[str] = mapped_column(String(8), default=MOVE)  # move | undo | seats
    seat: Mapped[int] = mapped_column(Integer)
    # A move: the action. A take-back: []. A hand-over: [old kind, old agent, new agent]
    # and, for a seat whose table clock ran out, "time".
    # An open seat taken: [old name, new name, old token hash, new token hash].
    action: Mapped[list] = mapped_column(JSON)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class BotTurnRow(Base):
    """A game with a bot to move, and the server process thinking for it (PostgreSQL)."""

    __tablename__ = "bot_turns"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer)
    owner: Mapped[str | None] = mapped_column(String(80), nullable=True)
    lease_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True),
                                                         nullable=True)
    due: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class HintRow(Base):
    """A seat's suggestions: its bucket of asks, and the last answer it was given."""

    __tablename__ = "hint_asks"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    tokens: Mapped[float] = mapped_column(Float)
    at: Mapped[float] = mapped_column(Float)  # epoch seconds: every process's clock
    version: Mapped[int] = mapped_column(Integer)
    answer: Mapped[dict | None] = mapped_column(JSON, nullable=True)


@dataclass(frozen=True)
class HintAsk:
    """What the store says to a seat asking for a suggestion: the answer it
    already has for this decision, else how long it must wait (0: go ahead)."""

    answer: dict[str, Any] | None
    wait: float


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class Entry:
    """One change of a game's log, as stored."""

    number: int
    kind: str
    seat: int
    action: Any


@dataclass(frozen=True)
class Change:
    """A change to store: a log entry and what it does to the game's row."""

    game_id: str
    entry: Entry
    status: str  # the game's status after it
    seats: list[dict[str, Any]] | None = None  # a hand-over: the seats after it
    bots: bool | None = False  # a bot is to move after it (None: the game has no bot seat)


@dataclass
class StoredGame:
    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    status: str
    created: datetime
    log: list[Entry]
    rules_version: int
    seed_chosen: bool = False
    content: str | None = None
    """The digest of the content the game was created with (None: the game's own)."""

    @property
    def moves(self) -> list[tuple[int, Any]]:
        """The moves that stand: the log's moves less those taken back."""
        moves: list[tuple[int, Any]] = []
        for e in self.log:
            if e.kind == MOVE:
                moves.append((e.seat, e.action))
            elif e.kind == UNDO:
                moves.pop()
        return moves

    def initial_seats(self) -> list[dict[str, Any]]:
        """The seats as created: the hand-overs undone, newest first."""
        seats = [dict(x) for x in self.seats]
        for e in reversed(self.log):
            if e.kind == SEATS:
                seats[e.seat]["kind"], seats[e.seat]["agent"] = e.action[0], e.action[1]
            elif e.kind == JOIN:
                seats[e.seat]["name"], seats[e.seat]["token_hash"] = e.action[0], e.action[2]
                seats[e.seat]["open"] = True
        return seats


def _listify(value: Any) -> Any:
    return json.loads(json.dumps(value))


class Store:
    def __init__(self, url: str, owner: str = "", bot_lease: float = 5.0) -> None:
        self.url = url
        sqlite = url.startswith("sqlite")
        # On PostgreSQL any number of server processes may share the database.
        self.shared = url.startswith("postgresql")
        self.owner = owner  # this process, as named in the bot queue
        self.bot_lease = bot_lease  # seconds a claimed bot turn stays this process's
        self.owns_games = False  # owners.py: games are owned, each by one process
        connect_args = {"timeout": 30, "check_same_thread": False} if sqlite else {}
        # A file has no connection to lose: only a database server's is checked first.
        self.engine: Engine = create_engine(url, connect_args=connect_args,
                                            pool_pre_ping=not sqlite)
        if url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self.session = sessionmaker(self.engine, expire_on_commit=False)
        # SQLite lets one transaction write at a time, and a thread that finds the
        # database locked sleeps in steps of 1, 2, 5, 10 ms and more before it looks
        # again: on a busy machine a move's commit that met a suggestion's count
        # then waited far longer than the count took. This process's writers
        # queue here instead and each starts the moment the one before ends.
        self._writing = threading.Lock() if sqlite else None
        # Those writers share one connection, kept open: taking one from the pool
        # and handing it back (with its reset) cost more than a move's insert.
        self._writer: Connection | None = None
        # PostgreSQL: the changes are stored over a psycopg connection of their own
        # (see _append_shared), opened on first use and again after it is lost.
        self._plain_url = (make_url(url).set(drivername="postgresql")
                           .render_as_string(hide_password=False)) if self.shared else ""
        self._appender: psycopg.Connection | None = None
        self._appending = threading.Lock()
        # append_async's connection and cursor
        self._async_appender: tuple[psycopg.AsyncConnection, psycopg.AsyncCursor] | None = None

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        """A write transaction (on SQLite, one of this process's at a time)."""
        if self._writing is None:
            with self.engine.begin() as conn:
                yield conn
        else:
            with self._writing:
                if self._writer is None:
                    self._writer = self.engine.connect()
                with self._writer.begin():
                    yield self._writer

    def migrate(self) -> None:
        """Create or upgrade the schema to the newest revision."""
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        config.set_main_option("sqlalchemy.url", self.url.replace("%", "%%"))
        with self.engine.begin() as connection:
            if self.shared:  # processes starting together migrate one after another
                connection.execute(text("SELECT pg_advisory_xact_lock(:key)"),
                                   {"key": MIGRATION_LOCK})
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def create_game(self, row: dict[str, Any], bots: bool = False, own: bool = True) -> None:
        """Store a new game; with owners (owners.py) and `own`, this process owns it."""
        with self._write() as conn:
            conn.execute(insert(GameRow), [{**row, "created": datetime.now(UTC)}])
            if self.shared and self.owns_games and own:
                conn.execute(text("INSERT INTO game_owners (game_id, owner) VALUES (:g, :me)"),
                             {"g": row["id"], "me": self.owner})
            if bots and self.shared:
                self._own_bot_turn(conn, row["id"], 0)

    def append(self, changes: list[Change]) -> None:
        """Store `changes` in one committed transaction, or none of them.

        Raises Conflict when another process stored one of these change numbers first."""
        now = datetime.now(UTC)
        # One order for every process's row locks, so two batches never deadlock.
        changes = sorted(changes, key=lambda c: c.game_id)
        if self.shared:
            self._append_shared(changes, now)
            return
        if self._writing is not None:
            self._append_sqlite(changes, now)
            return
        try:
            with self._write() as conn:
                conn.execute(insert(ActionRow), [
                    {"game_id": c.game_id, "number": c.entry.number, "kind": c.entry.kind,
                     "seat": c.entry.seat, "action": _listify(c.entry.action), "created": now}
                    for c in changes
                ])
                for c in changes:
                    values = _game_values(c)
                    if values:
                        conn.execute(update(GameRow).where(GameRow.id == c.game_id)
                                     .values(**values))
        except IntegrityError as exc:
            raise Conflict(str(exc.orig)) from None

    def _append_sqlite(self, changes: list[Change], now: datetime) -> None:
        """`append` on SQLite: the rows written through the kept connection's own
        driver, with fixed statements, as SQLAlchemy writes them (JSON as json.dumps
        text, the time as its SQLite DATETIME text, the moves that stand counted
        by the same subquery), without building and compiling each statement:
        about 45 us of CPU a move instead of 200."""
        created = _SQLITE_DATETIME % {
            "year": now.year, "month": now.month, "day": now.day, "hour": now.hour,
            "minute": now.minute, "second": now.second, "microsecond": now.microsecond}
        rows = [(c.game_id, c.entry.number, c.entry.kind, c.entry.seat,
                 json.dumps(c.entry.action), created) for c in changes]
        assert self._writing is not None
        with self._writing:
            if self._writer is None:
                self._writer = self.engine.connect()
            raw = self._writer.connection.driver_connection
            assert raw is not None
            try:
                raw.executemany(_INSERT_ACTION, rows)
                for c in changes:
                    if c.status != "playing":  # a new game is stored as playing already
                        raw.execute(_GAME_ENDS, (c.status, c.game_id, c.game_id))
                    if c.seats is not None:
                        raw.execute(_SEATS_CHANGE, (json.dumps(c.seats), c.game_id))
                raw.commit()
            except BaseException as exc:
                raw.rollback()
                if isinstance(exc, sqlite3.IntegrityError):
                    raise Conflict(str(exc)) from None
                raise

    def _append_shared(self, changes: list[Change], now: datetime) -> None:
        """PostgreSQL, from a thread (the group commit stores on the event loop:
        `append_async`): `_statements` over a kept psycopg connection."""
        statements, transaction = self._statements(changes, now)
        with self._appending:
            if self._appender is None or self._appender.closed:
                self._appender = psycopg.connect(self._plain_url, autocommit=True)
            conn = self._appender
            try:
                if not transaction:
                    conn.execute(*statements[0])
                    return
                with conn.transaction():
                    for statement in statements:
                        conn.execute(*statement)
            except psycopg.IntegrityError as exc:
                raise Conflict(str(exc)) from None
            except psycopg.OperationalError:  # lost: the next batch opens another
                self._appender = None
                conn.close()
                raise

    async def append_async(self, changes: list[Change]) -> None:
        """`append` on the event loop (PostgreSQL; elsewhere it calls `append`):
        the statement is sent and its answer read by the loop, between other
        work, over a connection of the loop's own. From a worker thread each
        batch cost a hand-over each way and the two threads' turns at the
        interpreter lock, about as much CPU as the statement itself."""
        if not self.shared:
            self.append(changes)
            return
        statements, transaction = self._statements(
            sorted(changes, key=lambda c: c.game_id), datetime.now(UTC))
        if self._async_appender is None or self._async_appender[0].closed:
            conn = await psycopg.AsyncConnection.connect(self._plain_url, autocommit=True)
            # One cursor kept: it converts the parameters of the statement it ran
            # last with the same adapters, instead of setting up new ones per batch.
            self._async_appender = conn, conn.cursor()
        conn, cursor = self._async_appender
        try:
            if not transaction:
                await cursor.execute(*statements[0])
                return
            async with conn.transaction():
                for statement in statements:
                    await cursor.execute(*statement)
        except psycopg.IntegrityError as exc:
            raise Conflict(str(exc)) from None
        except psycopg.OperationalError:  # lost: the next batch opens another
            if self._async_appender is not None and self._async_appender[0] is conn:
                self._async_appender = None
            await conn.close()
            raise

    def _statements(self, changes: list[Change], now: datetime
                    ) -> tuple[list[tuple[str, dict[str, Any]]], bool]:
        """PostgreSQL: the statements that store `changes` (sorted by game), and
        whether they need a transaction. Most batches are one statement, one
        round trip in autocommit (a statement is its own transaction): the rows
        go as one JSON text, so it is prepared once whatever the batch's size,
        and each change is announced in it. Through SQLAlchemy a batch took four round
        trips (BEGIN, the insert, the NOTIFY, COMMIT) and about 1.1 ms of CPU a
        move. A change that also ends a game, hands over a seat or concerns a
        bot seat adds its other statements, in one transaction."""
        rows = orjson.dumps([{"g": c.game_id, "n": c.entry.number, "k": c.entry.kind,
                              "s": c.entry.seat, "a": c.entry.action} for c in changes])
        statements: list[tuple[str, dict[str, Any]]] = [(APPEND, {
            "rows": rows.decode(), "created": now, "me": self.owner, "channel": CHANNEL})]
        for c in changes:
            if c.status != "playing":
                statements.append((GAME_OVER, {"g": c.game_id, "status": c.status}))
            if c.seats is not None:
                statements.append((NEW_SEATS, {"g": c.game_id,
                                               "seats": orjson.dumps(c.seats).decode()}))
            if c.bots:  # the process storing it thinks for the bot
                statements.append((OWN_BOT_TURN, {"g": c.game_id, "n": c.entry.number,
                                                  "me": self.owner, "lease": self.bot_lease}))
            elif c.bots is not None:
                statements.append(("DELETE FROM bot_turns WHERE game_id = %(g)s",
                                   {"g": c.game_id}))
        return statements, len(statements) > 1

    def after(self, game_id: str, number: int) -> list[Entry]:
        """The game's changes numbered above `number`, in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(ActionRow.number, ActionRow.kind, ActionRow.seat, ActionRow.action)
                .where(ActionRow.game_id == game_id, ActionRow.number > number)
                .order_by(ActionRow.number)
            ).all()
        return [Entry(*row) for row in rows]

    # ------------------------------------------------ suggestions asked, per seat
    def ask_hint(self, game_id: str, seat: int, version: int, rate: float, burst: float,
                 now: float) -> HintAsk:
        """Whether `seat` may have a suggestion at view `version`, in one
        transaction every process sees: asking again about a decision already
        answered is free (its answer comes back); a new decision goes ahead while
        the seat has worker time left. Its allowance is `burst` seconds of the
        worker's time, coming back at `rate` seconds a second; `keep_hint`
        charges each answer's cost."""
        for _ in range(2):  # a first ask that two processes insert at once: read again
            try:
                with self._write() as conn:
                    row = conn.execute(
                        select(HintRow.tokens, HintRow.at, HintRow.version, HintRow.answer)
                        .where(HintRow.game_id == game_id, HintRow.seat == seat)
                        .with_for_update()).first()
                    if row is None:
                        conn.execute(insert(HintRow), [{
                            "game_id": game_id, "seat": seat, "tokens": float(burst),
                            "at": now, "version": -1, "answer": None}])
                        return HintAsk(None, 0.0)
                    if row.version == version and row.answer is not None:
                        return HintAsk(row.answer, 0.0)
                    tokens = min(float(burst), row.tokens + max(0.0, now - row.at) * rate)
                    wait = 0.0 if tokens > 0 else (1e-3 - tokens) / rate
                    conn.execute(update(HintRow).where(
                        HintRow.game_id == game_id, HintRow.seat == seat)
                        .values(tokens=tokens, at=now))
                    return HintAsk(None, wait)
            except IntegrityError:
                continue
        raise Conflict("the seat's suggestion count changed twice while counting")

    def keep_hint(self, game_id: str, seat: int, version: int, answer: dict[str, Any],
                  cost: float = 0.0) -> None:
        """Charge the seat `cost` seconds of worker time for an answer, and keep
        the answer for `version`, unless one for a later version is kept."""
        with self._write() as conn:
            conn.execute(update(HintRow).where(
                HintRow.game_id == game_id, HintRow.seat == seat)
                .values(tokens=HintRow.tokens - cost))
            conn.execute(update(HintRow).where(
                HintRow.game_id == game_id, HintRow.seat == seat, HintRow.version <= version)
                .values(version=version, answer=answer))

    # ------------------------------------------------ the bot queue (PostgreSQL)
    def _own_bot_turn(self, conn: Any, game_id: str, number: int) -> None:
        """The process storing a change that leaves a bot to move thinks for it."""
        conn.exec_driver_sql(OWN_BOT_TURN, {"g": game_id, "n": number, "me": self.owner,
                                            "lease": self.bot_lease})

    def claim_bot_turns(self, limit: int = 20) -> list[str]:
        """Take bot turns nobody holds, or whose holder stopped renewing its lease
        (a process that died): each goes to exactly one claiming process. The
        turns of a game another live process owns (owners.py) are left to it."""
        with self.engine.begin() as conn:
            return list(conn.execute(text(
                "UPDATE bot_turns SET owner = :me, "
                "lease_until = now() + make_interval(secs => :lease) "
                "WHERE game_id IN (SELECT t.game_id FROM bot_turns t "
                "WHERE (t.owner IS NULL OR t.lease_until < now()) AND NOT EXISTS ("
                " SELECT 1 FROM game_owners o JOIN processes p ON p.name = o.owner"
                " WHERE o.game_id = t.game_id AND o.owner <> :me"
                " AND p.renewed > now() - make_interval(secs => :lease)) "
                "ORDER BY t.due LIMIT :limit FOR UPDATE OF t SKIP LOCKED) RETURNING game_id"
            ), {"me": self.owner, "lease": self.bot_lease, "limit": limit}).scalars())

    def renew_bot_turns(self, game_ids: list[str]) -> None:
        """Keep the turns this process is thinking for (rows being changed are skipped:
        whoever changes them decides who thinks next)."""
        if not game_ids:
            return
        with self.engine.begin() as conn:
            conn.execute(text(
                "UPDATE bot_turns SET lease_until = now() + make_interval(secs => :lease) "
                "WHERE game_id IN (SELECT game_id FROM bot_turns WHERE owner = :me "
                "AND game_id = ANY(:ids) FOR UPDATE SKIP LOCKED)"
            ), {"me": self.owner, "lease": self.bot_lease, "ids": game_ids})

    def release_bot_turn(self, game_id: str, number: int) -> None:
        """A claimed game had no bot to move after change `number`: drop its turn."""
        with self.engine.begin() as conn:
            conn.execute(delete(BotTurnRow).where(
                BotTurnRow.game_id == game_id, BotTurnRow.owner == self.owner,
                BotTurnRow.number <= number))

    def release_held_bot_turns(self) -> None:
        """A process stopping in good order hands its bot turns on at once."""
        with self.engine.begin() as conn:
            conn.execute(update(BotTurnRow).where(BotTurnRow.owner == self.owner)
                         .values(owner=None, lease_until=None))

    def queue_unfinished_bot_games(self) -> None:
        """Offer every unfinished game with a bot seat to the queue (games stored
        before the queue existed); a game already queued keeps its holder."""
        with self.engine.begin() as conn:
            rows = conn.execute(select(GameRow.id, GameRow.seats)
                                .where(GameRow.status == "playing")).all()
            ids = [gid for gid, seats in rows if any(x["kind"] == "bot" for x in seats)]
            if ids:
                conn.execute(text(
                    "INSERT INTO bot_turns (game_id, number, due) "
                    "SELECT g, 0, now() FROM unnest(CAST(:ids AS varchar[])) AS g "
                    "ON CONFLICT (game_id) DO NOTHING"), {"ids": ids})

    def load(self, game_id: str) -> StoredGame | None:
        with self.session() as s:
            row = s.get(GameRow, game_id)
            if row is None:
                return None
            return self._stored(s, row)

    def unfinished(self) -> list[StoredGame]:
        with self.session() as s:
            rows = s.scalars(select(GameRow).where(GameRow.status == "playing")).all()
            return [self._stored(s, r) for r in rows]

    def unfinished_with_bots(self) -> list[StoredGame]:
        """Unfinished games with a bot seat: the ones that go on without anyone asking."""
        return [g for g in self.unfinished() if any(x["kind"] == "bot" for x in g.seats)]

    def lobby(self, limit: int = 200) -> list[dict[str, Any]]:
        """The newest games, for the lobby list; the move count only of finished
        games, as a running count would tell how many secret moves were made.
        The count was stored when the game ended: no change is read here."""
        with self.session() as s:
            rows = s.scalars(select(GameRow).order_by(GameRow.created.desc()).limit(limit)).all()
            return [
                {
                    "id": r.id, "game": r.game, "players": r.players, "status": r.status,
                    "moves": int(r.moves or 0) if r.status == "over" else None,
                    "created": r.created.isoformat(),
                    "seats": [{"kind": x["kind"], "agent": x.get("agent"), "name": x["name"]}
                              for x in r.seats],
                }
                for r in rows
            ]

    def _stored(self, s: Any, row: GameRow) -> StoredGame:
        actions = s.scalars(
            select(ActionRow).where(ActionRow.game_id == row.id).order_by(ActionRow.number)
        ).all()
        return StoredGame(
            row.id, row.game, row.players, row.seed, dict(row.options), list(row.seats),
            row.status, row.created,
            [Entry(a.number, a.kind, a.seat, a.action) for a in actions], row.rules_version,
            row.seed_chosen, row.content,
        )

    def dispose(self) -> None:
        if self._async_appender is not None:  # closed without its loop: no answer awaited
            self._async_appender[0].pgconn.finish()
            self._async_appender = None
        with self._appending:
            if self._appender is not None:
                self._appender.close()
                self._appender = None
        if self._writing is not None:
            with self._writing:
                if self._writer is not None:
                    self._writer.close()
                    self._writer = None
        self.engine.dispose()


# How SQLAlchemy's SQLite dialect writes a DateTime, and the statements of SQLite's `append`.
_SQLITE_DATETIME = ("%(year)04d-%(month)02d-%(day)02d %(hour)02d:%(minute)02d:"
                    "%(second)02d.%(microsecond)06d")
_INSERT_ACTION = ("INSERT INTO actions (game_id, number, kind, seat, action, created) "
                  "VALUES (?, ?, ?, ?, ?, ?)")
_GAME_ENDS = ("UPDATE games SET status = ?, moves = (SELECT coalesce(sum(CASE WHEN "
              f"kind = '{MOVE}' THEN 1 WHEN kind = '{UNDO}' THEN -1 ELSE 0 END), 0) "
              "FROM actions WHERE game_id = ?) WHERE id = ?")
_SEATS_CHANGE = "UPDATE games SET seats = ? WHERE id = ?"


# PostgreSQL's append (Store._statements): the rows come as one JSON text, so one
# prepared statement stores a batch of any size with a single parameter to
# convert (as arrays, psycopg's conversion of each element took more CPU than
# the rest of the statement), and each stored change is announced in the same
# statement (sent only if it commits).
APPEND = """
WITH stored AS (
    INSERT INTO actions (game_id, number, kind, seat, action, created)
    SELECT g, n, k, s, a, %(created)s
    FROM json_to_recordset(CAST(%(rows)s AS json)) AS c(g varchar, n int, k varchar, s int, a json)
    RETURNING game_id, number)
SELECT pg_notify(%(channel)s, game_id || ':' || number || ':' || %(me)s) FROM stored
"""
# The moves that stand when a game ends (a take-back undoes one), counted with
# the change being stored: it was inserted earlier in the same transaction.
GAME_OVER = """
UPDATE games SET status = %(status)s, moves = (
    SELECT coalesce(sum(CASE kind WHEN 'move' THEN 1 WHEN 'undo' THEN -1 ELSE 0 END), 0)
    FROM actions WHERE actions.game_id = %(g)s)
WHERE id = %(g)s
"""
NEW_SEATS = "UPDATE games SET seats = CAST(%(seats)s AS json) WHERE id = %(g)s"
OWN_BOT_TURN = """
INSERT INTO bot_turns (game_id, number, owner, lease_until, due)
VALUES (%(g)s, %(n)s, %(me)s, now() + make_interval(secs => %(lease)s), now())
ON CONFLICT (game_id) DO UPDATE SET number = excluded.number, owner = excluded.owner,
    lease_until = excluded.lease_until, due = excluded.due
"""


def _game_values(c: Change) -> dict[str, Any]:
    """What a change does to its game's row beside the log."""
    values: dict[str, Any] = {}
    if c.status != "playing":  # a new game is stored as playing already
        values["status"] = c.status
        values["moves"] = _standing_moves(c.game_id)  # this one counted
    if c.seats is not None:
        values["seats"] = c.seats
    return values


def _standing_moves(game_id: str) -> Any:
    """The moves a game's change log leaves standing (a take-back undoes one), as
    a subquery, so it counts the change being stored with it."""
    standing = case((ActionRow.kind == MOVE, 1), (ActionRow.kind == UNDO, -1), else_=0)
    return (select(func.coalesce(func.sum(standing), 0))
            .where(ActionRow.game_id == game_id).scalar_subquery())


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    # WAL lets readers run beside the writer. In WAL mode synchronous=NORMAL makes
    # a commit durable once written to the log, so a killed server loses nothing
    # it acknowledged; only a power cut could drop the newest commits.
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
