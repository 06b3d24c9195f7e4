"""The expert level: learned position values inside hard's search."""

import math
import random

import numpy as np
import pytest

import borough
from borough import match as matches
from borough.agents import SeatView, make_agent
from borough.agents import registry as agent_registry
from borough.agents.evaluation import values
from borough.agents.expert import agent as expert_agent
from borough.agents.expert import features, model, train
from borough.agents.expert.agent import ExpertAgent, learned_values
from borough.agents.rollout import RolloutAgent
from tests.conformance.trajectories import key, playout

TRAINED = ("architectura", "rondelcity")


@pytest.fixture(autouse=True)
def iteration_budgets_only(monkeypatch):
    """The time cap would make results depend on machine speed; tests use iterations."""
    monkeypatch.setattr(agent_registry, "HARD_SECONDS", None)


def states(name, count=4):
    g = borough.game(name)
    traj = playout(name, 2, key({}), 11)
    picks = [len(traj.moves) * k // (count + 1) for k in range(1, count + 1)]
    return g, [g.from_json(traj.snapshots[i]) for i in picks]


@pytest.mark.parametrize("name", TRAINED)
def test_inputs_have_one_row_per_seat_of_the_model_width_and_repeat(name):
    g, found = states(name)
    for state in found:
        rows = features.inputs(g, state)
        assert len(rows) == 2
        assert all(len(row) == features.width(name) for row in rows)
        assert all(math.isfinite(x) for row in rows for x in row)
        assert rows == features.inputs(g, g.clone(state))
        # two seats: each one's leads are the other's, negated
        k = len(features.names(name))
        assert rows[0][1:1 + k] == [-x for x in rows[1][1:1 + k]]


@pytest.mark.parametrize("name", TRAINED)
def test_the_shipped_weights_load_and_fit_the_features(name):
    w = model.load(name)
    assert w is not None and len(w) == features.width(name)
    assert any(abs(x) > 1e-6 for x in w[1:])
    assert expert_agent.has_weights(name)


def test_a_game_without_weights_has_no_learned_values():
    assert model.load("citycouncil") is None and learned_values("ekopolis") is None


@pytest.mark.parametrize("name", TRAINED)
def test_learned_values_follow_the_weights_not_the_hand_values(name):
    """The leaf the search gets is sigmoid(w . x), computed here with numpy."""
    g, found = states(name)
    w = np.array(model.load(name))
    learned = learned_values(name)
    differs = False
    for state in found:
        x = np.array(features.inputs(g, state))
        expected = 1.0 / (1.0 + np.exp(-(x @ w)))
        got = learned(g, state)
        assert got == pytest.approx(expected.tolist(), abs=1e-12)
        differs |= max(abs(a - b) for a, b in zip(got, values(g, state, random.Random(0)),
                                                     strict=True)) > 1e-3
    assert differs


def test_expert_search_judges_its_leaves_by_the_learned_values(monkeypatch):
    """With the weights negated every value becomes one minus itself: the
    search must see that (it would not if it used the hand values)."""
    g, found = states("architectura")
    seen = []

    def spy(name):
        w = model.load(name)

        def judge(game, state):
            out = model.predict(w, game, state)
            seen.append(out)
            return out
        return judge

    monkeypatch.setattr(expert_agent, "learned_values", spy)
    state = found[1]
    seat = g.to_act(state)[0]
    agent = ExpertAgent(3, iterations=40)
    agent.choose(SeatView(g, state, seat))
    assert len(seen) >= 40
    assert agent.evaluator is not None
    leaf = g.clone(state)
    assert agent._values(g, leaf) == model.predict(model.load("architectura"), g, leaf)


def test_expert_plays_as_hard_where_it_has_no_weights():
    g = borough.game("citycouncil")
    _, found = states("citycouncil", 2)
    for state in found:
        seat = g.to_act(state)[0]
        expert = ExpertAgent(5, iterations=30)
        hard = agent_registry.hard(5, iterations=30)
        assert expert.choose(SeatView(g, state, seat)) == hard.choose(SeatView(g, state, seat))
        assert expert.evaluator is None
    assert isinstance(make_agent("expert", 1), RolloutAgent)  # Small City: its script's playouts


@pytest.mark.parametrize("name", TRAINED)
def test_expert_plays_legal_full_games(name):
    g = borough.game(name)
    m = matches.start(g, 2, 4, {})
    agents = [ExpertAgent(matches.seat_seed(4, s), iterations=15) for s in range(2)]
    matches.play(m, agents)  # every move is checked as it is applied
    assert m.over


def test_training_is_reproducible_and_saves_what_it_fits(tmp_path):
    first = train.train("architectura", 3, 2, 21, tmp_path / "a.npz")
    second = train.train("architectura", 3, 2, 21, None)
    assert first["weights"] == second["weights"]
    assert first["positions"] > 30
    with np.load(tmp_path / "a.npz") as data:
        assert data["weights"].tolist() == first["weights"]
        assert tuple(data["features"]) == features.names("architectura")
    other = train.train("architectura", 3, 2, 22, None)
    assert other["weights"] != first["weights"]


def test_fit_recovers_known_weights():
    rng = np.random.default_rng(0)
    x = np.column_stack([np.ones(4000), rng.normal(size=(4000, 2))])
    true = np.array([0.3, 1.5, -0.7])
    y = 1.0 / (1.0 + np.exp(-(x @ true)))
    assert model.fit(x, y) == pytest.approx(true, abs=0.02)
