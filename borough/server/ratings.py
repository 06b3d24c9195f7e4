"""Ratings and leaderboards: an OpenSkill rating per account and per game.

The model is OpenSkill's Plackett-Luce: it rates any number of seats from
their order at the end (ties included) in one update whose cost grows with the
number of seats alone, which suits games of one to five seats better than
pairwise models (Bradley-Terry compares every pair); a rating is a mean `mu`
and an uncertainty `sigma`, and what the leaderboard shows is the
conservative `mu - 3 sigma` (0 for a new account).

A finished game is rated when it has two or more seats, every seat that began
as a person's was played by an account (opened with its link while logged in;
two seats of one account: not rated), the creator chose no seed, suggestions
were off, and the seats did not all end in one place (a cooperative game won
or lost together says nothing about who played better). Bots take part as
anchors: each level has a fixed rating (ANCHORS) that games never change.
Places come from the result: the winners first, then the others by score,
equal scores tied; a person's seat handed to a bot before the end is placed
last. A game whose person to move has not moved for `abandon_seconds` is
settled then as it stands: the seats to move lose (tied last), the others tie
first.

Each game is settled exactly once: the `rated_games` row is the game's
primary key and is written in the transaction that changes the ratings, so
two processes (or the end of a game and the sweeper) settling the same game
at once store one update; the other finds the row and stops.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import (
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    and_,
    exists,
    func,
    insert,
    select,
    true,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

import borough
from borough.server import hints
from borough.server.accounts import AccountRow, SeatClaimRow, name_key
from borough.server.rooms import Room, Rooms
from borough.server.settings import Settings
from borough.server.store import Store
from borough.server.store_rows import ActionRow, Base, GameRow, StoredGame

log = logging.getLogger("borough.server")
MODEL = PlackettLuce()
START_MU, START_SIGMA = MODEL.mu, MODEL.sigma  # 25 and 25/3: a new account's rating
# Each bot level's fixed rating (mu; sigma ANCHOR_SIGMA), in the model's units.
# Our choice, in the order the levels play: random < easy < greedy < medium < mcts
# < hard < expert. A new account (mu 25) starts level with medium.
ANCHORS: dict[str, float] = {
    "random": 10.0,
    "easy": 18.0,
    "greedy": 21.0,
    "medium": 25.0,
    "mcts": 27.0,
    "hard": 30.0,
    "expert": 34.0,
}
ANCHOR_SIGMA = 1.0
FINISHED, ABANDONED = "finished", "abandoned"
SAME_PLACE = "every seat ended in the same place"
SWEEP_BATCH = 50  # games settled per sweep at most
LOOK_AGAIN = 240  # sweeps (an hour at 15 s) before idle games set aside are looked at again


# ------------------------------------------------------------------ tables
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


def shown(mu: float, sigma: float) -> float:
    """The rating people see: the conservative estimate, to one decimal."""
    return round(mu - 3 * sigma, 1)


# ------------------------------------------------------------------ deciding
def unrated_before_start(seed_chosen: bool, hints_on: bool, players: int) -> str | None:
    """Why a game will not be rated, known when it is created (None: it will be, once
    every person's seat is played by an account)."""
    if players < 2:
        return "solo games are not rated"
    if seed_chosen:
        return "the creator chose the seed"
    if hints_on:
        return "suggestions are on"
    return None


def places(result: dict[str, Any]) -> list[int]:
    """Each seat's place (1 first; equal places tie): the winners first, then by score."""
    scores, winners = result["scores"], set(result["winners"])
    keys = [(0 if i in winners else 1, -float(x)) for i, x in enumerate(scores)]
    order = sorted(set(keys))
    return [order.index(k) + 1 for k in keys]


@dataclass(frozen=True)
class Verdict:
    rated: bool
    reason: str | None
    places: list[int]
    accounts: dict[int, str]  # seat -> account id


def judge(
    stored: StoredGame,
    claims: dict[int, str],
    result: dict[str, Any] | None,
    idle: list[int] | None = None,
) -> Verdict:
    """Whether a game is rated and each seat's place. `claims`: the seats accounts
    opened; `result` of a finished game, or `idle`: the seats whose time ran out."""
    initial = stored.initial_seats()

    def no(reason: str) -> Verdict:
        return Verdict(False, reason, [], {})

    reason = unrated_before_start(stored.seed_chosen, hints.allowed(initial), stored.players)
    if reason:
        return no(reason)
    people = [i for i, x in enumerate(initial) if x["kind"] == "human"]
    if not people:
        return no("no seat was a person's")
    if any(i not in claims for i in people):
        return no("a person's seat was played without an account")
    owners = {claims[i] for i in people}
    if len(owners) < len(people):
        return no("one account played two seats")
    if idle is not None:
        ranks = [2 if i in idle else 1 for i in range(stored.players)]
    else:
        assert result is not None
        ranks = places(result)
        last = max(ranks) + 1
        for i in people:  # handed to a bot before the end: last (tied, if several)
            if stored.seats[i]["kind"] != "human":
                ranks[i] = last
    if len(set(ranks)) < 2:
        return no(SAME_PLACE)
    return Verdict(True, None, ranks, {i: claims[i] for i in people})


# ------------------------------------------------------------------ storage
class Ratings:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def settled(self, game_id: str) -> bool:
        with self.engine.connect() as conn:
            return (
                conn.execute(
                    select(RatedGameRow.game_id).where(RatedGameRow.game_id == game_id)
                ).first()
                is not None
            )

    def claims(self, game_id: str) -> dict[int, str]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(SeatClaimRow.seat, SeatClaimRow.account_id).where(
                    SeatClaimRow.game_id == game_id, SeatClaimRow.opened.is_(True)
                )
            ).all()
        return {seat: account for seat, account in rows}

    def settle(self, stored: StoredGame, verdict: Verdict, outcome: str) -> bool:
        """Store the game's verdict and, if rated, its accounts' new ratings, in one
        transaction; False when the game was settled already (nothing changes)."""
        now = datetime.now(UTC)
        if verdict.rated:
            for account in sorted(verdict.accounts.values()):
                self._ensure(account, stored.game, now)
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    insert(RatedGameRow),
                    [
                        {
                            "game_id": stored.id,
                            "game": stored.game,
                            "rated": verdict.rated,
                            "outcome": outcome,
                            "reason": verdict.reason,
                            "at": now,
                        }
                    ],
                )
                if verdict.rated:
                    self._rate(conn, stored, verdict, now)
        except IntegrityError:
            if self.settled(stored.id):
                return False
            raise
        return True

    def _ensure(self, account: str, game: str, now: datetime) -> None:
        """A first rating row for the account in this game (a new account's)."""
        try:
            with self.engine.begin() as conn:
                found = conn.execute(
                    select(RatingRow.games).where(
                        RatingRow.account_id == account, RatingRow.game == game
                    )
                ).first()
                if found is None:
                    conn.execute(
                        insert(RatingRow),
                        [
                            {
                                "account_id": account,
                                "game": game,
                                "mu": START_MU,
                                "sigma": START_SIGMA,
                                "games": 0,
                                "updated": now,
                            }
                        ],
                    )
        except IntegrityError:  # another game of the account made it at the same moment
            pass

    def _rate(self, conn: Any, stored: StoredGame, verdict: Verdict, now: datetime) -> None:
        ids = sorted(verdict.accounts.values())
        rows = {
            r.account_id: r
            for r in conn.execute(
                select(RatingRow.account_id, RatingRow.mu, RatingRow.sigma, RatingRow.games)
                .where(RatingRow.account_id.in_(ids), RatingRow.game == stored.game)
                .order_by(RatingRow.account_id)
                .with_for_update()  # PostgreSQL: two games of one account, one after another
            )
        }
        initial = stored.initial_seats()
        teams = []
        for seat in range(stored.players):
            account = verdict.accounts.get(seat)
            if account is not None:
                teams.append([MODEL.rating(mu=rows[account].mu, sigma=rows[account].sigma)])
            else:
                mu = ANCHORS.get(initial[seat]["agent"] or "", ANCHORS["medium"])
                teams.append([MODEL.rating(mu=mu, sigma=ANCHOR_SIGMA)])
        after = MODEL.rate(teams, ranks=[float(p) for p in verdict.places])
        for seat, account in sorted(verdict.accounts.items()):
            before, new = rows[account], after[seat][0]
            conn.execute(
                update(RatingRow)
                .where(RatingRow.account_id == account, RatingRow.game == stored.game)
                .values(mu=new.mu, sigma=new.sigma, games=before.games + 1, updated=now)
            )
            conn.execute(
                insert(RatingChangeRow),
                [
                    {
                        "game_id": stored.id,
                        "seat": seat,
                        "account_id": account,
                        "game": stored.game,
                        "place": verdict.places[seat],
                        "seats": stored.players,
                        "mu_before": before.mu,
                        "sigma_before": before.sigma,
                        "mu_after": new.mu,
                        "sigma_after": new.sigma,
                        "at": now,
                    }
                ],
            )

    # -------------------------------------------------------------- the sweep
    def unsettled_finished(self, limit: int = SWEEP_BATCH) -> list[str]:
        with self.engine.connect() as conn:
            return list(
                conn.execute(
                    select(GameRow.id)
                    .where(
                        GameRow.status == "over",
                        ~exists().where(RatedGameRow.game_id == GameRow.id),
                    )
                    .order_by(GameRow.created)
                    .limit(limit)
                ).scalars()
            )

    def idle_since(
        self, cutoff: datetime, skip: frozenset[str] = frozenset(), limit: int = SWEEP_BATCH
    ) -> list[str]:
        """Unsettled games being played, with a seat an account opened, in which
        nothing changed since `cutoff` (less those in `skip`)."""
        last = (
            select(func.max(ActionRow.created))
            .where(ActionRow.game_id == GameRow.id)
            .scalar_subquery()
        )
        with self.engine.connect() as conn:
            return list(
                conn.execute(
                    select(GameRow.id)
                    .where(
                        GameRow.status == "playing",
                        ~exists().where(RatedGameRow.game_id == GameRow.id),
                        exists().where(
                            and_(
                                SeatClaimRow.game_id == GameRow.id,
                                SeatClaimRow.opened.is_(True),
                            )
                        ),
                        func.coalesce(last, GameRow.created) < cutoff,
                        GameRow.id.not_in(skip) if skip else true(),
                    )
                    .order_by(GameRow.created)
                    .limit(limit)
                ).scalars()
            )

    # -------------------------------------------------------------- reading
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


