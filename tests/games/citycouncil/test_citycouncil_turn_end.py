"""Turn end, Favor cards, the end of the game and the automated member."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from cc_helpers import GAME, act, bid, card, clear_city, give, new, put, reach, run_until

from borough.core import frames
from borough.core.errors import IllegalAction
from borough.core.frames import Frame
from borough.games.citycouncil import bot, council, favors, flow, production
from borough.games.citycouncil.data import load as load_content
from borough.games.citycouncil.state import (
    DROPPED,
    FAVOR,
    OVER,
    PENDING,
    PRODUCE,
    PROPOSE,
    TURN_END,
    Proposal,
    seat_now,
    step_now,
)

C = GAME.content


def activated(s, *names: str) -> None:
    """Record activations of this round (by any member), as production would."""
    for name in names:
        s.activated[bid(name)] = 1
        s.act_log.append(bid(name))


def chance(seat: int):
    """A round-2 state in which `seat` has a Favor chance."""
    s = reach(new(4, seed=3), PRODUCE, 2)
    frames.push(s.frames, Frame(FAVOR, seat))  # a Favor chance interrupts production
    return s


def test_cc_51_unbuilt_proposals_are_discarded_and_the_row_refilled():
    """CC-51: buildings proposed but not built leave; each shape's row is refilled."""
    s = run_until(new(5, seed=2), PROPOSE, prefer=("decline",))
    before = Counter(GAME.buildings[b].shape for b in s.display)
    victims = s.display[:2]
    for b in victims:
        s.proposals.append(Proposal(0, "construct", b, -1, [], [], DROPPED))
    production.turn_end(GAME.content, s, [])
    assert all(b in s.gone and b not in s.display for b in victims)
    assert Counter(GAME.buildings[b].shape for b in s.display) == before


def test_cc_52_no_favor_scoring_in_round_one():
    """CC-52: in round 1 no card can score and no Favor chance opens; the turn end
    still lets players discard (CC-55)."""
    s = new(4, seed=6)
    rng = random.Random(6)
    while s.round == 1:
        assert step_now(s) != FAVOR
        seat = GAME.to_act(s)[0]
        acts = GAME.legal_actions(s, seat)
        assert not any(a[0] == "score" for a in acts)
        GAME.apply(s, seat, rng.choice(acts))
    s.round = 1
    assert not any(favors.scorable(C, s, c.id, turn_end=True) for c in GAME.cards)


def test_cc_53_building_cards_score_only_at_turn_end_per_building():
    """CC-53: points per matching building standing now; then the card leaves the game."""
    seat = 1
    s = chance(seat)
    cid = give(s, seat, "Housing Bonds")  # Cottage 1, Row Houses 1, Apartment Block 2
    clear_city(s)
    put(s, "Cottage", ["A1"])
    put(s, "Apartment Block", ["A2", "A3"])
    assert favors.value(C, s, GAME.cards[cid]) == 3
    assert ("score", cid) not in GAME.legal_actions(s, seat)
    with pytest.raises(IllegalAction, match="only at the end"):
        act(s, ("score", cid))
    assert favors.scorable(C, s, cid, turn_end=True)
    frames.pop(s.frames)  # the chance over, the same seat at the turn end
    s.step, s.current = TURN_END, seat
    before = s.scores[seat]
    act(s, ("score", cid))
    assert s.scores[seat] == before + 3 and cid in s.removed and cid not in s.discard


def test_cc_54_general_cards_score_when_the_condition_holds():
    """CC-54 worked example: "activate 3 small buildings" counts anyone's activations."""
    seat = 2
    s = chance(seat)
    s.act_log, s.activated = [], [0] * len(s.activated)
    cid = give(s, seat, "Corner Economy")
    assert ("score", cid) not in GAME.legal_actions(s, seat)
    activated(s, "Cottage", "Kiosk", "Workshop")  # this round, by any member
    assert ("score", cid) in GAME.legal_actions(s, seat)
    before = s.scores[seat]
    act(s, ("score", cid))
    assert s.scores[seat] == before + GAME.cards[cid].value
    # the scored general card goes face down onto the discard pile
    assert s.discard[-1] == cid and s.discard_owner[-1] == seat
    assert cid in GAME.observe(s, seat)["discards_seen"]
    assert cid not in GAME.observe(s, (seat + 1) % 4)["discards_seen"]


