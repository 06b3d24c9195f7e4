"""The game-agnostic core: generator, plain-data conversion, records, options."""

import dataclasses
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import borough
from borough.core import record as records
from borough.core.errors import CorruptData
from borough.core.rng import Rng
from borough.core.serial import freeze, from_plain, to_plain


@given(st.integers(min_value=0, max_value=2**64), st.integers(min_value=1, max_value=1000))
def test_rng_below_stays_in_range_and_repeats(seed, bound):
    a, b = Rng.from_seed(seed), Rng.from_seed(seed)
    xs = [a.below(bound) for _ in range(20)]
    assert xs == [b.below(bound) for _ in range(20)]
    assert all(0 <= x < bound for x in xs)


def test_rng_is_roughly_uniform():
    rng = Rng.from_seed(1)
    counts = [0] * 6
    for _ in range(60_000):
        counts[rng.below(6)] += 1
    assert all(9_500 < c < 10_500 for c in counts)


@given(st.lists(st.integers(), max_size=30), st.integers(min_value=0, max_value=10**9))
def test_shuffle_is_a_permutation(items, seed):
    shuffled = list(items)
    Rng.from_seed(seed).shuffle(shuffled)
    assert sorted(shuffled) == sorted(items)


@dataclasses.dataclass
class Inner:
    xs: list[int]
    pair: tuple[int, str]


@dataclasses.dataclass
class Outer:
    name: str
    inner: list[Inner]
    table: dict[int, list[str]]
    maybe: int | None
    rng: Rng


def test_plain_round_trip_and_refusals():
    value = Outer("a", [Inner([1, 2], (3, "b"))], {4: ["c"]}, None, Rng(99))
    plain = json.loads(json.dumps(to_plain(value)))
    back = from_plain(Outer, plain)
    assert to_plain(back) == to_plain(value) and back.inner[0].pair == (3, "b")
    bad = [
        {**plain, "name": 3},
        {**plain, "extra": 1},
        {k: v for k, v in plain.items() if k != "rng"},
        {**plain, "inner": [{"xs": ["x"], "pair": [3, "b"]}]},
        {**plain, "inner": [{"xs": [], "pair": [3]}]},
        {**plain, "table": {"four": ["c"]}},
        {**plain, "rng": -1},
        {**plain, "maybe": "no"},
    ]
    for data in bad:
        with pytest.raises(CorruptData):
            from_plain(Outer, data)


def test_freeze_makes_json_actions_hashable():
    assert freeze(["place", 1, [2, 3]]) == ("place", 1, (2, 3))
    hash(freeze(["place", 1, [2, 3]]))


def test_record_digest_guards_every_field():
    rec = records.Record("ekopolis", 3, 5, {"version": "basic"}, [(0, ("pass",))], rules_version=1)
    dumped = records.dump(rec)
    parsed, _ = records.parse(json.loads(json.dumps(dumped)))
    assert parsed == rec
    for key, value in [("seed", 6), ("players", 4), ("game", "other"), ("moves", [])]:
        with pytest.raises(CorruptData):
            records.parse({**dumped, key: value})
    with pytest.raises(CorruptData, match="not a Borough game record"):
        records.parse({"hello": 1})


def test_unknown_game_names_the_known_ones():
    with pytest.raises(ValueError, match="ekopolis"):
        borough.game("monopoly")


@settings(max_examples=25, deadline=None)
@given(
    name=st.sampled_from(borough.games()),
    seed=st.integers(min_value=0, max_value=10**6),
    picks=st.lists(st.integers(min_value=0, max_value=10**9), min_size=1, max_size=80),
)
def test_any_index_sequence_keeps_states_consistent(name, seed, picks):
    """Random action indices, legal or not, never corrupt a game."""
    g = borough.game(name)
    state = g.setup(g.player_counts()[-1], seed=seed)
    for pick in picks:
        if g.is_over(state):
            break
        seat = g.to_act(state)[0]
        action = g.decode(pick % g.num_actions())
        before = g.to_json(state)
        if g.explain(state, seat, action) is None:
            g.apply(state, seat, action)
        else:
            with pytest.raises(borough.IllegalAction):
                g.apply(state, seat, action)
            assert g.to_json(state) == before
            legal = g.legal_actions(state, seat)
            g.apply(state, seat, legal[pick % len(legal)])
        g.from_json(json.loads(json.dumps(g.to_json(state))))
