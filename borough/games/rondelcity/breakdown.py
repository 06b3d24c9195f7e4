"""Rondel City's final scores in their parts, for the end screen.

A score is where the Citizen stands (RON-31), so the state keeps no parts: they
are told by replaying the game's moves and sharing out each move's Citizen
steps. A Rainbow payment (RON-23) and an Amenity's bonus (RON-V10) count at
their printed size when they are made; every other step a Citizen takes counts
for the tiles placed by its owner (RON-18 to RON-22) or, on another player's
placement, for the tiles beside its pieces (RON-19). Steps past taken spaces
(RON-5) count with the move that made them, so each seat's parts add up to its
score exactly."""

from __future__ import annotations

from typing import TYPE_CHECKING

from borough.core.game import Game
from borough.core.results import Breakdown, MovesPlayed, ScorePart
from borough.core.serial import freeze
from borough.games.rondelcity.seats import player_name, vp

if TYPE_CHECKING:
    from borough.games.rondelcity.data import Content
    from borough.games.rondelcity.state import RonState


def breakdown(game: Game, c: Content, final: RonState, record: MovesPlayed) -> Breakdown:
    n = record.players
    state = game.setup(n, seed=record.seed, options=record.options)
    start = [vp(c, state, s) for s in range(n)]
    own, others, bonus, rainbow = [0] * n, [0] * n, [0] * n, [0] * n
    for seat, action in record.moves:
        action = freeze(action)
        actor = state.actor
        before = [vp(c, state, s) for s in range(n)]
        events = game.apply_trusted(state, seat, action)
        printed = [0] * n
        for e in events:
            if e.kind == "rainbow" and e.seat is not None:
                printed[e.seat] -= c.market.rainbow_vp
                rainbow[e.seat] -= c.market.rainbow_vp
        if action == ("bonus", "vp"):
            printed[seat] += c.variants.bonus_vp
            bonus[seat] += c.variants.bonus_vp
        for s in range(n):
            rest = vp(c, state, s) - before[s] - printed[s]
            (own if s == actor else others)[s] += rest
    parts = [
        ScorePart("Starting space", "RON-3", tuple(start)),
        ScorePart("Tiles you placed", "RON-21", tuple(own)),
        ScorePart("Others' tiles beside your pieces", "RON-19", tuple(others)),
    ]
    if any(rainbow):
        parts.append(ScorePart("Rainbow payments", "RON-23", tuple(rainbow)))
    if any(bonus):
        parts.append(ScorePart("Amenity bonuses", "RON-V10", tuple(bonus)))
    return Breakdown(parts, tiebreak(c, final))


def tiebreak(c: Content, state: RonState) -> str | None:
    """RON-31: Citizens tied on the highest number all win; RON-29 leaves no tie."""
    if state.winner >= 0:
        return None
    scores = [vp(c, state, s) for s in range(state.players)]
    tied = [s for s in range(state.players) if scores[s] == max(scores)]
    if len(tied) < 2:
        return None
    names = " and ".join(player_name(s) for s in tied)
    return f"{names} tied on {max(scores)} VP: tied players all win."
