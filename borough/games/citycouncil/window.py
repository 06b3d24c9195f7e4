"""The Favor window (CC-62): an interrupt of the round, a frame on the state's stack.

A window opens when a seat's general Favor card has come true. It pushes a FAVOR
frame (borough/core/frames.py) over the step it interrupts, asking the seats
offered in turn (`asks`); the round's own step and member stay as they were. Its
`then` is a part of the round (one of `POINTS`) to go on with once everyone asked
has answered, or "" to return to the interrupted step. The window never calls the
part of the round that comes next: it leaves that part *due* (`s.due`), and
`flow.settle`, which drives every automatic part of a round, carries it out. So the
modules of the round's parts do not import each other in a circle.
"""

from __future__ import annotations

from borough.core import frames
from borough.core.frames import Frame
from borough.core.game import Event
from borough.games.citycouncil import favors
from borough.games.citycouncil.data import Content
from borough.games.citycouncil.state import FAVOR, OVER, CCState

POINTS = ("plans", "production", "committees", "council", "resolve", "turn_end")
"""The parts of the round a window (or the round's end) may leave due."""


def offer(c: Content, s: CCState, events: list[Event], then: str) -> bool:
    """CC-62: offer a Favor chance to every seat holding a general card that has come
    true and was not let pass; True if the round now waits for them."""
    if s.round < 2 or s.step == OVER:
        return False
    seats = []
    for m in range(s.players):
        if not s.hands[m]:
            s.passed[m] = []
            continue
        hold = favors.holding(c, s, m)
        passed = s.passed[m]
        if passed:  # a card whose condition lapsed is offered again when it next holds
            passed = s.passed[m] = [x for x in passed if x in hold]
        if len(hold) > len(passed):
            seats.append(m)
    if not seats:
        return False
    seats.sort(key=s.office.__getitem__)  # in turn order (CC-11)
    frames.push(s.frames, Frame(FAVOR, seats[0], then=then, asks=seats))
    next_offer(c, s)
    return True


def next_offer(c: Content, s: CCState) -> None:
    """Ask the next seat whose card still holds; when none is left, close the window:
    back to the interrupted step, or the part of the round to go on with left due."""
    frame = s.frames[-1]
    if frames.ask_next(frame, lambda m: bool(favors.holding(c, s, m))):
        return
    frames.pop(s.frames)
    if frame.then:
        # the step and member stand as the window's until the part left due sets its
        # own; a chance offered at once names the Favor step as the one interrupted
        s.step, s.current, s.due = FAVOR, frame.seat, frame.then


def go_on(s: CCState, point: str) -> None:
    """Leave `point` due without a window (the round's end goes on to the committees)."""
    assert point in POINTS and not s.frames
    s.due = point


def due(s: CCState) -> bool:
    """A part of the round is due: a window closed (or the round ended) naming it.
    This holds only between the close and `take_due`, within one move."""
    return bool(s.due)


def take_due(s: CCState) -> str:
    point, s.due = s.due, ""
    return point
