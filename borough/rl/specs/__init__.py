"""Each game's observation, field by field: the rules its encoder applies."""

from __future__ import annotations

from importlib import import_module
from typing import Any


def spec_for(game: str) -> dict[str, Any]:
    """The spec of a registered game (a module borough.rl.specs.<game> with SPEC)."""
    try:
        module = import_module(f"borough.rl.specs.{game}")
    except ModuleNotFoundError as exc:
        raise ValueError(f"no observation encoder is declared for {game!r}") from exc
    return module.SPEC
