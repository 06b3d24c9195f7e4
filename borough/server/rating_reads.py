"""What the ratings show: a game's leaderboard, a player's page (ratings,
history, games) and a settled game's verdict with the changes it made."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.engine import Engine

import borough
from borough.server.accounts import AccountRow, SeatClaimRow, name_key
from borough.server.rating_rows import CHANGE, RatedGameRow, RatingChangeRow, RatingRow
from borough.server.rating_rules import shown
from borough.server.store_rows import GameRow


class RatingReads:
    """The reads of `Ratings`, which gives them its engine."""

    engine: Engine

    def leaderboard(self, game: str, limit: int) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(
                    AccountRow.name,
                    RatingRow.mu,
                    RatingRow.sigma,
                    RatingRow.games,
                    RatingRow.updated,
                )
                .join(AccountRow, AccountRow.id == RatingRow.account_id)
                .where(RatingRow.game == game, RatingRow.games > 0, AccountRow.disabled.is_(False))
                .order_by((RatingRow.mu - 3 * RatingRow.sigma).desc(), AccountRow.name)
                .limit(limit)
            ).all()
        return [
            {
                "rank": i + 1,
                "name": r.name,
                "rating": shown(r.mu, r.sigma),
                "mu": round(r.mu, 3),
                "sigma": round(r.sigma, 3),
                "games": r.games,
                "updated": _aware(r.updated).isoformat(),
            }
            for i, r in enumerate(rows)
        ]

    def profile(self, name: str, limit: int) -> dict[str, Any] | None:
        with self.engine.connect() as conn:
            account = conn.execute(
                select(AccountRow.id, AccountRow.name, AccountRow.created).where(
                    AccountRow.key == name_key(name), AccountRow.disabled.is_(False)
                )
            ).first()
            if account is None:
                return None
            ratings = conn.execute(
                select(RatingRow.game, RatingRow.mu, RatingRow.sigma, RatingRow.games)
                .where(RatingRow.account_id == account.id, RatingRow.games > 0)
                .order_by(RatingRow.game)
            ).all()
            history = conn.execute(
                select(*CHANGE, RatedGameRow.outcome)
                .join(RatedGameRow, RatedGameRow.game_id == RatingChangeRow.game_id)
                .where(RatingChangeRow.account_id == account.id)
                .order_by(RatingChangeRow.at.desc())
                .limit(limit)
            ).all()
            games = conn.execute(
                select(
                    GameRow.id,
                    GameRow.game,
                    GameRow.status,
                    GameRow.created,
                    SeatClaimRow.seat,
                    RatedGameRow.rated,
                    RatedGameRow.reason,
                )
                .join(SeatClaimRow, SeatClaimRow.game_id == GameRow.id)
                .outerjoin(RatedGameRow, RatedGameRow.game_id == GameRow.id)
                .where(SeatClaimRow.account_id == account.id, SeatClaimRow.opened.is_(True))
                .order_by(GameRow.created.desc())
                .limit(limit)
            ).all()
        return {
            "name": account.name,
            "created": _aware(account.created).isoformat(),
            "ratings": [
                {
                    "game": r.game,
                    "title": _title(r.game),
                    "rating": shown(r.mu, r.sigma),
                    "mu": round(r.mu, 3),
                    "sigma": round(r.sigma, 3),
                    "games": r.games,
                }
                for r in ratings
            ],
            "history": [
                {
                    "game_id": c.game_id,
                    "game": c.game,
                    "title": _title(c.game),
                    "outcome": c.outcome,
                    "place": c.place,
                    "seats": c.seats,
                    "before": shown(c.mu_before, c.sigma_before),
                    "after": shown(c.mu_after, c.sigma_after),
                    "at": _aware(c.at).isoformat(),
                }
                for c in history
            ],
            "games": [
                {
                    "id": g.id,
                    "game": g.game,
                    "title": _title(g.game),
                    "status": g.status,
                    "seat": g.seat,
                    "created": _aware(g.created).isoformat(),
                    "rated": g.rated,
                    "unrated_because": g.reason,
                }
                for g in games
            ],
        }

    def game_rating(self, game_id: str) -> dict[str, Any] | None:
        """A settled game's verdict and the changes it made (None: not settled yet)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(RatedGameRow.rated, RatedGameRow.reason, RatedGameRow.outcome).where(
                    RatedGameRow.game_id == game_id
                )
            ).first()
            if row is None:
                return None
            changes = conn.execute(
                select(*CHANGE, AccountRow.name)
                .join(AccountRow, AccountRow.id == RatingChangeRow.account_id)
                .where(RatingChangeRow.game_id == game_id)
                .order_by(RatingChangeRow.seat)
            ).all()
        return {
            "rated": row.rated,
            "unrated_because": row.reason,
            "outcome": row.outcome,
            "changes": [
                {
                    "seat": c.seat,
                    "name": c.name,
                    "place": c.place,
                    "before": shown(c.mu_before, c.sigma_before),
                    "after": shown(c.mu_after, c.sigma_after),
                }
                for c in changes
            ],
        }


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _title(game: str) -> str:
    try:
        return borough.game(game).title
    except ValueError:
        return game

