"""The rollout agent: a game's own script, improved by playouts where they
show a better move, and the usual agent where a game has no script."""

import random

import pytest

import borough
from borough import match as matches
from borough.agents import SeatView, make_agent
from borough.agents.evaluation import playout_policy, squash, values
from borough.agents.greedy import GreedyAgent
from borough.agents.rollout import RolloutAgent, outcome
from borough.games.smallcity.planner import Planner


def smallcity_decisions(count: int = 6) -> tuple[object, list[SeatView]]:
    """Views of a solo Small City game at its first decisions of several choices."""
    g = borough.game("smallcity")
    m = matches.start(g, 1, 50_004, {"level": "mayor"})
    state, planner, views = m.state, Planner(4), []
    while not g.is_over(state) and len(views) < count:
        view = SeatView(g, state, 0)
        if len(view.legal_actions) > 3:
            views.append(SeatView(g, g.clone(state), 0))
        g.apply(state, 0, planner.choose(view))
    return g, views


def test_only_a_game_with_a_script_offers_one():
    assert isinstance(playout_policy(borough.game("smallcity"), 1), Planner)
    assert playout_policy(borough.game("ekopolis"), 1) is None


def test_one_candidate_plays_the_script():
    _, views = smallcity_decisions()
    for view in views:
        agent = RolloutAgent(3, GreedyAgent(3), candidates=1)
        assert agent.choose(view) == Planner(3).choose(view)


def test_departs_from_the_script_only_beyond_the_margin(monkeypatch):
    _, views = smallcity_decisions(1)
    view = views[0]
    own = Planner(5).choose(view)
    for other_mean, expected_own in ((0.505, True), (0.52, False)):
        monkeypatch.setattr(RolloutAgent, "judge",
                            lambda self, v, s, tried, m=other_mean: [0.5] + [m] * (len(tried) - 1))
        agent = RolloutAgent(5, GreedyAgent(5), candidates=3, margin=0.01)
        chosen = agent.choose(view)
        assert (chosen == own) is expected_own
        assert chosen in view.legal_actions


def test_shortlist_starts_with_the_scripts_move_and_holds_distinct_moves():
    _, views = smallcity_decisions()
    for view in views:
        agent = RolloutAgent(2, GreedyAgent(2), candidates=4)
        own = Planner(2).choose(view)
        tried = agent.shortlist(view, Planner(2), own)
        assert tried[0] == own
        assert len(tried) == min(4, len(view.legal_actions)) == len(set(tried))


def test_playouts_reach_the_end_and_judge_the_final_score():
    g, views = smallcity_decisions(1)
    view = views[0]
    agent = RolloutAgent(1, GreedyAgent(1), candidates=2, samples=1)
    means = agent.judge(view, Planner(1), view.legal_actions[:2])
    assert all(0.0 < m < 1.0 for m in means)
    end = RolloutAgent.play(g, view.sample(agent.rng), Planner(1), lambda s: not g.is_over(s))
    assert g.is_over(end)


def test_a_game_without_a_script_is_played_by_the_fallback():
    g = borough.game("ekopolis")
    m = matches.start(g, 3, 4, {"version": "basic"})
    seat = g.to_act(m.state)[0]
    view = SeatView(g, m.state, seat)
    chosen = RolloutAgent(7, GreedyAgent(7, samples=2)).choose(view)
    assert chosen == GreedyAgent(7, samples=2).choose(SeatView(g, m.state, seat))


def test_levels_play_small_city_by_the_script_and_reproducibly():
    _, views = smallcity_decisions(3)
    for view in views:
        for level in ("medium", "hard"):
            first = make_agent(level, 9).choose(view)
            assert first == make_agent(level, 9).choose(view)
            assert first in view.legal_actions
    # medium tries fewer moves than hard: its first candidate is the script's
    assert make_agent("medium", 1).candidates < make_agent("hard", 1).candidates


def finished_table_game():
    """A two-player Small City game played to its end by the script."""
    g = borough.game("smallcity")
    m = matches.start(g, 2, 50_017, {"level": "mayor"})
    end = RolloutAgent.play(g, m.state, Planner(17), lambda s: not g.is_over(s))
    assert g.is_over(end)
    return g, end


def test_at_a_table_a_playout_is_judged_by_its_final_margin():
    g, end = finished_table_game()
    result = g.result(end)
    rng = random.Random(0)
    for seat in range(2):
        margin = result.scores[seat] - result.scores[1 - seat]
        value = outcome(g, end, seat, rng, scale=50.0)
        # the sign follows who won, and the size follows the margin
        assert (value > 0.5) == (seat in result.winners)
        if abs(margin) > 1:
            assert value == pytest.approx(squash(margin / 50.0))
    # a wider curve moves a lead's value toward an even one
    leader = result.winners[0]
    assert 0.5 < outcome(g, end, leader, rng, scale=200.0) < outcome(g, end, leader, rng, 50.0)


def test_a_finished_solo_playout_is_judged_by_the_games_values():
    g = borough.game("smallcity")
    m = matches.start(g, 1, 50_003, {"level": "mayor"})
    end = RolloutAgent.play(g, m.state, Planner(3), lambda s: not g.is_over(s))
    assert outcome(g, end, 0, random.Random(1)) == values(g, end, random.Random(1))[0]


def test_the_judgement_counts_its_playouts():
    _, views = smallcity_decisions(1)
    agent = RolloutAgent(4, GreedyAgent(4), candidates=3, samples=2)
    agent.choose(views[0])
    assert agent.last_iterations == 3 * 2