def test_cc_54_the_log_gives_the_score_after_the_points():
    """CC-54: the running score in the log is the score once the card's points are in
    (Corner Economy pays 1 since rules version 7, CC-C3: one point, not "1 points")."""
    seat = 2
    s = chance(seat)
    s.act_log, s.activated = [], [0] * len(s.activated)
    s.scores[seat] = 3
    cid = give(s, seat, "Corner Economy")
    activated(s, "Cottage", "Kiosk", "Workshop")
    events = act(s, ("score", cid))
    assert s.scores[seat] == 4
    assert any("for 1 point (now 4)" in e.text for e in events)


def test_cc_54_conditions_read_the_city():
    """CC-54: the designed conditions test the state of the city at that moment."""
    s = new(4)
    clear_city(s)
    s.budget = 15
    assert favors.condition(C, s, GAME.cards[card("Balanced Books")])
    s.budget = 14
    assert not favors.condition(C, s, GAME.cards[card("Balanced Books")])
    assert not favors.condition(C, s, GAME.cards[card("A Hospital at Last")])
    put(s, "Hospital", ["A1", "A2"])
    assert favors.condition(C, s, GAME.cards[card("A Hospital at Last")])
    s.unemployed = 0
    assert not favors.condition(C, s, GAME.cards[card("Full Employment")])
    activated(s, "Cottage", "Kiosk", "Workshop", "Bar")
    assert favors.condition(C, s, GAME.cards[card("Full Employment")])
    s.act_log.append(bid("Bar"))  # a second action by white-collar workers
    s.act_log.append(bid("Kiosk"))
    assert favors.condition(C, s, GAME.cards[card("Skilled Labour")])
    assert not favors.condition(C, s, GAME.cards[card("Big Machines")])


def test_cc_55_voluntary_discards_are_allowed_in_round_one():
    """CC-55 with CC-52: round 1 forbids scoring only; a player may discard at its end."""
    s = run_until(new(4, seed=3), TURN_END)
    assert s.round == 1
    seat = seat_now(s)
    acts = GAME.legal_actions(s, seat)
    held = sorted(s.hands[seat])
    assert [a for a in acts if a[0] == "discard"] == [("discard", c) for c in held]
    assert ("done",) in acts and not any(a[0] == "score" for a in acts)
    act(s, ("discard", held[0]))
    assert held[0] not in s.hands[seat] and s.discard_owner[-1] == seat


def test_cc_55_hand_limit_and_voluntary_discards():
    """CC-55: above 7 cards a player must discard before finishing; any card may go."""
    s = run_until(new(4, seed=3), TURN_END)
    seat = seat_now(s)
    while len(s.hands[seat]) < 9:
        s.hands[seat].append(s.deck.pop())
    acts = GAME.legal_actions(s, seat)
    assert ("done",) not in acts
    assert sum(1 for a in acts if a[0] == "discard") == 9
    with pytest.raises(IllegalAction, match="more than 7"):
        act(s, ("done",))
    act(s, ("discard", s.hands[seat][0]))
    act(s, ("discard", s.hands[seat][0]))
    assert len(s.hands[seat]) == 7 and ("done",) in GAME.legal_actions(s, seat)
    act(s, ("discard", s.hands[seat][0]))  # a voluntary discard
    assert len(s.hands[seat]) == 6 and s.discard_owner[-1] == seat


def test_cc_56_clean_up_returns_cubes_workers_and_markers():
    """CC-56: zones, workers and markers return; one community cube fades per section."""
    s = run_until(new(4, seed=3), TURN_END)
    s.zones_on[0] = 1
    s.blue_free = 0
    s.sells_left = 0
    s.pink = [2, 0, 1]
    s.activated[bid("City Hall")] = 1
    while step_now(s) == TURN_END:
        act(s, ("done",))
    assert sum(s.zones_on) == 0 and s.blue_free == s.blue
    assert s.sells_left == 2 and s.pink == [1, 0, 0]
    assert not any(s.activated)


