"""The encoders' documentation and their refusals."""

from __future__ import annotations

import pytest

import borough
from borough import rl
from borough.rl.encoding import EncodingError

COUNTS = [(name, n) for name in borough.games() for n in borough.game(name).player_counts()]


@pytest.mark.parametrize(("name", "players"), COUNTS, ids=[f"{g}-{n}p" for g, n in COUNTS])
def test_the_fields_document_every_number_of_the_vector_once(name, players):
    encoder = rl.encoder(name, players)
    at = 0
    for field in encoder.fields():
        assert field.start == at and field.size > 0 and field.meaning, field
        at += field.size
    assert at == encoder.size
    text = encoder.describe()
    assert text.count("\n") == len(encoder.fields())


def test_the_shape_is_fixed_by_players_and_options():
    small = rl.encoder("architectura", 2)
    assert rl.encoder("architectura", 2, {"replacements": 6}).shape == small.shape
    assert rl.encoder("architectura", 3).size > small.size
    g = borough.game("architectura")
    for seed in (1, 2, 3):
        state = g.setup(2, seed=seed)
        assert small.encode_state(state, 1).shape == small.shape


def test_an_observation_the_spec_does_not_know_is_refused():
    encoder = rl.encoder("ekopolis", 3)
    g = borough.game("ekopolis")
    view = g.observe(g.setup(3, seed=1), 0)
    with pytest.raises(EncodingError, match="surprise"):
        encoder.encode({**view, "surprise": 1})
    hand = dict(view["seats"][0], hand=[10_000])
    with pytest.raises(EncodingError, match="outside ids"):
        encoder.encode({**view, "seats": [hand, *view["seats"][1:]]})
    missing = {k: v for k, v in view.items() if k != "board"}
    with pytest.raises(EncodingError, match="board is missing"):
        encoder.encode(missing)


def test_hidden_parts_encode_as_unknown_not_as_empty():
    """Another seat's hidden hand gives a 'known' flag of 0, an own empty hand a flag of 1."""
    encoder = rl.encoder("ekopolis", 3, {"version": "full"})
    g = borough.game("ekopolis")
    state = g.setup(3, seed=2, options={"version": "full"})
    fields = {f.name: f for f in encoder.fields()}
    vector = encoder.encode_state(state, 0)
    own, other = fields["seats[seat 0].hand"], fields["seats[seat 1].hand"]
    assert vector[own.start] == 1.0 and vector[other.start] == 0.0
    assert not vector[other.start: other.start + other.size].any()
