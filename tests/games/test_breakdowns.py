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
from borough.core.game import Breakdown
from borough.core.record import Record
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
