"""The Favor window (CC-62): an interrupt of the round, kept as plain data in the state.

A window opens when a seat's general Favor card has come true. It interrupts the
round at a named point: `resume_at` is a part of the round (one of `POINTS`) to
go on with once everyone offered has answered, or "" to return to the step that
was interrupted (`resume_step`, with `resume_current` deciding). `offers` holds
the seats still to be asked. The window never calls the part of the round that
comes next: it leaves that part *due* (`due`, `take_due`), and `flow.settle`,
which drives every automatic part of a round, carries it out. So the modules of
the round's parts do not import each other in a circle.
"""

from __future__ import annotations

from borough.core.game import Event
from borough.games.citycouncil import favors
from borough.games.citycouncil.data import Content
from borough.games.citycouncil.state import FAVOR, OVER, CCState

POINTS = ("plans", "production", "committees", "council", "resolve", "turn_end")
"""The parts of the round a window (or the round's end) may leave due."""


def offer(c: Content, s: CCState, events: list[Event], resume_at: str) -> bool:
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
    s.resume_step, s.resume_current, s.resume_at = s.step, s.current, resume_at
    s.offers = seats
    next_offer(c, s)
    return True


def next_offer(c: Content, s: CCState) -> None:
    """Ask the next seat whose card still holds; when none is left, close the window:
    back to the interrupted step, or the part of the round to go on with left due."""
    while s.offers:
        m = s.offers.pop(0)
        if favors.holding(c, s, m):
            s.step = FAVOR
            s.current = m
            return
    step, s.resume_step = s.resume_step, ""
    if not s.resume_at:
        s.step = step
        s.current = s.resume_current


def go_on(s: CCState, point: str) -> None:
    """Leave `point` due without a window (the round's end goes on to the committees)."""
    assert point in POINTS and not s.resume_step
    s.resume_at = point


def due(s: CCState) -> bool:
    """A part of the round is due: a window closed (or the round ended) naming it.
    While a window is open `resume_step` names the interrupted step, so this holds
    only between the close and `take_due`, within one move."""
    return bool(s.resume_at) and not s.resume_step


def take_due(s: CCState) -> str:
    point, s.resume_at = s.resume_at, ""
    return point
