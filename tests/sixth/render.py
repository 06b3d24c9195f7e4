"""Terrace drawn as text for the terminal, from an observation."""

from __future__ import annotations

from typing import Any

from tests.sixth.rules import COLUMNS, ROWS


def render(game: Any, observation: dict[str, Any]) -> str:
    lines = ["    " + "".join(f"{c + 1:^6}" for c in range(COLUMNS))]
    for row in range(ROWS):
        cells = []
        for plot in range(row * COLUMNS, (row + 1) * COLUMNS):
            owner = observation["owners"][plot]
            cells.append(" .    " if owner < 0 else f" P{owner + 1}:{observation['values'][plot]} ")
        lines.append(f" {'AB'[row]}  " + "".join(cells))
    market = " ".join(map(str, observation["market"])) or "none"
    lines.append(f"Open tiles: {market}   bag: {observation['bag_size']}")
    if observation["hand"] is not None:
        lines.append(f"Your hand: {' '.join(map(str, observation['hand'])) or 'empty'}")
    scores = ", ".join(f"Player {s + 1} {p}" for s, p in enumerate(observation["scores"]))
    lines.append(f"Scores: {scores}")
    return "\n".join(lines)
