"""PettingZoo: the library's own API tests on every game, player count and option set."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test

import borough
from borough import rl
from borough.core.errors import IllegalAction
from borough.rl.rewards import final_rewards
from tests.conformance.trajectories import case_id, cases

CASES = cases()
COUNTS = [(name, n) for name in borough.games() for n in borough.game(name).player_counts()]


@pytest.fixture(autouse=True)
def _quiet_advice():
    # api_test also prints advice as warnings (e.g. unbounded observation boxes);
    # its contract is what it asserts.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_pettingzoo_api_test_passes(case):
    name, players, options = case
    api_test(rl.env(name, players, options, seed=3), num_cycles=100_000)


@pytest.mark.parametrize(("name", "players"), COUNTS, ids=[f"{g}-{n}p" for g, n in COUNTS])
def test_pettingzoo_parallel_api_test_passes(name, players):
    """Options change no rule of how decisions are gathered, so default options suffice."""
    parallel_api_test(rl.parallel_env(name, players, seed=4), num_cycles=100_000)


def play_out(env, rng):
    env.reset()
    total = {a: 0.0 for a in env.possible_agents}
    moves = []
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        total[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        moves.append((agent, action))
        env.step(action)
    return total, moves


def test_a_seeded_table_replays_exactly_and_pays_the_result_at_the_end():
    first = rl.env("ekopolis", 4, {"version": "full"}, seed=21)
    total, moves = play_out(first, np.random.default_rng(0))
    again = rl.env("ekopolis", 4, {"version": "full"}, seed=21)
    assert play_out(again, np.random.default_rng(0)) == (total, moves)
    g = borough.game("ekopolis")
    state = g.setup(4, seed=21, options={"version": "full"})
    for agent, action in moves:
        g.apply(state, int(agent.split("_")[1]), g.decode(action))
    expected = final_rewards(g.result(state), 4)
    assert [total[f"player_{s}"] for s in range(4)] == expected


def test_score_rewards_are_normalised_scores():
    env = rl.env("rondelcity", 3, seed=5, reward="score")
    total, _ = play_out(env, np.random.default_rng(1))
    values = list(total.values())
    assert all(-1 <= v <= 1 for v in values) and abs(sum(values)) < 1e-9
    with pytest.raises(ValueError, match="reward"):
        rl.env("rondelcity", 3, reward="money")


def test_the_mask_is_the_legal_actions_of_the_seat_to_act_only():
    env = rl.env("smallcity", 3, seed=2)
    env.reset()
    g, state = env.game, env.state
    seat = g.to_act(state)[0]
    assert env.agent_selection == f"player_{seat}"
    for other in range(3):
        mask = env.observe(f"player_{other}")["action_mask"]
        legal = {g.encode(a) for a in g.legal_actions(state, other)} if other == seat else set()
        assert set(np.flatnonzero(mask)) == legal


def test_an_illegal_action_is_refused_and_changes_nothing():
    env = rl.env("architectura", 2, seed=9)
    env.reset()
    obs = env.observe(env.agent_selection)
    before = env.game.to_json(env.state)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction):
        env.step(illegal)
    assert env.game.to_json(env.state) == before


def test_parallel_steps_gather_every_sealed_choice_at_once():
    """Architectura's opening choice is made by all seats together, unseen."""
    env = rl.parallel_env("architectura", 3, {"replacements": 3}, seed=6)
    obs, _ = env.reset()
    waiting = env.game.to_act(env.state)
    assert len(waiting) > 1
    assert all(obs[f"player_{s}"]["action_mask"].any() for s in waiting)
    actions = {a: int(np.flatnonzero(o["action_mask"])[0]) if o["action_mask"].any() else 0
               for a, o in obs.items()}
    bad = dict(actions)
    bad[f"player_{waiting[-1]}"] = int(np.flatnonzero(obs["player_0"]["action_mask"] == 0)[0])
    before = env.game.to_json(env.state)
    with pytest.raises(IllegalAction):
        env.step(bad)
    assert env.game.to_json(env.state) == before
    env.step(actions)
    assert env.game.to_json(env.state) != before


def test_a_sealed_choice_is_collected_one_seat_at_a_time():
    """Architectura's opening choice is made by every seat unseen: the AEC table asks
    each waiting seat in turn, and a seat's vector does not show another's pending choice."""
    env = rl.env("architectura", 3, {"replacements": 3}, seed=6)
    env.reset()
    g = env.game
    waiting = list(g.to_act(env.state))
    assert len(waiting) > 1
    asked = []
    rng = np.random.default_rng(2)
    while g.observe(env.state, None)["step"] == "choose":
        agent = env.agent_selection
        assert agent == f"player_{g.to_act(env.state)[0]}"
        asked.append(agent)
        obs = env.observe(agent)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert {f"player_{s}" for s in waiting} <= set(asked)
    for seat in range(3):
        for sample in (g.determinize(env.state, seat, random.Random(k)) for k in range(3)):
            assert np.array_equal(env.encoder.encode_state(sample, seat),
                                  env.encoder.encode_state(env.state, seat))


def test_rondel_city_observes_a_full_queue_of_moves():
    """An effect queues a move for every colour beside the mover's own waiting gain
    and cost: five queued moves at four players still encode."""
    env = rl.env("rondelcity", 4, {"events": "on", "amenities": "off"}, seed=3)
    env.reset(seed=3)
    env.state.pending = [[0, 6, 0], [0, 0, -2], [1, 3, -1], [2, 3, -1], [3, 3, -1]]
    obs = env.observe(env.agent_selection)["observation"]
    assert env.observation_space(env.agent_selection)["observation"].contains(obs)
