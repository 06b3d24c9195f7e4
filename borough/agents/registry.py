"""Agents by name, as the CLI, the simulator and the server name them.

The strength levels people choose from map onto the agents:
easy is a greedy player that often plays at random, medium is greedy with
hidden information sampled, hard is information-set MCTS. In a game that
offers a scripted player for playouts (`policy` in its evaluation module),
medium and hard improve on that script by playouts instead
(`borough.agents.rollout`), hard with more moves tried on more samples.
Expert is hard with learned position values (`borough.agents.expert`); in a
game without trained weights it plays as hard. Where hard plays out a script,
expert first plays hard's moves out only a round, lets the learned values
judge the rest, and plays out to the end only the moves that pass.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from borough.agents.base import Agent, SeatView
from borough.agents.evaluation import playout_policy
from borough.agents.greedy import GreedyAgent
from borough.agents.mcts import MCTSAgent
from borough.agents.random_agent import RandomAgent
from borough.agents.rollout import RolloutAgent
from borough.core.game import Action, Game

# People wait for hard at most this long (CPU seconds of the deciding thread);
# the iteration budget binds first on every current game, so its play stays
# reproducible for a given seed.
HARD_SECONDS = 1.8
HARD_ITERATIONS = 1000
HARD_EXPLORATION = 0.7
# UCB compares the children's means on their own range: in City Council, Rondel
# City and Small City moves differ by 0.03-0.06 while leaf values span 0.9.
HARD_SPREAD = "children"
# The search plays another move than the one judged best one step ahead only
# when its mean is better by more than this many standard errors.
HARD_CONFIDENCE = 1.0
# A new leaf is judged once its seat has played the rest of its turn greedily
# (at most this many decisions): Rondel City's rondel step, then what is done
# on its space, is judged as one turn.
HARD_TURN_STEPS = 4
# The root's moves are compared by sequential halving, on equal visits.
HARD_HALVING = True


def hard_settings(game: str | None = None) -> dict[str, Any]:
    """Hard's search apart from its budget (for measurements at other budgets),
    in `game` where given."""
    steps = HARD_GAME_TURN_STEPS.get(game, HARD_TURN_STEPS) if game else HARD_TURN_STEPS
    return {"exploration": HARD_EXPLORATION, "spread": HARD_SPREAD,
            "confidence": HARD_CONFIDENCE, "turn_steps": steps, "halving": HARD_HALVING}


# Hard's budget in a game whose position values cost much more than the others':
# Small City's values project every round left for each leaf, so 1,000
# iterations took about 0.9 s a decision and 80 s of CPU a solo game. The
# smaller budget keeps a game of the search within reach of a measurement.
# (The hard level plays Small City by playouts of its script instead, see
# HARD_ROLLOUT; this budget is the search's, as `hard(seed)` makes it.)
HARD_GAME_ITERATIONS = {"smallcity": 150}
# Small City's turn is a whole Build phase of several tiles, each greedy step
# weighing every place by those same values: played on before each new leaf,
# it made a decision of hard cost several seconds (ten times as much), so its
# leaves are judged when the move is complete, as before.
HARD_GAME_TURN_STEPS = {"smallcity": 0}


class HardAgent(MCTSAgent):
    """MCTS with hard's settings; its budget is HARD_ITERATIONS, or the game's
    own in HARD_GAME_ITERATIONS, unless one is given."""

    def __init__(self, seed: int, iterations: int | None = None) -> None:
        super().__init__(seed, iterations=iterations or HARD_ITERATIONS,
                         seconds=HARD_SECONDS, **hard_settings())
        self.fixed = iterations is not None

    def choose(self, view: SeatView) -> Action:
        if not self.fixed:
            self.iterations = HARD_GAME_ITERATIONS.get(view.game.name, HARD_ITERATIONS)
        self.turn_steps = HARD_GAME_TURN_STEPS.get(view.game.name, HARD_TURN_STEPS)
        return super().choose(view)


def hard(seed: int, iterations: int | None = None) -> MCTSAgent:
    """The hard level; a given `iterations` keeps its settings at that budget."""
    return HardAgent(seed, iterations)


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
EXPERT_CUT_ROUNDS = 1
EXPERT_SCREEN = 0.02
EXPERT_ROLLOUT: dict[str, Any] = {"candidates": 6, "samples": 4}


def medium(seed: int) -> Agent:
    return RolloutAgent(seed, GreedyAgent(seed, samples=2), margin=ROLLOUT_MARGIN,
                        **MEDIUM_ROLLOUT)


def hard_level(seed: int) -> Agent:
    return RolloutAgent(seed, hard(seed), margin=ROLLOUT_MARGIN, **HARD_ROLLOUT)


def expert_level(seed: int) -> Agent:
    # imported here: the learned values need numpy, which the other levels do not
    from borough.agents.expert.agent import ExpertAgent, covered, learned

    return RolloutAgent(seed, ExpertAgent(seed), margin=ROLLOUT_MARGIN, evaluator=learned,
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
    "expert": "hard's search, judging positions by values learned from self-play",
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
              "learned from self-play, then plays out only the promising ones, four times "
              "each",
}
_AS_HARD = "plays as hard in this game (no learned values for it yet)"


def describe(name: str, game: Game) -> str:
    """One sentence on what agent `name` does in `game`."""
    if name not in _FACTORIES:
        raise ValueError(f"unknown agent {name!r}; choose from {', '.join(AGENT_NAMES)}")
    if playout_policy(game, 0) is not None and name in _SCRIPTED:
        return _SCRIPTED[name]
    if name == "expert":
        from borough.agents.expert.agent import has_weights

        if not has_weights(game.name):
            return _AS_HARD
    return _SUMMARIES[name]


def offered(game: Game) -> list[tuple[str, str]]:
    """Every agent with its sentence for `game`: the levels first, then the rest."""
    names = [*LEVELS, *(n for n in AGENT_NAMES if n not in LEVELS)]
    return [(n, describe(n, game)) for n in names]


def make_agent(name: str, seed: int = 0) -> Agent:
    if name not in _FACTORIES:
        raise ValueError(f"unknown agent {name!r}; choose from {', '.join(AGENT_NAMES)}")
    return _FACTORIES[name](seed)
