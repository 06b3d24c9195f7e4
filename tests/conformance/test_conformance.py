"""The contract every registered game must keep.

A new game gets every check here by registering itself in borough.games.
"""

from __future__ import annotations

import json
import random

import pytest

import borough
from borough.core import record as records
from borough.core.errors import IllegalAction
from borough.core.serial import to_plain
from tests.conformance.trajectories import case_id, cases, key, playout, sample_points

CASES = cases()
SEEDS = (11, 12)


def states_along(case, seed, count):
    name, players, options = case
    g = borough.game(name)
    traj = playout(name, players, key(options), seed)
    for i in sample_points(traj, count):
        yield g, g.from_json(traj.snapshots[i]), traj.moves[i]


@pytest.mark.parametrize("case", CASES, ids=case_id)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playouts_end_with_a_result(case, seed):
    name, players, options = case
    g = borough.game(name)
    traj = playout(name, players, key(options), seed)
    final = g.from_json(traj.snapshots[-1])
    assert g.is_over(final) and g.to_act(final) == ()
    result = g.result(final)
    assert len(result.scores) == players
    assert set(result.winners) <= set(range(players))
    assert result.winners or result.detail.get("everyone_loses") is True
    json.dumps(result.to_json())


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_every_legal_action_applies_and_is_described(case):
    for g, state, _ in states_along(case, SEEDS[0], 12):
        for seat in g.to_act(state):
            actions = g.legal_actions(state, seat)
            assert len(set(actions)) == len(actions), "legal actions repeat"
            for action in actions[:60]:
                assert g.is_legal(state, seat, action)
                assert g.explain(state, seat, action) is None
                text = g.describe(action, state)
                assert isinstance(text, str) and text
                trial = g.clone(state)
                events = g.apply(trial, seat, action)
                assert all(isinstance(e.text, str) and e.text for e in events)
                json.dumps([e.to_json() for e in events])


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_an_observer_sees_what_observe_sees(case):
    """`Game.observer(state)` answers every audience as `observe` does, keys in the
    same order, whichever audience asks first, and its answers stay as they were
    once another asks."""
    rng = random.Random(3)
    for g, state, _ in states_along(case, SEEDS[1], 20):
        audiences = [*range(g.num_seats(state)), None]
        rng.shuffle(audiences)
        see = g.observer(state)
        seen = [see(a) for a in audiences]
        written = [json.dumps(o) for o in seen]
        for a, o, text in zip(audiences, seen, written, strict=True):
            assert text == json.dumps(g.observe(state, a)), a
            assert json.dumps(see(a)) == json.dumps(o) == text


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_prompt_among_legal_actions_is_the_prompt(case):
    """`Game.prompt_among`, given the seat's legal actions, words the decision as
    `prompt` does (the server's views call it with the actions they list)."""
    for g, state, _ in states_along(case, SEEDS[1], 20):
        for seat in g.to_act(state):
            actions = g.legal_actions(state, seat)
            assert g.prompt_among(state, seat, actions) == g.prompt(state, seat)


UNKNOWN = [("no-such-verb",), ("place",)]
# Not actions at all: refused with IllegalAction by explain as well as apply.
MALFORMED = [None, "", "place", 7, (), [], {"a": 1}, [[1]], (1, 2), ("place", 0.0, 4),
             ("target", 12.0), ("assign", False), (True,)]


def disguised(action):
    """The same action with one integer part turned into an equal float or bool,
    which Python would match against the real action in a dictionary lookup."""
    out = []
    for i, part in enumerate(action):
        if type(part) is int:
            out.append((*action[:i], float(part), *action[i + 1:]))
            if part in (0, 1):
                out.append((*action[:i], bool(part), *action[i + 1:]))
    return out


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_illegal_actions_are_refused_and_change_nothing(case):
    rng = random.Random(5)
    for g, state, _ in states_along(case, SEEDS[0], 10):
        before = json.dumps(g.to_json(state), sort_keys=True)
        seat = g.to_act(state)[0]
        legal = set(g.legal_actions(state, seat))
        size = g.num_actions(g.num_seats(state))
        illegal = [g.decode(rng.randrange(size)) for _ in range(25)]
        attempts = [(seat, a) for a in illegal if a not in legal]
        for _, action in attempts:
            assert not g.is_legal(state, seat, action)
        attempts += [(seat, m) for m in UNKNOWN]
        for bad in MALFORMED + [d for a in sorted(legal)[:10] for d in disguised(a)]:
            for refuse in (g.explain, g.is_legal, g.apply):
                with pytest.raises(IllegalAction):
                    refuse(state, seat, bad)
            with pytest.raises(IllegalAction):
                g.encode(bad)
        waiting = [s for s in range(g.num_seats(state)) if s not in g.to_act(state)]
        if waiting and legal:
            attempts.append((waiting[0], next(iter(legal))))
        attempts += [(-1, next(iter(legal))), (99, next(iter(legal)))]
        for who, action in attempts:
            reason = g.explain(state, who, action)
            assert isinstance(reason, str) and reason, (who, action)
            with pytest.raises(IllegalAction) as err:
                g.apply(state, who, action)
            assert err.value.reason
            assert json.dumps(g.to_json(state), sort_keys=True) == before


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_clones_are_independent(case):
    for g, state, (seat, action) in states_along(case, SEEDS[1], 8):
        original = json.dumps(g.to_json(state), sort_keys=True)
        twin = g.clone(state)
        g.apply(twin, seat, action)
        assert json.dumps(g.to_json(state), sort_keys=True) == original
        g.apply(state, seat, action)
        after = json.dumps(g.to_json(state), sort_keys=True)
        assert after == json.dumps(g.to_json(twin), sort_keys=True)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_json_round_trip_at_every_step(case):
    name, players, options = case
    g = borough.game(name)
    traj = playout(name, players, key(options), SEEDS[0])
    for snapshot in traj.snapshots:
        text = json.dumps(snapshot)
        state = g.from_json(json.loads(text))
        assert g.to_json(state) == json.loads(text)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_replay_from_seed_and_actions_is_exact(case):
    name, players, options = case
    g = borough.game(name)
    traj = playout(name, players, key(options), SEEDS[1])
    rec = records.Record(name, players, SEEDS[1], options, list(traj.moves),
                         rules_version=g.rules_version)
    data = json.loads(json.dumps(records.dump(rec)))
    parsed, _ = records.parse(data)
    state, _ = records.replay(g, parsed)
    assert g.to_json(state) == traj.snapshots[-1]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_encode_decode_round_trip(case):
    name, players, options = case
    g = borough.game(name)
    traj = playout(name, players, key(options), SEEDS[0])
    size = g.num_actions(players)
    for _, action in traj.moves:
        index = g.encode(action)
        assert 0 <= index < size and g.decode(index) == action
    for g2, state, _ in states_along(case, SEEDS[0], 6):
        for seat in g2.to_act(state):
            for action in g2.legal_actions(state, seat):
                assert g2.decode(g2.encode(action)) == action


