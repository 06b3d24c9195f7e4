"""The same-leaf rate benchmark: both searches start from one position and judge
leaves by a random game to the end."""

import importlib.util
import random
import sys
from pathlib import Path

import pytest

import borough

pytest.importorskip("pyspiel")
BENCHMARKS = Path(__file__).parents[2] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))  # it imports vs_openspiel beside it
spec = importlib.util.spec_from_file_location("search_rate", BENCHMARKS / "search_rate.py")
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)


def test_positions_are_taken_at_three_stages_of_each_game():
    found = bench.positions("architectura", 1)
    assert [seed for seed, _ in found] == [0, 0, 0]
    lengths = [len(moves) for _, moves in found]
    assert lengths == sorted(lengths) and lengths[0] < lengths[-1]


def test_the_random_rollout_leaf_plays_a_copy_to_the_end():
    g = borough.game("architectura")
    state = g.setup(2, seed=3)
    before = g.clone(state)
    judged = bench.random_rollout(random.Random(1))(g, state)
    assert len(judged) == 2 and all(0.0 <= v <= 1.0 for v in judged)
    assert g.to_json(state) == g.to_json(before)  # the position itself is untouched


def test_both_searches_run_at_the_same_position():
    seed, moves = bench.positions("architectura", 1)[1]
    ours, our_cpu, theirs, their_cpu = bench.measure("architectura", seed, moves, 0.02)
    assert ours > 0 and theirs >= 2  # ISMCTSBot always completes two simulations
    assert our_cpu > 0 and their_cpu > 0