def test_cc_57_reaching_the_points_finishes_the_round_first():
    """CC-57: 13 points (advanced) end the game once the round is over."""
    seat = 0
    s = chance(seat)
    s.act_log, s.activated = [], [0] * len(s.activated)
    s.scores[seat] = 12
    cid = give(s, seat, "Corner Economy")
    activated(s, "Cottage", "Kiosk", "Workshop")
    act(s, ("score", cid))
    assert s.reached and step_now(s) != OVER
    rnd = s.round
    s = run_until(s, OVER, random.Random(1))
    assert s.round == rnd and s.outcome == "mayor"
    assert GAME.result(s).winners == [seat]
    assert flow.end_points(GAME.content, new(4, "basic")) == 11


def test_cc_58_a_chosen_term_ends_the_game_with_no_winner():
    """CC-58: a table that chose a term of 20 rounds stops after round 20 without a
    Mayor; nobody reached the points of CC-57, so nobody wins."""
    s = run_until(GAME.setup(4, 3, {"term": 20}), TURN_END)
    s.round = 20
    s.scores = [9, 4, 0, 2]
    while step_now(s) == TURN_END:
        act(s, ("done",))
    assert step_now(s) == OVER and s.outcome == "term"
    result = GAME.result(s)
    assert result.winners == [] and result.detail["everyone_loses"]


def test_cc_58_the_books_game_has_no_term():
    """CC-58, CC-50, CC-57: by default (the book) round 20, 30 or 50 ends nothing; the
    next round begins."""
    s = run_until(new(4, seed=3), TURN_END)
    assert GAME.resolve_options(4, {})["term"] == "none"
    for last in (20, 30, 50):
        t = GAME.clone(s)
        t.round = last
        t.scores = [9, 4, 0, 2]
        while step_now(t) == TURN_END:
            act(t, ("done",))
        assert step_now(t) != OVER and t.round == last + 1 and t.outcome == ""


def test_cc_58_a_term_of_thirty_plays_round_twenty_one():
    """CC-58: a term of 30 ends after round 30, not after round 20."""
    s = run_until(GAME.setup(4, 3, {"term": "30"}), TURN_END)
    assert s.term == 30
    t = GAME.clone(s)
    t.round = 20
    while step_now(t) == TURN_END:
        act(t, ("done",))
    assert step_now(t) != OVER and t.round == 21
    s.round = 30
    while step_now(s) == TURN_END:
        act(s, ("done",))
    assert step_now(s) == OVER and s.outcome == "term"


def test_cc_58_the_term_option_refuses_other_lengths():
    """CC-58: the terms a table may choose are data; another length is refused by name."""
    with pytest.raises(ValueError, match="term=7 is not allowed; choose one of none, 20"):
        GAME.setup(3, 1, {"term": 7})
    assert GAME.options()["term"]["choices"] == ["none", *map(str, load_content().terms)]


def test_cc_59_ties_go_to_the_richest_then_are_shared():
    """CC-59: equal points are decided by private funds; still equal means a shared win."""
    s = new(4)
    s.step = OVER
    s.outcome = "mayor"
    s.scores = [13, 13, 5, 13]
    s.funds = [1, 2, 0, 2]
    assert GAME.result(s).winners == [1, 3]
    s.funds = [3, 2, 0, 2]
    assert GAME.result(s).winners == [0]


def test_cc_60_the_automated_member_follows_fixed_rules():
    """CC-60: proposes the dearest affordable building, votes for the largest plan."""
    s = run_until(new(2, seed=1), PROPOSE)
    s.budget = 6
    choice = bot.proposal(C, s, set())
    affordable = [b for b in s.display if GAME.buildings[b].cost + 0 <= 6]
    best = max(GAME.buildings[b].cost for b in affordable)
    assert GAME.buildings[choice[1]].cost == best
    s.proposals = [
        Proposal(0, "construct", bid("Cottage"), GAME.board.by_shape[0][0], [], [], PENDING),
        Proposal(1, "construct", bid("Steel Mill"), GAME.board.by_shape[2][0], [], [], PENDING),
        Proposal(2, "construct", bid("Shopping Centre"), GAME.board.by_shape[2][1], [], [],
                 PENDING),
    ]
    options = council.vote_options(s, 2, second=False)
    assert bot.vote(C, s, options) == ("vote", 1, 0)
    assert bot.proposal(C, s, {b for b in s.display}) == ("no_proposal",)


