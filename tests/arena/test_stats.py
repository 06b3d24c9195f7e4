"""The intervals of the balance report: a component's same-table difference counts
games, not seat-games, as the independent draws."""

import math
import random

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


def test_the_report_judges_components_on_games():
    """The report's same-table interval for a two-seat game is the clustered one:
    a difference the independent interval would call clear is not flagged."""
    games = _two_seat_games(200, 0.6, seed=11)
    row = balance._components(("Park",), games, 2)[0]
    wins = sum(1 for g in games if g["winners"] == [0])
    groups = [(float(g["winners"] == [0]), 1, float(g["winners"] == [1]), 1) for g in games]
    assert (row["table_low"], row["table_high"]) == \
        stats.clustered_share_difference(groups)[1:]
    _, i_low, _ = stats.share_difference(wins, 200, 200 - wins, 200)
    assert row["table_low"] < i_low
