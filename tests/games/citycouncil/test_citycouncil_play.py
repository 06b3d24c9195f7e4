"""Whole games: playouts, saving, replay, hidden information and refused input."""

from __future__ import annotations

import json
import random

import pytest
from cc_helpers import GAME, new
from cc_sensible import Sensible

from borough.core.errors import CorruptData, IllegalAction
from borough.games.citycouncil import city
from borough.games.citycouncil.render import render
from borough.games.citycouncil.state import step_now

CASES = [(p, m) for p in (2, 3, 4, 5) for m in ("basic", "advanced")]
TERM = str(GAME.content.machine_term)  # CC-58: random games may otherwise never end


def playout(players: int, mode: str, seed: int):
    s = new(players, mode, seed, TERM)
    rng = random.Random(seed)
    moves = []
    states = []
    while not GAME.is_over(s):
        states.append(GAME.clone(s))
        seat = GAME.to_act(s)[0]
        action = rng.choice(GAME.legal_actions(s, seat))
        GAME.apply(s, seat, action)
        moves.append((seat, action))
    return s, moves, states


@pytest.mark.parametrize("players,mode", CASES)
def test_random_games_end_and_replay_exactly(players, mode):
    """CC-57, CC-58, CC-50: with a term every game ends; the seed and actions replay it
    exactly."""
    final, moves, _ = playout(players, mode, 21)
    assert final.outcome in ("mayor", "government", "term")
    assert len(moves) <= GAME.max_decisions(players, {"mode": mode, "term": TERM})
    again = new(players, mode, 21, TERM)
    for seat, action in moves:
        GAME.apply(again, seat, json.loads(json.dumps(action)))
    assert GAME.to_json(again) == GAME.to_json(final)
    result = GAME.result(final)
    assert len(result.scores) == players
    json.dumps(result.to_json())


