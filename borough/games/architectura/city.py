"""The city grid: card values, eligible spaces, adjacency and comparison.

Spaces are numbered row * 8 + column (both from 0); a card id is
owner * 18 + card index, so the owner of a card is its colour.
"""

from __future__ import annotations

from borough.games.architectura.data import Card
from borough.games.architectura.state import COLUMNS, DOWN, EMPTY, NOBODY, ArcState

PER_COLOUR = 18

# Comparison outcomes (ARC-12..ARC-15).
DESTROY, LOWER, SAME, RAISE = "destroy", "lower", "same", "raise"


def owner(card_id: int) -> int:
    return card_id // PER_COLOUR


def index(card_id: int) -> int:
    return card_id % PER_COLOUR


def space_name(i: int) -> str:
    return f"street {i // COLUMNS + 1}, block {i % COLUMNS + 1}"


def is_up(state: ArcState, i: int) -> bool:
    return state.cells[i] != EMPTY and state.face[i] != DOWN


def value(cards: tuple[Card, ...], state: ArcState, i: int) -> int:
    """The current value of the face-up card on space i (ARC-17, ARC-18)."""
    card = cards[state.cells[i] % PER_COLOUR]
    v = card.sides[state.face[i]]
    if card.kind == "x":
        # X is the left neighbour's value, 0 without a face-up left neighbour.
        if i % COLUMNS and state.cells[i - 1] != EMPTY and state.face[i - 1] != DOWN:
            v += value(cards, state, i - 1)
    elif card.kind == "no":
        v += i % COLUMNS + 1
    return v


def values(cards: tuple[Card, ...], state: ArcState) -> list[int | None]:
    """`value` of every space, None where no card lies face up: one pass from left
    to right, an X card adding its left neighbour's value found just before."""
    cells, face = state.cells, state.face
    out: list[int | None] = []
    for i, code in enumerate(cells):
        side = face[i]
        if code == EMPTY or side == DOWN:
            out.append(None)
            continue
        card = cards[code % PER_COLOUR]
        v = card.sides[side]
        kind = card.kind
        if kind == "x":
            left = out[i - 1] if i % COLUMNS else None
            if left is not None:
                v += left
        elif kind == "no":
            v += i % COLUMNS + 1
        out.append(v)
    return out


def protected(cards: tuple[Card, ...], state: ArcState, i: int) -> bool:
    return state.guard[i] != NOBODY or cards[state.cells[i] % PER_COLOUR].protected


def affectable(cards: tuple[Card, ...], state: ArcState, seat: int, i: int) -> bool:
    """ARC-23, ARC-25: may an effect of `seat`'s card act on the card on space i?

    The one check every effect makes (swap, move, rotate, destroy, and the Smithy's
    copy, which acts on the copied card): a face-up card of the seat itself, or an
    opponent's card that is not protected."""
    if state.cells[i] == EMPTY or state.face[i] == DOWN:
        return False
    return state.cells[i] // PER_COLOUR == seat or not protected(cards, state, i)


def neighbours(state: ArcState, i: int) -> list[int]:
    """ARC-27: orthogonally adjacent spaces."""
    r, c = divmod(i, COLUMNS)
    out = []
    if c > 0:
        out.append(i - 1)
    if c < COLUMNS - 1:
        out.append(i + 1)
    if r > 0:
        out.append(i - COLUMNS)
    if r < state.players - 1:
        out.append(i + COLUMNS)
    return out


def occupied(state: ArcState, i: int) -> bool:
    """A card (face up or down) or a Fountain token makes a space occupied (ARC-C3)."""
    return state.cells[i] != EMPTY or state.reserved[i] != NOBODY


