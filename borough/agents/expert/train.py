"""Train the expert's position values of a game by self-play; one command:

    python -m borough.agents.expert.train architectura

plays `--games` games between Borough's own agents (each seat drawn, from
the seed, among a noisy greedy player, `medium`'s greedy player and `hard`'s
search at a small budget, so the positions range over weak and strong play;
or by the game's own shares of them, `features.training_players`), records
every position reached with each seat's final result value (or the game's
own target, where its features module sets one: `features.target`),
fits the model (`model.fit`) and writes the weights into the package
(`borough/agents/expert/weights/<game>.npz`). The same seed and counts give
the same weights. The last HELD_OUT share of the games is kept aside first
to report how well the fitted values and the hand-made ones predict results
there; the weights written are then fitted on every game.

Small City's expert judges the positions where its playouts are cut, at the
start of a round, and those playouts are its script's (see
`borough.agents.rollout`). So its games are the script's for every seat, each
seat leaving it for a random legal move at a rate drawn from SCRIPT_NOISE
(the search's own departures make positions the pure script never reaches),
and the positions recorded are those at the start of each round. Its target
is not the result value but what hard's playouts judge a finished game by
(`borough.agents.rollout.outcome`: the final margin over the best rival on a
wide curve), so that a cut playout and a finished one are judged on one scale
and a lead keeps its weight where the winner is all but decided.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

import borough
from borough import match as matches
from borough.agents.base import Agent, SeatView
from borough.agents.evaluation import playout_policy, result_values, values
from borough.agents.expert import features, model
from borough.agents.greedy import GreedyAgent
from borough.agents.hard import hard
from borough.agents.rollout import outcome

HELD_OUT = 0.2
HARD_ITERATIONS = 30  # the search's budget in training games: strong moves, cheaply
# The training players by name, each a maker from a seed.
MAKERS: dict[str, Callable[[int], Agent]] = {
    "noisy greedy": lambda seed: GreedyAgent(seed, samples=1, noise=0.2),
    "greedy": lambda seed: GreedyAgent(seed, samples=2),
    "search": lambda seed: hard(seed, HARD_ITERATIONS),
}
# Each seat's player by default: its share of the seats, unless the game's
# features module sets its own (TRAINING_PLAYERS).
PLAYERS = {"noisy greedy": 0.4, "greedy": 0.3, "search": 0.3}


# A scripted game (Small City): each seat's rate of random moves, drawn per game and seat.
SCRIPT_NOISE = (0.0, 0.02, 0.05, 0.1)
# Default self-play games, unless the game's features module sets its own
# (TRAINING_GAMES: Small City's scripted games are far cheaper than the others').
GAMES = 400
DECISION_LIMIT = 5000  # a game longer than this is dropped (none is expected)


@dataclass
class Positions:
    raw: list[list[list[float]]]  # per position, each seat's own numbers (`features.parts`)
    shared: list[list[float]]  # per position, the numbers every seat shares
    y: list[list[float]]  # per position, each seat's final result value
    hand: list[list[float]]  # the hand-made values of the same position, per seat
    game: list[int]  # which game the position comes from

    def add_game(self, game: int, parts: list[tuple[list[list[float]], list[float]]],
                 hands: list[list[float]], final: list[float]) -> None:
        """A game's positions (each seat's numbers and hand values) with each
        seat's final value."""
        for (raw, shared), hand in zip(parts, hands, strict=True):
            self.raw.append(raw)
            self.shared.append(shared)
            self.y.append(list(final))
            self.hand.append(hand)
            self.game.append(game)


def pick_player(rng: random.Random, seed: int, shares: dict[str, float]) -> Agent:
    """A seat's player, drawn by `shares` (one draw of `rng` a seat)."""
    roll, upto = rng.random(), 0.0
    names = list(shares)
    for name in names:
        upto += shares[name]
        if roll < upto:
            return MAKERS[name](seed)
    return MAKERS[names[-1]](seed)  # shares summing a hair under 1


