"""Terrace: two seats build a street of eight plots from hidden hands (RULES.md)."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from borough.core.errors import CorruptData
from borough.core.game import Action, Event, Game
from borough.core.results import Result
from borough.core.rng import Rng

COLUMNS, ROWS = 4, 2
PLOTS = COLUMNS * ROWS
VALUES = (1, 2, 3, 4)
COPIES = 3  # of each value (TE-1)
HAND = 2
MARKET = 2
PICK, BUILD, REFILL, OVER = "pick", "build", "refill", "over"


@dataclass
class TerraceState:
    current: int
    step: str
    owners: list[int]  # per plot: the seat that built it, or -1
    values: list[int]  # per plot: the tile's value, or 0
    hands: list[list[int]]  # each seat's hidden tiles, sorted
    market: list[int]  # the open tiles
    bag: list[int]  # face down; the next draw first
    picked: int  # the tile picked this turn, or 0

    def copy(self) -> TerraceState:
        return TerraceState(
            self.current,
            self.step,
            self.owners[:],
            self.values[:],
            [h[:] for h in self.hands],
            self.market[:],
            self.bag[:],
            self.picked,
        )


def plot_name(plot: int) -> str:
    return f"{'AB'[plot // COLUMNS]}{plot % COLUMNS + 1}"


def neighbours(plot: int) -> list[int]:
    row, col = divmod(plot, COLUMNS)
    out = [plot + d for d, ok in ((-1, col > 0), (1, col < COLUMNS - 1)) if ok]
    return [*out, (1 - row) * COLUMNS + col]


def scores(state: TerraceState) -> list[int]:
    """TE-6: each tile's value, and 2 for each pair of neighbouring plots one seat owns."""
    out = [0, 0]
    for plot, owner in enumerate(state.owners):
        if owner < 0:
            continue
        out[owner] += state.values[plot]
        out[owner] += 2 * sum(1 for n in neighbours(plot) if n > plot and state.owners[n] == owner)
    return out


