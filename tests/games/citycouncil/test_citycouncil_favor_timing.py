"""General Favor cards at any moment their condition holds (CC-54, CC-62, CC-63, CC-65)."""

from __future__ import annotations

import random

import pytest
from cc_helpers import GAME, act, bid, clear_city, empty_hands, give, hood, new, put, reach

from borough.core import frames
from borough.core.errors import IllegalAction
from borough.core.frames import Frame
from borough.games.citycouncil import council, favors, flow, production, window
from borough.games.citycouncil.state import (
    DONE,
    FAVOR,
    KEEP,
    PENDING,
    PRODUCE,
    PROPOSE,
    Proposal,
    seat_now,
    step_now,
)

C = GAME.content


def small_city(s) -> None:
    """Three small tiles in an activated R1, two of them already activated this round."""
    clear_city(s)
    for name, cell in (("Cottage", "A1"), ("Kiosk", "A2"), ("Workshop", "A3")):
        put(s, name, [cell])
    s.zones_on[hood("R1")] = 1
    s.act_log = [bid("Cottage"), bid("Kiosk")]
    s.activated = [0] * len(s.activated)
    for name in ("Cottage", "Kiosk"):
        s.activated[bid(name)] = 1
    s.blue = s.blue_free = 5
    s.acts_left = 1


def test_cc_62_an_activation_that_makes_a_card_true_offers_it_at_once():
    """CC-62, CC-54 example: the third small building activated, by anyone, lets the
    holder of "activate 3 small buildings" score before production goes on."""
    s = reach(new(4, seed=3), PRODUCE, 2)
    empty_hands(s)
    small_city(s)
    producer = seat_now(s)
    holder = next(m for m in council.turn_order(s) if m != producer)
    cid = give(s, holder, "Corner Economy")
    act(s, ("activate", bid("Workshop")))
    assert step_now(s) == FAVOR and seat_now(s) == holder
    assert GAME.legal_actions(s, holder) == [("score", cid), ("done",)]
    assert GAME.observe(s, producer)["interrupted"] == PRODUCE
    before = s.scores[holder]
    events = act(s, ("score", cid))
    assert s.scores[holder] == before + GAME.cards[cid].value and cid in s.discard
    assert any("scores the Favor card Corner Economy" in e.text for e in events)
    assert step_now(s) != FAVOR  # production (or what follows it) goes on by itself


def test_cc_62_holders_are_offered_in_turn_order_and_nobody_else_is_asked():
    """CC-62: every holder of a card that came true gets a chance, in turn order."""
    s = reach(new(4, seed=3), PRODUCE, 2)
    empty_hands(s)
    small_city(s)
    order = [m for m in council.turn_order(s) if m < s.players]
    first, second = order[2], order[1]
    give(s, first, "Corner Economy")
    give(s, second, "Corner Economy")  # moved: the card now sits with `second`
    other = give(s, first, "Lights On")
    s.power = 5
    act(s, ("activate", bid("Workshop")))
    assert (step_now(s), seat_now(s)) == (FAVOR, second)
    act(s, ("done",))
    assert (step_now(s), seat_now(s)) == (FAVOR, first)
    assert GAME.legal_actions(s, first) == [("score", other), ("done",)]
    act(s, ("done",))
    assert step_now(s) != FAVOR


def test_cc_62_no_chance_in_round_one_and_one_when_round_two_begins():
    """CC-52 with CC-62: nothing is offered in round 1; a card that holds is offered as
    round 2 begins, before the committees change."""
    s = reach(new(4, seed=5), PRODUCE, 1)
    empty_hands(s)
    holder = seat_now(s)
    give(s, holder, "Balanced Books")
    s.budget = 30
    rng = random.Random(2)
    while s.round == 1:
        assert step_now(s) != FAVOR
        seat = GAME.to_act(s)[0]
        acts = GAME.legal_actions(s, seat)
        act(s, ("done",) if ("done",) in acts else rng.choice(acts))
    assert (step_now(s), seat_now(s), s.frames[-1].then) == (FAVOR, holder, "committees")
    act(s, ("done",))
    assert step_now(s) != FAVOR


def test_cc_62_a_plan_carried_out_can_make_a_card_true_between_plans():
    """CC-62: after each plan is carried out, before the next one."""
    s = reach(new(4, seed=3), PROPOSE, 2)
    empty_hands(s)
    clear_city(s)
    mall = put(s, "Shopping Centre", ["A6", "A7", "B6", "B7"])
    s.budget = 12
    holder = council.turn_order(s)[0]
    cid = give(s, holder, "Balanced Books")  # budget of at least $15
    cottage = s.display[0]
    site = GAME.board.by_shape[GAME.buildings[cottage].shape][0]
    s.queue = []
    s.proposals = [
        Proposal(1, "sell", mall, -1, [0, 2, 3], [], PENDING),
        Proposal(2, "construct", cottage, site, [1], [], PENDING),
    ]
    s.executed = 0
    flow.next_plan(GAME.content, s, [])
    flow.settle(GAME.content, s, [])
    assert s.proposals[0].status == DONE and s.proposals[1].status == PENDING
    assert s.budget >= 15 and (step_now(s), seat_now(s)) == (FAVOR, holder)
    act(s, ("score", cid))
    assert s.proposals[1].status != PENDING  # the council meeting went on


