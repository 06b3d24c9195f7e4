"""Search iterations per CPU second, ours against OpenSpiel's ISMCTSBot, with
the same leaf: one random rollout to the end of the game.

Both searches start from the same positions (taken from greedy two-player
games, Ekopolis full at three, at a fifth, half and four fifths of the
game's decisions, where the seat has more than one choice) and run for the
same CPU seconds of their thread. Ours is `MCTSAgent` as a plain IS-MCTS
(`finish_width=0`: each step of a split move is a node, as in ISMCTSBot; no
halving, no confidence rule, no turn played on); its leaf is a random
rollout on the engine's state, ISMCTSBot's (OpenSpiel's
RandomRolloutEvaluator) a random rollout through the OpenSpiel state. So the
leaf's judgement is the same and the difference is what each iteration
costs: the engine and the search around it. A rollout's length varies
tenfold from one position to another (near the end it is short), so the
two are compared position by position: the ratio of their rates at each
position, summarised by the geometric mean with the lowest and highest;
the rates themselves are means over the positions. ISMCTSBot always runs
two simulations or more, so where a rollout is long it spends more than
its seconds, and its rate counts them.

This is the one measurement where Small City's search and ISMCTSBot's can
be put side by side on equal terms: Small City's `hard` level is not a tree
search but playouts of its script (see `vs_openspiel.py`).

    python benchmarks/search_rate.py [--games N] [--seconds S] [GAME ...]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts
from vs_openspiel import OPTIONS, TimedISMCTS, players_for

import borough
import borough.rl.openspiel  # registers the borough_<game> games
from borough.agents import SeatView
from borough.agents.evaluation import result_values
from borough.agents.greedy import GreedyAgent
from borough.agents.mcts import MCTSAgent
from borough.core.game import Game

STAGES = (0.2, 0.5, 0.8)


def random_rollout(rng: random.Random) -> Any:
    """A leaf judged by one random game to the end, on the engine's state."""

    def judge(game: Game, state: Any) -> list[float]:
        state = game.clone(state)  # as OpenSpiel's evaluator clones its state
        while not game.is_over(state):
            seat = game.to_act(state)[0]
            game.apply_trusted(state, seat, rng.choice(game.legal_actions(state, seat)))
        return result_values(game, state)

    return judge


def positions(name: str, games: int) -> list[tuple[int, list[Any]]]:
    """(seed, moves so far) at each stage of greedy games."""
    g = borough.game(name)
    n = players_for(name)
    out = []
    for seed in range(games):
        state = g.setup(n, seed=seed, options=OPTIONS.get(name))
        agents = [GreedyAgent(seed * n + s, samples=1, noise=0.2) for s in range(n)]
        history: list[tuple[Any, bool]] = []
        while not g.is_over(state):
            seat = g.to_act(state)[0]
            view = SeatView(g, state, seat)
            action = agents[seat].choose(view)
            history.append((action, len(view.legal_actions) > 1))
            g.apply(state, seat, action)
        choices = [i for i, (_, several) in enumerate(history) if several]
        for stage in STAGES:
            at = choices[int(stage * (len(choices) - 1))]
            out.append((seed, [a for a, _ in history[:at]]))
    return out


def measure(name: str, seed: int, moves: list[Any],
            seconds: float) -> tuple[int, float, int, float]:
    """Iterations and CPU seconds at one position: ours, then ISMCTSBot's."""
    g = borough.game(name)
    params = {"players": players_for(name), **OPTIONS.get(name, {})}
    os_game = pyspiel.load_game(f"borough_{name}", params)
    state = os_game.new_initial_state()
    state.apply_action(seed)  # the chance node: the game's seed
    for move in moves:
        state.apply_action(g.encode(move))
    ours = MCTSAgent(seed, iterations=None, seconds=seconds, finish_width=0,
                     evaluator=random_rollout(random.Random(seed)))
    view = SeatView(g, g.clone(state.borough_state), state.current_player())
    started = time.thread_time()
    ours.choose(view)
    our_cpu = time.thread_time() - started
    bot = TimedISMCTS(os_game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)),
                      1.0, seconds, seed)
    started = time.thread_time()
    bot.step(state)
    return ours.last_iterations, our_cpu, bot.simulations, time.thread_time() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", metavar="GAME")
    parser.add_argument("--games", type=int, default=4, help="greedy games per game")
    parser.add_argument("--seconds", type=float, default=0.5,
                        help="CPU seconds of each search at each position")
    args = parser.parse_args()
    print(f"One random rollout a leaf, {args.seconds} s of CPU a position for each search.")
    print("| game | players | positions | iterations/s ours | iterations/s ISMCTSBot | "
          "ratio | lowest-highest ratio |")
    print("|---|---|---|---|---|---|---|")
    for name in args.names or borough.games():
        rates = [measure(name, seed, moves, args.seconds)
                 for seed, moves in positions(name, args.games)]
        ratios = [(r[0] / r[1]) / (r[2] / r[3]) for r in rates]
        ours = statistics.fmean(r[0] / r[1] for r in rates)
        theirs = statistics.fmean(r[2] / r[3] for r in rates)
        print(f"| {name} | {players_for(name)} | {len(rates)} | {ours:,.0f} | {theirs:,.0f} | "
              f"{statistics.geometric_mean(ratios):.1f}x | {min(ratios):.1f}x-"
              f"{max(ratios):.1f}x |", flush=True)


if __name__ == "__main__":
    main()
