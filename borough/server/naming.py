"""The names chosen in the lobby in every sentence a seat reads, and the decision
it faces in words.

The rules write seats as "Player 1"; the server knows the names people chose.
"""

from __future__ import annotations

import re
from typing import Any

from borough.core.game import Game

_PLAYER = re.compile(r"\bPlayer ([1-9][0-9]?)\b")


def named(text: str, names: list[str]) -> str:
    """'Player 2 builds...' with the names chosen in the lobby.

    Nothing is remembered between calls: a cache of named sentences (it once
    held 65,536) kept the sentences of games long gone, and grew the server's
    memory for tens of minutes under steady play while saving no measurable
    time per move."""
    if "Player " not in text:  # most sentences name no seat
        return text

    def swap(match: re.Match[str]) -> str:
        i = int(match.group(1)) - 1
        return names[i] if 0 <= i < len(names) else match.group(0)

    return _PLAYER.sub(swap, text)


def decision(game: Game, state: Any, seat: int | None, names: list[str]) -> str | None:
    """The prompt for a seat that must decide now, else None."""
    if seat is None or game.is_over(state) or seat not in game.to_act(state):
        return None
    return named(game.prompt(state, seat), names)
