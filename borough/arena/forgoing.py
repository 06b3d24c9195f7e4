"""A level that never uses some components: what a component adds to play.

A balance report's component row compares the seats that used a component with
those that did not, so it also measures who comes to use it: a building reached
by a city already ahead, a card kept when the deal offered nothing better. The
seat that forgoes a component answers the other question, what the component is
worth: `medium without Museum` plays as `medium` does, except that no move whose
words use the Museum is open to it (in its playouts too, where its own seat is
played by the script), and an arena against `medium` on paired, seat-rotated
deals measures what giving it up costs. A component no level misses is not
what wins; one whose loss costs a large share dominates the game.

The moves forgone are found by the words the balance report credits a
component by (`Game.what_it_uses`), so the two measure the same uses. A seat
whose every legal move uses a forgone component takes one of them: the rules
ask for a move, and no other is there.
"""

from __future__ import annotations

import copy
import difflib
import re
from functools import cache
from typing import Any

from borough.agents.base import Agent, SeatView
from borough.core.game import Action, Game
from borough.games.content import named_in
from borough.match import Match

_SPEC = re.compile(r"^\s*(?P<level>\S+)\s+without\s+(?P<names>\S.*?)\s*$")
SEPARATOR = "+"


def parse(spec: str) -> tuple[str, tuple[str, ...]] | None:
    """`LEVEL without NAME[+NAME...]` as the level and the names; None for another spec."""
    found = _SPEC.match(spec)
    if found is None:
        return None
    names = tuple(n.strip() for n in found["names"].split(SEPARATOR))
    if any(not n for n in names):
        raise ValueError(f"{spec!r} names an empty component: write LEVEL without "
                         f"NAME{SEPARATOR}NAME")
    return found["level"], names


def check_names(names: tuple[str, ...], components: tuple[str, ...], title: str) -> None:
    """Each name must be one of the game's designed components (any letter case)."""
    known = {c.lower() for c in components}
    for name in names:
        if name.lower() not in known:
            near = difflib.get_close_matches(name, components, n=3)
            hint = f"; did you mean {', '.join(near)}?" if near else ""
            raise ValueError(f"{name!r} is not a component of {title}{hint} "
                             "(its components are the named entries of its data files, "
                             "see `borough content export`)")


@cache
def _forgoing_class(cls: type[Game]) -> type[Game]:
    """The game's class with one seat's legal moves cut to those not forgone."""

    def legal_actions(self: Any, state: Any, seat: int) -> list[Action]:
        legal = cls.legal_actions(self, state, seat)
        if seat != self.forgoing_seat:
            return legal
        kept = [a for a in legal if not self.forgoes(a)]
        return kept or legal

    def forgoes(self: Any, action: Action) -> bool:
        # a move's words depend on the move alone (`what_it_uses`), so once per move
        hit = self.forgone_moves.get(action)
        if hit is None:
            hit = bool(self.forgone.intersection(
                named_in(self.what_it_uses(action), self.components)))
            self.forgone_moves[action] = hit
        return hit

    return type(f"Forgoing{cls.__name__}", (cls,),
                {"legal_actions": legal_actions, "forgoes": forgoes})


def forgoing_game(game: Game, seat: int, names: tuple[str, ...],
                  components: tuple[str, ...]) -> Game:
    """The same rules and content, read by a seat that never uses `names`: a move
    uses a name when the report would credit it (`content.named_in` over all the
    game's `components`, so "Airport" is not found in "Airport Terminal")."""
    check_names(names, components, game.title)
    view = copy.copy(game)
    view.__class__ = _forgoing_class(type(game))
    by_case = {c.lower(): c for c in components}
    view.forgone = {by_case[n.lower()] for n in names}  # type: ignore[attr-defined]
    view.components = components  # type: ignore[attr-defined]
    view.forgoing_seat = seat  # type: ignore[attr-defined]
    view.forgone_moves = {}  # type: ignore[attr-defined]
    return view


class ForgoingAgent:
    """A seat that decides as `inner` would, on the game as a seat that forgoes
    `names` sees it. It is the harness's, not an agent's: it reads the match's
    state to give `inner` a view of it through the forgoing game, so `SeatView`
    need not offer any agent a way to look through a game of its own making."""

    def __init__(self, inner: Agent, names: tuple[str, ...], components: tuple[str, ...],
                 spec: str, match: Match) -> None:
        self.inner = inner
        self.names = names
        self.components = components
        self.name = spec
        self.match = match
        self._game: Game | None = None
        self._seat = -1

    def choose(self, view: SeatView) -> Action:
        if self._game is None or self._seat != view.seat:
            self._game = forgoing_game(view.game, view.seat, self.names, self.components)
            self._seat = view.seat
        return self.inner.choose(SeatView(self._game, self.match.state, view.seat))
