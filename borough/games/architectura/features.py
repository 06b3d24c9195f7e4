"""What the expert's learned position values look at in Architectura
(`borough.agents.expert.features` reads NAMES and `features`): per seat, the
parts of the score apart and the cards and tokens still to play, and how much
of the game is left (1 at the start, 0 at the end)."""

from __future__ import annotations

from borough.games.architectura import scoring
from borough.games.architectura.rules import Architectura
from borough.games.architectura.state import EMPTY, ArcState

CARDS = 18  # cards of one colour (ARC-1): hand and deck hold them at the start
NAMES = (
    "card values",
    "end effects",
    "graveyard",
    "cards on the table",
    "hand",
    "deck",
    "tokens",
    "guarded cards",
)


def features(game: Architectura, state: ArcState) -> tuple[list[list[float]], float]:
    parts = scoring.breakdown(game.content, state)
    guarded = [0] * len(state.seats)
    for i, owner in enumerate(state.guard):
        if owner >= 0 and state.cells[i] != EMPTY:
            guarded[owner] += 1
    rows = [
        [
            float(parts["values"][s]),
            float(parts["end_effects"][s]),
            float(parts["graveyard"][s]),
            float(parts["cards"][s]),
            float(len(seat.hand)),
            float(len(seat.deck)),
            float(seat.tokens),
            float(guarded[s]),
        ]
        for s, seat in enumerate(state.seats)
    ]
    unplayed = sum(len(seat.hand) + len(seat.deck) for seat in state.seats)
    return rows, min(1.0, unplayed / (CARDS * len(state.seats)))
