"""The Ekopolis game state: plain data, cheap to clone and to serialise."""

from __future__ import annotations

from dataclasses import dataclass

from borough.core import frames
from borough.core.frames import Frame
from borough.core.rng import Rng

# Board codes: a tile id (0-47) for a Building, CITY_HALL + seat for a City hall.
EMPTY = -1
POLLUTION = -2
GREEN_ZONE = -3
CITY_HALL = 100

# Steps of a turn: who decides what next.
PLACE = "place"  # choose a Building and a space (or play a kept card)
POLLUTE = "pollute"  # put the mandatory pollution token
GREEN = "green"  # the optional green zone token of the Building
EFFECT = "effect"  # the choice an Action card asks for: an interrupt (see effects.py)
DISCARD = "discard"  # full version: optionally discard one Building
OVER = "over"


def player_name(seat: int) -> str:
    return f"Player {seat + 1}"


@dataclass
class Seat:
    hand: list[int]
    cards: list[int]  # every Action card taken, in order
    held: list[int]  # taken but unrevealed: unplayed "later" cards and "end" cards
    built: list[int]  # Buildings placed, per colour
    city_hall: int  # the hex of the seat's City hall

    def copy(self) -> Seat:
        return Seat(self.hand[:], self.cards[:], self.held[:], self.built[:], self.city_hall)


@dataclass
class EkoState:
    players: int
    full: bool
    rounds: int
    round: int
    current: int
    step: str
    board: list[int]
    scores: list[int]
    deck: list[int]
    discard: list[int]
    card_decks: list[list[int]]
    tokens_left: list[int]  # [pollution, green zone] still in the supply
    last: int  # the hex of the Building placed this turn, or -1
    # an Action card awaiting a choice: an EFFECT frame about the card, on top of
    # the step the turn goes back to (see borough/core/frames.py)
    frames: list[Frame]
    seats: list[Seat]
    rng: Rng
    moves: int
    # each seat's points by where they came from (see scoring.PARTS); they sum to its score
    earned: list[dict[str, int]]

    def copy(self) -> EkoState:
        return EkoState(
            self.players, self.full, self.rounds, self.round, self.current, self.step,
            self.board[:], self.scores[:], self.deck[:], self.discard[:],
            [d[:] for d in self.card_decks], self.tokens_left[:], self.last,
            frames.copy(self.frames), [s.copy() for s in self.seats], self.rng.copy(),
            self.moves, [dict(e) for e in self.earned],
        )


def step_now(s: EkoState) -> str:
    """The step deciding now: an Action card's choice interrupts the turn's own."""
    return frames.step_now(s.frames, s.step)


def pending(s: EkoState) -> int:
    """The Action card awaiting a choice, or -1."""
    top = frames.top(s.frames)
    return top.about if top else -1
