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

The rows and the records read from them are in `store_rows`, how a batch of
changes is written in `store_writes`, and the reads in `store_reads`.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, delete, event, insert, select, text, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import sessionmaker

from borough.server.store_reads import StoreReads
from borough.server.store_rows import BotTurnRow, Change, GameRow, HintAsk, HintRow
from borough.server.store_writes import (
    OWN_BOT_TURN,
    Conflict,
    SharedAppender,
    SqliteWriter,
    append_rows,
    shared_statements,
)

MIGRATIONS = Path(__file__).with_name("migrations")
MIGRATION_LOCK = 0x626F726F  # any fixed number: the advisory lock schema changes hold


class Store(StoreReads):
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
        # SQLite: this process's writers queue for one kept connection (store_writes.py).
        self._sqlite = SqliteWriter(self.engine) if sqlite else None
        # PostgreSQL: the changes are stored over psycopg connections of their own.
        self._shared = SharedAppender(url) if self.shared else None

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        """A write transaction (on SQLite, one of this process's at a time)."""
        if self._sqlite is None:
            with self.engine.begin() as conn:
                yield conn
        else:
            with self._sqlite.transaction() as conn:
                yield conn

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
        if self._shared is not None:
            self._shared.run(*shared_statements(changes, now, self.owner, self.bot_lease))
            return
        if self._sqlite is not None:
            self._sqlite.append(changes, now)
            return
        append_rows(self.engine, changes, now)

    async def append_async(self, changes: list[Change]) -> None:
        """`append` on the event loop (PostgreSQL; elsewhere it calls `append`):
        see `SharedAppender.run_async`."""
        if self._shared is None:
            self.append(changes)
            return
        await self._shared.run_async(*shared_statements(
            sorted(changes, key=lambda c: c.game_id), datetime.now(UTC),
            self.owner, self.bot_lease))

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

    def dispose(self) -> None:
        if self._shared is not None:
            self._shared.close()
        if self._sqlite is not None:
            self._sqlite.close()
        self.engine.dispose()


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    # WAL lets readers run beside the writer. In WAL mode synchronous=NORMAL makes
    # a commit durable once written to the log, so a killed server loses nothing
    # it acknowledged; only a power cut could drop the newest commits.
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