def can_place(state: ArcState, seat: int, i: int) -> bool:
    """ARC-6: is space i eligible for `seat` (third-card rule aside)?"""
    cells = state.cells
    if cells[i] != EMPTY:
        return state.face[i] == DOWN
    r = state.reserved[i]
    if r != NOBODY:
        return r == seat
    c = i % COLUMNS
    if c:
        return cells[i - 1] != EMPTY or state.reserved[i - 1] != NOBODY
    return all(x == EMPTY for x in cells[i : i + COLUMNS])


def eligible(state: ArcState, seat: int, first: bool = False) -> list[int]:
    """Every space `can_place` accepts, in one pass per street (a hot path); with
    `first`, at most one (to learn whether there is any)."""
    cells, face, reserved = state.cells, state.face, state.reserved
    out = []
    for row in range(0, len(cells), COLUMNS):
        end = row + COLUMNS
        street_empty = cells[row:end].count(EMPTY) == COLUMNS
        left_occupied = False
        for i in range(row, end):
            if cells[i] != EMPTY:
                if face[i] == DOWN:
                    out.append(i)
                left_occupied = True
            else:
                holder = reserved[i]
                if holder != NOBODY:
                    if holder == seat:
                        out.append(i)
                    left_occupied = True
                else:
                    if left_occupied or (i == row and street_empty):
                        out.append(i)
                    left_occupied = False
            if first and out:
                return out
    return out


def full(state: ArcState) -> bool:
    """ARC-32: no space of the city is eligible for anybody, so no card can be placed.

    A reserved space (ARC-C3) stays eligible for its owner, so it keeps the city open."""
    if any(r != NOBODY for r in state.reserved):
        return False
    return not eligible(state, NOBODY, first=True)


def run_ok(state: ArcState, seat: int, i: int) -> bool:
    """ARC-7: with 3-4 players no run of three face-up cards of one colour in a street."""
    if state.players < 3:
        return True
    cells, face = state.cells, state.face
    lo, hi = i - i % COLUMNS, i - i % COLUMNS + COLUMNS - 1
    run = 1
    j = i - 1
    while j >= lo and cells[j] != EMPTY and face[j] != DOWN and cells[j] // PER_COLOUR == seat:
        run += 1
        j -= 1
    j = i + 1
    while j <= hi and cells[j] != EMPTY and face[j] != DOWN and cells[j] // PER_COLOUR == seat:
        run += 1
        j += 1
    return run < 3


def lift(state: ArcState, i: int) -> tuple[int, int, int]:
    """Take the top card off space i: (card id, face, guard). ARC-6: whatever lies
    under it is again the card on that space, face down (every way a card leaves
    the city goes through here, so a covered card is never lost)."""
    top = state.cells[i], state.face[i], state.guard[i]
    below = state.under[i]
    state.cells[i] = below.pop() if below else EMPTY
    state.face[i] = DOWN if state.cells[i] != EMPTY else 0
    state.guard[i] = NOBODY
    return top


def move_targets(state: ArcState, seat: int, j: int) -> list[int]:
    """ARC-29: eligible spaces for the card on j, judged with that card lifted."""
    keep = state.cells[j], state.face[j]
    below = state.under[j]
    state.cells[j], state.face[j] = (below[-1], DOWN) if below else (EMPTY, 0)
    try:
        return [i for i in eligible(state, seat) if i != j]
    finally:
        state.cells[j], state.face[j] = keep


def compare(played: int, left: int) -> str:
    """ARC-12..ARC-15: what the played value does to the left neighbour's value."""
    if left == played:
        return SAME
    if left < played:
        return DESTROY if 2 * left <= played else LOWER
    return RAISE


def turn_side(card: Card, face: int, outcome: str) -> int:
    """ARC-14, ARC-15: one step down or up, never past the lowest or highest side."""
    sides = card.sides
    if len(sides) == 1:
        return face
    if outcome == LOWER:
        return face if sides[face] == min(sides) else (face - 1) % len(sides)
    if outcome == RAISE:
        return face if sides[face] == max(sides) else (face + 1) % len(sides)
    return face
