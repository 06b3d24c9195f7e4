"""The game registry: one line per game, name to implementing class."""

from __future__ import annotations

import os
import sys
import types
from importlib import import_module
from typing import Any

from borough.core.game import Game

REGISTRY: dict[str, str] = {
    "ekopolis": "borough.games.ekopolis.rules:Ekopolis",
    "architectura": "borough.games.architectura.rules:Architectura",
    "rondelcity": "borough.games.rondelcity.rules:RondelCity",
    "smallcity": "borough.games.smallcity.rules:SmallCity",
    "citycouncil": "borough.games.citycouncil.rules:CityCouncil",
}

_loaded: dict[tuple[str, str | None], Game] = {}


def names() -> list[str]:
    return sorted(REGISTRY)


def load(name: str) -> Game:
    if name not in REGISTRY:
        raise ValueError(f"unknown game {name!r}; known games: {', '.join(names())}")
    # A designer's content for this whole process tree (`serve --content` sets it).
    folder = os.environ.get(f"BOROUGH_CONTENT_{name.upper()}") or None
    if (name, folder) not in _loaded:
        if folder is not None:
            from borough.arena.content import game_with

            _loaded[name, folder] = game_with(name, folder)
        else:
            module, cls = REGISTRY[name].split(":")
            _loaded[name, None] = getattr(import_module(module), cls)()
    return _loaded[name, folder]


def render(name: str, observation: dict[str, Any]) -> str:
    """The game's text drawing of an observation (each game has a render module)."""
    game = load(name)
    package = REGISTRY[name].split(":")[0].rsplit(".", 1)[0]
    drawing: str = import_module(f"{package}.render").render(game, observation)
    return drawing


class _Registry(types.ModuleType):
    """`borough.games()` lists the games while `borough.games` stays this package,
    so `import borough.games.<game>` keeps working."""

    def __call__(self) -> list[str]:
        return names()


sys.modules[__name__].__class__ = _Registry
