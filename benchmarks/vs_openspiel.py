"""`hard`'s search against OpenSpiel's ISMCTSBot at equal CPU time per decision.

Each game is played at its smallest table of at least two (Ekopolis: three,
its full version, one `hard` against two ISMCTSBots), on paired seeds with our
seat rotated. Both searches get the same CPU time of their thread for every
decision with more than one choice; ISMCTSBot's fixed simulation count is
replaced by that deadline, nothing else of it is changed.

ISMCTSBot's leaf evaluation is one random rollout to the end (OpenSpiel's
RandomRolloutEvaluator), or with `--same-leaf` our own: the leaf is judged
exactly as `hard` judges its leaves (a move split into steps completed
greedily, then the game's position values), mapped from [0, 1] to OpenSpiel's
[-1, 1] returns. Its priors are uniform in both cases.

A game with a scripted player (Small City) is played by the `hard` level
itself, which improves on the script by playouts with a fixed number of them
a decision rather than a time budget; there the same leaf is the same
playout: the script plays the game out for every seat and the end is judged
as the level judges it (`borough.agents.rollout.outcome`). ISMCTSBot's budget
for each decision is then the mean CPU time our decisions have taken so far
in the game (`--seconds` at least), so both sides spend the same on average;
both sides' CPU seconds a decision are reported. ISMCTSBot always runs at
least two simulations, as its first only expands the root.

A game counts 1 for a sole win of ours, 1/k for a win shared by k, 0 otherwise;
City Council, where the whole table often loses to the government, is judged
by the score margin instead (1 ahead, 1/2 level, 0 behind). The win share gets
a Wilson 95% interval; a fair share is 1/players. Iterations per CPU second are
totals over every searched decision.

    python benchmarks/vs_openspiel.py [--games N] [--seconds S] [--same-leaf] [--log F] [GAME ...]

`--log` keeps each game as it ends, with its index; run again with the same
log, settings and a larger `--games`, and the games already logged are
counted, not played again.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import borough
import borough.rl.openspiel
from borough import match as matches
from borough.agents import SeatView, make_agent
from borough.agents.evaluation import finish, midway, playout_policy, values
from borough.agents.mcts import FINISH_WIDTH, MCTSAgent
from borough.agents.registry import hard_settings
from borough.agents.rollout import RolloutAgent, outcome

OPTIONS = {"ekopolis": {"version": "full"}}


def players_for(name: str) -> int:
    return min(c for c in borough.game(name).player_counts() if c >= 2)


class SameLeaf(mcts.Evaluator):
    """Our leaf values as an OpenSpiel evaluator, with uniform priors."""

    def __init__(self, game: borough.Game, seed: int) -> None:
        import random

        self.rng = random.Random(seed)
        self.script = playout_policy(game, seed)

    def evaluate(self, state: pyspiel.State) -> np.ndarray:
        g, s = state.borough_game, state.borough_state
        if self.script is not None:  # the hard level's own leaf: the script's playout
            end = RolloutAgent.play(g, g.clone(s), self.script, lambda t: not g.is_over(t))
            return np.array([2.0 * outcome(g, end, seat, self.rng) - 1.0
                             for seat in range(g.num_seats(end))])
        if not g.is_over(s):
            seat = g.to_act(s)[0]
            if midway(g, s, seat):
                s = finish(g, s, seat, self.rng, FINISH_WIDTH)
        return np.array([2.0 * v - 1.0 for v in values(g, s, self.rng)])

    def prior(self, state: pyspiel.State) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


class TimedISMCTS(ismcts.ISMCTSBot):
    """ISMCTSBot searching until its thread has spent `seconds` of CPU time."""

    def __init__(self, game: pyspiel.Game, evaluator: mcts.Evaluator, uct_c: float,
                 seconds: float, seed: int) -> None:
        super().__init__(game, evaluator, uct_c, max_simulations=1,
                         random_state=np.random.RandomState(seed),
                         allow_inconsistent_action_sets=True)
        self.seconds = seconds
        self.simulations = 0
        self.simulations_here = 0

    def run_search(self, state: pyspiel.State) -> list[tuple[int, float]]:
        self.reset()
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        self._root_node = self.create_new_node(state)
        self.simulations_here = 0
        deadline = time.thread_time() + self.seconds
        # at least two simulations: the first only expands the root
        while time.thread_time() < deadline or self.simulations_here < 2:
            self.run_simulation(self.sample_root_state(state))
            self.simulations += 1
            self.simulations_here += 1
        return self.get_final_policy(state, self.filter_illegals(self._root_node, legal))


@dataclass
class Outcome:
    share: float
    margin: float
    ours: tuple[int, float]  # iterations, CPU seconds
    theirs: tuple[int, float]
    decisions: tuple[int, int] = (0, 0)  # searched decisions: ours, theirs


def play(task: tuple[str, int, float, bool, float]) -> Outcome:
    name, index, seconds, same_leaf, uct_c = task
    g = borough.game(name)
    n = players_for(name)
    seed, hero = divmod(index, n)
    params = {"players": n, **OPTIONS.get(name, {})}
    os_game = pyspiel.load_game(f"borough_{name}", params)
    state = os_game.new_initial_state()
    state.apply_action(seed)  # the chance node: the game's seed
    scripted = playout_policy(g, seed) is not None
    if scripted:
        ours = make_agent("hard", matches.seat_seed(seed, hero))
    else:
        ours = MCTSAgent(matches.seat_seed(seed, hero), iterations=None, seconds=seconds,
                         **hard_settings(name))
    evaluator = (SameLeaf(g, seed) if same_leaf
                 else mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)))
    bots = {s: TimedISMCTS(os_game, evaluator, uct_c, seconds, matches.seat_seed(seed, s))
            for s in range(n) if s != hero}
    our_iters = our_cpu = their_cpu = 0.0
    searched = [0, 0]
    while not state.is_terminal():
        seat = state.current_player()
        started = time.thread_time()
        if seat == hero:
            view = SeatView(g, state.borough_state, seat)
            action = g.encode(ours.choose(view))
            if len(view.legal_actions) > 1:
                our_iters += ours.last_iterations
                our_cpu += time.thread_time() - started
                searched[0] += 1
        else:
            if scripted and searched[0]:  # ISMCTSBot gets our mean CPU a decision so far
                bots[seat].seconds = max(seconds, our_cpu / searched[0])
            searching = len(state.legal_actions()) > 1
            action = bots[seat].step(state)
            if searching:
                their_cpu += time.thread_time() - started
                searched[1] += 1
        state.apply_action(action)
    result = g.result(state.borough_state)
    margin = result.scores[hero] - max(result.scores[s] for s in range(n) if s != hero)
    if name == "citycouncil":
        share = 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
    else:
        share = 1.0 / len(result.winners) if hero in result.winners else 0.0
    their_iters = sum(b.simulations for b in bots.values())
    return Outcome(share, margin, (int(our_iters), our_cpu), (their_iters, their_cpu),
                   (searched[0], searched[1]))


def wilson(xs: list[float]) -> tuple[float, float, float]:
    n, p, z = len(xs), statistics.fmean(xs), 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, centre - half, centre + half


def per_decision(outs: list[Outcome], side: int) -> str:
    """Mean CPU seconds of one side's searched decisions ("?" for old logs)."""
    decisions = sum(o.decisions[side] for o in outs)
    cpu = sum((o.ours, o.theirs)[side][1] for o in outs)
    return f"{cpu / decisions:.3f}" if decisions else "?"