def test_cc_62_resolution_is_followed_building_by_building():
    """CC-62: a chance after each building's outputs, before the next building's."""
    s = reach(new(4, seed=3), PRODUCE, 2)
    empty_hands(s)
    clear_city(s)
    cottage = put(s, "Cottage", ["A1"])  # +$1
    shop = put(s, "Corner Shop", ["A6"])  # +$3
    s.act_log = [cottage, shop]
    s.activated = [0] * len(s.activated)
    s.activated[cottage] = s.activated[shop] = 1
    s.budget = 14
    holder = council.turn_order(s)[0]
    give(s, holder, "Balanced Books")
    production.end_production(GAME.content, s, [])
    assert (step_now(s), seat_now(s), s.frames[-1].then) == (FAVOR, holder, "resolve")
    assert s.resolved == 1 and s.budget == 15  # the Corner Shop has not produced yet
    act(s, ("done",))
    assert s.resolved == 2 or s.round > 2 or GAME.is_over(s)


def test_cc_62_the_cards_just_drawn_are_offered_before_the_council_meets():
    """CC-62: once everyone has drawn, a new card that holds may be played at once."""
    s = reach(new(4, seed=8), KEEP, 2)
    empty_hands(s)
    keeper = seat_now(s)
    others = [m for m in range(s.players) if m != keeper]
    for m in others:
        s.deck[:0] = s.dealt[m]
        s.dealt[m] = []
    s.queue = []
    s.budget = 20
    cid = give(s, keeper, "Balanced Books")
    s.hands[keeper].remove(cid)
    s.dealt[keeper] = [cid, s.dealt[keeper][0]]
    act(s, ("keep", cid))
    assert (step_now(s), seat_now(s), s.frames[-1].then) == (FAVOR, keeper, "council")
    act(s, ("done",))
    assert step_now(s) == PROPOSE or s.proposals


def test_cc_63_a_card_let_pass_returns_only_when_it_comes_true_again():
    """CC-63: let pass, a card is not offered again while it holds; once its condition
    lapses and holds again it is; the turn-end window still lets it score."""
    s = reach(new(4, seed=3), PRODUCE, 2)
    empty_hands(s)
    holder = council.turn_order(s)[0]
    cid = give(s, holder, "Balanced Books")
    s.budget = 16
    assert window.offer(GAME.content, s, [], "")
    assert (step_now(s), seat_now(s)) == (FAVOR, holder)
    act(s, ("done",))
    assert s.passed[holder] == [cid] and step_now(s) == PRODUCE
    assert not window.offer(GAME.content, s, [], "")  # still holds: not offered again
    s.budget = 10
    assert not window.offer(GAME.content, s, [], "") and s.passed[holder] == []  # lapsed
    s.budget = 15
    assert window.offer(GAME.content, s, [], "") and seat_now(s) == holder  # true again: offered
    act(s, ("done",))
    s.step, s.current = "turn_end", holder
    assert ("score", cid) in GAME.legal_actions(s, holder)


def test_cc_54_a_card_is_played_only_at_a_chance_or_the_turn_end():
    """CC-54: the condition is checked when the card is played, at a Favor chance or
    in the turn-end window; a card never scores in the middle of another decision."""
    s = reach(new(4, seed=3), PRODUCE, 2)
    empty_hands(s)
    seat = seat_now(s)
    cid = give(s, seat, "Balanced Books")
    s.budget = 20
    assert ("score", cid) not in GAME.legal_actions(s, seat)
    with pytest.raises(IllegalAction, match="offers the chance"):
        act(s, ("score", cid))
    s.budget = 14
    frames.push(s.frames, Frame(FAVOR, seat))
    with pytest.raises(IllegalAction, match="does not hold"):
        act(s, ("score", cid))


def test_cc_65_a_chance_is_seen_by_all_the_cards_let_pass_only_by_their_holder():
    """CC-65: the table sees who is offered a chance, not which cards were let pass."""
    s = reach(new(4, seed=3), PRODUCE, 2)
    empty_hands(s)
    holder = council.turn_order(s)[1]
    cid = give(s, holder, "Balanced Books")
    s.budget = 18
    window.offer(GAME.content, s, [], "")
    other = (holder + 1) % s.players
    assert GAME.observe(s, other)["current"] == holder
    act(s, ("done",))
    assert GAME.observe(s, holder)["seats"][holder]["passed"] == [cid]
    assert GAME.observe(s, other)["seats"][holder]["passed"] is None
    sample = GAME.determinize(s, other, random.Random(4))
    for m in range(s.players):
        if m != other:  # sampled cards that hold count as let pass: no phantom chances
            assert sorted(sample.passed[m]) == sorted(favors.holding(C, sample, m))
    assert not window.offer(GAME.content, sample, [], "")