@pytest.mark.parametrize("players,mode", CASES)
def test_json_round_trip_and_observations(players, mode):
    """CC-61: states survive JSON; observations are JSON and render as text."""
    _, _, states = playout(players, mode, 5)
    for s in states[:: max(1, len(states) // 15)]:
        data = json.loads(json.dumps(GAME.to_json(s)))
        assert GAME.to_json(GAME.from_json(data)) == data
        for seat in (None, *range(players)):
            view = GAME.observe(s, seat)
            json.dumps(view)
            assert "City Council" in render(GAME, view)


@pytest.mark.parametrize("players,mode", CASES)
def test_determinisation_keeps_what_a_seat_sees(players, mode):
    """CC-61: a resampled state looks the same to the seat; hidden parts really change."""
    rng = random.Random(2)
    _, _, states = playout(players, mode, 8)
    for s in states[:: max(1, len(states) // 10)]:
        for seat in range(players):
            view = GAME.observe(s, seat)
            samples = [GAME.determinize(s, seat, rng) for _ in range(4)]
            for x in samples:
                assert GAME.observe(x, seat) == view
                assert GAME.to_act(x) == GAME.to_act(s)
                if seat in GAME.to_act(s):
                    assert GAME.legal_actions(x, seat) == GAME.legal_actions(s, seat)
                GAME.validate_state(x)
            if GAME.has_hidden_information(s, seat):
                assert any(GAME.to_json(x) != GAME.to_json(s) for x in samples)


def test_determinisation_depends_only_on_the_seat_view():
    """CC-61: two states a seat cannot tell apart give that seat the same samples."""
    _, _, states = playout(5, "basic", 9)
    for s in states[:: max(1, len(states) // 8)]:
        for seat in range(5):
            other = GAME.determinize(s, seat, random.Random(17))
            a = GAME.determinize(s, seat, random.Random(5))
            b = GAME.determinize(other, seat, random.Random(5))
            assert GAME.to_json(a) == GAME.to_json(b)


def test_illegal_actions_are_refused_and_change_nothing():
    """Bad input gets a sentence and leaves the state as it was."""
    _, _, states = playout(4, "advanced", 3)
    rng = random.Random(4)
    size = GAME.num_actions()
    for s in states[:: max(1, len(states) // 12)]:
        before = json.dumps(GAME.to_json(s), sort_keys=True)
        seat = GAME.to_act(s)[0]
        legal = set(GAME.legal_actions(s, seat))
        for _ in range(30):
            action = GAME.decode(rng.randrange(size))
            if action in legal:
                continue
            with pytest.raises(IllegalAction) as err:
                GAME.apply(s, seat, action)
            assert err.value.reason.endswith(".")
        for bad in (None, "vote", ("vote",), (1, 2), ("nothing",)):
            with pytest.raises(IllegalAction):
                GAME.apply(s, seat, bad)
        other = (seat + 1) % 4
        with pytest.raises(IllegalAction, match="not seat"):
            GAME.apply(s, other, next(iter(legal)))
        assert json.dumps(GAME.to_json(s), sort_keys=True) == before


def test_corrupt_saves_are_refused():
    """A decoded state whose parts contradict each other is refused."""
    s = new(4)
    data = GAME.to_json(s)
    broken = json.loads(json.dumps(data))
    broken["state"]["deck"] = broken["state"]["deck"][1:]
    with pytest.raises(CorruptData, match="Favor cards"):
        GAME.from_json(broken)
    broken = json.loads(json.dumps(data))
    broken["state"]["display"] = broken["state"]["display"][1:]
    with pytest.raises(CorruptData, match="building tiles"):
        GAME.from_json(broken)
    broken = json.loads(json.dumps(data))
    broken["state"]["members"] = 5
    with pytest.raises(CorruptData):
        GAME.from_json(broken)


def test_fast_site_search_matches_the_full_cost_rule():
    """CC-30 and CC-34: the cheapest-first site search agrees with the cost of every site."""
    for seed in (1, 2, 3):
        _, _, states = playout(5, "advanced", seed)
        for s in states[:: max(1, len(states) // 8)]:
            for b in range(44):
                for limit in (0, 3, 8, 40):
                    slow = [p for p in GAME.board.by_shape[GAME.buildings[b].shape]
                            if 0 <= city.build_cost(GAME.content, s, b, p) <= limit]
                    assert city.build_sites(GAME.content, s, b, limit) == slow
                    assert city.can_build_any(GAME.content, s, b, limit) == bool(slow)
                    if s.site_of[b] >= 0:
                        slow = [p for p in GAME.board.by_shape[GAME.buildings[b].shape]
                                if 0 <= city.move_cost(GAME.content, s, b, p) <= limit]
                        assert city.move_sites(GAME.content, s, b, limit) == slow
                        assert city.can_move_any(GAME.content, s, b, limit) == bool(slow)


def test_fast_activation_list_matches_each_rule():
    """CC-41..CC-43: the one-pass list equals the building, second-action and zone rules."""
    c = GAME.content
    for seed in (1, 2, 3, 4):
        _, _, states = playout(3 + seed % 3, "advanced", seed)
        for s in states:
            if step_now(s) != "produce":
                continue
            slow = [("activate", b) if city.can_activate(c, s, b) else ("boost", b)
                    for b in range(len(s.site_of))
                    if city.can_activate(c, s, b) or city.can_boost(c, s, b)]
            slow += [("zone", h) for h in range(len(s.zones_on)) if city.can_zone(c, s, h)]
            assert city.activations(c, s) == slow


def test_action_space_is_fixed_and_small():
    """Every action has one index; the space does not depend on the player count."""
    assert GAME.num_actions(2) == GAME.num_actions(5) < 20000
    for i in range(GAME.num_actions()):
        assert GAME.encode(GAME.decode(i)) == i


def test_position_values_fall_with_danger_and_vanish_on_a_takeover():
    """CC-50: the computer opponents value a fallen city at nothing for everyone."""
    from borough.games.citycouncil.evaluation import values

    s = new(4, seed=2)
    calm = values(GAME, s)
    assert all(0.0 <= v <= 1.0 for v in calm)
    s.red = [3, 3, 0]
    assert all(v < w for v, w in zip(values(GAME, s), calm, strict=True))
    s.step, s.outcome = "over", "government"
    assert values(GAME, s) == [0.0] * 4
    assert GAME.result(s).detail["everyone_loses"]


def test_values_foresee_the_pollution_to_come():
    """The computer opponents' values count cubes that unresolved activations and the
    standing city will add (CC-44, CC-46), not only those on the board now."""
    from cc_helpers import clear_city, put

    from borough.games.citycouncil.evaluation import projected_danger, values

    s = new(4, seed=2)
    clear_city(s)
    s.grey = [0, 0, 2]
    calm = values(GAME, s)
    d0 = projected_danger(GAME, s)  # the board's cubes and the printed Power Station
    assert d0 >= 2 / 7
    mill = put(s, "Steel Mill", ["E8", "E9", "F8", "F9"])  # 2 pollution a round
    assert projected_danger(GAME, s) == pytest.approx(d0 + 2 / 7)
    standing = values(GAME, s)
    s.act_log = [mill]
    assert projected_danger(GAME, s) == pytest.approx(d0 + 4 / 7)
    assert all(a < b for a, b in zip(values(GAME, s), standing, strict=True))
    assert all(a < b for a, b in zip(standing, calm, strict=True))
    s.resolved = 1  # resolved: its cubes are already on the board
    assert projected_danger(GAME, s) == pytest.approx(d0 + 2 / 7)


def test_sensible_councils_mostly_elect_a_mayor():
    """CC-C1..CC-C4: with sensible play most games elect a Mayor, some cities fall."""
    outcomes, rounds = [], []
    for seed in range(12):
        state = GAME.setup(4, seed, {"mode": "advanced"})
        member = Sensible(GAME, random.Random(seed))
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            GAME.apply(state, seat, member.choose(state, seat))
        outcomes.append(state.outcome)
        rounds.append(state.round)
    assert outcomes.count("mayor") >= 6
    assert max(rounds) <= 20 and sorted(rounds)[6] <= 12


@pytest.mark.parametrize("players,mode", CASES)
def test_reserves_and_tracks_hold_in_play(players, mode):
    """CC-37 and CC-46: tracks never go below 0 or above their top; the reserves
    (7 red, 7 grey, 11 pink, 7 money markers, 15 blue, 7 white) are never exceeded."""
    _, _, states = playout(players, mode, 31)
    for s in states:
        GAME.validate_state(s)
        assert 0 <= s.budget <= 40 and 0 <= s.power <= 12 and 0 <= s.goods <= 8
        assert s.blue_free >= 0 and s.white_free >= 0
        assert sum(s.red) <= 7 and sum(s.grey) <= 7 and sum(s.pink) + sum(s.zones_on) <= 11
        assert sum(s.funds) + sum(len(p.funds) for p in s.proposals) <= 7
        assert s.blue <= 15 and s.white <= 7


def test_values_count_the_plans_before_the_council():
    """CC-21 CC-24 CC-53: a construction plan for a building a seat's card pays for
    raises that seat's estimate before the plan is carried out, more with each
    delegate on it, and a sale plan of such a building lowers it; so the computer
    opponents propose and vote for the buildings their cards want."""
    from cc_helpers import bid, clear_city

    from borough.games.citycouncil import evaluation
    from borough.games.citycouncil.state import PENDING, Proposal

    s = new(2, seed=3)
    clear_city(s)
    cash = next(i for i, card in enumerate(GAME.cards) if card.name == "Quick Cash")
    s.hands = [[cash], []]
    s.scores = [0, 0]
    base = evaluation.estimates(GAME, s)
    s.proposals = [Proposal(0, "construct", bid("Corner Shop"), -1, [], [], PENDING)]
    proposed = evaluation.estimates(GAME, s)
    assert proposed[0] > base[0] and proposed[1] == base[1]
    s.proposals[0].voters = [1]
    voted = evaluation.estimates(GAME, s)
    assert voted[0] > proposed[0]
    s.proposals = [Proposal(1, "construct", bid("Steel Mill"), -1, [1], [], PENDING)]
    assert evaluation.estimates(GAME, s) == base  # a building none of its cards names
