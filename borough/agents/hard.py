"""The hard level's search: information-set MCTS with hard's settings.

Its budget is HARD_ITERATIONS a decision, and how far a new leaf's turn is
played on is HARD_TURN_STEPS, unless the game sets its own: a game's
evaluation module may offer `SEARCH = {"iterations": ..., "turn_steps": ...}`
(see `borough.agents.evaluation.search`), where its position values cost
much more than the others'.
"""

from __future__ import annotations

from typing import Any

from borough.agents.evaluation import search
from borough.agents.mcts import MCTSAgent
from borough.core.game import Action
from borough.core.view import SeatView

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
    steps = search(game).get("turn_steps", HARD_TURN_STEPS) if game else HARD_TURN_STEPS
    return {
        "exploration": HARD_EXPLORATION,
        "spread": HARD_SPREAD,
        "confidence": HARD_CONFIDENCE,
        "turn_steps": steps,
        "halving": HARD_HALVING,
    }


class HardAgent(MCTSAgent):
    """MCTS with hard's settings; its budget is HARD_ITERATIONS, or the game's
    own (its `SEARCH`), unless one is given."""

    def __init__(self, seed: int, iterations: int | None = None) -> None:
        super().__init__(
            seed, iterations=iterations or HARD_ITERATIONS, seconds=HARD_SECONDS, **hard_settings()
        )
        self.fixed = iterations is not None

    def budget(self, name: str) -> int:
        """Iterations a decision in game `name` when none were given."""
        return search(name).get("iterations", HARD_ITERATIONS)

    def choose(self, view: SeatView) -> Action:
        own = search(view.game.name)
        if not self.fixed:
            self.iterations = self.budget(view.game.name)
        self.turn_steps = own.get("turn_steps", HARD_TURN_STEPS)
        return super().choose(view)


def hard(seed: int, iterations: int | None = None) -> MCTSAgent:
    """The hard level; a given `iterations` keeps its settings at that budget."""
    return HardAgent(seed, iterations)
