"""What the expert's position values look at: a few numbers per seat, per game.

A game with learned values says what they look at in its own
`borough/games/<game>/features.py`: NAMES, and `features(game, state)` giving,
for every seat, the quantities its hand-made position values count
(`evaluation.py`), kept apart so that training can weigh each on its own, and
one number for how much of the game is left (1 at the start, 0 at the end). It
may also offer `covers(game, state)`: whether values trained on its usual
positions may judge `state`; and TABLE_NAMES with `table(game, state)`:
numbers of the whole table, the same for every seat (City Council's danger of
the government's takeover, which every seat loses to), given to the model as
they are, since a seat's lead in them is always nothing. `model.inputs` turns
the features into the model's input for each seat: a constant, the seat's lead
over its strongest rival in every quantity, those leads again scaled by
what is left of the game (a lead early is worth less than the same lead at the
end), what is left itself, then the table's numbers. A model over these
inputs can express the hand values (a sum of weighted leads) and more.

The features are computed on full states: the search judges states sampled
from the deciding seat's information, never the true one.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from importlib import import_module
from typing import Any

from borough.core.game import Game
from borough.games.registry import REGISTRY, package

Features = Callable[[Any, Any], tuple[list[list[float]], float]]


@cache
def _module(name: str) -> Any:
    if name not in REGISTRY:
        return None
    try:
        return import_module(f"{package(name)}.features")
    except ModuleNotFoundError:
        return None


def games() -> list[str]:
    """The games whose positions have features (and so may have learned values)."""
    return [name for name in sorted(REGISTRY) if _module(name) is not None]


def has(name: str) -> bool:
    return _module(name) is not None


def of(name: str) -> Features:
    """Game `name`'s features: per seat, its quantities; and what is left of the game."""
    found: Features = _module(name).features
    return found


def names(name: str) -> tuple[str, ...]:
    """What each of game `name`'s features counts, in order."""
    return tuple(_module(name).NAMES)


def table_names(name: str) -> tuple[str, ...]:
    """What each of game `name`'s table numbers counts, in order (none for most)."""
    return tuple(getattr(_module(name), "TABLE_NAMES", ()))


def table(game: Game, state: Any) -> list[float]:
    """The table's numbers of `state` (`table_names`), the same for every seat."""
    own = getattr(_module(game.name), "table", None)
    return [] if own is None else [float(x) for x in own(game, state)]


def training_games(name: str, default: int) -> int:
    """How many self-play games train game `name`'s values by default (its own
    TRAINING_GAMES where it sets one)."""
    return int(getattr(_module(name), "TRAINING_GAMES", default))


def training_players(name: str, default: dict[str, float]) -> dict[str, float]:
    """Who plays game `name`'s self-play games: each training player's share of
    the seats (`train.MAKERS` names them), the game's own TRAINING_PLAYERS
    where it sets them."""
    return dict(getattr(_module(name), "TRAINING_PLAYERS", default))


def target(game: Game, state: Any) -> list[float] | None:
    """What a finished self-play game teaches each seat, where the game sets its
    own (`target` in its features module); None: its result values."""
    own = getattr(_module(game.name), "target", None)
    return None if own is None else [float(x) for x in own(game, state)]


def checks_cover(name: str) -> bool:
    """Whether game `name` says which positions its values cover (`covers`)."""
    return getattr(_module(name), "covers", None) is not None


def covers(game: Game, state: Any) -> bool:
    """Whether the learned values of `game` were trained on positions like
    `state` (every position of a game with features, unless it says otherwise)."""
    module = _module(game.name)
    if module is None:
        return False
    check = getattr(module, "covers", None)
    return True if check is None else bool(check(game, state))


def width(name: str) -> int:
    """How many inputs the model of game `name` takes."""
    return 2 + 2 * len(names(name)) + len(table_names(name))


def parts(game: Game, state: Any) -> tuple[list[list[float]], list[float]]:
    """Each seat's own numbers as the model weighs them (its features, then
    those scaled by what is left), and the numbers every seat shares (what is
    left, then the table's)."""
    rows, left = of(game.name)(game, state)
    return ([[*row, *(x * left for x in row)] for row in rows],
            [left, *table(game, state)])