class Noisy:
    """The game's script, leaving it for a random legal move at `rate`."""

    def __init__(self, name: str, seed: int, rate: float) -> None:
        self.script = playout_policy(borough.game(name), seed)
        self.rng = random.Random(seed)
        self.rate = rate

    def choose(self, view: SeatView) -> object:
        if self.rate and self.rng.random() < self.rate:
            return self.rng.choice(view.legal_actions)
        return self.script.choose(view)


def self_play(name: str, games: int, players: int, seed: int) -> Positions:
    """Self-play games and the positions they reach. A game with a script (Small
    City) plays it with noise at every seat and keeps the positions at each
    round's start, valued as hard's playouts value a finished game; the others
    draw each seat's player by the game's shares (`features.training_players`)
    and keep every position with its result value (see the module)."""
    g = borough.game(name)
    scripted = playout_policy(g, seed) is not None
    shares = features.training_players(name, PLAYERS)
    out = Positions([], [], [], [], [])
    rng = random.Random(seed)
    hand_rng = random.Random(seed)
    for i in range(games):
        m = matches.start(g, players, seed + i, {})
        agents = [Noisy(name, matches.seat_seed(seed + i, s), rng.choice(SCRIPT_NOISE))
                  if scripted else pick_player(rng, matches.seat_seed(seed + i, s), shares)
                  for s in range(players)]
        rows: list[tuple[list[list[float]], list[float]]] = []
        hands: list[list[float]] = []
        state, seen = m.state, -1
        for _ in range(DECISION_LIMIT):
            if g.is_over(state):
                break
            if not scripted or state.round != seen:
                seen = state.round if scripted else seen
                rows.append(features.parts(g, state))
                hands.append(values(g, state, hand_rng))
            seat = g.to_act(state)[0]
            g.apply(state, seat, agents[seat].choose(SeatView(g, state, seat)))
        if not g.is_over(state):
            continue
        final = ([outcome(g, state, s, hand_rng) for s in range(players)] if scripted
                 else features.target(g, state) or result_values(g, state))
        out.add_game(i, rows, hands, final)
    return out


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def train(name: str, games: int, players: int, seed: int, out: Path | None) -> dict[str, float]:
    """Play, fit and (with `out`) save; the figures the fit reports."""
    started = time.process_time()
    data = self_play(name, games, players, seed)
    played = time.process_time() - started
    raw, shared, y = np.array(data.raw), np.array(data.shared), np.array(data.y)
    hand, which = np.array(data.hand), np.array(data.game)
    held = which >= games * (1 - HELD_OUT)
    report = {"positions": float(len(y) * y.shape[1]), "play_cpu_s": played}
    if held.any() and (~held).any():
        w = model.fit_rivals(raw[~held], shared[~held], y[~held])
        x = model.leads(raw[held], shared[held], w)
        learned = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -40, 40)))
        report["held_out_loss_learned"] = log_loss(learned, y[held].reshape(-1))
        report["held_out_loss_hand"] = log_loss(hand[held].reshape(-1), y[held].reshape(-1))
    w = model.fit_rivals(raw, shared, y)
    report["fit_cpu_s"] = time.process_time() - started - played
    if out is not None:
        model.save(name, w, out, games=games, players=players, seed=seed)
    report["weights"] = w.tolist()  # type: ignore[assignment]
    return report


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=features.games())
    parser.add_argument("--games", type=int, default=None,
                        help="self-play games (400, or the game's own TRAINING_GAMES)")
    parser.add_argument("--players", type=int, default=None,
                        help="players a game (the game's smallest table of two or more)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--out", type=Path, default=None,
                        help="weights file (default: the package's, which expert plays)")
    args = parser.parse_args(argv)
    out = args.out or model.weights_path(args.game)
    games = args.games or features.training_games(args.game, GAMES)
    players = args.players or min(n for n in borough.game(args.game).player_counts() if n >= 2)
    report = train(args.game, games, players, args.seed, out)
    named = features.names(args.game)
    names = ("constant", *named, *(f"{n} x left" for n in named), "left",
             *features.table_names(args.game))
    for n, w in zip(names, report.pop("weights"), strict=True):  # type: ignore[arg-type]
        print(f"  {n:>28}: {w:+.4f}")
    for key, value in report.items():
        print(f"{key}: {value:.4g}")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
