"""What the store reads back: a game's changes after a number, whole stored
games (to rebuild a room by replaying its log), and the lobby's list."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session, sessionmaker

from borough.server.store_rows import ActionRow, Entry, GameRow, StoredGame


class StoreReads:
    """The reads of `Store`, which gives them its engine and sessions."""

    engine: Engine
    session: sessionmaker[Session]

    def after(self, game_id: str, number: int) -> list[Entry]:
        """The game's changes numbered above `number`, in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(ActionRow.number, ActionRow.kind, ActionRow.seat, ActionRow.action)
                .where(ActionRow.game_id == game_id, ActionRow.number > number)
                .order_by(ActionRow.number)
            ).all()
        return [Entry(*row) for row in rows]

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
