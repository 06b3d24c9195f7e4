"""The rating tables: each account's rating per game, each game settled, and
what each rated game did to each account's rating."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, DateTime, Float, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from borough.server.store_rows import Base


class RatingRow(Base):
    """An account's current rating in one game."""

    __tablename__ = "ratings"

    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), primary_key=True, index=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatedGameRow(Base):
    """A game settled: rated or not (and why). One row per game, ever."""

    __tablename__ = "rated_games"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    rated: Mapped[bool] = mapped_column(Boolean)
    outcome: Mapped[str] = mapped_column(String(16))  # finished | abandoned
    reason: Mapped[str | None] = mapped_column(String(200), nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatingChangeRow(Base):
    """What one rated game did to one account's rating."""

    __tablename__ = "rating_changes"

    game_id: Mapped[str] = mapped_column(ForeignKey("rated_games.game_id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    game: Mapped[str] = mapped_column(String(40))
    place: Mapped[int] = mapped_column(Integer)  # 1: first (ties share a place)
    seats: Mapped[int] = mapped_column(Integer)
    mu_before: Mapped[float] = mapped_column(Float)
    sigma_before: Mapped[float] = mapped_column(Float)
    mu_after: Mapped[float] = mapped_column(Float)
    sigma_after: Mapped[float] = mapped_column(Float)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


CHANGE = (
    RatingChangeRow.game_id,
    RatingChangeRow.seat,
    RatingChangeRow.game,
    RatingChangeRow.place,
    RatingChangeRow.seats,
    RatingChangeRow.mu_before,
    RatingChangeRow.sigma_before,
    RatingChangeRow.mu_after,
    RatingChangeRow.sigma_after,
    RatingChangeRow.at,
)

