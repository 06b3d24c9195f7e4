"""Helpers that arrange Architectura states for rule tests."""

from __future__ import annotations

from borough.core.game import Action, Event
from borough.games.architectura.city import PER_COLOUR
from borough.games.architectura.rules import Architectura
from borough.games.architectura.state import EMPTY, NOBODY, PLAY, ArcState

GAME = Architectura()
CARD = {c.key: c.index for c in GAME.cards}


def space(street: int, block: int) -> int:
    """The space index of "street S, block B" (both counted from 1, as in the book)."""
    return (street - 1) * 8 + block - 1


def fresh(players: int = 2, seed: int = 1, replacements: int = 0) -> ArcState:
    return GAME.setup(players, seed=seed, options={"replacements": replacements})


def _take(state: ArcState, seat: int, key: str) -> int:
    """Remove the seat's card `key` from wherever it is outside the city."""
    t = CARD[key]
    data = state.seats[seat]
    for holder in (data.hand, data.deck, data.pile, data.removed):
        if t in holder:
            holder.remove(t)
            if t in data.shown:
                data.shown.remove(t)
            return t
    raise AssertionError(f"{key} of seat {seat} is not outside the city")


def put(state: ArcState, seat: int, key: str, where: int, side: int | None = None,
        down: bool = False) -> None:
    """Lay the seat's card on a space directly, as if it had got there earlier."""
    t = _take(state, seat, key)
    state.cells[where] = seat * PER_COLOUR + t
    card = GAME.cards[t]
    state.face[where] = -1 if down else (card.basic if side is None else side)
    state.guard[where] = NOBODY


def hand(state: ArcState, seat: int, *keys: str) -> None:
    """Make the seat's hand exactly `keys`; the other cards go back to the deck."""
    data = state.seats[seat]
    data.deck.extend(data.hand)
    data.hand, data.shown = [], []
    for key in keys:
        data.deck.remove(CARD[key])
        data.hand.append(CARD[key])


def turn(state: ArcState, seat: int) -> None:
    """Make it `seat`'s turn to play, with nothing pending."""
    state.current, state.step = seat, PLAY
    state.effect, state.src, state.target, state.picks = "", -1, -1, []
    state.forced, state.pending, state.paid = -1, -1, 0
    state.seats[seat].swapped = True  # keep the optional hand swap out of the way
    state.seats[seat].started = True


def play(state: ArcState, seat: int, key: str, where: int) -> list[Event]:
    return GAME.apply(state, seat, ("play", CARD[key], where))


def act(state: ArcState, seat: int, action: Action) -> list[Event]:
    return GAME.apply(state, seat, action)


def value(state: ArcState, where: int) -> int:
    from borough.games.architectura.city import value as v

    return v(GAME.cards, state, where)


def texts(events: list[Event]) -> str:
    return " | ".join(e.text for e in events)


def empty_city(state: ArcState) -> None:
    assert all(c == EMPTY for c in state.cells)


def advanced(swaps: dict[str, str], players: int = 2, seed: int = 1) -> ArcState:
    """An advanced game where every seat makes the same replacements, then is dealt."""
    state = fresh(players, seed, replacements=6)
    for s in range(players):
        for extra, basic in swaps.items():
            act(state, s, ("replace", CARD[extra], CARD[basic]))
        act(state, s, ("ready",))
    return state
