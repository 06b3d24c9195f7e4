"""Ekopolis's expert: the moves its learned values rank best, played a few turns
on by the game's quick player and judged there by the same values."""

import math

import pytest

import borough
from borough.agents import SeatView, make_agent
from borough.agents import registry as agent_registry
from borough.agents.evaluation import quick_player
from borough.agents.expert import agent as expert_agent
from borough.agents.expert.lookahead import ExpertLookahead, _play_turn
from borough.games.ekopolis.state import PLACE, step_now
from borough.games.registry import part
from tests.conformance.trajectories import key, playout

NAME = "ekopolis"
FULL = {"version": "full"}


def deciding(name=NAME, players=3, options=FULL):
    """A building decision with several rounds to go and many moves."""
    g = borough.game(name)
    traj = playout(name, players, key(options), 11)
    for snapshot in traj.snapshots[len(traj.snapshots) // 4:]:
        state = g.from_json(snapshot)
        if g.is_over(state):
            continue
        seat = g.to_act(state)[0]
        if name != NAME:
            if len(g.legal_actions(state, seat)) > 1:
                return g, state, seat
            continue
        if step_now(state) == PLACE and len(g.legal_actions(state, seat)) > 12 \
                and state.rounds - state.round >= 3:
            return g, state, seat
    raise AssertionError("no decision with a choice")


class Fallback:
    """The level's usual agent, recording that it was asked."""

    name = "fallback"

    def __init__(self):
        self.asked = 0

    def choose(self, view):
        self.asked += 1
        return view.legal_actions[-1]


def lookahead(candidates=4, samples=3, turns=1, **more):
    return ExpertLookahead(3, Fallback(), candidates=candidates, samples=samples, turns=turns,
                           **more)


@pytest.fixture
def no_game_budget(monkeypatch):
    """Ekopolis's expert at the budgets the tests give (none of the game's own)."""
    monkeypatch.setattr(part(NAME, "evaluation"), "EXPERT", {}, raising=False)


def test_it_plays_the_best_judged_of_its_kept_moves(no_game_budget):
    g, state, seat = deciding()
    agent = lookahead()
    view = SeatView(g, state, seat)
    ranked = agent.rank(view)
    assert len(ranked) == 4 and agent.last_iterations == 4 * 3
    assert all(move in view.legal_actions for move, _ in ranked)
    values = [v for _, v in ranked]
    assert values == sorted(values, reverse=True) and all(0 <= v <= 1 for v in values)
    assert lookahead().choose(SeatView(g, state, seat)) == ranked[0][0]
    assert agent.fallback.asked == 0


def test_the_kept_moves_are_the_best_judged_one_turn_ahead():
    g, state, seat = deciding()
    quick, judge = quick_player(NAME), expert_agent.learned_values(NAME)
    legal = g.legal_actions(state, seat)
    kept = lookahead(candidates=5).shortlist(g, state, seat, legal, quick, judge)

    def one_turn(action):
        trial = g.clone(state)
        g.apply_trusted(trial, seat, action)
        return judge(g, _play_turn(g, trial, seat, quick))[seat]

    assert len(kept) == 5
    worst_kept = min(one_turn(a) for a in kept)
    assert all(one_turn(a) <= worst_kept for a in legal if a not in kept)


@pytest.mark.parametrize("turns", [1, 2])
def test_a_playout_stops_where_the_seat_would_begin_another_turn(turns):
    """The seat's turn, turns - 1 more of its own, and every other seat's turn
    between: the seat is then about to build, `turns` rounds on."""
    g, state, seat = deciding()
    trial = g.clone(state)
    g.apply_trusted(trial, seat, g.legal_actions(trial, seat)[0])
    end = lookahead(turns=turns).play(g, trial, seat, quick_player(NAME))
    assert end.round == state.round + turns and end.current == seat
    assert g.to_act(end) == (seat,) and step_now(end) == PLACE


def test_the_cpu_cap_stops_it_after_a_whole_sampled_state(no_game_budget):
    """A clock moving a second a look: 3.5 s buy four sampled states (the
    first is always played), each for every kept move."""
    g, state, seat = deciding()
    ticks = [0.0]

    def clock():
        ticks[0] += 1.0
        return ticks[0]

    agent = lookahead(candidates=2, samples=10, seconds=3.5, clock=clock)
    agent.rank(SeatView(g, state, seat))
    assert agent.last_iterations == 4 * 2


def test_it_is_reproducible_for_a_seed(no_game_budget):
    g, state, seat = deciding()
    first = lookahead().rank(SeatView(g, state, seat))
    again = lookahead().rank(SeatView(g, g.clone(state), seat))
    assert first == again


@pytest.mark.parametrize("name, options", [(NAME, {"version": "basic"}), ("rondelcity", {})])
def test_where_it_does_not_reach_the_fallback_plays(name, options):
    """The basic version (the learned values cover only the full one) and a
    game without a quick player are played by the fallback."""
    g, state, seat = deciding(name, options=options)
    agent = lookahead()
    view = SeatView(g, state, seat)
    assert agent.rank(view) == [(view.legal_actions[-1], pytest.approx(math.nan,
                                                                     nan_ok=True))]
    assert agent.fallback.asked == 1 and agent.last_iterations == 0


def test_bad_settings_are_refused():
    for bad in ({"candidates": 0}, {"samples": 0}, {"turns": 0}):
        with pytest.raises(ValueError, match="at least one"):
            lookahead(**bad)


def test_ekopolis_expert_is_the_lookahead_at_the_games_budget(monkeypatch):
    monkeypatch.setattr(part(NAME, "evaluation"), "EXPERT",
                        {"candidates": 2, "samples": 1, "turns": 1}, raising=False)
    g, state, seat = deciding()
    level = make_agent("expert", 5)
    assert isinstance(level.fallback, ExpertLookahead)
    move = level.choose(SeatView(g, state, seat))
    assert move in g.legal_actions(state, seat)
    assert level.fallback.last_iterations == 2


def test_the_level_says_what_it_does_in_ekopolis():
    text = agent_registry.describe("expert", borough.game(NAME))
    own = agent_registry.EXPERT_LOOKAHEAD
    turns = agent_registry._TURNS[own["turns"]]
    assert text.startswith(f"plays the {own['candidates']} moves its values learned from "
                           f"self-play rank best {turns} on")
    assert f"on {own['samples']} guesses at what it cannot see" in text
    assert "lines of play" not in text
