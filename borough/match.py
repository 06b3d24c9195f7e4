"""Playing one game to the end with a set of agents, keeping its record."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from borough.agents.base import Agent, SeatView
from borough.agents.registry import make_agent
from borough.core import record as records
from borough.core.game import Action, Event, Game
from borough.core.record import Record
from borough.core.results import Result


@dataclass
class Match:
    game: Game
    record: Record
    state: Any
    events: list[Event] = field(default_factory=list)

    @property
    def over(self) -> bool:
        return self.game.is_over(self.state)

    def result(self) -> Result:
        return self.game.result(self.state)


def start(game: Game, players: int, seed: int, options: dict[str, Any] | None, *,
          unattended: bool = False) -> Match:
    """A new match; `unattended`: bots play every seat (see `Game.unattended_options`)."""
    opts = game.resolve_options(players, options, unattended=unattended)
    state = game.setup(players, seed=seed, options=opts)
    return Match(game, Record.start(game, players, seed, opts), state)


def resume(game: Game, record: Record) -> Match:
    """The match a record reaches, every move checked (CorruptData names a bad one)."""
    state, events = records.replay(game, record)
    return Match(game, record, state, events)


def seat_seed(seed: int, seat: int) -> int:
    """Each seat's agent gets its own reproducible stream."""
    return random.Random(f"{seed}:{seat}").getrandbits(32)


class Bot:
    """A computer opponent that seeds each decision from the game's seed, its seat and
    the decision's number (as the server's bots do), so a game resumed from its record
    plays on exactly as it would have without the break."""

    def __init__(self, name: str, match: Match, seat: int) -> None:
        make_agent(name)  # an unknown name fails here, before the game starts
        self.name = name
        self.match = match
        self.base = seat_seed(match.record.seed, seat)

    def choose(self, view: SeatView) -> Action:
        return make_agent(self.name, self.base + len(self.match.record.moves)).choose(view)


class Stalled(RuntimeError):
    """The agents did not finish the game within its decision budget."""


def play(
    match: Match,
    agents: Sequence[Agent],
    on_event: Callable[[Event], None] | None = None,
    max_decisions: int | None = None,
    on_move: Callable[[Match], None] | None = None,
) -> Match:
    """Let the agents decide until the game ends (or the decision budget runs out).

    `on_move` is called after every move is recorded (to save the game as it goes).
    """
    game, state = match.game, match.state
    limit = max_decisions or game.max_decisions(match.record.players, match.record.options)
    while not game.is_over(state):
        if len(match.record.moves) >= limit:
            raise Stalled(f"{game.title} did not end within {limit} decisions")
        seat = game.to_act(state)[0]
        action = agents[seat].choose(SeatView(game, state, seat))
        events = game.apply(state, seat, action)
        match.record.moves.append((seat, action))
        match.events.extend(events)
        if on_event:
            for event in events:
                on_event(event)
        if on_move:
            on_move(match)
    return match