class Terrace(Game):
    name = "terrace"
    title = "Terrace"
    seats = (2,)
    state_type = TerraceState

    def __init__(self, folder: Any = None) -> None:
        self.folder = folder  # no content files: the tiles are the numbers above

    def _setup(self, players: int, seed: int, options: dict[str, Any]) -> TerraceState:
        tiles = [v for v in VALUES for _ in range(COPIES)]
        Rng.from_seed(seed).shuffle(tiles)  # TE-1
        hands = [sorted(tiles[:HAND]), sorted(tiles[HAND : 2 * HAND])]
        market = tiles[2 * HAND : 2 * HAND + MARKET]
        return TerraceState(
            0, PICK, [-1] * PLOTS, [0] * PLOTS, hands, market, tiles[2 * HAND + MARKET :], 0
        )

    def num_seats(self, state: TerraceState) -> int:
        return 2

    def to_act(self, state: TerraceState) -> tuple[int, ...]:
        return () if state.step == OVER else (state.current,)

    def legal_actions(self, state: TerraceState, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        if state.step == PICK:  # TE-2
            return [("pick", v) for v in sorted(set(state.hands[seat]))]
        if state.step == BUILD:  # TE-3
            return [("build", p) for p in range(PLOTS) if state.owners[p] < 0]
        take: list[Action] = [("take", v) for v in sorted(set(state.market))]  # TE-4
        return take + ([("draw",)] if state.bag else [])

    def _apply(self, state: TerraceState, seat: int, action: Action) -> list[Event]:
        who = f"Player {seat + 1}"
        verb = action[0]
        if verb == "pick":
            state.hands[seat].remove(action[1])
            state.picked, state.step = action[1], BUILD
            return [Event(f"{who} picks a {action[1]} from their hand.", "pick", seat)]
        if verb == "build":
            plot = action[1]
            state.owners[plot], state.values[plot] = seat, state.picked
            events = [
                Event(f"{who} builds the {state.picked} on plot {plot_name(plot)}.", "build", seat)
            ]
            state.picked = 0
            if min(state.owners) >= 0:  # TE-5
                state.step = OVER
                events.append(Event("The street is full: the game is over.", "over"))
            elif state.market or state.bag:
                state.step = REFILL
            else:
                self._next(state)
            return events
        if verb == "take":
            state.market.remove(action[1])
            state.hands[seat] = sorted(state.hands[seat] + [action[1]])
            events = [Event(f"{who} takes the open {action[1]}.", "take", seat)]
            if state.bag:
                state.market.append(state.bag.pop(0))
                events.append(Event(f"A {state.market[-1]} is turned up from the bag.", "reveal"))
        else:
            drawn = state.bag.pop(0)
            state.hands[seat] = sorted(state.hands[seat] + [drawn])
            events = [
                Event(f"{who} draws from the bag.", "draw", seat),
                Event(f"You draw a {drawn}.", "draw", seat, private_to=(seat,)),
            ]
        self._next(state)
        return events

    def _next(self, state: TerraceState) -> None:
        state.current, state.step = 1 - state.current, PICK

    def is_over(self, state: TerraceState) -> bool:
        return state.step == OVER

    def result(self, state: TerraceState) -> Result:
        points = scores(state)
        return Result(points, [s for s in (0, 1) if points[s] == max(points)])

    def observe(self, state: TerraceState, seat: int | None) -> dict[str, Any]:
        return {
            "game": self.name,
            "players": 2,
            "current": state.current,
            "step": state.step,
            "to_act": list(self.to_act(state)),
            "owners": state.owners[:],
            "values": state.values[:],
            "market": sorted(state.market),
            "bag_size": len(state.bag),
            "hand_sizes": [len(h) for h in state.hands],
            "hand": None if seat is None else state.hands[seat][:],
            "picked": state.picked,
            "scores": scores(state),
            "viewer": seat,
        }

    def clone(self, state: TerraceState) -> TerraceState:
        return state.copy()

    def _unseen(self, state: TerraceState, seat: int) -> list[int]:
        return state.bag + state.hands[1 - seat]

    def determinize(self, state: TerraceState, seat: int, rng: random.Random) -> TerraceState:
        """The other hand and the bag dealt again from what `seat` cannot see."""
        out = state.copy()
        pool = sorted(self._unseen(state, seat))
        rng.shuffle(pool)
        size = len(state.hands[1 - seat])
        out.hands[1 - seat], out.bag = sorted(pool[:size]), pool[size:]
        return out

    def has_hidden_information(self, state: TerraceState, seat: int) -> bool:
        return bool(state.bag) and len(set(self._unseen(state, seat))) > 1

    def hidden_parts(self, state: TerraceState) -> Any:
        return ([h[:] for h in state.hands], state.bag[:])

    def hidden_from(self, state: TerraceState, seat: int) -> Any:
        return (state.hands[1 - seat][:], state.bag[:])

    def public_action(self, state: TerraceState, seat: int, action: Action) -> bool:
        return True  # a drawn tile is told in a private event, not by the action

    def all_actions(self) -> Iterable[Action]:
        yield from (("pick", v) for v in VALUES)
        yield from (("build", p) for p in range(PLOTS))
        yield from (("take", v) for v in VALUES)
        yield ("draw",)

    def describe(self, action: Action, state: Any = None) -> str:
        verb = action[0]
        if verb == "pick":
            return f"Pick the {action[1]} from your hand"
        if verb == "build":
            return f"Build on plot {plot_name(action[1])}"
        if verb == "take":
            return f"Take the open {action[1]}"
        return "Draw the top tile of the bag"

    def prompt(self, state: TerraceState, seat: int) -> str:
        if state.step == PICK:
            return "Pick a tile from your hand to build"
        if state.step == BUILD:
            return f"Choose an empty plot for your {state.picked}"
        if state.step == REFILL:
            return "Take an open tile or draw one from the bag"
        return "The game is over."

    def max_decisions(self, players: int, options: dict[str, Any]) -> int:
        return 3 * PLOTS

    def validate_state(self, state: TerraceState) -> None:
        tiles = sorted(
            state.values
            + state.market
            + state.bag
            + [state.picked]
            + [t for h in state.hands for t in h]
        )
        if (
            state.step not in (PICK, BUILD, REFILL, OVER)
            or state.current not in (0, 1)
            or len(state.owners) != PLOTS
            or len(state.hands) != 2
            or [t for t in tiles if t] != [v for v in VALUES for _ in range(COPIES)]
        ):
            raise CorruptData("the pieces of this Terrace state do not add up")
