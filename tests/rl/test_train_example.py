"""The training example's plumbing, without its training dependencies.

examples/train_ppo.py imports torch, sb3-contrib and matplotlib only where
training and plotting start; its environments and paired-seed evaluation are
checked here with a policy that needs none of them.
"""

from __future__ import annotations

import subprocess
import sys

import numpy as np

from tests.rl.examples import EXAMPLES, load_example


def test_the_example_imports_without_the_training_extra():
    code = ("from tests.rl.examples import load_example; import sys; "
            "load_example('train_ppo'); "
            "assert not {'torch', 'sb3_contrib', 'matplotlib'} & set(sys.modules)")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=EXAMPLES.parent)


def test_the_learning_env_is_architectura_two_players_in_either_seat():
    example = load_example("train_ppo")
    for seat in (0, 1):
        env = example.make_env(seat, "random", seed=3)
        obs, _ = env.reset()
        assert env.game.name == "architectura" and env.players == 2 and env.seat == seat
        assert obs.shape == env.observation_space.shape and env.action_masks().any()
    env.set_opponents("easy")
    assert env.opponent_names == {0: "easy"}


def test_evaluation_pairs_each_seed_over_both_seats_with_an_interval():
    example = load_example("train_ppo")
    seen = []

    def first_legal(obs, mask):
        seen.append(obs.shape)
        return int(np.flatnonzero(mask)[0])

    result = example.evaluate(first_legal, "random", pairs=4)
    assert (result.pairs, result.games) == (4, 8)
    assert 0 <= result.low <= result.win_share <= result.high <= 1
    # the same policy on the same seeds scores the same: the evaluation is reproducible
    again = example.evaluate(first_legal, "random", pairs=4)
    assert again == result
    # each seed is played from both seats
    singles = [example.play_one(first_legal, "random", 10_000, seat) for seat in (0, 1)]
    assert all(x in (0.0, 0.5, 1.0) for x in singles)
    assert seen
