"""The expert level's own budget: each game may let expert think longer than hard."""

import pytest

import borough
from borough.agents import SeatView, evaluation, make_agent
from borough.agents import registry as agent_registry
from borough.agents.expert import agent as expert_agent
from borough.agents.expert import model
from borough.agents.expert.agent import ExpertAgent, ExpertRollout
from borough.agents.hard import HARD_ITERATIONS, HardAgent
from borough.agents.rollout import RolloutAgent
from borough.games.registry import part
from tests.conformance.trajectories import key, playout

GAMES = ("architectura", "rondelcity", "citycouncil", "ekopolis", "smallcity")


def own_module(name):
    return part(name, "evaluation")


def a_decision(name):
    """A position of a two-or-more-player game whose seat has several moves."""
    g = borough.game(name)
    n = min(c for c in g.player_counts() if c >= 2)
    traj = playout(name, n, key({}), 11)
    for snapshot in traj.snapshots[len(traj.snapshots) // 3:]:
        state = g.from_json(snapshot)
        if g.is_over(state):
            continue
        seat = g.to_act(state)[0]
        if len(g.legal_actions(state, seat)) > 1:
            return g, SeatView(g, state, seat)
    raise AssertionError("no decision with a choice")


@pytest.mark.parametrize("name", GAMES)
def test_the_expert_budget_is_the_games_own_setting(name):
    assert evaluation.expert(name) == getattr(own_module(name), "EXPERT", {})


def test_the_shipped_expert_budgets():
    """Architectura lets expert search longer than hard; Rondel City's expert
    keeps hard's budget (its measured row stands); Ekopolis's plays out its
    best moves with its quick player at the registry's budget."""
    assert evaluation.expert("architectura")["iterations"] > HARD_ITERATIONS
    assert "iterations" not in evaluation.expert("rondelcity")
    assert evaluation.expert("ekopolis") == {}
    assert evaluation.quick_player("ekopolis") is not None
    assert ExpertAgent(0).budget("rondelcity") == HardAgent(0).budget("rondelcity")


def test_expert_searches_the_games_own_iterations(monkeypatch):
    monkeypatch.setattr(own_module("architectura"), "EXPERT", {"iterations": 37}, raising=False)
    _, view = a_decision("architectura")
    expert = ExpertAgent(3)
    expert.choose(view)
    assert expert.iterations == expert.last_iterations == 37
    assert HardAgent(3).budget("architectura") == HARD_ITERATIONS
    fixed = ExpertAgent(3, iterations=21)  # a given budget (measurements) stays
    fixed.choose(view)
    assert fixed.last_iterations == 21


def test_without_weights_expert_keeps_hards_budget(monkeypatch, tmp_path):
    monkeypatch.setattr(own_module("architectura"), "EXPERT", {"iterations": 37}, raising=False)
    monkeypatch.setattr(model, "WEIGHTS", tmp_path)
    model.load.cache_clear()
    try:
        assert expert_agent.budget("architectura") == {}
        assert ExpertAgent(3).budget("architectura") == HARD_ITERATIONS
        g = borough.game("architectura")
        assert agent_registry.describe("expert", g) == agent_registry._AS_HARD
    finally:
        model.load.cache_clear()


def test_small_citys_expert_plays_out_the_games_own_samples(monkeypatch):
    monkeypatch.setattr(own_module("smallcity"), "EXPERT", {"candidates": 3, "samples": 5},
                        raising=False)
    seen = []

    def spy(self, view):
        seen.append((self.candidates, self.samples))
        return []

    monkeypatch.setattr(RolloutAgent, "rank", spy)
    level = make_agent("expert", 1)
    assert isinstance(level, ExpertRollout)
    _, view = a_decision("smallcity")
    level.rank(view)
    assert seen == [(3, 5)]
    monkeypatch.setattr(own_module("smallcity"), "EXPERT", {}, raising=False)
    level.rank(view)
    defaults = agent_registry.EXPERT_ROLLOUT
    assert seen[-1] == (defaults["candidates"], defaults["samples"])


def test_describe_says_how_long_expert_thinks(monkeypatch):
    monkeypatch.setattr(own_module("architectura"), "EXPERT", {"iterations": 2500}, raising=False)
    text = agent_registry.describe("expert", borough.game("architectura"))
    assert "2,500 lines of play" in text and "learned from self-play" in text
    monkeypatch.setattr(own_module("architectura"), "EXPERT", {}, raising=False)
    assert agent_registry.describe("expert", borough.game("architectura")) == \
        agent_registry._SUMMARIES["expert"]
    monkeypatch.setattr(own_module("smallcity"), "EXPERT", {"samples": 8}, raising=False)
    assert agent_registry.describe("expert", borough.game("smallcity")).endswith(
        "the promising ones, eight times each")
    monkeypatch.setattr(own_module("smallcity"), "EXPERT", {"samples": 5}, raising=False)
    assert agent_registry.describe("expert", borough.game("smallcity")).endswith(
        "5 times each")


@pytest.mark.parametrize("name", GAMES)
def test_describe_names_the_shipped_budget(name):
    text = agent_registry.describe("expert", borough.game(name))
    own = evaluation.expert(name)
    if "iterations" in own:
        assert f"{own['iterations']:,} lines of play" in text
    else:
        assert "lines of play" not in text or name == "smallcity"
