"""Content a board needs beyond the game object's data: words and drawings derived from it.

A game whose board needs them says so in its own `extras.py` (`extras(game)`,
plain data), found through the registry; a game without one needs none. The
browser so never holds a copy of a game's data that could drift from the engine.
"""

from __future__ import annotations

from typing import Any

from borough.core.game import Game
from borough.games.registry import part


def extras(name: str, game: Game) -> dict[str, Any]:
    own = part(name, "extras")
    made: dict[str, Any] = own.extras(game) if own is not None else {}
    return made
