"""Final scoring (ARC-33) and the winner with its tie-breaks (ARC-34)."""

from __future__ import annotations

from typing import Any

from borough.core.results import Breakdown, ScorePart
from borough.games.architectura import city
from borough.games.architectura.city import PER_COLOUR, is_up
from borough.games.architectura.data import Content
from borough.games.architectura.state import COLUMNS, ArcState


def end_bonus(c: Content, state: ArcState, i: int) -> int:
    """Points an end-of-game card on space i adds (ARC-C5 Statue, ARC-C16 City Hall)."""
    card = c.cards[state.cells[i] % PER_COLOUR]
    if card.effect == "statue":
        parks = [j for j in city.neighbours(state, i)
                 if is_up(state, j) and c.cards[state.cells[j] % PER_COLOUR].key == "park"]
        return 3 if parks else 0
    if card.effect == "city_hall":
        seat = state.cells[i] // PER_COLOUR
        row = i - i % COLUMNS
        return sum(1 for j in range(row, row + COLUMNS)
                   if is_up(state, j) and state.cells[j] // PER_COLOUR == seat)
    return 0


def breakdown(c: Content, state: ArcState) -> dict[str, list[int]]:
    """Per seat: card values, end-of-game points, Graveyard value, cards on the table."""
    n = state.players
    values, bonus, grave, count = [0] * n, [0] * n, [0] * n, [0] * n
    lowest: list[int | None] = [None] * n
    for i in range(len(state.cells)):
        if not is_up(state, i):
            continue
        seat = state.cells[i] // PER_COLOUR
        v = city.value(c.cards, state, i)
        values[seat] += v
        bonus[seat] += end_bonus(c, state, i)
        count[seat] += 1
        low = lowest[seat]
        lowest[seat] = v if low is None else min(low, v)
    for s, data in enumerate(state.seats):
        if data.grave:  # ARC-C11: the Graveyard is worth the cards beside it
            grave[s] = len(data.pile)
            count[s] += 1
    totals = [values[s] + bonus[s] + grave[s] for s in range(n)]
    return {"totals": totals, "values": values, "end_effects": bonus, "graveyard": grave,
            "cards": count, "lowest": lowest}  # type: ignore[dict-item]


def winners(detail: dict[str, Any]) -> list[int]:
    """ARC-34: highest score, then most cards on the table, then the lowest card."""
    totals, count, lowest = detail["totals"], detail["cards"], detail["lowest"]
    seats = list(range(len(totals)))
    best = max(totals)
    seats = [s for s in seats if totals[s] == best]
    most = max(count[s] for s in seats)
    seats = [s for s in seats if count[s] == most]
    lows = [lowest[s] for s in seats if lowest[s] is not None]
    if len(seats) > 1 and lows:
        low = min(lows)
        seats = [s for s in seats if lowest[s] == low]
    return seats


def score_breakdown(detail: dict[str, Any]) -> Breakdown:
    """The parts ARC-33 sums (card values, end-of-game effects, the Graveyard) and
    the ARC-34 tie-break that decided: cards in the city, then the lowest card."""
    parts = [ScorePart("Card values", "ARC-33", tuple(detail["values"])),
             ScorePart("End effects", "ARC-C5", tuple(detail["end_effects"])),
             ScorePart("Graveyard", "ARC-C11", tuple(detail["graveyard"]))]
    totals, cards = detail["totals"], detail["cards"]
    best = max(totals)
    tied = [s for s in range(len(totals)) if totals[s] == best]
    if len(tied) < 2:
        return Breakdown(parts)
    who = " and ".join(f"Player {s + 1}" for s in tied)
    won = winners(detail)
    most = max(cards[s] for s in tied)
    if len(won) == len(tied):
        said = (f"{who} tied on {best} points, cards in the city and lowest card: they "
                "share the win.")
    elif all(cards[s] == most for s in tied):
        said = (f"{who} tied on {best} points and on cards in the city ({most}); the lowest "
                "card value decided it.")
    else:
        said = f"{who} tied on {best} points; the most cards in the city ({most}) decided it."
    return Breakdown(parts, said)
