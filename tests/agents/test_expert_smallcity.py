"""Small City's expert: hard's shortlist and playouts, cut and judged by learned values."""

import math

import numpy as np
import pytest

import borough
from borough import match as matches
from borough.agents import SeatView, make_agent
from borough.agents.evaluation import playout_policy
from borough.agents.expert import agent as expert_agent
from borough.agents.expert import features, model, train
from borough.agents.greedy import GreedyAgent
from borough.agents.registry import EXPERT_CUT_ROUNDS, EXPERT_SCREEN
from borough.agents.rollout import RolloutAgent
from tests.conformance.trajectories import key, playout

NAME = "smallcity"


def states(count=4, players=2, options=None):
    g = borough.game(NAME)
    traj = playout(NAME, players, key(options or {}), 11)
    picks = [len(traj.moves) * k // (count + 1) for k in range(1, count + 1)]
    return g, [g.from_json(traj.snapshots[i]) for i in picks]


def deciding(g, found):
    """A position whose seat has more than one move."""
    for state in found:
        seat = g.to_act(state)[0]
        if len(g.legal_actions(state, seat)) > 2 and g.tables.rounds - state.round >= 2:
            return state, seat
    raise AssertionError("no position with a choice")


def test_inputs_have_one_row_per_seat_and_repeat():
    g, found = states()
    k = len(features.names(NAME))
    for state in found:
        rows = model.inputs(g, state)
        assert len(rows) == 2 and all(len(r) == features.width(NAME) for r in rows)
        assert all(math.isfinite(x) for row in rows for x in row)
        assert rows == model.inputs(g, g.clone(state))
        assert rows[0][1:1 + k] == pytest.approx([-x for x in rows[1][1:1 + k]])
        # the first lead is the votes less pollution, read straight off the seats
        a, b = state.seats
        assert rows[0][1] == (a.votes - a.pollution) - (b.votes - b.pollution)


def test_learned_values_cover_tables_playing_for_votes_only():
    g, found = states()
    assert features.covers(g, found[0]) and expert_agent.covered(g, found[0])
    _, solo = states(1, players=1)
    assert not features.covers(g, solo[0])
    _, economic = states(1, options={"mode": "economic"})
    assert not features.covers(g, economic[0])


def test_the_shipped_weights_load():
    w = model.load(NAME)
    assert w is not None and len(w) == features.width(NAME)
    assert any(abs(x) > 1e-6 for x in w[1:])
    g, found = states()
    for state in found:
        x = np.array(model.inputs(g, state, w))
        expected = 1.0 / (1.0 + np.exp(-(x @ np.array(w))))
        assert expert_agent.learned(g, state) == pytest.approx(expected.tolist(), abs=1e-12)


class Spy:
    """An evaluator that records what it judged."""

    def __init__(self):
        self.seen = []

    def __call__(self, game, state):
        self.seen.append(game.clone(state))
        return expert_agent.learned(game, state)


def test_cut_playouts_are_judged_by_the_evaluator_one_round_on():
    g, found = states()
    state, seat = deciding(g, found)
    spy = Spy()
    agent = RolloutAgent(3, GreedyAgent(3), candidates=3, samples=2, evaluator=spy,
                         cut_rounds=EXPERT_CUT_ROUNDS, covers=expert_agent.covered)
    agent.choose(SeatView(g, state, seat))
    assert agent.last_iterations == 6 and len(spy.seen) == 6
    for end in spy.seen:
        assert end.round == state.round + EXPERT_CUT_ROUNDS and not g.is_over(end)


def judged_playouts(agent, on_each):
    """Calls `on_each(state)` with every playout's last position while the
    agent judges its candidates (the shortlist's own steps left out)."""
    play, judge, judging = agent.play, agent.judge, [False]

    def spy(game, trial, script, going):
        end = play(game, trial, script, going)
        if judging[0]:
            on_each(end)
        return end

    def judged(*args):
        judging[0] = True
        try:
            return judge(*args)
        finally:
            judging[0] = False
    agent.play, agent.judge = spy, judged


def test_without_an_evaluator_playouts_run_to_the_end():
    g, found = states()
    state, seat = deciding(g, found)
    agent = RolloutAgent(3, GreedyAgent(3), candidates=2, samples=1)
    ends = []
    judged_playouts(agent, ends.append)
    agent.choose(SeatView(g, state, seat))
    assert ends and all(g.is_over(end) for end in ends)


def test_a_budget_in_seconds_spreads_playouts_over_the_candidates():
    """A clock that moves one second a playout: 7 seconds buy 7 playouts,
    round-robin over the six candidates from the script's move."""
    g, found = states()
    state, seat = deciding(g, found)
    ticks = [0.0]
    agent = RolloutAgent(3, GreedyAgent(3), candidates=6, seconds=7.0, evaluator=Spy(),
                         covers=expert_agent.covered, clock=lambda: ticks[0])
    ends = []

    def tick(end):
        ticks[0] += 1.0
        ends.append(end)
    judged_playouts(agent, tick)
    agent.choose(SeatView(g, state, seat))
    assert agent.last_iterations == 7 and len(ends) == 7
    # one playout each of different moves before the script's gets its second
    assert len({repr(g.to_json(end)) for end in ends[:6]}) > 1
    ticks[0] = 0.0
    agent.seconds = 2.0
    agent.choose(SeatView(g, state, seat))
    assert agent.last_iterations == 2


def test_a_spent_budget_plays_the_script():
    g, found = states()
    state, seat = deciding(g, found)
    agent = RolloutAgent(3, GreedyAgent(3), candidates=6, seconds=1.0, clock=iter(
        [0.0, 5.0, 5.0, 5.0]).__next__)
    own = playout_policy(g, 3).choose(SeatView(g, state, seat))
    assert agent.choose(SeatView(g, state, seat)) == own
    assert agent.last_iterations == 0


def test_expert_plays_a_legal_full_game():
    g = borough.game(NAME)
    m = matches.start(g, 2, 4, {})
    agents = [RolloutAgent(matches.seat_seed(4, s), GreedyAgent(s), candidates=2, samples=1,
                           evaluator=expert_agent.learned, covers=expert_agent.covered,
                           screen=EXPERT_SCREEN)
              for s in range(2)]
    matches.play(m, agents)  # every move is checked as it is applied
    assert m.over
    level = make_agent("expert", 1)
    assert isinstance(level, RolloutAgent) and level.evaluator is expert_agent.learned
    assert level.screen == EXPERT_SCREEN


def test_training_is_reproducible_and_saves_what_it_fits(tmp_path):
    first = train.train(NAME, 4, 2, 21, tmp_path / "s.npz")
    second = train.train(NAME, 4, 2, 21, None)
    assert first["weights"] == second["weights"]
    assert first["positions"] >= 4 * 8 * 2  # a row per seat at each round's start
    with np.load(tmp_path / "s.npz") as data:
        assert data["weights"].tolist() == first["weights"]
        assert tuple(data["features"]) == features.names(NAME)
    assert train.train(NAME, 4, 2, 22, None)["weights"] != first["weights"]


def test_a_screen_plays_out_whole_only_the_moves_the_cut_playouts_keep():
    """An evaluator that rates every cut position alike keeps every move (ties
    pass the screen); one that rates them all below the script's move by more
    than the screen leaves only the script's move to be played out whole."""
    g, found = states()
    state, seat = deciding(g, found)
    for low, kept in ((0.0, 3), (1.0, 1)):
        judged = []

        def flat(game, s, low=low, judged=judged):
            judged.append(s.round)
            out = [0.5] * s.players
            out[seat] = 0.5 - low * (len(judged) > 1)  # the first is the script's move
            return out
        agent = RolloutAgent(3, GreedyAgent(3), candidates=3, samples=2, evaluator=flat,
                             covers=expert_agent.covered, screen=0.1)
        ends = []
        judged_playouts(agent, ends.append)
        agent.choose(SeatView(g, state, seat))
        assert len(judged) == 3  # one cut playout a move
        whole = ends[3:]
        assert len(whole) == 2 * kept and all(g.is_over(end) for end in whole)
        assert agent.last_iterations == 3 + 2 * kept