# ------------------------------------------------------------------ settling
def settle_finished(store: Store, ratings: Ratings, game_id: str, rooms: Rooms) -> bool:
    """Settle a finished game (in a worker thread): once, whoever asks first."""
    if ratings.settled(game_id):
        return False
    stored = store.load(game_id)
    if stored is None or stored.status != "over":
        return False
    claims = ratings.claims(game_id)
    # Decided without the result first: most games are unrated without replaying.
    empty = {"scores": [0] * stored.players, "winners": [0]}
    verdict = judge(stored, claims, empty)
    if verdict.rated:
        room = rooms.restore(stored)
        verdict = judge(stored, claims, room.game.result(room.state).to_json())
    return ratings.settle(stored, verdict, FINISHED)


def settle_idle(store: Store, ratings: Ratings, game_id: str, rooms: Rooms) -> bool | None:
    """Settle a game nobody moved in for too long: the people to move lose. None: not
    a game anyone is late in (yet), so the sweeps leave it alone for a while."""
    stored = store.load(game_id)
    if stored is None or stored.status != "playing":
        return False
    if any(x.get("open") for x in stored.seats):
        return None  # an open table still waiting for players (tables.py): nobody is late
    claims = ratings.claims(game_id)
    verdict = judge(stored, claims, None, [])
    if verdict.reason != SAME_PLACE:  # unrated whoever is to move: no replay needed
        return ratings.settle(stored, verdict, ABANDONED)
    room = rooms.restore(stored)
    idle = [i for i in room.game.to_act(room.state) if room.seats[i]["kind"] == "human"]
    if not idle:
        return None  # a bot is to move: the server moves for it
    verdict = judge(stored, claims, None, idle)
    return ratings.settle(stored, verdict, ABANDONED)