def logged(path: str | None, name: str, seconds: float, same_leaf: bool) -> dict[int, Outcome]:
    """The games of this setting a log already holds, by index."""
    done: dict[int, Outcome] = {}
    if not path:
        return done
    try:
        with open(path) as log:
            lines = log.read().splitlines()
    except FileNotFoundError:
        return done
    for number, line in enumerate(lines, 1):
        try:
            row = json.loads(line)
            if (row["game"], row["seconds"], row["same_leaf"]) != (name, seconds, same_leaf):
                continue
            done[int(row["index"])] = Outcome(float(row["share"]), float(row["margin"]),
                                              tuple(row["ours"]), tuple(row["theirs"]),
                                              tuple(row.get("decisions", (0, 0))))
        except (ValueError, KeyError, TypeError) as exc:
            why = f"{path}, line {number}: not a game of this benchmark ({exc})"
            raise SystemExit(why) from None
    return done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", metavar="GAME")
    parser.add_argument("--games", type=int, default=24, help="games per game")
    parser.add_argument("--seconds", type=float, default=0.2, help="CPU seconds a decision")
    parser.add_argument("--same-leaf", action="store_true",
                        help="ISMCTSBot judges leaves with our position values")
    parser.add_argument("--uct-c", type=float, default=1.0,
                        help="ISMCTSBot's exploration constant (returns are in [-1, 1])")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--log", help="append each game's outcome to this file (JSON lines); "
                        "games it already holds for these settings are not played again")
    args = parser.parse_args()
    leaf = "our values" if args.same_leaf else "random rollout"
    print(f"| game | players | games | hard's win share [95%] | fair | margin | "
          f"iterations/s hard / ISMCTS ({leaf}, {args.seconds} s CPU) | "
          f"CPU s a decision, hard / ISMCTS |")
    print("|---|---|---|---|---|---|---|---|")
    with ProcessPoolExecutor(args.workers) as pool:
        for name in args.names or borough.games():
            n = players_for(name)
            count = args.games - args.games % n or n
            kept = logged(args.log, name, args.seconds, args.same_leaf)
            outs = [kept[i] for i in range(count) if i in kept]
            tasks = [(name, i, args.seconds, args.same_leaf, args.uct_c)
                     for i in range(count) if i not in kept]
            futures = {pool.submit(play, t): t[1] for t in tasks}
            for done in as_completed(futures):
                outs.append(done.result())
                if args.log:  # each game as it ends, so a long run can be cut short
                    row = {"game": name, "index": futures[done], "seconds": args.seconds,
                           "same_leaf": args.same_leaf, **asdict(outs[-1])}
                    with open(args.log, "a") as log:
                        log.write(json.dumps(row) + "\n")
            p, low, high = wilson([o.share for o in outs])
            margin = statistics.fmean(o.margin for o in outs)
            ours = sum(o.ours[0] for o in outs) / max(1e-9, sum(o.ours[1] for o in outs))
            theirs = sum(o.theirs[0] for o in outs) / max(1e-9, sum(o.theirs[1] for o in outs))
            verdict = "above" if low > 1 / n else "not above"
            print(f"| {name} | {n} | {count} | {p:.1%} [{low:.1%}, {high:.1%}] ({verdict}) | "
                  f"{1 / n:.0%} | {margin:+.1f} | {ours:,.0f} / {theirs:,.0f} | "
                  f"{per_decision(outs, 0)} / {per_decision(outs, 1)} |", flush=True)


if __name__ == "__main__":
    main()
