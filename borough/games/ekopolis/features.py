"""What the expert's learned position values look at in Ekopolis
(`borough.agents.expert.features` reads NAMES, `features`, `covers` and
`target`): per seat, the parts of the hand values' estimate (`evaluation.py`)
kept apart and the Buildings behind the score. Only the full version is
valued so: in the basic one the table scores as one group (see `covers`)."""

from __future__ import annotations

from borough.core.values import final_margin, squash
from borough.games.ekopolis import evaluation, scoring
from borough.games.ekopolis.rules import Ekopolis
from borough.games.ekopolis.state import OVER, EkoState

NAMES = (
    "score",
    "Action card triplets",
    "end cards' worth",
    "later cards playable",
    "later cards held",
    "Buildings placed",
    "fewest of a colour placed",
    "Buildings in hand",
)


def features(game: Ekopolis, state: EkoState) -> tuple[list[list[float]], float]:
    rows = []
    for seat, data in enumerate(state.seats):
        end = later = 0.0
        for c in data.held:
            card = game.cards[c]
            if card.timing == "end":
                end += scoring.card_points(game.content, state, seat, card).get(seat, 0)
            else:
                later += 1.0
        over = state.step == OVER
        colours = scoring.card_colours(game.content, data.cards)
        triplets = 0.0 if over else scoring.CARD_TRIPLET * min(colours)
        playable = later if evaluation.has_turn(state, seat) and not over else 0.0
        rows.append([float(state.scores[seat]), triplets, 0.0 if over else end, playable, later,
                     float(sum(data.built)), float(min(data.built)), float(len(data.hand))])
    turns = state.rounds * state.players
    done = (state.round - 1) * state.players + state.current
    return rows, 0.0 if state.step == OVER else max(0.0, 1.0 - done / turns)


def covers(game: Ekopolis, state: EkoState) -> bool:
    return state.full


def target(game: Ekopolis, state: EkoState) -> list[float]:
    """What a finished full game teaches each seat: its final margin over the
    best rival on the hand values' curve (a winner at least a point ahead).
    Taught the result, the search won no more than a fair seat's share
    against hard and trailed it by 3 points a game (docs/measurements)."""
    result = game.result(state)
    return [squash(final_margin(result, seat) / evaluation.MARGIN_SCALE)
            for seat in range(len(result.scores))]
