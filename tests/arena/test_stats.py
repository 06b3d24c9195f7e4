"""The intervals of the balance report: a component's same-table difference counts
games, not seat-games, as the independent draws."""

import math
import random
import statistics

from borough.arena import balance, stats


def _two_seat_games(count: int, user_wins: float, seed: int) -> list[dict]:
    """Two-seat games with one winner each; seat 0 used the component."""
    rng = random.Random(seed)
    return [{"scores": [1, 1], "winners": [0] if rng.random() < user_wins else [1],
             "used": [["Park"], []]} for _ in range(count)]


def test_a_two_seat_difference_is_twice_as_uncertain_as_independent_seats_say():
    """With two seats and one winner, the user's win is the rival's loss: the
    difference of shares moves twice as far as two independent shares would, so
    its interval is about sqrt(2) times wider than the independent one."""
    groups = [(1.0, 1, 0.0, 1)] * 60 + [(0.0, 1, 1.0, 1)] * 40
    d, low, high = stats.clustered_share_difference(groups)
    _, i_low, i_high = stats.share_difference(60, 100, 40, 100)
    assert math.isclose(d, 0.2)
    assert math.isclose((high - low) / (i_high - i_low), math.sqrt(2), rel_tol=0.05)
    assert low < d < high


def test_independent_seats_keep_the_independent_interval():
    """Games where the user and the others never meet (one side each) carry no
    dependence: the interval is the independent one, but for the small-sample
    factor of the variance over games."""
    rng = random.Random(3)
    groups = ([(float(rng.random() < 0.6), 1, 0.0, 0) for _ in range(400)]
              + [(0.0, 0, float(rng.random() < 0.4), 1) for _ in range(400)])
    wins_a = sum(g[0] for g in groups)
    wins_b = sum(g[2] for g in groups)
    _, low, high = stats.clustered_share_difference(groups)
    _, i_low, i_high = stats.share_difference(wins_a, 400, wins_b, 400)
    assert math.isclose(high - low, i_high - i_low, rel_tol=0.01)


def test_the_interval_matches_resampling_whole_games():
    """The width agrees with a bootstrap that draws whole games."""
    rng = random.Random(7)
    groups = []
    for _ in range(300):  # three seats, one user; the table can lose (no winner)
        winner = rng.choice([0, 0, 1, 2, None])
        groups.append((float(winner == 0), 1, float(winner in (1, 2)), 2))

    def diff(gs):
        return (sum(g[0] for g in gs) / sum(g[1] for g in gs)
                - sum(g[2] for g in gs) / sum(g[3] for g in gs))

    boots = sorted(diff([rng.choice(groups) for _ in groups]) for _ in range(2000))
    _, low, high = stats.clustered_share_difference(groups)
    assert math.isclose(high - low, boots[1949] - boots[50], rel_tol=0.15)


def test_two_seat_games_are_judged_as_games_won_and_lost():
    """With two seats and one winner, each game is a win or a loss for the user:
    the same-table interval is Wilson's on those games, mapped to a difference."""
    groups = [(1.0, 1, 0.0, 1)] * 30 + [(0.0, 1, 1.0, 1)] * 20
    d, low, high = stats.paired_share_difference(groups)
    w_low, w_high = stats.wilson(30, 50)
    assert math.isclose(d, 0.2)
    assert math.isclose(low, 2 * w_low - 1) and math.isclose(high, 2 * w_high - 1)


def test_a_handful_of_games_does_not_exclude_fairness():
    """Three games, each won by the user: a fair component does that one time in
    eight, so the interval must hold zero (seat-games counted as independent
    draws excluded it)."""
    d, low, high = stats.paired_share_difference([(1.0, 1, 0.0, 1)] * 3)
    assert d == 1.0 and low < 0 < high
    _, seat_low, _ = stats.share_difference(3, 3, 0, 3)
    assert seat_low > 0


def test_the_same_table_interval_matches_resampling_whole_games():
    rng = random.Random(5)
    groups = []
    for _ in range(400):  # four seats, one or two users; the table may share a win
        users = rng.choice([1, 2])
        winner = rng.choice([0, 0, 1, 2, 3])
        wins_u = float(winner < users)
        groups.append((wins_u, users, 1.0 - wins_u, 4 - users))

    def mean_diff(gs):
        return statistics.fmean(wa / na - wb / nb for wa, na, wb, nb in gs)

    boots = sorted(mean_diff([rng.choice(groups) for _ in groups]) for _ in range(2000))
    d, low, high = stats.paired_share_difference(groups)
    assert math.isclose(d, mean_diff(groups))
    assert math.isclose(high - low, boots[1949] - boots[50], rel_tol=0.15)


def test_the_report_judges_components_on_games():
    """The report's same-table interval for a two-seat game counts games: a
    difference the seat-by-seat interval would call clear is not flagged."""
    games = _two_seat_games(200, 0.6, seed=11)
    row = balance._components(("Park",), games, 2)[0]
    wins = sum(1 for g in games if g["winners"] == [0])
    groups = [(float(g["winners"] == [0]), 1, float(g["winners"] == [1]), 1) for g in games]
    assert (row["table_low"], row["table_high"]) == \
        stats.paired_share_difference(groups)[1:]
    _, i_low, _ = stats.share_difference(wins, 200, 200 - wins, 200)
    assert row["table_low"] < i_low
    three_wins = [{"scores": [1, 1], "winners": [0], "used": [["Park"], []]}] * 3
    few = balance._components(("Park",), three_wins, 2)
    assert not few[0]["outlier"]  # three games won of three: not flagged
