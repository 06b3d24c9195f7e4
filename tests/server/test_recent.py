"""The other players' last moves, as the table marks them on the board (the `recent`
field of a view): only moves the game calls open, only since the viewer last acted,
and never a change that would let anyone count secret moves."""

from __future__ import annotations

import borough
from borough.core.game import Game
from borough.server.views import Played, played, recent

NAMES = ["Ann", "Bo", "Cy"]


def texts(moves: list[Played], audience: int | None) -> list[str]:
    return [m["text"] for m in recent(moves, audience, NAMES)]


def test_a_seat_sees_the_others_open_moves_since_its_own_last_move():
    moves = [Played(0, ["a"], "a0", None), Played(1, ["b"], "b1", None),
             Played(2, ["c"], "c2", None)]
    assert texts(moves, 0) == ["b1", "c2"]
    assert texts(moves, 2) == []  # it just moved: nothing is marked until the others do
    assert texts(moves, 1) == ["c2"]


def test_secret_moves_are_skipped_and_change_nothing_anyone_is_shown():
    open_only = [Played(0, ["a"], "a0", None), Played(1, ["b"], "b1", None)]
    with_secret = [*open_only, Played(2, None, None, None)]
    for audience in (0, 1, None):
        assert recent(open_only, audience, NAMES) == recent(with_secret, audience, NAMES)
    # a secret move in the middle of a run of open ones is passed over as well
    mixed = [Played(0, ["a"], "a0", None), Played(2, None, None, None),
             Played(1, ["b"], "b1", None)]
    assert texts(mixed, 0) == ["b1"]
    assert texts(mixed, None) == ["a0", "b1"]


def test_a_spectator_sees_the_last_open_move_of_each_seat_back_to_a_repeat():
    moves = [Played(0, ["a"], "a0", None), Played(1, ["b"], "b1", None),
             Played(0, ["a"], "a0 again", None), Played(1, ["b"], "b1 again", None)]
    assert texts(moves, None) == ["a0 again", "b1 again"]


def test_player_names_replace_the_seat_numbers_in_the_words():
    moves = [Played(1, ["x"], "Player 2 builds", None)]
    assert recent(moves, 0, NAMES) == [{"seat": 1, "action": ["x"], "text": "Bo builds"}]


def test_the_default_keeps_every_move_secret_in_a_game_with_secrets():
    """`Game.public_action`, unless a game names its open choices, marks nothing
    where some seat has something hidden; an open move carries its words."""
    for name in borough.games.names():
        game = borough.game(name)
        state = game.setup(min(game.player_counts()), seed=3)
        seat = game.to_act(state)[0]
        action = game.legal_actions(state, seat)[0]
        hidden = any(game.has_hidden_information(state, s) for s in range(game.num_seats(state)))
        assert Game.public_action(game, state, seat, action) is not hidden
        after = game.clone(state)
        game.apply(after, seat, action)
        entry = played(game, state, seat, action, after)
        assert entry.refusal == game.undo_refusal(state, seat, action, after)
        if entry.action is not None:
            assert entry.text == game.describe(action, state)
        else:
            assert entry.text is None
