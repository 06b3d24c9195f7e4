"""Fixed-shape numeric vectors of what one seat may see.

An encoder reads only `Game.observe(state, seat)`: whatever that JSON hides
stays hidden, so two states a seat cannot tell apart encode to the same vector.
Each game declares, in `borough/games/<game>/encoding.py`, one rule per field of
its observation (`SPEC`), in the words of `borough.core.encoding`, which also
turns each field into numbers. Sizes come from the game's public data, its
option set and the player count (read from the observation of a fresh setup),
never from the state being encoded, so the vector's shape is fixed for a
(players, options) pair.

Every observation key must be named by the spec (encoded or skipped with a
reason); an unknown key or a value outside its declared bound raises
`EncodingError`, so a change to a game's observation cannot slip past unseen.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from typing import Any

import numpy as np

from borough.core.encoding import (
    Bound,
    Category,
    Context,
    Either,
    EncodingError,
    Field,
    Flag,
    IdSet,
    Num,
    Optional,
    Pairs,
    Record,
    Rows,
    Rule,
    Seat,
    Seats,
    Skip,
    Tally,
    Vector,
)
from borough.games.registry import package

__all__ = [
    "Bound",
    "Category",
    "Context",
    "Either",
    "Encoder",
    "EncodingError",
    "Field",
    "Flag",
    "IdSet",
    "Num",
    "Optional",
    "Pairs",
    "Record",
    "Rows",
    "Rule",
    "Seat",
    "Seats",
    "Skip",
    "Tally",
    "Vector",
    "spec_for",
]


def spec_for(game: str) -> dict[str, Any]:
    """The spec of a registered game (`SPEC` in its package's `encoding` module)."""
    try:
        module = import_module(f"{package(game)}.encoding")
    except ModuleNotFoundError as exc:
        raise ValueError(f"no observation encoder is declared for {game!r}") from exc
    spec: dict[str, Any] = module.SPEC
    return spec



class Encoder:
    """The vector of one game for a fixed player count and option set."""

    def __init__(self, game: Any, players: int, options: Mapping[str, Any] | None = None) -> None:
        self.game = game
        self.players = players
        self.options = game.resolve_options(players, dict(options or {}), unattended=True)
        ctx = Context(game, players, self.options)
        sample = game.observe(game.setup(players, seed=0, options=self.options), 0)
        self.root: Record = Record(spec_for(game.name)).bind(ctx, sample)  # type: ignore[assignment]
        self.size = self.root.size()
        self.shape = (self.size,)

    def encode(self, observation: Mapping[str, Any]) -> np.ndarray:
        out = np.zeros(self.size, dtype=np.float32)
        self.root.write(observation, out, 0, "")
        return out

    def encode_state(self, state: Any, seat: int) -> np.ndarray:
        return self.encode(self.game.observe(state, seat))

    def fields(self) -> list[Field]:
        """The vector, field by field, in order."""
        return self.root.fields("", 0)

    def describe(self) -> str:
        """A table of the fields, one line each."""
        lines = [f"{self.game.name}, {self.players} players, options {self.options}: "
                 f"{self.size} numbers"]
        lines += [f"{f.start:>6} +{f.size:<4} {f.name}: {f.meaning}" for f in self.fields()]
        return "\n".join(lines)
