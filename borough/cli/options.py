"""`--content DIR` as every verb that plays a game takes it."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from borough.cli.base import Failure, find_game
from borough.core.game import Game
from borough.games import content as contents

Content = Annotated[
    Path | None,
    typer.Option("--content", metavar="DIR",
                 help="Play with the content in DIR (see `borough content export`)."),
]


def content_folder(game: str, folder: Path | None) -> str | None:
    """A checked content folder for GAME, as an absolute path (None: the game's own)."""
    if folder is None:
        return None
    try:
        contents.check(folder, game)
    except contents.ContentError as exc:
        raise Failure(str(exc)) from None
    return str(folder.resolve())


def content_game(name: str, folder: Path | None) -> Game:
    """The game by name, playing the content in `folder` when one is given."""
    game = find_game(name)
    return contents.game_with(game.name, content_folder(game.name, folder))
