"""`borough content export` and `check`: a game's designed content as files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from borough.cli.base import Failure, app, examples, find_game, friendly, say
from borough.games import content as contents

content_app = typer.Typer(help="A game's designed content as files to copy, edit and check.",
                          no_args_is_help=True)
app.add_typer(content_app, name="content")


@content_app.command("export", epilog=examples("content export ekopolis my-ekopolis"))
@friendly
def export_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="A game name.")],
    folder: Annotated[Path, typer.Argument(metavar="DIR", help="A new or empty folder.")],
) -> None:
    """Copy a game's own content (its data files) into DIR to edit."""
    game = find_game(game_name)
    try:
        written = contents.export(game.name, folder)
    except (contents.ContentError, OSError) as exc:
        raise Failure(str(exc)) from None
    say(f"Wrote {', '.join(p.name for p in written)} to {folder}; after editing, "
        f"`borough content check {folder}`.")


@content_app.command("check", epilog=examples("content check my-ekopolis --json"))
@friendly
def check_command(
    folder: Annotated[Path, typer.Argument(metavar="DIR", help="A content folder.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON line.")] = False,
) -> None:
    """Check a content folder: every file, entry and field, then the game's own checks."""
    try:
        game = contents.check(folder)
    except contents.ContentError as exc:
        if as_json:
            print(json.dumps({"ok": False, "error": str(exc)}))
            raise typer.Exit(1) from None
        raise Failure(str(exc)) from None
    digest = contents.digest(folder)
    changed = contents.differences(contents.default_dir(game), folder)
    if as_json:
        print(json.dumps({"ok": True, "game": game, "digest": digest, "changes": changed}))
        return
    say(f"{folder}: sound {game} content (digest {digest}); "
        f"{len(changed)} change(s) from the game's own:")
    for line in changed:
        say(f"  {line}")
