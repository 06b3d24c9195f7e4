"""Ratings and leaderboards: an OpenSkill rating per account and per game,
settled once for each game as it ends or is abandoned.

How a game is rated is in `rating_rules`, the tables in `rating_rows` and what
the leaderboards and player pages show in `rating_reads`.

Each game is settled exactly once: the `rated_games` row is the game's
primary key and is written in the transaction that changes the ratings, so
two processes (or the end of a game and the sweeper) settling the same game
at once store one update; the other finds the row and stops.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import and_, exists, func, insert, select, true, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from borough.server.accounts import SeatClaimRow
from borough.server.rating_reads import RatingReads
from borough.server.rating_rows import RatedGameRow, RatingChangeRow, RatingRow
from borough.server.rating_rules import (
    ANCHOR_SIGMA,
    ANCHORS,
    MODEL,
    SAME_PLACE,
    START_MU,
    START_SIGMA,
    Verdict,
    judge,
)
from borough.server.rooms import Room, Rooms
from borough.server.settings import Settings
from borough.server.store import Store
from borough.server.store_rows import ActionRow, GameRow, StoredGame

log = logging.getLogger("borough.server")
FINISHED, ABANDONED = "finished", "abandoned"
SWEEP_BATCH = 50  # games settled per sweep at most
LOOK_AGAIN = 240  # sweeps (an hour at 15 s) before idle games set aside are looked at again


# ------------------------------------------------------------------ storage
class Ratings(RatingReads):
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
