"""How a game is rated: the rating model, the bot levels' fixed ratings, whether
a game is rated and each seat's place. Nothing here does I/O.

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
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from borough.server import hints
from borough.server.room import Room
from borough.server.store_rows import StoredGame

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
SAME_PLACE = "every seat ended in the same place"


def shown(mu: float, sigma: float) -> float:
    """The rating people see: the conservative estimate, to one decimal."""
    return round(mu - 3 * sigma, 1)


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


def before_start(room: Room) -> dict[str, Any]:
    """`rated` and `unrated_because` as a game's creation says them."""
    reason = unrated_before_start(room.seed_chosen, hints.allowed(room.seats), len(room.seats))
    return {"rated": reason is None, "unrated_because": reason}
