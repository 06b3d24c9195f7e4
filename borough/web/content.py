"""What the browser needs to draw a game, built from the game objects themselves.

A game's observation names boards, tiles and cards by number; the browser looks
those numbers up in the game's content, read here from the game object's
public attributes (its loaded data files), so nothing is copied into scripts.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from pathlib import Path
from typing import Any

import borough
from borough.core.game import Game
from borough.web.extras import extras

STATIC = Path(__file__).resolve().parent / "static"


def plain(value: Any) -> Any:
    """Dataclasses, tuples, sets and dicts as JSON values; TypeError for anything else."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted(plain(v) for v in value)
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise TypeError(f"{type(value).__name__} is not content")


@cache
def content(name: str) -> dict[str, Any]:
    """A game's title, options and the data its observations refer to."""
    game: Game = borough.game(name)
    data: dict[str, Any] = {}
    for key, value in vars(game).items():
        if key.startswith("_"):
            continue
        try:
            data[key] = plain(value)
        except TypeError:
            continue
    data.update(extras(name, game))  # derived words and drawings some boards need
    bundle = data.get("content")
    if isinstance(bundle, dict) and all(k in data for k in bundle):
        del data["content"]  # the same parts are already listed one by one
    return {
        "game": name,
        "title": game.title,
        "players": list(game.player_counts()),
        "options": game.options(),
        "board_module": (STATIC / "boards" / f"{name}.js").is_file(),
        "data": data,
    }


def replay_frame(game: Game, record: Any, result: Any, at: int) -> dict[str, Any]:
    """A finished game as a spectator saw it after `at` of its moves."""
    total = len(record.moves)
    at = max(0, min(at, total))
    state = game.setup(record.players, seed=record.seed, options=record.options)
    events: list[dict[str, Any]] = []
    moves: list[dict[str, Any]] = []
    recent: list[dict[str, Any]] = []  # the move that led to this frame, marked on the board
    for number, (seat, action) in enumerate(record.moves, start=1):
        moves.append({"number": number, "seat": seat, "text": game.describe(action)})
        if number == at:
            recent = [{"seat": seat, "action": list(action), "text": game.describe(action, state)}]
        if number <= at:
            for e in game.apply(state, seat, action):
                if e.visible_to(None):
                    events.append({"number": number, "text": e.text, "kind": e.kind,
                                   "seat": e.seat})
    return {
        "game": game.name,
        "title": game.title,
        "players": record.players,
        "options": record.options,
        "seat": None,
        "move_number": at,
        "total": total,
        "status": "over" if game.is_over(state) else "playing",
        "to_act": list(game.to_act(state)) if not game.is_over(state) else [],
        "your_turn": False,
        "observation": game.observe(state, None),
        "legal_actions": [],
        "events": events,
        "recent": recent,
        "moves": moves,
        "result": result if at == total else None,
    }
