"""The game registry: one line per game, name to implementing class.

Every layer finds a game's parts through it: the package holding the rules
(`package`), and from there the modules a game may offer beside them
(`evaluation`, `features`, `encoding`, `render`, `preview`, `extras`, its `data/`
folder); `part` finds one of those, or says the game has none.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from pathlib import Path
from types import ModuleType

from borough.core.game import Game

REGISTRY: dict[str, str] = {
    "ekopolis": "borough.games.ekopolis.rules:Ekopolis",
    "architectura": "borough.games.architectura.rules:Architectura",
    "rondelcity": "borough.games.rondelcity.rules:RondelCity",
    "smallcity": "borough.games.smallcity.rules:SmallCity",
    "citycouncil": "borough.games.citycouncil.rules:CityCouncil",
}

_own: dict[str, Game] = {}


def names() -> list[str]:
    return sorted(REGISTRY)


def register(name: str, target: str) -> None:
    """Add game `name`, implemented by `target` ("package.module:Class"), for this
    process: a game kept outside `borough/games/` (a test's, a designer's) joins
    every layer as a listed one does. Refuses a name already taken."""
    if name in REGISTRY:
        raise ValueError(f"a game named {name!r} is registered already")
    module, _, cls = target.partition(":")
    if not module or not cls:
        raise ValueError(f"{target!r} is not of the form 'package.module:Class'")
    REGISTRY[name] = target


def unregister(name: str) -> None:
    """Remove game `name`, added by `register`, from this process."""
    package(name)  # refuses an unknown name
    del REGISTRY[name]
    _own.pop(name, None)


def package(name: str) -> str:
    """The dotted name of the package holding game `name`."""
    if name not in REGISTRY:
        raise ValueError(f"unknown game {name!r}; known games: {', '.join(names())}")
    return REGISTRY[name].split(":")[0].rsplit(".", 1)[0]


def part(name: str, module: str) -> ModuleType | None:
    """Game `name`'s module `module` beside its rules (its `preview`, its `extras`),
    or None where the game has none. An import failing inside a module the game
    does have is not taken for its absence: that error is raised."""
    wanted = f"{package(name)}.{module}"
    try:
        return import_module(wanted)
    except ModuleNotFoundError as missing:
        if missing.name != wanted:
            raise
        return None


def build(name: str, folder: Path | None = None) -> Game:
    """A new instance of game `name`, on the content in `folder` where given (every
    game's class takes its content folder), else on its own."""
    package(name)  # refuses an unknown name
    module, cls = REGISTRY[name].split(":")
    make: Callable[..., Game] = getattr(import_module(module), cls)
    return make() if folder is None else make(folder)


def own(name: str) -> Game:
    """The game on its own content, one instance per process."""
    if name not in _own:
        _own[name] = build(name)
    return _own[name]
