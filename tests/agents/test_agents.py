"""Computer opponents: honest, reproducible, and usable wherever agents are named."""

import math
import random

import pytest

import borough
from borough import match as matches
from borough.agents import AGENT_NAMES, SeatView, make_agent
from borough.agents import hard as hard_search
from borough.agents import registry as agent_registry
from borough.agents.evaluation import result_values, squash, values
from borough.agents.mcts import MCTSAgent
from borough.games.smallcity import evaluation as smallcity_values
from tests.conformance.trajectories import key, playout


@pytest.fixture(autouse=True)
def iteration_budgets_only(monkeypatch):
    """The time cap would make results depend on machine speed; tests use iterations."""
    monkeypatch.setattr(agent_registry, "HARD_SECONDS", None)


def sample_states(name, count=3):
    g = borough.game(name)
    players = g.player_counts()[0]
    traj = playout(name, players, key({}), 11)
    picks = [len(traj.moves) * k // (count + 1) for k in range(1, count + 1)]
    return g, [g.from_json(traj.snapshots[i]) for i in picks]


@pytest.mark.parametrize("name", borough.games())
@pytest.mark.parametrize("agent", AGENT_NAMES)
def test_honesty_hidden_information_does_not_change_decisions(name, agent):
    """Two states that differ only in what seat p cannot see: same decision."""
    g, states = sample_states(name)
    differed = False
    for state in states:
        for seat in g.to_act(state):
            other = g.determinize(state, seat, random.Random(99))
            differed |= g.to_json(other) != g.to_json(state)
            assert g.observe(other, seat) == g.observe(state, seat)
            first = make_agent(agent, 7).choose(SeatView(g, state, seat))
            second = make_agent(agent, 7).choose(SeatView(g, other, seat))
            assert first == second
    assert differed, "the test states had nothing hidden to vary"


@pytest.mark.parametrize("agent", ["random", "easy", "medium", "hard"])
def test_agents_are_seeded_and_reproducible(agent):
    g = borough.game("ekopolis")

    def game_record():
        m = matches.start(g, 3, 4, {"version": "basic"})
        agents = [make_agent(agent if s == 0 else "random", matches.seat_seed(4, s))
                  for s in range(3)]
        return matches.play(m, agents).record.moves

    assert game_record() == game_record()


def test_agents_see_only_a_seat_view():
    g = borough.game("ekopolis")
    state = g.setup(4, seed=1)
    view = SeatView(g, state, 0)
    public = {n for n in dir(view) if not n.startswith("_")}
    assert public == {"game", "seat", "observation", "legal_actions", "sample", "explain",
                      "describe", "prompt"}
    assert view.observation == g.observe(state, 0)


def test_mcts_needs_a_budget_and_obeys_it():
    with pytest.raises(ValueError):
        MCTSAgent(1, iterations=None, seconds=None)
    g = borough.game("ekopolis")
    state = g.setup(4, seed=2)
    agent = MCTSAgent(1, iterations=50)
    action = agent.choose(SeatView(g, state, 0))
    assert action in g.legal_actions(state, 0) and agent.last_iterations == 50


def test_mcts_takes_an_obvious_win():
    """With one move far better than the rest, search finds it."""
    view, by_value = ekopolis_scores_one_move_ahead()
    chosen = MCTSAgent(3, iterations=300).choose(view)
    assert by_value[chosen] >= max(by_value.values()) - 1


def ekopolis_scores_one_move_ahead() -> tuple[SeatView, dict]:
    """An Ekopolis basic opening where one move scores far more than the rest:
    seat 0's view and the score each of its moves gives at once."""
    g = borough.game("ekopolis")
    state = g.setup(3, seed=5, options={"version": "basic"})
    view = SeatView(g, state, 0)
    by_value = {}
    for action in view.legal_actions:
        trial = g.clone(state)
        g.apply(trial, 0, action)
        by_value[action] = trial.scores[0]
    return view, by_value


def test_values_are_in_the_unit_interval_and_favour_the_leader():
    g = borough.game("ekopolis")
    state = g.setup(4, seed=3)
    state.scores = [20, 5, 5, 5]
    v = values(g, state, random.Random(1))
    assert all(0 <= x <= 1 for x in v) and v[0] == max(v)
    assert squash(100) == 1.0 and squash(-100) == 0.0
    done = g.setup(3, seed=1)
    rng = random.Random(2)
    while not g.is_over(done):
        seat = g.to_act(done)[0]
        g.apply(done, seat, rng.choice(g.legal_actions(done, seat)))
    finals = result_values(g, done)
    winner = g.result(done).winners[0]
    assert finals[winner] == max(finals)


def test_levels_are_accepted_by_the_command_line():
    from typer.testing import CliRunner

    from borough.cli import app

    result = CliRunner().invoke(app, ["play", "ekopolis", "--players", "3", "--agents",
                                      "hard,medium,easy", "-o", "version=basic", "--json"])
    assert result.exit_code == 0, result.output
    bad = CliRunner().invoke(app, ["play", "ekopolis", "--agents", "grandmaster"])
    assert bad.exit_code == 1 and "hard" in bad.output


def test_mcts_keeps_a_split_move_whole():
    """A Rondel City placement (a tile, then its square) is one node of the tree:
    its square is chosen greedily when the node is made and taken again on every
    later visit, so the placement is judged by that square."""
    from borough.agents.evaluation import midway
    from borough.agents.mcts import Node

    g = borough.game("rondelcity")
    rng = random.Random(5)
    state = g.setup(2, seed=5)
    while True:
        seat = g.to_act(state)[0]
        legal = g.legal_actions(state, seat)
        places = [a for a in legal if a[0] == "place"]
        if places:
            break
        g.apply(state, seat, rng.choice(legal))
    agent = MCTSAgent(2, iterations=60)
    root = Node(2)
    agent.low, agent.high = [0.0, 0.0], [1.0, 1.0]
    for _ in range(60):
        agent._iterate(g, g.determinize(state, seat, agent.rng), root)
    node = root.children[places[0]]
    assert node.then and all(step[0] == "square" for step in node.then)
    trial = g.clone(state)
    g.apply(trial, seat, places[0])
    for step in node.then:
        g.apply(trial, seat, step)
    assert not midway(g, trial, seat)
    # the square was never searched as a child of its own
    assert all(a[0] != "square" for a in node.children)


def test_plain_mcts_searches_each_step_of_a_split_move_as_a_node():
    """With finish_width=0 a Rondel City placement is not completed: its square
    is chosen below it in the tree, as a plain IS-MCTS does, and the judged
    leaves come from the evaluator given."""
    from borough.agents.mcts import Node

    g = borough.game("rondelcity")
    rng = random.Random(5)
    state = g.setup(2, seed=5)
    while True:
        seat = g.to_act(state)[0]
        places = [a for a in g.legal_actions(state, seat) if a[0] == "place"]
        if places:
            break
        g.apply(state, seat, rng.choice(g.legal_actions(state, seat)))
    judged = []

    def evaluator(game, position):
        judged.append(position)
        return [0.5, 0.5]

    agent = MCTSAgent(2, iterations=200, finish_width=0, evaluator=evaluator)
    root = Node(2)
    agent.low, agent.high = [0.0, 0.0], [1.0, 1.0]
    for _ in range(200):
        agent._iterate(g, g.determinize(state, seat, agent.rng), root)
    assert len(judged) == 200
    assert all(not child.then for child in root.children.values())
    squares = [a for child in root.children.values() for a in child.children
               if a[0] == "square"]
    assert squares, "a placement's squares are searched as nodes of their own"


def test_plain_mcts_cannot_judge_moves_it_does_not_complete():
    for settings in ({"confidence": 1.0}, {"turn_steps": 2}):
        with pytest.raises(ValueError, match="finish_width"):
            MCTSAgent(1, iterations=10, finish_width=0, **settings)
    with pytest.raises(ValueError, match="finish_width"):
        MCTSAgent(1, iterations=10, finish_width=-1)


def test_mcts_spread_is_checked():
    with pytest.raises(ValueError, match="spread"):
        MCTSAgent(1, iterations=10, spread="wide")


def _rondel_placement(max_squares):
    """A Rondel City state where the seat to act may place a held tile on at
    most `max_squares` squares, reached by random play."""
    g = borough.game("rondelcity")
    for seed in range(40):
        rng = random.Random(seed)
        state = g.setup(2, seed=seed)
        for _ in range(3000):
            if g.is_over(state):
                break
            seat = g.to_act(state)[0]
            legal = g.legal_actions(state, seat)
            for a in legal:
                if a[0] == "place":
                    trial = g.clone(state)
                    g.apply(trial, seat, a)
                    if 1 < len(g.legal_actions(trial, seat)) <= max_squares:
                        return g, state, seat, a
            g.apply(state, seat, rng.choice(legal))
    raise AssertionError("no placement found")


def test_mcts_completes_a_split_move_as_medium_finishes_it():
    """The square a placement node keeps is the best one, as `medium` finds it,
    wherever both can try every square."""
    from borough.agents.evaluation import completion
    from borough.agents.greedy import GreedyAgent
    from borough.agents.mcts import FINISH_WIDTH

    g, state, seat, place = _rondel_placement(FINISH_WIDTH)
    chosen = g.clone(state)
    g.apply(chosen, seat, place)
    by_square = {}
    for square in g.legal_actions(chosen, seat):
        trial = g.clone(chosen)
        g.apply(trial, seat, square)
        by_square[square] = values(g, trial, random.Random(0))[seat]
    _, steps = completion(g, g.clone(chosen), seat, random.Random(3), FINISH_WIDTH)
    assert by_square[steps[0]] == max(by_square.values())
    medium = GreedyAgent(4, samples=2).choose(SeatView(g, chosen, seat))
    assert by_square[medium] == by_square[steps[0]]


def test_search_departs_from_the_judged_move_only_when_confident():
    """Means within the noise keep the move judged best one step ahead; a mean
    clearly better wins."""
    from borough.agents.mcts import Node

    agent = MCTSAgent(1, iterations=10, confidence=1.0)
    agent.seat = 0

    def node(values_seen):
        n = Node(2)
        n.visits = len(values_seen)
        n.totals[0] = sum(values_seen)
        n.squares[0] = sum(v * v for v in values_seen)
        return n

    root = Node(2)
    root.children = {"judged": node([0.3, 0.5] * 50), "searched": node([0.31, 0.51] * 50)}
    assert not agent._beats(root, "searched", "judged")
    root.children["searched"] = node([0.6, 0.8] * 50)
    assert agent._beats(root, "searched", "judged")
    assert agent._beats(root, "judged", "judged")


def test_confidence_rule_keeps_the_free_rondel_step_under_ucb():
    """At the start of Rondel City, one step ahead, paying for rondel steps is
    judged worse, and UCB's means differ by less than their noise, so the
    confidence rule keeps the free step. Without it the most visited move of
    UCB is played, and it pays (on seed 1): the move that got ahead by chance
    has the deepest subtree."""
    g = borough.game("rondelcity")
    settings = {"exploration": 0.7, "spread": "children", "confidence": 1.0}
    for seed in range(3):
        state = g.setup(2, seed=seed)
        seat = g.to_act(state)[0]
        assert state.step == "rotate"
        chosen = MCTSAgent(seed, iterations=300, **settings).choose(SeatView(g, state, seat))
        assert chosen == ("rondel", 0)


def test_hard_takes_an_obvious_win_with_its_settings():
    view, by_value = ekopolis_scores_one_move_ahead()
    chosen = agent_registry.hard(3, iterations=300).choose(view)
    assert by_value[chosen] >= max(by_value.values()) - 1


def test_hard_budget_is_its_games_own_where_one_is_set(monkeypatch):
    # Small City's values are the costliest: hard searches fewer iterations there
    monkeypatch.setattr(smallcity_values, "SEARCH", {**smallcity_values.SEARCH, "iterations": 7})
    monkeypatch.setattr(hard_search, "HARD_ITERATIONS", 9)
    for name, budget in (("smallcity", 7), ("citycouncil", 9)):
        g = borough.game(name)
        state = g.setup(2, seed=4)
        seat = g.to_act(state)[0]
        view = SeatView(g, state, seat)
        assert len(view.legal_actions) > 1  # a real decision: the search runs
        agent = agent_registry.hard(1)
        agent.choose(view)
        assert agent.last_iterations == budget
    # Small City's leaves are judged without playing its turn on (it costs too much)
    assert agent_registry.hard_settings("smallcity")["turn_steps"] == 0
    assert agent_registry.hard_settings("rondelcity")["turn_steps"] > 0
    agent = agent_registry.hard(1)
    g = borough.game("smallcity")
    state = g.setup(2, seed=4)
    agent.choose(SeatView(g, state, g.to_act(state)[0]))
    assert agent.turn_steps == 0
    # a budget given by the caller is kept in every game
    fixed = agent_registry.hard(1, iterations=5)
    g = borough.game("smallcity")
    state = g.setup(2, seed=4)
    fixed.choose(SeatView(g, state, g.to_act(state)[0]))
    assert fixed.last_iterations == 5


def test_deviation_spread_keeps_comparing_moves_within_the_noise():
    """Scaled by the leaves' standard deviation, UCB keeps visiting a move whose
    mean is behind by less than the noise; on the children's own range the
    same small lead looks decisive."""
    from borough.agents.mcts import Node

    def node(visits, mean, deviation):
        n = Node(2)
        n.visits = n.avail = visits
        n.totals[0] = visits * mean
        n.squares[0] = visits * (mean * mean + deviation * deviation)
        return n

    parent = node(60, 0.517, 0.3)
    parent.children = {"ahead": node(50, 0.52, 0.3), "behind": node(10, 0.50, 0.3)}
    for child in parent.children.values():
        child.avail = 60
    chosen = {}
    for spread in ("deviation", "children"):
        agent = MCTSAgent(1, iterations=10, exploration=1.0, spread=spread)
        chosen[spread] = agent._select(parent, ["ahead", "behind"], 0)
    assert chosen == {"deviation": "behind", "children": "ahead"}
    # a lead of many standard deviations is exploited all the same
    parent = node(60, 0.517, 0.01)
    parent.children = {"ahead": node(50, 0.52, 0.01), "behind": node(10, 0.50, 0.01)}
    for child in parent.children.values():
        child.avail = 60
    agent = MCTSAgent(1, iterations=10, exploration=1.0, spread="deviation")
    assert agent._select(parent, ["ahead", "behind"], 0) == "ahead"


def test_turn_steps_judge_a_rondel_step_by_what_the_seat_then_does():
    """A new leaf for a Rondel City rondel step is judged once the seat has
    played the rest of its turn greedily, not before it acts on its space."""
    from borough.agents.mcts import Node

    g = borough.game("rondelcity")
    state = g.setup(2, seed=4)
    seat = g.to_act(state)[0]
    assert state.step == "rotate"
    seen = {}
    for steps in (0, 4):
        agent = MCTSAgent(1, iterations=1, turn_steps=steps)
        agent.seat = seat
        agent.low, agent.high = [0.0, 0.0], [1.0, 1.0]
        root = Node(2)
        agent._iterate(g, g.clone(state), root)
        (action, child), = root.children.items()
        after = g.clone(state)
        g.apply(after, seat, action)
        seen[steps] = (child.totals[seat], values(g, after, random.Random(0))[seat])
        turn = MCTSAgent(1, iterations=1, turn_steps=steps)._finish_turn(g, after, seat)
        assert (g.to_act(turn)[0] != seat) == (steps > 0)
    leaf, before = seen[0]
    assert leaf == before
    leaf, before = seen[4]
    assert leaf != before


def test_halving_compares_the_last_moves_on_equal_visits():
    """Sequential halving at the root: every move is tried alike in the first
    round, the worse half by mean is dropped each round, and the moves left at
    the end have had the same number of visits, so the move played is the best
    mean among subtrees searched alike."""
    g = borough.game("rondelcity")
    state = g.setup(2, seed=2)
    seat = g.to_act(state)[0]
    view = SeatView(g, state, seat)
    agent = MCTSAgent(3, iterations=300, halving=True)
    chosen = agent.choose(view)
    assert agent.last_iterations == 300
    # choose() keeps no tree: search again the same way to look at it
    from borough.agents.mcts import Node

    probe = MCTSAgent(3, iterations=300, halving=True)
    probe.seat, probe.last_iterations = seat, 0
    probe.low, probe.high = [math.inf] * 2, [-math.inf] * 2
    root = Node(2)
    left = probe._halve(view, root, 0.0)
    legal = view.legal_actions
    assert len(legal) == 5 and len(left) == 2
    assert all(a in root.children for a in legal)
    visits = sorted(root.children[a].visits for a in left)
    assert visits[1] - visits[0] <= 1
    assert all(root.children[a].visits < visits[0] for a in legal if a not in left)
    means = {a: root.children[a].totals[seat] / root.children[a].visits for a in legal}
    assert min(means[a] for a in left) >= max(means[a] for a in legal if a not in left) - 0.05
    assert chosen in legal
