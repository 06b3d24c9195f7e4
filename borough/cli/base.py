"""What every `borough` verb shares: the Typer app, the consoles, and clear failures."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import typer
from rich.console import Console

import borough
from borough.core.game import Game


def examples(*lines: str) -> str:
    """A verb's `--help` epilog: command lines that work as written (tests run them)."""
    return "Examples:\n\n" + "\n\n".join(f"  borough {line}" for line in lines)


app = typer.Typer(
    help="Borough: city-building board games to play, replay and study. "
         "Each command's --help shows examples.",
    epilog=examples("games", "rules smallcity --toc", "play smallcity --players 2"),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
out = Console()
err = Console(stderr=True)


class Failure(Exception):
    """A user-facing error: printed as one line, exit status 1, never a traceback."""


def friendly(command: Callable[..., None]) -> Callable[..., None]:
    """Turn a Failure inside a command into a message and exit status 1."""

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> None:
        try:
            command(*args, **kwargs)
        except Failure as exc:
            err.print(f"error: {exc}", highlight=False, markup=False, soft_wrap=True)
            raise typer.Exit(1) from None

    return run


def find_game(name: str) -> Game:
    try:
        return borough.game(name)
    except ValueError as exc:
        raise Failure(str(exc)) from None


def say(text: str) -> None:
    """Plain text on standard output: no markup, no highlighting."""
    out.print(text, highlight=False, markup=False, soft_wrap=True)


def parse_options(pairs: list[str] | None) -> dict[str, Any]:
    """`--option KEY=VALUE` pairs as a dict of options (values as given, in words)."""
    options: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise Failure(f"--option takes KEY=VALUE, not {pair!r}")
        options[key.strip()] = value.strip()
    return options


def player_count(game: Game, players: int | None) -> int:
    """`--players` checked against the game (its first count when not given)."""
    if players is None:
        return game.player_counts()[0]
    if players not in game.player_counts():
        allowed = ", ".join(map(str, game.player_counts()))
        raise Failure(f"{game.title} is for {allowed} players, not {players}")
    return players
