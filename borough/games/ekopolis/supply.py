"""Ekopolis: the stack of Buildings and its discards."""

from __future__ import annotations

from borough.games.ekopolis.state import EkoState


def draw_tiles(state: EkoState, seat: int, count: int) -> None:
    """Draw from the stack; when it runs out, shuffle the discards into it (EKO-F7)."""
    hand = state.seats[seat].hand
    for _ in range(count):
        if not state.deck and state.discard:
            state.deck, state.discard = state.discard, []
            state.rng.shuffle(state.deck)
        if not state.deck:
            return
        hand.append(state.deck.pop())
