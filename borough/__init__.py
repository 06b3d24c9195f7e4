"""Borough: city-building board games as Python rules engines.

    import borough
    g = borough.game("ekopolis")
    s = g.setup(players=4, seed=7, options={"version": "full"})
"""

from borough import games
from borough.core.errors import CorruptData, IllegalAction
from borough.core.game import Event, Game
from borough.core.results import Result
from borough.games import load as game

__all__ = ["CorruptData", "Event", "Game", "IllegalAction", "Result", "game", "games"]
