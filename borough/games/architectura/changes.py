"""The ways a card changes in the city (ARC-28 to ARC-31, ARC-C2, ARC-C11, ARC-C18):
placing, destroying, rotating, moving, swapping, restoring and taking back.
Rule ids refer to RULES.md.
"""

from __future__ import annotations

from borough.core.game import Event
from borough.games.architectura import city
from borough.games.architectura.city import PER_COLOUR, space_name
from borough.games.architectura.data import Content
from borough.games.architectura.state import (
    DOWN,
    EMPTY,
    NOBODY,
    PLAY,
    ArcState,
)


def who(seat: int) -> str:
    return f"Player {seat + 1}"


def card_name(c: Content, card_id: int) -> str:
    return c.cards[card_id % PER_COLOUR].name


def put(c: Content, state: ArcState, card_id: int, i: int, face: int) -> None:
    """Place a card on space i, covering a destroyed card and taking back a reserve token."""
    if state.cells[i] != EMPTY:
        state.under[i].append(state.cells[i])  # ARC-6: covered while a card lies on it
    state.cells[i], state.face[i], state.guard[i] = card_id, face, NOBODY
    holder = state.reserved[i]
    if holder != NOBODY:  # ARC-C3: the Fountain token goes back to its owner
        state.seats[holder].tokens += 1
        state.reserved[i] = NOBODY


def destroy(c: Content, state: ArcState, i: int, events: list[Event]) -> None:
    """ARC-31: face down on its space, or beside its owner's Graveyard (ARC-C11)."""
    card_id = state.cells[i]
    owner = card_id // PER_COLOUR
    if state.guard[i] != NOBODY:  # the token goes back to the supply
        state.seats[state.guard[i]].tokens += 1
        state.guard[i] = NOBODY
    data = state.seats[owner]
    if data.grave:
        data.pile.append(card_id % PER_COLOUR)
        city.lift(state, i)
        where = f"goes beside {who(owner)}'s Graveyard"
    else:
        state.face[i] = DOWN
        where = "is destroyed"
    events.append(Event(
        f"{who(owner)}'s {card_name(c, card_id)} on {space_name(i)} {where}.", "destroy"
    ))


def rotate(c: Content, state: ArcState, i: int, clockwise: int, events: list[Event]) -> None:
    """ARC-30: one step either way, wrapping round the card."""
    card = c.cards[state.cells[i] % PER_COLOUR]
    step = 1 if clockwise else -1
    state.face[i] = (state.face[i] + step) % len(card.sides)
    events.append(Event(
        f"The {card.name} on {space_name(i)} is rotated to "
        f"{city.value(c.cards, state, i)}.", "rotate",
    ))


def move(c: Content, state: ArcState, seat: int, j: int, i: int, events: list[Event]) -> None:
    """ARC-29: same side up, no comparison, no effect; its token moves with it."""
    card_id, face, guard = city.lift(state, j)
    put(c, state, card_id, i, face)
    state.guard[i] = guard
    events.append(Event(
        f"{who(seat)} moves the {card_name(c, card_id)} from {space_name(j)} to "
        f"{space_name(i)}.", "move", seat,
    ))


def swap(c: Content, state: ArcState, a: int, b: int, events: list[Event]) -> None:
    """ARC-C2: the two cards change places, each keeping its side and token; what
    lies under them stays on its space (ARC-6)."""
    for lst in (state.cells, state.face, state.guard):
        lst[a], lst[b] = lst[b], lst[a]
    events.append(Event(
        f"The cards on {space_name(a)} and {space_name(b)} swap places.", "swap"
    ))


def restore(c: Content, state: ArcState, i: int, events: list[Event]) -> None:
    """ARC-28: face up again, basic side on top, not compared, no effect."""
    card = c.cards[state.cells[i] % PER_COLOUR]
    state.face[i] = card.basic
    events.append(Event(f"The {card.name} on {space_name(i)} is restored.", "restore"))


def take_back(c: Content, state: ArcState, seat: int, i: int, events: list[Event]) -> None:
    """ARC-C18: the card returns to the hand; a card must now be played on space i."""
    card_id, _, guard = city.lift(state, i)
    if guard != NOBODY:
        state.seats[guard].tokens += 1
    data = state.seats[seat]
    data.hand.append(card_id % PER_COLOUR)
    data.shown.append(card_id % PER_COLOUR)
    events.append(Event(
        f"{who(seat)} takes the {card_name(c, card_id)} on {space_name(i)} back to "
        "their hand and must play a card there.", "manufactory", seat,
    ))
    state.effect, state.target, state.forced, state.step = "", -1, i, PLAY

