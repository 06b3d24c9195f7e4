"""City Council's final scores in their parts, for the end screen.

Every point comes from a scored Favor card (CC-52 to CC-54), and the state keeps
only each seat's total, so the parts are told by replaying the game's moves:
the points of each building card (CC-53) and each general card (CC-54) as it
was scored. The tie for the most points is parted by private funds (CC-59)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from borough.core.game import Game
from borough.core.results import Breakdown, MovesPlayed, ScorePart
from borough.core.serial import freeze
from borough.games.citycouncil import production
from borough.games.citycouncil.steps import player_name

if TYPE_CHECKING:
    from borough.games.citycouncil.data import Content
    from borough.games.citycouncil.state import CCState


def breakdown(game: Game, c: Content, final: CCState, record: MovesPlayed) -> Breakdown:
    n = record.players
    cards = c.cards
    state = game.setup(n, seed=record.seed, options=record.options)
    building, general, other = [0] * n, [0] * n, [0] * n
    for seat, action in record.moves:
        action = freeze(action)
        before = state.scores[:n]
        game.apply_trusted(state, seat, action)
        for s in range(n):
            gained = state.scores[s] - before[s]
            if gained and action[0] == "score":
                (building if cards[action[1]].building else general)[s] += gained
            elif gained:  # no other move gives points (CC-52): never seen
                other[s] += gained
    parts = [ScorePart("Building Favor cards", "CC-53", tuple(building)),
             ScorePart("General Favor cards", "CC-54", tuple(general))]
    if any(other):
        parts.append(ScorePart("Other points", "", tuple(other)))
    return Breakdown(parts, tiebreak(final))


def tiebreak(state: CCState) -> str | None:
    if state.outcome != "mayor":
        return None
    best = max(state.scores)
    tied = [m for m in range(state.players) if state.scores[m] == best]
    if len(tied) < 2:
        return None
    names = " and ".join(player_name(m) for m in tied)
    mayors = production.mayors(state)
    if len(mayors) == len(tied):
        return (f"{names} tied on {best} points and on private funds "
                f"(${state.funds[tied[0]]}): they share the office of Mayor.")
    return (f"{names} tied on {best} points; the most private funds "
            f"(${state.funds[mayors[0]]}) decided it.")
