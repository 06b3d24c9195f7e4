"""Rondel City's steps: the choices each offers and, where one choice can be judged
alone (for speed), the one test that judges it.

`choices` builds a step's legal list; `allows` answers for one action with the
step's test in ALLOWS, else by looking in that list. The tests read the same
helpers as the lists (`seats.square_open`, `seats.legal_squares`), and the
conformance suite compares the two answers along random games.
"""

from __future__ import annotations

from collections.abc import Callable

from borough.core.errors import CorruptData
from borough.core.game import Action
from borough.games.rondelcity import flow, seats
from borough.games.rondelcity.data import Content
from borough.games.rondelcity.state import (
    ACTION,
    BONUS,
    EMPTY,
    EVENT,
    FINAL,
    FREE,
    GO,
    ORDER,
    OVER,
    PICK,
    ROTATE,
    SITE,
    SQUARE,
    TAKE,
    RonState,
)

Choices = Callable[[Content, RonState, int], list[Action]]
Test = Callable[[Content, RonState, int, Action], bool]


def _rotate(c: Content, s: RonState, seat: int) -> list[Action]:
    """RON-9: one space free, further for the printed cost the seat can pay."""
    gold = seats.gold(c, s, seat)
    return [("rondel", 0)] + [
        ("rondel", k + 1) for k, cost in enumerate(c.market.extra_costs) if cost <= gold
    ]


def _rotate_ok(c: Content, s: RonState, seat: int, a: Action) -> bool:
    k = a[1] if len(a) == 2 and a[0] == "rondel" else None
    if type(k) is not int or not 0 <= k <= len(c.market.extra_costs):
        return False
    return k == 0 or c.market.extra_costs[k - 1] <= seats.gold(c, s, seat)


def _pick(c: Content, s: RonState, seat: int) -> list[Action]:
    return [("place", t) for t in seats.placeable(c, s, seat, FREE)]


def _square(c: Content, s: RonState, seat: int) -> list[Action]:
    return [("square", q) for q in seats.legal_squares(c, s, seat, s.tile, s.mode)]


def _square_ok(c: Content, s: RonState, seat: int, a: Action) -> bool:
    q = a[1] if len(a) == 2 and a[0] == "square" else None
    return (type(q) is int and 0 <= q < len(s.board)
            and seats.square_open(c, s, seat, s.tile, q, s.mode))


def _place_ok(c: Content, s: RonState, seat: int, a: Action) -> bool:
    """RON-16: a held tile with at least one square open to it now."""
    t = a[1]
    return t in s.held[seat] and bool(
        seats.legal_squares(c, s, seat, t, seats.place_mode(c, s, seat)))


def _action_ok(c: Content, s: RonState, seat: int, a: Action) -> bool:
    if a == ("pass",):  # RON-26
        return True
    if len(a) == 2 and a[0] == "place":
        return _place_ok(c, s, seat, a)
    return a in seats.action_choices(c, s, seat)


def _final(c: Content, s: RonState, seat: int) -> list[Action]:
    mode = seats.place_mode(c, s, seat)
    return [("place", t) for t in seats.placeable(c, s, seat, mode)] + [("skip",)]


def _final_ok(c: Content, s: RonState, seat: int, a: Action) -> bool:
    if a == ("skip",):
        return True
    return len(a) == 2 and a[0] == "place" and _place_ok(c, s, seat, a)


def _site(c: Content, s: RonState, seat: int) -> list[Action]:
    return [("site", q) for q, code in enumerate(s.board) if code == EMPTY]


def _site_ok(c: Content, s: RonState, seat: int, a: Action) -> bool:
    q = a[1] if len(a) == 2 and a[0] == "site" else None
    return type(q) is int and 0 <= q < len(s.board) and s.board[q] == EMPTY


CHOICES: dict[str, Choices] = {
    ROTATE: _rotate,
    ACTION: seats.action_choices,
    PICK: _pick,
    SQUARE: _square,
    TAKE: lambda c, s, seat: [("take",), ("score",)],
    ORDER: lambda c, s, seat: [("first", "citizen"), ("first", "banker")],
    GO: lambda c, s, seat: [("go", q) for q in flow.head_destinations(c, s)],
    EVENT: lambda c, s, seat: [("event", e) for e in sorted(s.event_drawn)],
    BONUS: lambda c, s, seat: [("bonus", "vp"), ("bonus", "gp")],
    SITE: _site,
    FINAL: _final,
}
"""The legal list of each step."""

ALLOWS: dict[str, Test] = {
    ROTATE: _rotate_ok,
    ACTION: _action_ok,
    SQUARE: _square_ok,
    SITE: _site_ok,
    FINAL: _final_ok,
}
"""The steps whose choices are judged one at a time; the others look in the list."""


def choices(c: Content, s: RonState, seat: int) -> list[Action]:
    if s.step == OVER or seat not in seats.to_act(s):
        return []
    step = CHOICES.get(s.step)
    if step is None:
        raise CorruptData(f"unknown step {s.step!r}")
    return step(c, s, seat)


def allows(c: Content, s: RonState, seat: int, action: Action) -> bool:
    if s.step == OVER or seat not in seats.to_act(s):
        return False
    test = ALLOWS.get(s.step)
    return test(c, s, seat, action) if test else action in choices(c, s, seat)