class Rater:
    """Settles games as they end (told by the rooms) and on every sweep."""

    def __init__(self, rooms: Rooms, settings: Settings) -> None:
        self.rooms = rooms
        self.settings = settings
        self.ratings = Ratings(rooms.store.engine)
        self.tasks: set[asyncio.Task] = set()
        # Idle games nobody is late in (a table waiting for players): skipped by the
        # sweeps until this is emptied, every LOOK_AGAIN sweeps or when it grows large.
        self.later: set[str] = set()
        self.sweeps = 0

    def over(self, room: Room) -> None:
        """A game this process stored the end of: settle it soon, off the event loop."""
        task = asyncio.get_running_loop().create_task(self._settle(room.id))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _settle(self, game_id: str) -> None:
        try:
            await asyncio.to_thread(
                settle_finished, self.rooms.store, self.ratings, game_id, self.rooms
            )
        except Exception:
            log.exception("rating game %s failed", game_id)

    async def sweep(self) -> None:
        """Settle finished games nobody settled (another process's, a crash) and the
        games abandoned for `abandon_seconds`; a failure is logged and the next
        sweep tries again."""
        try:
            await self._sweep()
        except Exception:
            log.exception("settling ratings failed")

    async def _sweep(self) -> None:
        store, ratings = self.rooms.store, self.ratings
        for game_id in await asyncio.to_thread(ratings.unsettled_finished):
            await self._settle(game_id)
        self.sweeps += 1
        if self.sweeps % LOOK_AGAIN == 0 or len(self.later) > 5000:
            self.later.clear()
        cutoff = datetime.now(UTC) - timedelta(seconds=self.settings.abandon_seconds)
        skip = frozenset(self.later)
        for game_id in await asyncio.to_thread(ratings.idle_since, cutoff, skip):
            try:
                done = await asyncio.to_thread(settle_idle, store, ratings, game_id, self.rooms)
                if done is None:
                    self.later.add(game_id)
            except Exception:
                log.exception("settling abandoned game %s failed", game_id)

def before_start(room: Room) -> dict[str, Any]:
    """`rated` and `unrated_because` as a game's creation says them."""
    reason = unrated_before_start(room.seed_chosen, hints.allowed(room.seats), len(room.seats))
    return {"rated": reason is None, "unrated_because": reason}
