"""Agents by name, as the CLI, the simulator and the server name them.

The strength levels people choose from map onto the agents:
easy is a greedy player that often plays at random, medium is greedy with
hidden information sampled, hard is information-set MCTS. In a game that
offers a scripted player for playouts (`policy` in its evaluation module),
medium and hard improve on that script by playouts instead
(`borough.agents.rollout`), hard with more moves tried on more samples.
The search itself is `borough.agents.hard`.
Expert is hard with learned position values (`borough.agents.expert`), and,
as the top level, it may think longer: a game may set expert's own budget
beside hard's (`EXPERT` in its evaluation module, `evaluation.expert`),
within hard's cap of 1.8 s of CPU a decision. In a game without trained
weights it plays as hard. Where hard plays out a script, expert first plays
hard's moves out only a round, lets the learned values judge the rest, and
plays out to the end only the moves that pass. Where a game offers a quick
player for expert alone (`quick_player`), expert plays the moves its learned
values rank best a few turns on with it and judges them there
(`borough.agents.expert.lookahead`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from borough.agents.base import Agent
from borough.agents.evaluation import playout_policy, quick_player
from borough.agents.greedy import GreedyAgent
from borough.agents.hard import (
    HARD_EXPLORATION,
    HARD_ITERATIONS,
    HARD_SECONDS,
    HardAgent,
    hard,
    hard_settings,
)
from borough.agents.mcts import MCTSAgent
from borough.agents.random_agent import RandomAgent
from borough.agents.rollout import RolloutAgent
from borough.core.game import Game

# hard's search is borough.agents.hard; its names are offered here too
__all__ = [
    "AGENT_NAMES",
    "HARD_EXPLORATION",
    "HARD_SECONDS",
    "LEVELS",
    "HardAgent",
    "describe",
    "hard",
    "hard_settings",
    "make_agent",
    "offered",
]

# Where a game has a script: moves tried (the script's own among them) and
# sampled states each is played out on; a move replaces the script's only
# when its playouts' mean value is higher by more than ROLLOUT_MARGIN (two
# points of a solo Small City score), so sampling noise does not move it.
MEDIUM_ROLLOUT: dict[str, Any] = {"candidates": 2, "samples": 1}
HARD_ROLLOUT: dict[str, Any] = {"candidates": 6, "samples": 2}
ROLLOUT_MARGIN = 0.01
# Expert screens hard's moves first: each is played out EXPERT_CUT_ROUNDS
# rounds on one sampled state and the position there judged by the learned
# values; a move judged worse than the script's by more than EXPERT_SCREEN
# (about four points of final margin) is dropped, and only the others are
# played out to the end as hard plays them (`borough.agents.rollout`). The
# playouts saved go to more sampled states for the moves kept: four instead
# of hard's two, as many whole playouts as hard's when half the moves are kept
# (how many are kept at this level, and its CPU against hard's, is not measured).
# A game may set its own candidates and samples for expert (`EXPERT`).
EXPERT_CUT_ROUNDS = 1
EXPERT_SCREEN = 0.02
EXPERT_ROLLOUT: dict[str, Any] = {"candidates": 6, "samples": 4}
# Where a game offers a quick player (and sets no budget of its own), expert
# plays its best moves on so many sampled states for so many of its turns
# (`borough.agents.expert.lookahead`).
EXPERT_LOOKAHEAD: dict[str, Any] = {"candidates": 12, "samples": 64, "turns": 3}


def medium(seed: int) -> Agent:
    return RolloutAgent(seed, GreedyAgent(seed, samples=2), margin=ROLLOUT_MARGIN,
                        **MEDIUM_ROLLOUT)


def hard_level(seed: int) -> Agent:
    return RolloutAgent(seed, hard(seed), margin=ROLLOUT_MARGIN, **HARD_ROLLOUT)


def expert_level(seed: int) -> Agent:
    # imported here: the learned values need numpy, which the other levels do not
    from borough.agents.expert.agent import ExpertAgent, ExpertRollout, covered, learned
    from borough.agents.expert.lookahead import ExpertLookahead

    searched = ExpertLookahead(seed, ExpertAgent(seed), **EXPERT_LOOKAHEAD)
    return ExpertRollout(seed, searched, margin=ROLLOUT_MARGIN, evaluator=learned,
                         cut_rounds=EXPERT_CUT_ROUNDS, covers=covered, screen=EXPERT_SCREEN,
                         **EXPERT_ROLLOUT)


_FACTORIES: dict[str, Callable[[int], Agent]] = {
    "random": RandomAgent,
    "greedy": lambda seed: GreedyAgent(seed, samples=2),
    "mcts": lambda seed: MCTSAgent(seed, iterations=400, seconds=HARD_SECONDS),
    "easy": lambda seed: GreedyAgent(seed, samples=1, noise=0.5),
    "medium": medium,
    "hard": hard_level,
    "expert": expert_level,
}
AGENT_NAMES: tuple[str, ...] = tuple(_FACTORIES)
LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "expert")


# What each agent does, in words a person choosing an opponent can read.
_SUMMARIES = {
    "easy": "a beginner: plays the move that looks best at once, but often a random one",
    "medium": "plays the move that looks best one move ahead, on two guesses at what "
              "it cannot see",
    "hard": "searches up to a thousand lines of play before each move (at most 2 s)",
    "expert": "hard's search, judging positions by values learned from self-play",  # see _expert
    "random": "plays any legal move at random (for testing)",
    "greedy": "plays the move that looks best one move ahead, on two guesses at what "
              "it cannot see (medium without playouts)",
    "mcts": "a plain tree search of 400 lines of play, without hard's refinements",
}
# Where a game has a script (Small City), medium and hard improve on it by playouts.
_SCRIPTED = {
    "medium": "follows a sound plan, and tries one other move by playing the game out",
    "hard": "follows a sound plan, and tries five other moves by playing the game out "
            "twice each",
    "expert": "plays each of hard's moves one round on and judges the rest by values "
              "learned from self-play, then plays out only the promising ones, {times} "
              "each",
}
# Where a game offers a quick player, expert plays its best moves a few turns on.
_QUICK = ("plays the {candidates} moves its values learned from self-play rank best {turns} "
          "on, with a quick plan for every seat, on {samples} guesses at what it cannot see, "
          "and keeps the one that leads to the best position")
_TURNS = {1: "one turn", 2: "two turns", 3: "three turns", 4: "four turns"}
_AS_HARD = "plays as hard in this game (no learned values for it yet)"
_SET_ASIDE = ("plays as hard in this game (what it learned from self-play does not "
              "play better yet)")
_TIMES = {2: "twice", 3: "three times", 4: "four times", 6: "six times", 8: "eight times"}


def _expert(game: Game, scripted: bool) -> str:
    """Expert's sentence in `game`, with the game's own budget where it sets one."""
    from borough.agents.expert.agent import budget, has_weights, uses_learned

    if not has_weights(game.name):
        return _AS_HARD
    if not uses_learned(game.name):
        return _SET_ASIDE
    own = budget(game.name)
    if quick_player(game.name) is not None:
        turns = own.get("turns", EXPERT_LOOKAHEAD["turns"])
        return _QUICK.format(candidates=own.get("candidates", EXPERT_LOOKAHEAD["candidates"]),
                             samples=own.get("samples", EXPERT_LOOKAHEAD["samples"]),
                             turns=_TURNS.get(turns, f"{turns} turns"))
    if scripted:
        samples = own.get("samples", EXPERT_ROLLOUT["samples"])
        return _SCRIPTED["expert"].format(times=_TIMES.get(samples, f"{samples} times"))
    iterations = own.get("iterations", HARD_ITERATIONS)
    if iterations == HARD_ITERATIONS:
        return _SUMMARIES["expert"]
    return (f"searches up to {iterations:,} lines of play before each move (hard: "
            f"{HARD_ITERATIONS:,}; at most 2 s), judging positions by values learned "
            "from self-play")


def describe(name: str, game: Game) -> str:
    """One sentence on what agent `name` does in `game`."""
    if name not in _FACTORIES:
        raise ValueError(f"unknown agent {name!r}; choose from {', '.join(AGENT_NAMES)}")
    scripted = playout_policy(game, 0) is not None
    if name == "expert":
        return _expert(game, scripted)
    if scripted and name in _SCRIPTED:
        return _SCRIPTED[name]
    return _SUMMARIES[name]


def offered(game: Game) -> list[tuple[str, str]]:
    """Every agent with its sentence for `game`: the levels first, then the rest."""
    names = [*LEVELS, *(n for n in AGENT_NAMES if n not in LEVELS)]
    return [(n, describe(n, game)) for n in names]


def make_agent(name: str, seed: int = 0) -> Agent:
    if name not in _FACTORIES:
        raise ValueError(f"unknown agent {name!r}; choose from {', '.join(AGENT_NAMES)}")
    return _FACTORIES[name](seed)
