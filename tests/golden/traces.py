"""Golden traces: seeded games whose every move is pinned by a hash.

For each game, player count, option set (`Game.option_sets()`) and seed, a
seeded random agent plays a game from setup. After setup and after every move
the trace keeps a short sha256 prefix of what the move changed for the
players: the seat and action, the events it raised (text, kind, seat,
audience), every seat's observation and the spectator's (seat None), and the
legal actions of each seat to act next. The final result is kept in full.

A stored trace must be reproduced byte for byte while the game's
`rules_version` is unchanged, so a change meant to leave the rules alone
(a refactoring, a faster generator) is proven to do so on every game, count and
option set. Only a raised `rules_version` makes a game's file stale;
`scripts/golden.py` writes it again.

The random agent picks from the legal actions in the game's fixed action order
(`Game.encode`), not in the order a generator happens to list them, so a
generator that lists the same moves in another order keeps the traces (the
legal actions themselves are in the hash).
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import borough
from borough.agents.random_agent import RandomAgent
from borough.core.game import Action, Game

FOLDER = Path(__file__).resolve().parent
SEEDS = (1, 2)
DIGITS = 12
"""Hex digits kept of each move's sha256: 48 bits, so a changed move matching
its stored prefix by chance is a one in 2**48 event."""
MOVE_CAP: dict[str, int] = {}
"""Moves kept per trace for a game too slow to play out in full within the
golden test's budget (a capped trace stops there and has no result)."""


@dataclass(frozen=True)
class Case:
    game: str
    players: int
    options: tuple[tuple[str, Any], ...]
    seed: int

    def label(self) -> str:
        opts = ", ".join(f"{k}={v}" for k, v in self.options) or "default options"
        return f"{self.game}, {self.players} players, {opts}, seed {self.seed}"

    def key(self) -> str:
        return key(self.game, self.players, dict(self.options), self.seed)


@dataclass
class Trace:
    case: Case
    steps: list[str]
    """One hash prefix for setup, then one per move."""
    result: dict[str, Any] | None
    """The final result, or None where the trace was capped before the end."""
    moves: list[tuple[int, Action, list[str]]]
    """Each move's seat, action and event texts (for naming a difference; not stored)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.case.players,
            "options": dict(self.case.options),
            "seed": self.case.seed,
            "steps": "".join(self.steps),
            "result": self.result,
        }


def cases(name: str) -> list[Case]:
    """Every player count, option set and seed of one game."""
    game = borough.game(name)
    return [
        Case(name, players, tuple(sorted(options.items())), seed)
        for players in game.player_counts()
        for options in game.option_sets()
        for seed in SEEDS
    ]


class _OrderedView:
    """What the random agent reads: the legal actions, in the action space's order."""

    def __init__(self, legal: list[Action]) -> None:
        self.legal_actions = legal


def _digest(data: Any) -> str:
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:DIGITS]


def _ordered(game: Game, actions: list[Action]) -> list[Action]:
    index = game.action_space.index
    return sorted(actions, key=index.__getitem__)


def _table(game: Game, state: Any, seats: int, legal: dict[int, list[Action]]) -> list[Any]:
    """Everything a player can read after a move: each view and the choices next."""
    views = [game.observe(state, seat) for seat in (None, *range(seats))]
    return [views, [[seat, legal[seat]] for seat in sorted(legal)]]


def play(case: Case) -> Trace:
    """Play `case` from setup with seeded random agents and hash every move."""
    game = borough.game(case.game)
    options = dict(case.options)
    state = game.setup(case.players, seed=case.seed, options=options)
    seats = game.num_seats(state)
    agents = [RandomAgent(random.Random(f"{case.seed}:{s}").getrandbits(32)) for s in range(seats)]
    turn = random.Random(f"golden:{case.seed}")  # which seat moves when several may
    limit = game.max_decisions(case.players, game.resolve_options(case.players, options))
    cap = MOVE_CAP.get(case.game)

    def legal_now() -> dict[int, list[Action]]:
        return {s: _ordered(game, game.legal_actions(state, s)) for s in game.to_act(state)}

    legal = legal_now()
    steps = [_digest(["setup", *_table(game, state, seats, legal)])]
    moves: list[tuple[int, Action, list[str]]] = []
    while not game.is_over(state):
        if cap is not None and len(moves) >= cap:
            return Trace(case, steps, None, moves)
        if len(moves) >= limit:
            raise AssertionError(f"{case.label()}: no end within {limit} decisions")
        seat = turn.choice(sorted(legal))
        action = agents[seat].choose(_OrderedView(legal[seat]))  # type: ignore[arg-type]
        events = game.apply(state, seat, action)
        legal = legal_now()
        said = [e.to_json() for e in events]
        steps.append(_digest([seat, list(action), said, *_table(game, state, seats, legal)]))
        moves.append((seat, action, [e.text for e in events]))
    return Trace(case, steps, game.result(state).to_json(), moves)


def path(name: str) -> Path:
    return FOLDER / f"{name}.json"


def write(name: str, traces: list[Trace]) -> None:
    """One game's file: a header line, then one trace a line (small diffs)."""
    game = borough.game(name)
    head = {"game": name, "rules_version": game.rules_version, "seeds": list(SEEDS),
            "digits": DIGITS, "move_cap": MOVE_CAP.get(name)}
    lines = [json.dumps(t.to_json(), sort_keys=True) for t in traces]
    body = ",\n".join(lines)
    text = json.dumps(head, sort_keys=True)[:-1] + ', "traces": [\n' + body + "\n]}\n"
    path(name).write_text(text)


def read(name: str) -> dict[str, Any]:
    return json.loads(path(name).read_text())


def key(name: str, players: int, options: dict[str, Any], seed: int) -> str:
    """A case by its full option set, defaults filled in: a trace stored before an
    option was added still names the case that leaves the new option at its default
    (and must still be reproduced by it). An option set that is no longer valid
    names no case."""
    try:
        full = borough.game(name).resolve_options(players, options)
    except ValueError:
        full = {"no longer valid": options}
    return json.dumps([players, full, seed], sort_keys=True)


def stored_key(name: str, trace: dict[str, Any]) -> str:
    return key(name, trace["players"], trace["options"], trace["seed"])


def first_difference(stored: dict[str, Any], trace: Trace) -> str | None:
    """None when `trace` reproduces `stored`; else the first move that differs, in words."""
    want = stored["steps"]
    have = "".join(trace.steps)
    if want == have and stored["result"] == trace.result:
        return None
    for i in range(max(len(want), len(have)) // DIGITS + 1):
        a, b = want[i * DIGITS:(i + 1) * DIGITS], have[i * DIGITS:(i + 1) * DIGITS]
        if a == b:
            continue
        if i == 0:
            return f"{trace.case.label()}: differs at setup (the views or the first choices)"
        if not b:
            return (f"{trace.case.label()}: the game ends after move {i - 1}; "
                    f"the stored trace goes on to move {len(want) // DIGITS - 1}")
        seat, action, texts = trace.moves[i - 1]
        if not a:
            return (f"{trace.case.label()}: the game goes on past move {i - 1}, where "
                    f"the stored trace ends (move {i} is seat {seat} playing {action!r})")
        return (f"{trace.case.label()}: first difference at move {i}, seat {seat} "
                f"playing {action!r}; its events now: {texts}")
    return f"{trace.case.label()}: the result differs: {stored['result']} -> {trace.result}"
