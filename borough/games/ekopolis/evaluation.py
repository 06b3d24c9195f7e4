"""Ekopolis position values for the computer opponents.

A seat's estimate is its score plus what it has already secured for the end:
its Action card triplets (7 each), the current worth of its face-down end
cards, and a point for each unplayed later card while its owner still has a
turn to play it (a later card kept past its owner's last turn scores nothing,
EKO-F5). In the basic version the
group is judged by its score plus the balanced-city triplets so far.
"""

from __future__ import annotations

from borough.core.values import margin_values, result_values
from borough.games.ekopolis import scoring, script
from borough.games.ekopolis.rules import Ekopolis
from borough.games.ekopolis.state import EkoState

MARGIN_SCALE = 6.0  # points of lead that make a win about three times likelier
# Basic-version group totals run from ~50 (random play) to ~150 (good play);
# the value stays linear in the total, so every point counts the same.
GROUP_FULL = 250.0
# The expert level (the top one) plays the moves its learned values rank best
# a few turns on with this quick player, at the registry's budget
# (EXPERT_LOOKAHEAD, borough.agents.expert.lookahead); within hard's 1.8 s cap
# of CPU a decision.
quick_player = script.choose


def has_turn(state: EkoState, seat: int) -> bool:
    """Does the seat still act this game (its turn now, or one to come)?"""
    return state.round < state.rounds or seat >= state.current


def estimates(game: Ekopolis, state: EkoState) -> list[float]:
    out = []
    for seat, data in enumerate(state.seats):
        playable = 1.0 if has_turn(state, seat) else 0.0
        value = float(state.scores[seat])
        if state.full and state.step != "over":
            value += scoring.CARD_TRIPLET * min(scoring.card_colours(game.content, data.cards))
            for c in data.held:
                card = game.cards[c]
                if card.timing == "end":
                    value += scoring.card_points(game.content, state, seat, card).get(seat, 0)
                else:
                    value += playable
        out.append(value)
    return out


def values(game: Ekopolis, state: EkoState) -> list[float]:
    if not state.full:
        group = float(state.scores[0])
        if state.step != "over":
            totals = [sum(s.built[c] for s in state.seats) for c in range(3)]
            group += scoring.BASIC_TRIPLET * min(totals)
        return [min(1.0, max(0.0, group / GROUP_FULL))] * state.players
    if state.step == "over":
        return result_values(game, state)
    return margin_values(estimates(game, state), MARGIN_SCALE)
