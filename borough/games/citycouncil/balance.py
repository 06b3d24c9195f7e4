"""Balance report for the designed content: `python -m borough.games.citycouncil.balance`.

Plays games between sensible members (see policy.py) and prints how games end
(a Mayor, the government, the term), their length in rounds, win shares by
seat and how often each kind of choice was taken.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from borough.games.citycouncil.policy import Sensible
from borough.games.citycouncil.rules import CityCouncil


@dataclass
class Tally:
    games: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    rounds: list[int] = field(default_factory=list)
    # shares of tied wins
    wins: defaultdict[int, float] = field(default_factory=lambda: defaultdict(float))
    choices: Counter[str] = field(default_factory=Counter)
    built: Counter[str] = field(default_factory=Counter)
    decisions: int = 0


def play(game: CityCouncil, players: int, mode: str, seed: int, tally: Tally,
         sensible: bool = True) -> None:
    rng = random.Random(seed)
    state = game.setup(players, seed, {"mode": mode})
    agent = Sensible(game, rng)
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        if sensible:
            action = agent.choose(state, seat)
        else:
            action = rng.choice(game.legal_actions(state, seat))
        tally.choices[action[0]] += 1
        tally.decisions += 1
        for event in game.apply(state, seat, action):
            if event.kind == "execute" and " is built" in event.text:
                tally.built[event.text.split("the ", 1)[1].split(" is built")[0]] += 1
    result = game.result(state)
    tally.games += 1
    tally.outcomes[state.outcome] += 1
    tally.rounds.append(state.round)
    for w in result.winners:
        tally.wins[w] += 1 / len(result.winners)


def report(players: int, mode: str, games: int, sensible: bool = True) -> Tally:
    game = CityCouncil()
    tally = Tally()
    for seed in range(games):
        play(game, players, mode, seed, tally, sensible)
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--random", action="store_true", help="random members instead")
    args = parser.parse_args()
    total = Tally()
    start = time.perf_counter()
    for mode in ("basic", "advanced"):
        for players in (2, 3, 4, 5):
            t = report(players, mode, args.games, not args.random)
            r = sorted(t.rounds)
            shares = " ".join(f"P{s + 1}:{t.wins[s] / t.games:.2f}" for s in range(players))
            print(
                f"{mode:8} {players}p  mayor {t.outcomes['mayor'] / t.games:.2f}  "
                f"government {t.outcomes['government'] / t.games:.2f}  "
                f"term {t.outcomes['term'] / t.games:.2f}  rounds median {r[len(r) // 2]} "
                f"(min {r[0]}, max {r[-1]})  wins {shares}"
            )
            total.choices.update(t.choices)
            total.built.update(t.built)
            total.decisions += t.decisions
    elapsed = time.perf_counter() - start
    print(f"decisions {total.decisions} in {elapsed:.1f}s")
    print("choices:", dict(total.choices.most_common()))
    print("built:", dict(total.built.most_common()))


if __name__ == "__main__":
    main()
