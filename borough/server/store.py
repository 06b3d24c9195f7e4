"""Event-sourced persistence: each game is its setup plus an append-only action list.

An action is acknowledged only after its row is committed, so a crash never
loses an acknowledged move; any game can be rebuilt by replaying its rows.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker

MIGRATIONS = Path(__file__).with_name("migrations")


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
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ActionRow(Base):
    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("game_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)  # 1, 2, 3, ... within the game
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[list] = mapped_column(JSON)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


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
    moves: list[tuple[int, Any]]
    rules_version: int
    seed_chosen: bool = False
    content: str | None = None
    """The digest of the content the game was created with (None: the game's own)."""


def _listify(value: Any) -> Any:
    return json.loads(json.dumps(value))


class Store:
    def __init__(self, url: str) -> None:
        self.url = url
        sqlite = url.startswith("sqlite")
        connect_args = {"timeout": 30, "check_same_thread": False} if sqlite else {}
        self.engine: Engine = create_engine(url, connect_args=connect_args, pool_pre_ping=True)
        if url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self.session = sessionmaker(self.engine, expire_on_commit=False)

    def migrate(self) -> None:
        """Create or upgrade the schema to the newest revision."""
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        config.set_main_option("sqlalchemy.url", self.url.replace("%", "%%"))
        with self.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def create_game(self, row: dict[str, Any]) -> None:
        with self.session.begin() as s:
            s.add(GameRow(**row, created=datetime.now(UTC)))

    def append(self, rows: list[tuple[str, int, int, Any, str]]) -> None:
        """Store actions `(game, number, seat, action, status)` in one committed transaction."""
        now = datetime.now(UTC)
        with self.engine.begin() as conn:
            conn.execute(insert(ActionRow), [
                {"game_id": game_id, "number": number, "seat": seat,
                 "action": _listify(action), "created": now}
                for game_id, number, seat, action, _ in rows
            ])
            for game_id, _, _, _, status in rows:
                if status != "playing":  # a new game is stored as playing already
                    conn.execute(update(GameRow).where(GameRow.id == game_id)
                                 .values(status=status))

    def remove_last(self, game_id: str, number: int) -> None:
        with self.session.begin() as s:
            s.execute(delete(ActionRow).where(ActionRow.game_id == game_id,
                                              ActionRow.number == number))
            s.get(GameRow, game_id).status = "playing"

    def set_seats(self, game_id: str, seats: list[dict[str, Any]]) -> None:
        with self.session.begin() as s:
            s.get(GameRow, game_id).seats = seats

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
        games, as a running count would tell how many secret moves were made."""
        with self.session() as s:
            counts = dict(s.execute(
                select(ActionRow.game_id, func.count()).group_by(ActionRow.game_id)
            ).all())
            rows = s.scalars(select(GameRow).order_by(GameRow.created.desc()).limit(limit)).all()
            return [
                {
                    "id": r.id, "game": r.game, "players": r.players, "status": r.status,
                    "moves": counts.get(r.id, 0) if r.status == "over" else None,
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
            row.status, row.created, [(a.seat, a.action) for a in actions], row.rules_version,
            row.seed_chosen, row.content,
        )

    def dispose(self) -> None:
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
