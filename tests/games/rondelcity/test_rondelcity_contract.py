"""The interface contract, checked over whole random games for every player count
and option set: legality, untouched state on bad input, clones, JSON, replay,
action encoding and hidden information."""

from __future__ import annotations

import json
import random

import pytest
from rondelcity_helpers import GAME

from borough.core.errors import CorruptData, IllegalAction
from borough.core.serial import to_plain

CASES = [(p, o) for p in GAME.seats for o in GAME.option_sets()]


def _ids(case):
    p, o = case
    return f"{p}p-" + "-".join(f"{k}={v}" for k, v in sorted(o.items()))


@pytest.mark.parametrize("case", CASES, ids=[_ids(c) for c in CASES])
def test_random_game_keeps_the_contract(case):
    players, options = case
    seed = 11 * players + len(json.dumps(options))
    rng = random.Random(seed)
    state = GAME.setup(players, seed, options)
    log = []
    limit = GAME.max_decisions(players, GAME.resolve_options(players, options))
    hidden_seen = False
    while not GAME.is_over(state):
        assert len(log) < limit, "the game did not end within max_decisions"
        (seat,) = GAME.to_act(state)
        acts = GAME.legal_actions(state, seat)
        assert acts, f"no legal action at step {state.step}"
        step_no = len(log)
        if step_no % 7 == 0:
            before = GAME.to_json(state)
            # an action of the game that is not legal now, and malformed objects
            bad = next(a for a in GAME.action_space.actions if a not in acts)
            for wrong in (bad, ("nonsense",), (), "buy", ("place", "x"), None):
                with pytest.raises(IllegalAction):
                    GAME.apply(state, seat, wrong)
                assert GAME.to_json(state) == before
            other = (seat + 1) % players
            with pytest.raises(IllegalAction):
                GAME.apply(state, other, acts[0])
            assert GAME.to_json(state) == before
            # every legal action applies to a clone, and the original is untouched
            for a in acts:
                c = GAME.clone(state)
                GAME.apply(c, seat, a)
                assert GAME.encode(a) == GAME.action_space.index[a]
                assert GAME.decode(GAME.encode(a)) == a
            assert GAME.to_json(state) == before
            # JSON round trip
            again = GAME.from_json(json.dumps(GAME.to_json(state)))
            assert GAME.to_json(again) == before
            assert GAME.legal_actions(again, seat) == acts
            # hidden information
            for p in range(players):
                obs = GAME.observe(state, p)
                json.dumps(obs)
                d = GAME.determinize(state, p, random.Random(step_no))
                assert GAME.observe(d, p) == obs
                if GAME.has_hidden_information(state, p):
                    outs = {
                        json.dumps(to_plain(GAME.determinize(state, p, random.Random(k)),
                                            rng=False))
                        for k in range(4)
                    }
                    assert len(outs) > 1
                    hidden_seen = True
            json.dumps(GAME.observe(state, None))
        action = rng.choice(acts)
        GAME.apply(state, seat, action)
        log.append((seat, action))
    assert GAME.legal_actions(state, 0) == []
    assert GAME.to_act(state) == ()
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, ("pass",))
    result = GAME.result(state)
    assert result.winners
    assert hidden_seen
    # replay from seed and action list
    replay = GAME.setup(players, seed, options)
    for seat, action in log:
        GAME.apply(replay, seat, json.loads(json.dumps(action)))
    assert GAME.to_json(replay) == GAME.to_json(state)


def test_clone_is_independent():
    s = GAME.setup(3, 5)
    c = GAME.clone(s)
    (seat,) = GAME.to_act(c)
    GAME.apply(c, seat, ("rondel", 0))
    GAME.apply(c, seat, ("pass",))
    assert GAME.to_json(s) != GAME.to_json(c)
    assert GAME.to_json(s) == GAME.to_json(GAME.setup(3, 5))
    c.lines[0].clear()
    c.held[0].append(99)
    c.pieces[0] = 0
    assert s.lines[0] and s.held[0] == [] and s.pieces[0] == GAME.city.start


def test_corrupt_states_are_refused():
    s = GAME.setup(2, 3, {"events": "on", "amenities": "on"})
    good = GAME.to_json(s)
    for mutate in (
        lambda d: d["state"]["lines"][0].append(0),
        lambda d: d["state"]["pieces"].append(0),
        lambda d: d["state"]["event_stack"].pop(),
        lambda d: d["state"]["block_amenity"].__setitem__(0, 5),
        lambda d: d["state"].__setitem__("step", "dance"),
        lambda d: d["state"]["rondel"].__setitem__(0, 9),
        lambda d: d["state"].pop("board"),
        lambda d: d["state"]["pieces"].__setitem__(slice(0, 2), [30, 30]),
        lambda d: d["state"]["final_queue"].append(7),
    ):
        data = json.loads(json.dumps(good))
        mutate(data)
        with pytest.raises(CorruptData):
            GAME.from_json(data)
    with pytest.raises(CorruptData):
        GAME.from_json("{not json")


def test_options_and_seats_are_checked():
    with pytest.raises(ValueError):
        GAME.setup(5, 1)
    with pytest.raises(ValueError):
        GAME.setup(3, 1, {"events": "maybe"})
    with pytest.raises(ValueError):
        GAME.setup(3, 1, {"weather": "on"})
    assert len(GAME.option_sets()) == 4
    assert len(GAME.action_space) < 20000


def test_every_action_has_its_own_description():
    """A person choosing from a list can tell every action apart."""
    texts = [GAME.describe(a) for a in GAME.action_space.actions]
    assert len(set(texts)) == len(texts)
    assert GAME.describe(("go", GAME.city.start)) == "End the move on space 25 (corner at A1)"


MALFORMED = [
    ("rondel", 99), ("rondel", "1"), ("rondel",), ("first", "mayor"), ("take", 1),
    ("score", 1), ("bonus", "tiles"), ("site", 999), ("site", -1), ("square", 999),
    ("square", "A1"), ("pass", 1), ("skip", 1), ("place", 0, 0),
]
"""Actions outside the action space, which no step's quick test may take."""


@pytest.mark.parametrize("options", GAME.option_sets())
def test_quick_legality_agrees_with_the_legal_list(options):
    """is_legal answers some steps without the list; it must never disagree, and it
    refuses actions outside the action space at every step."""
    for players in GAME.seats:
        rng = random.Random(players)
        state = GAME.setup(players, players, options)
        checked = set()
        step_no = 0
        while not GAME.is_over(state):
            (seat,) = GAME.to_act(state)
            legal = set(GAME.legal_actions(state, seat))
            if step_no % 12 == 0 or state.step not in checked:
                checked.add(state.step)
                for action in GAME.action_space.actions:
                    assert GAME.is_legal(state, seat, action) == (action in legal), action
                for action in MALFORMED:
                    assert not GAME.is_legal(state, seat, action), action
                assert not GAME.is_legal(state, (seat + 1) % players, next(iter(legal)))
            GAME.apply(state, seat, rng.choice(sorted(legal)))
            step_no += 1
        assert "final" in checked or state.winner >= 0 or state.final_round
