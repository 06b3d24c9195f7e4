"""A finished game looked over: the decisions that cost each person the most.

Each decision of a reviewed seat that had a choice is judged again from that
seat's information at the time (states sampled from what it could see, never
the true state, so a move is not blamed for a card nobody could know): every
legal move is valued one move ahead, a split move completed greedily, by the
game's position values on the same sampled states, as the greedy level values
moves. The cost of the move played is how far its value falls short of the
best move's, on the 0-100 scale of how the game goes for the seat. The three
dearest of each seat are kept, with the better move.

The review keeps to a CPU budget: decisions are judged in order, and once the
budget is spent the rest are left unjudged and the review says how many were
judged.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from borough.agents.base import SeatView
from borough.agents.evaluation import finish, sampled_totals
from borough.core.game import Game
from borough.core.record import Record

KEPT = 3  # dearest decisions kept per seat
NEGLIGIBLE = 0.005  # a cost below half a point out of 100 is no mistake
REVIEWER = "the greedy level's values one move ahead"


@dataclass(frozen=True)
class Mistake:
    number: int  # the decision's place in the record, from 1
    seat: int
    prompt: str  # the decision faced
    played: str
    better: str
    cost: float  # value lost, on [0, 1]


@dataclass
class Review:
    reviewer: str
    samples: int
    seats: list[int]
    decisions: dict[int, int] = field(default_factory=dict)  # with a choice, per seat
    judged: dict[int, int] = field(default_factory=dict)  # of them, judged in the budget
    mistakes: dict[int, list[Mistake]] = field(default_factory=dict)  # dearest first

    @property
    def complete(self) -> bool:
        return self.judged == self.decisions


def choices(game: Game, record: Record, seats: list[int]) -> int:
    """How many decisions of `seats` in the record had more than one legal move."""
    state = game.setup(record.players, seed=record.seed, options=record.options)
    count = 0
    for seat, action in record.moves:
        if seat in seats and len(game.legal_actions(state, seat)) > 1:
            count += 1
        game.apply(state, seat, action)
    return count


def review(game: Game, record: Record, seats: list[int] | None = None, samples: int = 2,
           seconds: float = 60.0, progress: Callable[[int, int], None] | None = None,
           clock: Callable[[], float] = time.process_time) -> Review:
    """Judge the decisions of `seats` (every seat by default) in a record that
    replays legally (see the module); `progress(done, total)` after each."""
    seats = list(range(record.players)) if seats is None else sorted(set(seats))
    for seat in seats:
        if not 0 <= seat < record.players:
            raise ValueError(f"there is no seat {seat + 1} in a game of {record.players}")
    total = choices(game, record, seats)
    found = Review(REVIEWER, samples, seats, {s: 0 for s in seats}, {s: 0 for s in seats},
                   {s: [] for s in seats})
    state = game.setup(record.players, seed=record.seed, options=record.options)
    started = clock()
    done = 0
    for number, (seat, action) in enumerate(record.moves, start=1):
        legal = game.legal_actions(state, seat)
        if seat in seats and len(legal) > 1:
            found.decisions[seat] += 1
            if clock() - started < seconds:
                mistake = judge(game, state, seat, action, number, samples, record.seed)
                found.judged[seat] += 1
                if mistake is not None:
                    found.mistakes[seat].append(mistake)
                done += 1
                if progress:
                    progress(done, total)
        game.apply(state, seat, action)
    for seat in seats:
        found.mistakes[seat] = sorted(found.mistakes[seat],
                                      key=lambda m: (-m.cost, m.number))[:KEPT]
    return found


def judge_part(game: Game, record: Record, seats: list[int], first: int, count: int,
               samples: int) -> tuple[list[tuple[int, Mistake | None]], int]:
    """Judge up to `count` decisions with a choice of `seats`, from decision
    `first` of the record on (numbered from 1): (seat, mistake or None) for each
    judged, and the number of the decision to go on from (past the record's
    end when none is left). A long review is judged in such parts, so whoever
    runs it can report progress and let other work in between."""
    state = game.setup(record.players, seed=record.seed, options=record.options)
    found: list[tuple[int, Mistake | None]] = []
    for number, (seat, action) in enumerate(record.moves, start=1):
        if number >= first and seat in seats and len(game.legal_actions(state, seat)) > 1:
            if len(found) == count:
                return found, number
            found.append((seat, judge(game, state, seat, action, number, samples,
                                      record.seed)))
        game.apply(state, seat, action)
    return found, len(record.moves) + 1


def judge(game: Game, state: Any, seat: int, action: Any, number: int, samples: int,
          seed: int) -> Mistake | None:
    """The decision as a mistake, if the best valued move beats the one played."""
    view = SeatView(game, state, seat)
    legal = view.legal_actions
    if action not in legal:  # the replay refuses it next
        return None
    rng = random.Random(f"review:{seed}:{number}")
    totals = sampled_totals(view, legal, samples, rng,
                            lambda trial: finish(game, trial, seat, rng))
    played = legal.index(action)
    best = max(range(len(legal)), key=lambda i: (totals[i], -i))
    cost = (totals[best] - totals[played]) / samples
    if best == played or cost < NEGLIGIBLE:
        return None
    return Mistake(number, seat, view.prompt(), view.describe(action),
                   view.describe(legal[best]), cost)


def as_json(found: Review) -> dict[str, Any]:
    return {"reviewer": found.reviewer, "samples": found.samples,
            "complete": found.complete,
            "seats": [{"seat": s, "decisions": found.decisions[s], "judged": found.judged[s],
                       "mistakes": [{"number": m.number, "prompt": m.prompt,
                                     "played": m.played, "better": m.better,
                                     "cost": round(100 * m.cost, 1)}
                                    for m in found.mistakes[s]]}
                      for s in found.seats]}
