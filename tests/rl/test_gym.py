"""Gymnasium: the library's own env checker, and one seat learning against Borough agents."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import borough
from borough import rl
from borough.rl.rewards import final_rewards

COUNTS = [(name, n) for name in borough.games() for n in borough.game(name).player_counts()]


# The encoder's numbers have no fixed bounds, so the box is unbounded (the checker advises
# against it but accepts it); without gymnasium.make there is no spec to test render modes.
@pytest.mark.filterwarnings("ignore:.*infinity:UserWarning")
@pytest.mark.filterwarnings("ignore:.*not having a spec:UserWarning")
@pytest.mark.parametrize(("name", "players"), COUNTS, ids=[f"{g}-{n}p" for g, n in COUNTS])
def test_gymnasium_check_env_passes(name, players):
    env = rl.gym_env(name, players, seat=players - 1, opponents="random", seed=1,
                     render_mode="ansi")
    check_env(env)


def play(env, rng, seed):
    obs, info = env.reset(seed=seed)
    total, steps = 0.0, 0
    while True:
        mask = env.action_masks()
        assert np.array_equal(mask, info["action_mask"].astype(bool))
        g, state = env.game, env.state
        legal = {g.encode(a) for a in g.legal_actions(state, env.seat)}
        assert set(np.flatnonzero(mask)) == legal and g.to_act(state)[0] == env.seat
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        total += reward
        steps += 1
        assert env.observation_space.contains(obs)
        if terminated or truncated:
            return total, steps, obs


def test_the_learning_seat_acts_only_at_its_turns_and_is_paid_at_the_end():
    env = rl.gym_env("architectura", 2, seat=1, opponents="easy")
    total, steps, last = play(env, np.random.default_rng(0), seed=12)
    assert env.game.is_over(env.state) and steps > 3
    assert total == final_rewards(env.game.result(env.state), 2)[1]
    again = rl.gym_env("architectura", 2, seat=1, opponents="easy")
    replay = play(again, np.random.default_rng(0), seed=12)
    assert replay[:2] == (total, steps) and np.array_equal(replay[2], last)


def test_several_opponent_levels_and_the_score_reward():
    env = rl.gym_env("citycouncil", 3, seat=0, opponents=["random", "easy"], reward="score")
    total, _, _ = play(env, np.random.default_rng(3), seed=4)
    assert -1 <= total <= 1
    with pytest.raises(ValueError, match="one per other seat"):
        rl.gym_env("citycouncil", 3, opponents=["random"])
    with pytest.raises(ValueError, match="unknown agent"):
        rl.gym_env("citycouncil", 3, opponents="grandmaster")
    with pytest.raises(ValueError, match="seat"):
        rl.gym_env("citycouncil", 3, seat=3)


def test_an_illegal_action_ends_the_episode_as_a_loss_and_leaves_the_game_alone():
    env = rl.gym_env("ekopolis", 3, opponents="random", options={"version": "full"})
    env.reset(seed=5)
    before = env.game.to_json(env.state)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal_action"]
    assert env.game.to_json(env.state) == before
    with pytest.raises(RuntimeError, match="reset"):
        env.step(illegal)
