"""End screens that explain: each game's final scores told in the parts its
scoring summed (Game.breakdown), every seat's parts adding up to its score in
the result, for every game, player count and option set (seeded random games).
City Council's and Rondel City's parts are told by replaying the record
(CC-53, CC-54; RON-3, RON-19, RON-21, RON-23, RON-V10)."""

from __future__ import annotations

import random

import pytest

import borough
from borough import rulebook
from borough.core.record import Record
from borough.core.results import Breakdown
from tests.conformance.trajectories import case_id, cases


@pytest.mark.parametrize("case", cases(), ids=case_id)
def test_every_seat_s_parts_add_up_to_its_score(case):
    name, players, options = case
    g = borough.game(name)
    ids = set(rulebook.rule_ids(rulebook.rules_text(name)))
    options = g.resolve_options(players, options, unattended=True)
    record = Record.start(g, players, 3, options)
    state = g.setup(players, seed=3, options=options)
    rng = random.Random(f"{name}-{players}")
    while not g.is_over(state):
        seat = rng.choice(g.to_act(state))
        action = rng.choice(g.legal_actions(state, seat))
        g.apply_trusted(state, seat, action)
        record.moves.append((seat, action))
    told = g.breakdown(state, record)
    assert isinstance(told, Breakdown) and told.parts
    scores = g.result(state).scores
    for seat in range(players):
        assert sum(p.values[seat] for p in told.parts) == scores[seat], (seat, told)
    assert all(p.rule in ids for p in told.parts if p.rule), told.parts
    assert len({p.title for p in told.parts}) == len(told.parts)


def test_the_tie_break_that_decided_is_told_in_the_game_s_words():
    """SC-90: a tie goes to less pollution, then more money; EKO-F9: to the most
    green Buildings; RON-31: tied Citizens all win."""
    from types import SimpleNamespace

    from borough.games.ekopolis.data import GREEN
    from borough.games.ekopolis.scoring import score_breakdown
    from borough.games.rondelcity.breakdown import tiebreak as ron_tiebreak
    from borough.games.smallcity.scoring import _tiebreak as sc_tiebreak

    def row(seat, keys):
        return {"seat": seat, "score": keys[0], "keys": keys, "eliminated": False}

    basic = SimpleNamespace(mode="basic")
    assert sc_tiebreak(basic, [row(0, (9, -2, 4)), row(1, (9, -3, 8))]) == (
        "Player 1 and Player 2 tied on 9 points; less pollution decided it.")
    assert sc_tiebreak(basic, [row(0, (9, -2, 4)), row(1, (9, -2, 4))]) == (
        "Player 1 and Player 2 tied on points and on every tie-break (less pollution, "
        "then more money): they share the win.")
    assert sc_tiebreak(basic, [row(0, (9, -2, 4)), row(1, (8, 0, 9))]) is None

    eko = borough.game("ekopolis")
    state = eko.setup(3, seed=1, options={"version": "full"})
    state.scores = [12, 12, 5]
    state.seats[0].built[GREEN], state.seats[1].built[GREEN] = 2, 3
    assert eko.result(state).winners == [1]
    assert score_breakdown(state).tiebreak == (
        "Player 1 and Player 2 tied on 12 points; the most green Buildings (3) decided it.")

    ron = borough.game("rondelcity")
    start = ron.setup(2, seed=1)
    assert ron_tiebreak(ron.content, start) == (
        "Player 1 and Player 2 tied on 25 VP: tied players all win.")
