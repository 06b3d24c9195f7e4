"""The training example's plumbing, without its training dependencies.

examples/train_ppo.py imports torch, sb3-contrib and matplotlib only where
training and plotting start; its environments and paired-seed evaluation are
checked here with a policy that needs none of them.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import numpy as np

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_ppo.py"


def load_example():
    """The example as a module (examples/ is a folder of scripts, not a package)."""
    name = "train_ppo_example"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, EXAMPLE)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # dataclasses look their module up here
        spec.loader.exec_module(module)
    return sys.modules[name]


def test_the_example_imports_without_the_training_extra():
    code = ("from tests.rl.test_train_example import load_example; import sys; "
            "load_example(); assert not {'torch', 'sb3_contrib', 'matplotlib'} & set(sys.modules)")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=EXAMPLE.parents[1])


def test_the_learning_env_is_architectura_two_players_in_either_seat():
    example = load_example()
    for seat in (0, 1):
        env = example.make_env(seat, "random", seed=3)
        obs, _ = env.reset()
        assert env.game.name == "architectura" and env.players == 2 and env.seat == seat
        assert obs.shape == env.observation_space.shape and env.action_masks().any()
    env.set_opponents("easy")
    assert env.opponent_names == {0: "easy"}


def test_evaluation_pairs_each_seed_over_both_seats_with_an_interval():
    example = load_example()
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
