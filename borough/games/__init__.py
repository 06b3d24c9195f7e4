"""The games: the registry (`borough.games.registry`), each game loaded once per
process on its own content or on a designer's (`borough.games.content`)."""

from __future__ import annotations

import os
import sys
import types
from importlib import import_module
from typing import Any

from borough.core.game import Game
from borough.games import content
from borough.games.registry import REGISTRY, names, own, package

__all__ = ["REGISTRY", "load", "names", "render"]

_loaded: dict[tuple[str, str], Game] = {}


def load(name: str) -> Game:
    if name not in REGISTRY:
        raise ValueError(f"unknown game {name!r}; known games: {', '.join(names())}")
    # A designer's content for this whole process tree (`serve --content` sets it).
    folder = os.environ.get(content.environment_name(name)) or None
    if folder is None:
        return own(name)
    if (name, folder) not in _loaded:
        _loaded[name, folder] = content.game_with(name, folder)
    return _loaded[name, folder]


def render(name: str, observation: dict[str, Any]) -> str:
    """The game's text drawing of an observation (each game has a render module)."""
    game = load(name)
    drawing: str = import_module(f"{package(name)}.render").render(game, observation)
    return drawing


class _Registry(types.ModuleType):
    """`borough.games()` lists the games while `borough.games` stays this package,
    so `import borough.games.<game>` keeps working."""

    def __call__(self) -> list[str]:
        return names()


sys.modules[__name__].__class__ = _Registry