def test_cc_60_the_automated_member_never_waits_for_input():
    """CC-60 and CC-2: the third member never appears among the seats to act."""
    for seed in range(6):
        s = new(2, seed=seed)
        rng = random.Random(seed)
        while not GAME.is_over(s):
            assert all(seat < 2 for seat in GAME.to_act(s))
            seat = GAME.to_act(s)[0]
            GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
        assert len(GAME.result(s).scores) == 2


def test_cc_61_hands_and_decks_are_hidden_the_rest_is_open():
    """CC-61: others' hands, dealt cards, the deck and the stacks are hidden."""
    s = run_until(new(4, seed=3), PROPOSE)
    view = GAME.observe(s, 0)
    assert view["seats"][0]["hand"] == sorted(s.hands[0])
    assert all(view["seats"][i]["hand"] is None for i in (1, 2, 3))
    assert "deck" not in view and "stacks" not in view
    assert view["seats"][1]["hand_size"] == len(s.hands[1])
    assert view["budget"] == s.budget and view["office"] == s.office
    spectator = GAME.observe(s, None)
    assert all(seat["hand"] is None for seat in spectator["seats"])
    rng = random.Random(1)
    samples = [GAME.determinize(s, 0, rng) for _ in range(3)]
    assert all(GAME.observe(x, 0) == view for x in samples)
    assert any(x.hands[1] != s.hands[1] or x.deck != s.deck for x in samples)
    assert all(x.hands[0] == s.hands[0] for x in samples)


def test_cc_60_the_automated_chair_favours_no_seat():
    """CC-60: seating by the automated chair is drawn, so either player may get Transport."""
    got = set()
    for seed in range(60):
        s = new(2, seed=seed)
        if s.chair == 2:
            got.add(council.holder(s, 0))
    assert {0, 1} <= got


def test_cc_66_the_first_to_reach_the_points_takes_the_key_to_the_city():
    """CC-66: the Key goes to the first member to reach the points and stays there."""
    seat = 1
    s = chance(seat)
    s.scores = [12, 11, 0, 0]
    cid = give(s, seat, "Lights On")
    s.power = 6
    events = act(s, ("score", cid))
    assert s.key_holder == seat and s.reached
    assert any("Key to the City" in e.text for e in events)
    flow.add_points(GAME.content, s, 0, 2, [])
    assert s.key_holder == seat
    assert GAME.observe(s, 2)["key_holder"] == seat


def test_cc_59_equal_points_go_to_private_money_not_to_the_key():
    """CC-59 over CC-66: players tied for most points are separated by their private
    money, not by who reached the points first (the Key to the City)."""
    s = new(4)
    s.step = OVER
    s.outcome = "mayor"
    s.scores = [13, 13, 5, 13]
    s.funds = [0, 3, 0, 2]
    s.key_holder = 3  # reached 13 first, but holds less money than Player 2
    result = GAME.result(s)
    assert result.winners == [1] and result.detail["key_to_the_city"] == 3


def test_cc_57_cc_59_the_log_and_the_result_name_the_mayor():
    """CC-57 and CC-59: the round's end names the elected Mayor in the log, and the
    result's detail names the same seat (the page's end screen reads it there)."""
    seat = 0
    s = chance(seat)
    s.act_log, s.activated = [], [0] * len(s.activated)
    s.scores[seat] = 12
    cid = give(s, seat, "Corner Economy")
    activated(s, "Cottage", "Kiosk", "Workshop")
    act(s, ("score", cid))
    rng = random.Random(1)
    texts = []
    while not GAME.is_over(s):
        member = GAME.to_act(s)[0]
        texts += [e.text for e in GAME.apply(s, member, rng.choice(GAME.legal_actions(s, member)))]
    points = max(s.scores)
    said = f"is over and the council elects Player 1 Mayor ({points} points)."
    assert any(t.endswith(said) for t in texts), texts[-3:]
    assert GAME.result(s).detail["mayor"] == [seat] == GAME.result(s).winners