@pytest.mark.parametrize("name", borough.games())
def test_decode_is_defined_on_the_whole_action_space(name):
    g = borough.game(name)
    for players in g.player_counts():
        size = g.num_actions(players)
        for index in range(size):
            action = g.decode(index)
            assert g.encode(action) == index
            json.dumps(action)
        with pytest.raises(IllegalAction):
            g.decode(size)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_no_leak_through_determinisation(case):
    rng = random.Random(3)
    for g, state, _ in states_along(case, SEEDS[0], 8):
        original = json.dumps(g.to_json(state), sort_keys=True)
        for seat in range(g.num_seats(state)):
            view = g.observe(state, seat)
            json.dumps(view)
            samples = [g.determinize(state, seat, rng) for _ in range(4)]
            assert json.dumps(g.to_json(state), sort_keys=True) == original
            for sample in samples:
                assert g.observe(sample, seat) == view
                assert g.to_act(sample) == g.to_act(state)
                if seat in g.to_act(state):
                    legal = g.legal_actions(state, seat)
                    assert g.legal_actions(sample, seat) == legal
                    # A move's sentence is shown to its seat, so it may use only what
                    # that seat knows.
                    assert [g.describe(a, sample) for a in legal] == \
                        [g.describe(a, state) for a in legal]
            if g.has_hidden_information(state, seat):
                # Compared without the generators, which a sample always reseeds.
                # A pool of two hidden cards keeps its order half the time: try 24.
                held = json.dumps(to_plain(state, rng=False), sort_keys=True)
                differ = any(
                    json.dumps(to_plain(g.determinize(state, seat, rng), rng=False),
                               sort_keys=True) != held
                    for _ in range(24)
                )
                assert differ, f"seat {seat}: hidden information never resampled"
        json.dumps(g.observe(state, None))


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_determinisation_depends_only_on_what_the_seat_sees(case):
    """Two states a seat cannot tell apart give that seat the same samples.

    This is what makes agents honest: they see the game only through
    observe() and determinize().
    """
    for g, state, _ in states_along(case, SEEDS[1], 6):
        for seat in range(g.num_seats(state)):
            other = g.determinize(state, seat, random.Random(17))
            a = g.determinize(state, seat, random.Random(5))
            b = g.determinize(other, seat, random.Random(5))
            assert g.to_json(a) == g.to_json(b)


@pytest.mark.parametrize("name", borough.games())
def test_setup_validates_players_and_options(name):
    g = borough.game(name)
    too_many = max(g.player_counts()) + 1
    with pytest.raises(ValueError, match="players"):
        g.setup(too_many, seed=1)
    with pytest.raises(ValueError, match="unknown option"):
        g.setup(g.player_counts()[0], seed=1, options={"no_such_option": 1})
    for opt_name, spec in g.options().items():
        with pytest.raises(ValueError, match="not allowed"):
            g.setup(g.player_counts()[0], seed=1, options={opt_name: "no-such-value"})
        assert spec["default"] in spec["choices"] and spec["help"]


@pytest.mark.parametrize("name", borough.games())
def test_same_seed_same_game(name):
    g = borough.game(name)
    players = g.player_counts()[0]
    a = g.setup(players, seed=99)
    b = g.setup(players, seed=99)
    assert g.to_json(a) == g.to_json(b)
    different = [g.to_json(g.setup(players, seed=s)) != g.to_json(a) for s in range(100, 105)]
    assert any(different)


@pytest.mark.parametrize("name", borough.games())
def test_corrupt_saved_states_are_refused(name):
    g = borough.game(name)
    state = g.setup(g.player_counts()[0], seed=4)
    good = g.to_json(state)
    broken = [
        "{not json",
        {"game": "another-game", "state": good["state"]},
        {"game": name},
        {"game": name, "state": {**good["state"], "surprise": 1}},
        {"game": name, "state": {k: v for k, v in list(good["state"].items())[1:]}},
        {"game": name, "state": {k: "garbage" for k in good["state"]}},
    ]
    for data in broken:
        with pytest.raises(borough.CorruptData):
            g.from_json(data)
