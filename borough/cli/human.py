"""A person at the terminal as an agent: board drawn, moves numbered."""

from __future__ import annotations

import json
from importlib import import_module
from typing import Any

from rich.console import Console

from borough.agents.advice import advise
from borough.agents.base import SeatView
from borough.cli.preview import as_json, preview
from borough.core.errors import IllegalAction
from borough.core.game import Action, Game
from borough.core.serial import freeze
from borough.games import REGISTRY, render

HINT_LEVEL = "medium"  # the level whose move `hint` suggests, as the browser's


def help_text(view: SeatView) -> str:
    """The commands, each with an example written for the moves on offer now."""
    moves = view.legal_actions
    number = min(2, len(moves))
    written = as_json(moves[number - 1])
    square = typed_example(view)
    return "\n".join([
        "Commands:",
        f"  N          take move number N, e.g. {number}",
        *([f"  SQUARE     the move on a square (and orientation, where there are several), "
           f"e.g. {square}"] if square else []),
        f"  ?N         what move N would do, and how to write it as an action, e.g. ?{number}",
        f"  ? ACTION   explain any action of this game written as JSON, e.g. ? {written}",
        "  hint       the medium bot's move for you and why (the engine's preview of it and "
        "of the next best)",
        "  board      draw the board again",
        "  help       this text",
        "  quit       stop the game (with --save it is kept: continue with --resume FILE)",
    ])


SQUARES = [f"{row}{col}" for row in "ABCDEFGHIJ" for col in range(1, 11)]


def typed_example(view: SeatView) -> str | None:
    """A square typed as a game that reads squares takes it, for one of the moves on offer
    now; None when the game reads no squares or no move now is on a square."""
    if _hook(view, "parse_move") is None:
        return None
    legal = set(view.legal_actions)
    for text in (f"{sq}{turn}" for turn in ("", " 1", " 2", " 3", " 4") for sq in SQUARES):
        if typed_move(view, text) in legal:
            return text
    return None


def _hook(view: SeatView, name: str) -> Any:
    """A function the game's render module may offer for the terminal (or None)."""
    package = REGISTRY[view.game.name].split(":")[0].rsplit(".", 1)[0]
    return getattr(import_module(f"{package}.render"), name, None)


def typed_move(view: SeatView, text: str) -> Action | str | None:
    """The game's own reading of a typed move (a square, say), when its render module has
    one: the action, a message saying why not, or None when the text is not of its kind."""
    parse = _hook(view, "parse_move")
    return parse(view, text) if parse else None


class HumanAgent:
    name = "human"

    def __init__(self, console: Console) -> None:
        self.console = console
        self.game: Game | None = None

    def bind(self, game: Game, match: Any) -> None:
        self.game = game

    def _say(self, text: str) -> None:
        self.console.print(text, highlight=False, markup=False)

    def _ask(self, prompt: str) -> str:
        try:
            return self.console.input(prompt).strip()
        except EOFError:
            raise KeyboardInterrupt from None

    def choose(self, view: SeatView) -> Action:
        game = view.game
        who = f"Player {view.seat + 1}"
        self._say(render(game.name, view.observation))
        moves = view.legal_actions
        self._say(f"{who}: {view.prompt()}")
        self._list(view, moves)
        while True:
            answer = self._ask(f"{who}, your move (help for commands)> ")
            if answer.isdigit() and 1 <= int(answer) <= len(moves):
                return moves[int(answer) - 1]
            if answer == "help":
                self._say(help_text(view))
            elif answer == "hint":
                self._hint(view, moves)
            elif answer == "board":
                self._say(render(game.name, view.observation))
                self._say(f"{who}: {view.prompt()}")
                self._list(view, moves)
            elif answer == "quit":
                raise KeyboardInterrupt
            elif answer.startswith("?"):
                self._explain(view, moves, answer[1:].strip())
            elif (typed := typed_move(view, answer)) is not None:
                if not isinstance(typed, str):
                    return typed
                self._say(typed)
            else:
                self._say(f"'{answer}' is not a move: type 1 to {len(moves)}, or help.")

    def _hint(self, view: SeatView, moves: list[Action]) -> None:
        """The level's move, numbered as listed, and its reasons a line each."""
        found = advise(view, HINT_LEVEL, seed=len(moves))
        self._say(f"{HINT_LEVEL.capitalize()} suggests move {moves.index(found.best.action) + 1}:")
        for reason in found.reasons:
            self._say(f"  {reason}")

    def _list(self, view: SeatView, moves: list[Action]) -> None:
        brief = _hook(view, "move_list")  # a game may say its many moves more briefly
        lines = brief(view) if brief else None
        if lines is not None:
            for line in lines:
                self._say(line)
            return
        for i, action in enumerate(moves, start=1):
            self._say(f"  {i:>3}. {view.describe(action)}")

    def _explain(self, view: SeatView, moves: list[Action], text: str) -> None:
        if text.isdigit():
            if not 1 <= int(text) <= len(moves):
                self._say(f"There is no move {text}: type ?1 to ?{len(moves)}.")
                return
            action = moves[int(text) - 1]
        else:
            try:
                action = freeze(json.loads(text))
            except json.JSONDecodeError:
                self._say(f"Write the action as JSON, e.g. ? {as_json(moves[0])} "
                          "(?N shows move N written this way).")
                return
            try:
                reason = view.explain(action)
            except IllegalAction as exc:  # not an action at all
                reason = exc.reason
            if reason:
                self._say(reason)
                return
        self._say(f"{view.describe(action)} would do this:")
        for line in preview(view, action):
            self._say(line)
        self._say(f"Written as an action: ? {as_json(action)}")
