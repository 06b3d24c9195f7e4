"""Ekopolis's steps: the choices each offers and, for placing a Building, the test
that judges one placement alone (for speed), narrowing the same open spaces.

A turn runs PLACE, then POLLUTE and GREEN when the Building asks for them, then
(full version) DISCARD; an Action card's choice interrupts it with an EFFECT
frame (see effects.py), which the dispatch reads first.
"""

from __future__ import annotations

from collections.abc import Callable

from borough.core.errors import CorruptData
from borough.core.game import Action
from borough.games.ekopolis import effects, geometry
from borough.games.ekopolis.data import Content
from borough.games.ekopolis.state import (
    DISCARD,
    EFFECT,
    GREEN,
    OVER,
    PLACE,
    POLLUTE,
    EkoState,
    step_now,
)

Choices = Callable[[Content, EkoState, int], list[Action]]


def _place(c: Content, s: EkoState, seat: int) -> list[Action]:
    """EKO-5, EKO-6: a Building from the hand on an open space, else a pass; and
    (EKO-F5) the kept cards that can be played."""
    spaces = geometry.open_spaces(c.board, s, seat, tokens_ok=True)
    acts: list[Action] = [("place", t, h) for t in sorted(s.seats[seat].hand) for h in spaces]
    if not acts:
        acts.append(("pass",))  # EKO-6
    return acts + effects.playable(c, s, seat)


def _place_ok(c: Content, s: EkoState, seat: int, action: Action) -> bool:
    """One placement: a Building in the hand, and its space among the open ones."""
    t, h = action[1], action[2]
    if t not in s.seats[seat].hand or type(h) is not int or not 0 <= h < len(s.board):
        return False
    return bool(geometry.open_spaces(c.board, s, seat, tokens_ok=True, only=h))


def _pollute(c: Content, s: EkoState, seat: int) -> list[Action]:
    return [("pollute", h) for h in geometry.pollution_spaces(c.board, s, seat)]


def _green(c: Content, s: EkoState, seat: int) -> list[Action]:
    return [("green", h) for h in geometry.empty_neighbours(c.board, s, s.last)] + [("skip",)]


def _discard(c: Content, s: EkoState, seat: int) -> list[Action]:
    """EKO-F7: discard a Building to draw two, or keep the hand; kept cards may be played."""
    return ([("discard", t) for t in sorted(s.seats[seat].hand)] + [("keep",)]
            + effects.playable(c, s, seat))


CHOICES: dict[str, Choices] = {
    PLACE: _place,
    POLLUTE: _pollute,
    GREEN: _green,
    EFFECT: effects.choices,
    DISCARD: _discard,
}


def choices(c: Content, s: EkoState, seat: int) -> list[Action]:
    now = step_now(s)  # an Action card's choice, if one interrupts the turn
    if now == OVER or seat != s.current:
        return []
    step = CHOICES.get(now)
    if step is None:
        raise CorruptData(f"unknown step {now!r}")
    return step(c, s, seat)


def allows(c: Content, s: EkoState, seat: int, action: Action) -> bool:
    if step_now(s) == PLACE and action[0] == "place" and len(action) == 3 and seat == s.current:
        return _place_ok(c, s, seat, action)
    return action in choices(c, s, seat)
