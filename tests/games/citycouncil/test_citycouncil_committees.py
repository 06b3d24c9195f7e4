"""Committees, their changes and the role actions of City Council."""

from __future__ import annotations

import random

from cc_helpers import GAME, act, new, run_until

from borough.games.citycouncil import council, flow
from borough.games.citycouncil.state import (
    ASSIGN,
    ELECT,
    ELECTION,
    EMBEZZLE,
    EXEC_VOTE,
    EXECUTE,
    EXECUTIVE,
    FRESH,
    KEEP,
    MOVE,
    PROPOSE,
    REGARD,
    SPOT_A,
    SPOT_B,
    SWAP,
    TRANSPORT,
    TREASURY,
    UNION,
    seat_now,
    step_now,
)


def seated(players: int, offices: list[int], spots: list[int], seed: int = 1):
    """A state at the start of round 2 with the committees arranged by hand."""
    s = new(players, seed=seed)
    run_until(s, PROPOSE)
    s.round = 2
    s.office = offices[:]
    s.spot = spots[:]
    s.vacant_start = [o for o in range(5) if o not in offices]
    events = []
    flow.begin_committees(GAME.content, s, events)
    flow.settle(GAME.content, s, events)
    return s


def test_cc_8_phases_follow_in_order():
    """CC-8: committees, role actions, council, production, monitoring, turn end."""
    s = new(4, seed=5)
    rng = random.Random(5)
    seen = []
    while s.round < 3 and not GAME.is_over(s):
        if not seen or seen[-1] != step_now(s):
            seen.append(step_now(s))
        seat = GAME.to_act(s)[0]
        GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
    order = ["assign", "embezzle", "keep", "propose", "vote", "produce", "turn_end"]
    firsts = [seen.index(step) for step in order if step in seen]
    assert firsts == sorted(firsts)
    assert seen[0] == ASSIGN


def test_cc_10_each_member_holds_one_committee():
    """CC-10: five committees; every member holds exactly one, some stay empty."""
    for players in (2, 3, 4, 5):
        s = run_until(new(players, seed=players), PROPOSE)
        assert len(set(s.office)) == s.members
        assert all(0 <= o < 5 for o in s.office)


def test_cc_11_turn_order_follows_the_committees():
    """CC-11: Transport first, then Treasury, Election, Union, Executive."""
    s = seated(5, [4, 3, 2, 1, 0], [SPOT_A, SPOT_A, SPOT_A, SPOT_A, SPOT_B])
    s.office = [4, 3, 2, 1, 0]
    assert council.turn_order(s) == [4, 3, 2, 1, 0]
    s = run_until(new(4, seed=2), PROPOSE)
    assert seat_now(s) == council.turn_order(s)[0]


def test_cc_12_discs_advance_at_turn_end():
    """CC-12: fresh discs go to A and A discs to B at turn end; moved discs are fresh."""
    s = run_until(new(4, seed=4), PROPOSE)
    assert all(sp == FRESH for sp in s.spot)
    s = run_until(s, REGARD)  # round 2 begins with nobody on B
    assert s.round == 2 and all(sp == SPOT_A for sp in s.spot)


def test_cc_r1_nobody_on_b_means_the_chair_picks_one():
    """CC-R1 and CC-13: with every disc on A the chair treats one as on B."""
    s = seated(5, [0, 1, 2, 3, 4], [SPOT_A] * 5)
    assert step_now(s) == REGARD and seat_now(s) == 2
    assert GAME.legal_actions(s, 2) == [("regard", m) for m in range(5)]
    act(s, ("regard", 0))
    # CC-R4: no vacancy with five members, so the regarded member switches with an A
    assert step_now(s) == SWAP
    assert GAME.legal_actions(s, 2) == [("swap", 0, m) for m in range(1, 5)]
    act(s, ("swap", 0, 3))
    assert s.office[0] == UNION and s.office[3] == TRANSPORT
    assert s.spot[0] == FRESH and s.spot[3] == FRESH and s.spot[1] == SPOT_A
    assert step_now(s) not in (REGARD, SWAP, MOVE, ELECT)


def test_cc_r2_b_members_move_to_committees_vacant_since_the_round_began():
    """CC-R2: B members take committees vacant at the start of the round."""
    s = seated(3, [TRANSPORT, TREASURY, ELECTION], [SPOT_B, SPOT_B, SPOT_A])
    assert step_now(s) == MOVE and seat_now(s) == 2
    assert sorted(GAME.legal_actions(s, 2)) == [
        ("move", 0, UNION), ("move", 0, EXECUTIVE), ("move", 1, UNION), ("move", 1, EXECUTIVE),
    ]
    act(s, ("move", 0, EXECUTIVE))
    # one B member and one vacancy left: the move happens by itself
    assert s.office == [EXECUTIVE, UNION, ELECTION]
    assert s.spot == [FRESH, FRESH, SPOT_A]
    # committees vacated in this phase (Transport, Treasury) were not offered
    assert step_now(s) not in (MOVE, SWAP)


