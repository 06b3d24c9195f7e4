"""Whole-phase flows across rules: reveal, elimination, bad input, saved states."""

from __future__ import annotations

import json
import random

import pytest

from borough.core.errors import CorruptData, IllegalAction
from borough.games.smallcity.state import ACTIONS, BUILD
from borough.games.smallcity.turns import DUE
from tests.games.smallcity.helpers import GAME, KEY, act, cell, cells, put
from tests.games.smallcity.test_build import board


def test_sc39_sc69_a_demolition_reaching_100_eliminates_at_once():
    # Rules SC-39, SC-69: the pollution of a demolition is added at once, and reaching
    # 100% eliminates the seat then and there: it builds nothing more.
    st = board()
    put(st, 0, "park2", cells("E5", "E6"))
    put(st, 0, "res1", cells("G5"))
    st.seats[0].pollution = 98
    events = act(st, ("demolish", cell("E5")), 0)
    assert st.seats[0].eliminated and st.order == [1]
    assert any(e.kind == "eliminated" and e.private_to is None for e in events)
    assert GAME.to_act(st) == (1,)
    with pytest.raises(IllegalAction):
        act(st, ("demolish", cell("G5")), 0)
    act(st, ("done",), 1)
    assert st.phase != "build" and 0 not in GAME.to_act(st)


def test_sc15_sca3_councilor_may_pay_with_a_special_promise():
    # Rules SC-15, SC-A3, SC-84.
    from tests.games.smallcity.test_setup_and_actions import _at_cards, _take

    st = _at_cards(2, 1)
    st.mode = "votes"
    st.special_deck = list(range(1, 17))
    s = GAME.to_act(st)[0]
    _take(st, 6)
    act(st, ("enter", 0, 2, "promise"), s)
    assert st.step == "keep" and len(st.draw) == 4
    act(st, ("keep", 0), s)
    assert st.seats[s].specials == [1] and st.step == "benefit"
    act(st, ("take", 0), s)
    assert st.seats[s].money >= 2


def test_illegal_input_leaves_the_state_untouched():
    st = board()
    before = json.dumps(GAME.to_json(st), sort_keys=True)
    for seat, action in ((0, ("place", 0, cell("A1"))), (0, ("tile", KEY["city_hall"], 0)),
                         (5, ("done",)), (0, ("no-such",)), (0, "done")):
        with pytest.raises(IllegalAction):
            GAME.apply(st, seat, action)
    assert json.dumps(GAME.to_json(st), sort_keys=True) == before
    assert GAME.explain(st, 5, ("done",)) == "There is no seat 5 in this game."


def test_corrupt_saves_are_refused():
    st = board()
    good = GAME.to_json(st)
    bad = json.loads(json.dumps(good))
    bad["state"]["seats"][0]["grid"][cell("A1")] = 7
    with pytest.raises(CorruptData):
        GAME.from_json(bad)
    bad = json.loads(json.dumps(good))
    bad["state"]["seats"][0]["hall_citizens"] = 5
    with pytest.raises(CorruptData):
        GAME.from_json(bad)
    bad = json.loads(json.dumps(good))
    bad["state"]["seats"][0]["grid"][cell("J10")] = -2  # a Cemetery nobody laid
    with pytest.raises(CorruptData):
        GAME.from_json(bad)
    bad = json.loads(json.dumps(good))
    bad["state"]["seats"][1]["occ"][cell("J10")] = 0  # a citizen off the tiles
    with pytest.raises(CorruptData):
        GAME.from_json(bad)
    assert GAME.to_json(GAME.from_json(good)) == good


def test_sc25_fast_build_answers_agree_with_the_full_lists():
    # Rules SC-25, SC-27 to SC-29, SC-40: the quick legality test of the Build
    # phase says yes exactly for the listed actions.
    import random

    rng = random.Random(2)
    space = GAME.action_space.actions
    checked = 0
    for seed in range(6):
        st = GAME.setup(1 + seed % 4, seed)
        while not GAME.is_over(st) and checked < 400:
            seat = rng.choice(GAME.to_act(st))
            listed = GAME.legal_actions(st, seat)
            if st.phase == "build":
                probe = set(listed) | {rng.choice(space) for _ in range(30)}
                for a in probe:
                    if a[0] in ("tile", "place", "upgrade", "demolish", "expand", "done"):
                        assert GAME.is_legal(st, seat, a) == (a in listed), a
                        checked += 1
            busy = [a for a in listed if a[0] not in ("done", "pass", "skip")]
            GAME.apply(st, seat, rng.choice(busy) if busy and rng.random() < 0.8 else
                       rng.choice(listed))
    assert checked > 100


def test_sc53_sc58_fast_move_answers_agree_with_the_full_lists():
    # Rules SC-53 to SC-60: the quick legality test of Move Citizens says yes
    # exactly for the listed moves.
    import random

    rng = random.Random(3)
    checked = 0
    for seed in range(12):
        st = GAME.setup(2 + seed % 3, seed)
        while not GAME.is_over(st):
            seat = rng.choice(GAME.to_act(st))
            listed = GAME.legal_actions(st, seat)
            if st.step in ("to", "pick"):
                for b in range(4):  # a borough beyond the table is never legal
                    for c in range(100):
                        for a in (("to", b, c), ("pick", b, c)):
                            assert GAME.is_legal(st, seat, a) == (a in listed), a
                            checked += 1
            busy = [a for a in listed if a[0] not in ("done", "pass", "skip")]
            GAME.apply(st, seat, rng.choice(busy) if busy and rng.random() < 0.8 else
                       rng.choice(listed))
    assert checked > 1000


@pytest.mark.parametrize("players", [1, 2, 4])
def test_a_phase_left_due_begins_within_the_same_move(players):
    # A phase that ends leaves the next one due (turns.leave_due); the move that
    # ended it begins it (steps.go_on), so no state a move returns is between two
    # phases, and every phase of the round is reached round after round.
    rng = random.Random(players)
    st = GAME.setup(players, seed=players)
    seen = set()
    while not GAME.is_over(st):
        seat = GAME.to_act(st)[0]
        GAME.apply(st, seat, rng.choice(GAME.legal_actions(st, seat)))
        assert st.step != DUE
        seen.add((st.round, st.phase))
    # (a phase nobody has a decision in may begin and end inside one move)
    assert {(1, ACTIONS), (1, BUILD), (2, ACTIONS)} <= seen
