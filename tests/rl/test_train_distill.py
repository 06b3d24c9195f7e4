"""examples/train_distill.py end to end on a small budget, and its parts.

The example needs only numpy, Borough's `rl` extra and matplotlib, all installed
by `make install`, so its whole path (teacher games, DAgger rounds on the
learner's own games, the curve, the paired evaluation, the plot) runs here.
"""

from __future__ import annotations

import json

import numpy as np

from tests.rl.examples import load_example


def test_a_few_hundred_steps_train_plot_and_evaluate(tmp_path):
    ex = load_example("train_distill")
    settings = ex.Settings(game="rondelcity", rounds=2, games_per_round=4, epochs=2,
                           hidden=16, curve_pairs=1, pairs=2)
    results = ex.train(settings, tmp_path)
    curve = results["curve"]
    assert [c["round"] for c in curve] == [0, 1]
    # round 0 is the teacher's own games; round 1 adds the learner's, labelled by the teacher
    assert 100 <= curve[0]["positions"] < curve[1]["positions"]
    assert curve[1]["training_games_won"] is not None
    for e in results["trained"] + results["random_in_its_place"]:
        assert e["games"] == 4 and 0 <= e["low"] <= e["win_share"] <= e["high"] <= 1
    assert (tmp_path / "learning_curve.png").stat().st_size > 1000
    assert json.loads((tmp_path / "results.json").read_text())["game"] == "rondelcity"
    saved = np.load(tmp_path / "policy.npz")
    assert saved["w2"].shape[1] == ex.make_env("rondelcity", 0, "easy").action_space.n


def test_the_afterstate_encoder_learns_and_plays_legal_moves(tmp_path):
    ex = load_example("train_distill")
    settings = ex.Settings(game="architectura", encoder="afterstate", rounds=2,
                           games_per_round=4, epochs=1, hidden=8, curve_pairs=1, pairs=1)
    results = ex.train(settings, tmp_path)
    # play_one refuses an illegal move, so two evaluations played through are legal play
    assert [e["games"] for e in results["trained"]] == [2, 2]
    assert np.load(tmp_path / "policy.npz")["w2"].shape == (8, 1)


def test_the_network_fits_a_teacher_and_never_picks_an_illegal_action():
    ex = load_example("train_distill")
    rng = np.random.default_rng(0)
    obs = rng.integers(0, 3, (256, 6)).astype(np.float32)
    # the teacher's move is the index of the largest of the first three inputs
    choice = obs[:, :3].argmax(axis=1)
    masks = np.zeros((256, 5), dtype=bool)
    masks[:, :3] = True
    targets = np.eye(5, dtype=np.float32)[choice]
    net = ex.MaskedMLP(ex.Inputs(obs, most_values=16), 5, hidden=32, seed=0)
    first = net.step(obs, masks, targets, choice, lr=0.01)
    for _ in range(200):
        last = net.step(obs, masks, targets, choice, lr=0.01)
    assert last[0] < first[0] / 4 and last[1] > 0.95
    only_four = np.array([False, False, False, False, True])
    assert all(net.pick(o, only_four) == 4 for o in obs[:20])


def test_inputs_one_hot_the_few_valued_numbers_only():
    ex = load_example("train_distill")
    obs = np.array([[0, 0.5, 7], [1, 0.25, 9], [2, 0.5, 7], [0, 0.75, 8]], dtype=np.float32)
    reader = ex.Inputs(obs, most_values=16)
    # column 0 (0, 1, 2) and column 2 (7, 8, 9) are whole-valued with three values each;
    # column 1 is not whole-valued
    assert reader.size == 3 + 6
    x = reader(np.array([[2, 0.5, 9]], dtype=np.float32))[0]
    assert np.allclose(x[:3], [1.0, 0.5, 1.0]) and list(x[3:]) == [0, 0, 1, 0, 0, 1]


def test_soft_targets_share_equally_between_equal_moves():
    ex = load_example("train_distill")
    shares = ex.soft_target(np.array([0.6, 0.6, 0.5]), 0.01)
    assert shares[0] == shares[1] and shares[2] < 1e-3 and np.isclose(shares.sum(), 1)


def test_training_curve_and_evaluation_deals_are_disjoint():
    ex = load_example("train_distill")
    # the default run's training seeds, curve seeds and evaluation seeds never meet
    s = ex.Settings()
    train = range(ex.TRAIN_SEEDS, ex.TRAIN_SEEDS + s.rounds * s.games_per_round)
    curve = range(ex.CURVE_SEEDS, ex.CURVE_SEEDS + s.curve_pairs)
    evaluation = range(ex.EVAL_SEEDS, ex.EVAL_SEEDS + s.pairs)
    assert not set(train) & set(curve) and not set(train) & set(evaluation)
    assert not set(curve) & set(evaluation)
