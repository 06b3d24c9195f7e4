"""Interrupts as a stack of plain-data frames kept in the game state.

A rule that interrupts the turn (a card that asks a choice, a chance offered to
other seats) pushes a `Frame`: the decision now pending, the seat that makes it,
and what to do once it is made. While a frame is on top, the state's own step and
deciding seat stay as they were, the interrupted point; a game's step dispatch
reads the top frame first (`step_now`, `seat_now`). The rule that ends the
interrupting sequence pops the frame, and the turn is back where it stood, or,
when the frame names a part to go on with (`then`), the game carries that out.

Frames are plain data, so states holding them clone, compare and serialise like
any other (core/serial.py reads them back by their type hints).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field

from borough.core.errors import CorruptData


@dataclass
class Frame:
    step: str  # the decision pending while this frame is on top
    seat: int  # the seat that makes it
    about: int = -1  # what the decision is about (a card, a proposal), or -1
    then: str = ""  # the part of the turn to go on with once popped; "" to return
    asks: list[int] = field(default_factory=list)  # seats to ask next, in order

    def copy(self) -> Frame:
        return Frame(self.step, self.seat, self.about, self.then, self.asks[:])


def top(frames: list[Frame]) -> Frame | None:
    """The frame whose decision is pending, or None when the turn runs uninterrupted."""
    return frames[-1] if frames else None


def step_now(frames: list[Frame], step: str) -> str:
    """The step that decides now: the top frame's, else the turn's own `step`."""
    return frames[-1].step if frames else step


def seat_now(frames: list[Frame], seat: int) -> int:
    """The seat that decides now: the top frame's, else the turn's own `seat`."""
    return frames[-1].seat if frames else seat


def push(frames: list[Frame], frame: Frame) -> None:
    frames.append(frame)


def pop(frames: list[Frame]) -> Frame:
    """End the top frame's decision sequence and return it (for its `then`)."""
    if not frames:
        raise ValueError("no interrupt to end")
    return frames.pop()


def ask_next(frame: Frame, may: Callable[[int], bool] = lambda seat: True) -> bool:
    """Hand the frame's decision to the next seat in `asks` that `may` answer (a seat
    whose chance has lapsed meanwhile is passed over); False when none is left, and
    the frame's seat is then the last one asked."""
    while frame.asks:
        seat = frame.asks.pop(0)
        if may(seat):
            frame.seat = seat
            return True
    return False


def copy(frames: list[Frame]) -> list[Frame]:
    return [f.copy() for f in frames]


def check(frames: Iterable[Frame], players: int, steps: Collection[str],
          thens: Collection[str] = ("",)) -> None:
    """Refuse a restored stack whose frames name an unknown step or part, or no seat."""
    for f in frames:
        if f.step not in steps or f.then not in thens:
            raise CorruptData(f"an interrupt names an unknown step {f.step!r} or {f.then!r}")
        if not all(0 <= s < players for s in [f.seat, *f.asks]):
            raise CorruptData("an interrupt names no seat")