def test_cc_r3_two_b_members_switch():
    """CC-R3: with no vacancy, B members switch in pairs until at most one is left."""
    s = seated(5, [0, 1, 2, 3, 4], [SPOT_B, SPOT_B, SPOT_A, SPOT_B, SPOT_A])
    assert step_now(s) == SWAP
    assert GAME.legal_actions(s, 2) == [("swap", 0, 1), ("swap", 0, 3), ("swap", 1, 3)]
    act(s, ("swap", 0, 1))
    assert s.office[:2] == [1, 0]
    # CC-R4: member 3 is left on B and switches with an A member (2 or 4)
    assert step_now(s) == SWAP
    assert GAME.legal_actions(s, 2) == [("swap", 2, 3), ("swap", 3, 4)]
    act(s, ("swap", 3, 4))
    assert s.office == [1, 0, 2, 4, 3]


def test_cc_r4_last_b_member_with_nobody_on_a_stays():
    """CC-R4 Interpretation: with nobody on A the last B member keeps their committee."""
    s = seated(5, [0, 1, 2, 3, 4], [SPOT_B] * 5)
    act(s, ("swap", 0, 1))
    act(s, ("swap", 3, 4))
    # member 2 is still on B; the only A members were just moved (fresh): nothing to switch
    assert s.office == [1, 0, 2, 4, 3]
    assert step_now(s) not in (SWAP, MOVE, ELECT, REGARD)


def test_cc_r5_an_empty_election_committee_is_filled():
    """CC-R5: when the Election chair moved away, an A member takes the Election Committee."""
    s = seated(4, [TRANSPORT, TREASURY, ELECTION, UNION], [SPOT_A, SPOT_A, SPOT_B, SPOT_A])
    # CC-R2: the chair is on B and Executive was vacant: the chair moves there
    assert s.office[2] == EXECUTIVE
    assert step_now(s) == ELECT and seat_now(s) == 2
    assert GAME.legal_actions(s, 2) == [("elect", 0), ("elect", 1), ("elect", 3)]
    act(s, ("elect", 1))
    assert s.office == [TRANSPORT, ELECTION, EXECUTIVE, UNION]
    assert s.spot[1] == FRESH


def test_cc_14_treasury_may_embezzle():
    """CC-14: the Treasury chair may take $1 from the budget into private funds."""
    s = run_until(new(5, seed=3), EMBEZZLE)
    t = council.holder(s, TREASURY)
    assert seat_now(s) == t and GAME.legal_actions(s, t) == [("embezzle",), ("decline",)]
    budget = s.budget
    act(s, ("embezzle",))
    assert s.budget == budget - 1 and s.funds[t] == 1
    s = run_until(new(5, seed=3), EMBEZZLE)
    act(s, ("decline",))
    assert s.budget == budget and sum(s.funds) == 0


def test_cc_14_no_embezzling_from_an_empty_budget():
    """CC-14: with $0 in the budget the Treasury chair has nothing to take."""
    s = new(5, seed=3)
    s.budget = 0
    s = run_until(s, KEEP)
    assert sum(s.funds) == 0


def test_cc_15_deal_two_keep_one_union_keeps_both():
    """CC-15: each player keeps one of two dealt cards; the Union chair keeps both."""
    s = run_until(new(5, seed=3), KEEP, prefer=("decline",))
    union = council.holder(s, UNION)
    assert len(s.hands[union]) == 4 and not s.dealt[union]
    deck = len(s.deck)
    assert deck == 52 - 10 - 10
    keeper = seat_now(s)
    assert len(s.dealt[keeper]) == 2
    card = GAME.legal_actions(s, keeper)[0][1]
    act(s, ("keep", card))
    assert card in s.hands[keeper] and len(s.hands[keeper]) == 3
    assert s.discard_owner[-1] == keeper and len(s.discard) == 1


def test_cc_15_empty_deck_deals_nothing_and_play_goes_on():
    """CC-15: once the deck is empty no card is dealt and the round continues."""
    s = new(4, seed=3)
    s.discard += s.deck
    s.discard_owner += [-1] * len(s.deck)
    s.deck = []
    s = run_until(s, PROPOSE, prefer=("decline",))
    assert all(len(h) == 2 for h in s.hands) and not any(s.dealt)


def test_cc_16_role_powers_go_to_their_chairs():
    """CC-16: Executive places the extra delegate, Election orders tied plans."""
    seen = {EXEC_VOTE: 0, EXECUTE: 0}
    for seed in range(40):
        s = new(5, seed=seed)
        rng = random.Random(seed)
        while not GAME.is_over(s) and s.round < 4:
            if step_now(s) == EXEC_VOTE:
                assert seat_now(s) == council.holder(s, EXECUTIVE)
                seen[EXEC_VOTE] += 1
            if step_now(s) == EXECUTE:
                assert seat_now(s) == council.holder(s, ELECTION)
                seen[EXECUTE] += 1
            seat = GAME.to_act(s)[0]
            GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
    assert seen[EXEC_VOTE] and seen[EXECUTE]
