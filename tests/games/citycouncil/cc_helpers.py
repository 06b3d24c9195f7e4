"""Shared helpers for the City Council tests: set-ups and ways to reach a step."""

from __future__ import annotations

import random

from borough.core.game import Event
from borough.games.citycouncil.rules import CityCouncil
from borough.games.citycouncil.state import CCState, step_now

GAME = CityCouncil()


def new(players: int = 4, mode: str = "advanced", seed: int = 1, term: str | int = "none"
        ) -> CCState:
    return GAME.setup(players, seed, {"mode": mode, "term": term})


def bid(name: str) -> int:
    return GAME.content.by_name(name)


def pid(cells: list[str]) -> int:
    """The footprint id of blocks given as labels like "A1"."""
    board = GAME.board
    idx = tuple(sorted((ord(c[0]) - ord("A")) * board.cols + int(c[1:]) - 1 for c in cells))
    return board.place_index[idx]


def hood(name: str) -> int:
    return GAME.board.hood_names.index(name)


def act(s: CCState, action: tuple) -> list[Event]:
    seat = GAME.to_act(s)[0]
    return GAME.apply(s, seat, action)


def run_until(s: CCState, step: str, rng: random.Random | None = None, limit: int = 5000,
              prefer: tuple[str, ...] = ()) -> CCState:
    """Play (random, or the first action of a preferred verb) until `step` is reached."""
    rng = rng or random.Random(0)
    for _ in range(limit):
        if step_now(s) == step or GAME.is_over(s):
            return s
        seat = GAME.to_act(s)[0]
        acts = GAME.legal_actions(s, seat)
        chosen = [a for a in acts if a[0] in prefer]
        GAME.apply(s, seat, chosen[0] if chosen else rng.choice(acts))
    raise AssertionError(f"step {step} not reached")


def clear_city(s: CCState) -> None:
    """Remove every tile from the city (printed buildings stay)."""
    for b in range(44):
        if s.site_of[b] >= 0:
            for x in GAME.board.place_cells[s.site_of[b]]:
                s.board[x] = -1
            s.site_of[b] = -1


def put(s: CCState, name: str, cells: list[str]) -> int:
    """Stand a building on the given blocks (for arranged scenarios)."""
    b = bid(name)
    for lst in s.stacks:
        if b in lst:
            lst.remove(b)
    if b in s.display:
        s.display.remove(b)
    if b in s.gone:
        s.gone.remove(b)
    p = pid(cells)
    for x in GAME.board.place_cells[p]:
        s.board[x] = b
    s.site_of[b] = p
    return b


def card(name: str) -> int:
    return next(c.id for c in GAME.cards if c.name == name)


def give(s: CCState, seat: int, name: str) -> int:
    """Move a named Favor card into a seat's hand, wherever it was."""
    cid = card(name)
    for h in s.hands + s.dealt:
        if cid in h:
            h.remove(cid)
    for pile in (s.deck, s.discard):
        if cid in pile:
            if pile is s.discard:
                del s.discard_owner[s.discard.index(cid)]
            pile.remove(cid)
    s.hands[seat].append(cid)
    return cid


def empty_hands(s: CCState) -> None:
    """Put every hand back under the deck, so only cards given later are held."""
    for seat, h in enumerate(s.hands):
        s.deck[:0] = h
        h.clear()
        s.passed[seat] = []


def reach(s: CCState, step: str, round_no: int, seed: int = 0) -> CCState:
    """Random play (letting Favor chances pass) until `step` in round `round_no`."""
    rng = random.Random(seed)
    for _ in range(20000):
        if step_now(s) == step and s.round >= round_no:
            return s
        assert not GAME.is_over(s), "the game ended first"
        seat = GAME.to_act(s)[0]
        acts = GAME.legal_actions(s, seat)
        GAME.apply(s, seat, ("done",) if ("done",) in acts else rng.choice(acts))
    raise AssertionError(f"step {step} of round {round_no} not reached")
