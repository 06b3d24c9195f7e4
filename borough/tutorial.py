"""A game's guided first game (tutorial.toml in the game's package): a fixed deal, the
whole list of moves (the person's and the scripted opponents'), and for each of the
person's decisions what to do and why, and what to say to a click elsewhere.

The person plays seat 0. Every move is checked by the engine as the tutorial is
replayed: a move that is not legal where it stands is refused with its step number.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import borough
from borough.core.game import Game
from borough.core.serial import freeze
from borough.rulebook import package_of

PERSON = 0


@dataclass(frozen=True)
class Step:
    """One move of the tutorial; a step of the person's carries its two sentences."""

    seat: int
    action: tuple[Any, ...]
    text: str = ""
    wrong: str = ""
    click: str = ""  # where the text points: a board place's key, or "button"


@dataclass(frozen=True)
class Tutorial:
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    intro: str
    ready: str
    steps: tuple[Step, ...] = field(default_factory=tuple)

    @property
    def decisions(self) -> list[int]:
        """The indices of the person's steps, in order."""
        return [i for i, s in enumerate(self.steps) if s.seat == PERSON]


def exists(game: str) -> bool:
    return (resources.files(package_of(game)) / "tutorial.toml").is_file()


def load(game: str) -> Tutorial:
    """The game's tutorial.toml; ValueError for a step without its sentences."""
    raw = (resources.files(package_of(game)) / "tutorial.toml").read_text(encoding="utf-8")
    data = tomllib.loads(raw)
    steps = []
    for number, entry in enumerate(data["steps"], start=1):
        step = Step(seat=int(entry["seat"]), action=freeze(entry["action"]),
                    text=" ".join(entry.get("text", "").split()),
                    wrong=" ".join(entry.get("wrong", "").split()),
                    click=str(entry.get("click", "")))
        if step.seat == PERSON and not (step.text and step.wrong):
            raise ValueError(f"{game} tutorial step {number}: the person's step needs "
                             "its text and its wrong-click sentence")
        steps.append(step)
    return Tutorial(game=game, players=int(data["players"]), seed=int(data["seed"]),
                    options=dict(data.get("options", {})),
                    intro=" ".join(data["intro"].split()), ready=" ".join(data["ready"].split()),
                    steps=tuple(steps))


class Refused(ValueError):
    """A step of a tutorial the engine does not allow where it stands."""


def start(tutorial: Tutorial) -> tuple[Game, Any]:
    game = borough.game(tutorial.game)
    options = game.resolve_options(tutorial.players, tutorial.options)
    return game, game.setup(tutorial.players, seed=tutorial.seed, options=options)


def check(game: Game, state: Any, number: int, step: Step) -> None:
    """Refuse a step whose seat is not to act or whose move is not legal now."""
    if step.seat not in game.to_act(state):
        raise Refused(f"step {number}: seat {step.seat + 1} is not to act "
                      f"(to act: {[s + 1 for s in game.to_act(state)]})")
    if step.action not in game.legal_actions(state, step.seat):
        reason = game.explain(state, step.seat, step.action)
        raise Refused(f"step {number}: {list(step.action)} is not legal: {reason}")


def replay(tutorial: Tutorial, upto: int) -> tuple[Game, Any, list[Any]]:
    """The position before step `upto` (0-based), each step checked, with the events of
    the moves played (every event, as the engine returned it)."""
    game, state = start(tutorial)
    events: list[Any] = []
    for number, step in enumerate(tutorial.steps[:upto], start=1):
        check(game, state, number, step)
        events.extend((number, step.seat, e) for e in game.apply(state, step.seat, step.action))
    return game, state, events
