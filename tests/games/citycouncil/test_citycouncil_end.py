"""The end of the game in the game's own words: a tie for the most points is
parted by private funds, never by the Key to the City, and equal funds share the
office (CC-59, CC-66); the breakdown's parts are the Favor cards scored (CC-53,
CC-54)."""

from __future__ import annotations

from cc_helpers import GAME, new

from borough.core.record import Record
from borough.games.citycouncil.breakdown import tiebreak


def ended(funds: list[int], key: int):
    s = new(2, seed=3)
    s.step, s.outcome = "over", "mayor"
    s.scores, s.funds, s.key_holder = [13, 13], funds, key
    return s


def test_cc_59_private_funds_part_a_tie_and_the_key_does_not():
    s = ended([4, 2], key=1)
    assert GAME.result(s).winners == [0]
    said = tiebreak(s)
    assert said == ("Player 1 and Player 2 tied on 13 points; the most private funds ($4) "
                    "decided it.")
    shared = ended([2, 2], key=0)
    assert GAME.result(shared).winners == [0, 1]
    assert tiebreak(shared) == ("Player 1 and Player 2 tied on 13 points and on private funds "
                                "($2): they share the office of Mayor.")
    assert "Key" not in said + tiebreak(shared)


def test_cc_66_no_tie_break_is_told_without_a_tie_or_a_mayor():
    s = ended([4, 2], key=1)
    s.scores = [13, 11]
    assert tiebreak(s) is None
    s.outcome = "government"
    assert tiebreak(s) is None


def test_cc_53_cc_54_an_unplayed_game_has_no_points_in_any_part():
    s = new(3, seed=1)
    record = Record.start(GAME, 3, 1, GAME.resolve_options(3, {}))
    told = GAME.breakdown(s, record)
    assert [p.title for p in told.parts] == ["Building Favor cards", "General Favor cards"]
    assert all(p.values == (0, 0, 0) for p in told.parts)
