"""The names chosen in the lobby in every sentence a seat reads.

The rules write seats as "Player 1"; the server knows the names people chose.
"""

from __future__ import annotations

import re

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

