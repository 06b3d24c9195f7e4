"""`apply` says what kind of refusal it gives (`RefusalCode`), one test per kind,
on every game; Terrace (tests/sixth), the shortest game, plays one to its end."""

from __future__ import annotations

import random

import pytest

import borough
from borough.core.errors import IllegalAction, RefusalCode
from tests.sixth.rules import Terrace


def _refusal(game, state, seat, action) -> IllegalAction:
    before = game.to_json(state)
    with pytest.raises(IllegalAction) as err:
        game.apply(state, seat, action)
    assert game.to_json(state) == before  # a refusal changes nothing
    return err.value


def _opening(name: str):
    game = borough.game(name)
    return game, game.setup(game.player_counts()[-1], seed=3)  # solo games have no turns


def test_a_move_after_the_end_is_refused_as_over():
    game = Terrace()
    state = game.setup(2, seed=5)
    rng = random.Random(5)
    last = None
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        last = seat, rng.choice(game.legal_actions(state, seat))
        game.apply(state, *last)
    assert last is not None
    assert _refusal(game, state, *last).code is RefusalCode.OVER


@pytest.mark.parametrize("name", borough.games.names())
def test_a_seat_the_game_has_not_is_refused_as_seat(name):
    game, state = _opening(name)
    seat = game.to_act(state)[0]
    action = game.legal_actions(state, seat)[0]
    for wrong in (game.num_seats(state), -1):
        assert _refusal(game, state, wrong, action).code is RefusalCode.SEAT


@pytest.mark.parametrize("name", borough.games.names())
def test_a_seat_out_of_turn_is_refused_as_turn(name):
    game, state = _opening(name)
    rng = random.Random(4)
    for _ in range(200):  # some games open with every seat deciding at once
        acting = game.to_act(state)
        waiting = [s for s in range(game.num_seats(state)) if s not in acting]
        if waiting and acting:
            break
        game.apply(state, acting[0], rng.choice(game.legal_actions(state, acting[0])))
    assert waiting and acting, f"every seat of {name} decides for 200 moves"
    action = game.legal_actions(state, acting[0])[0]
    assert _refusal(game, state, waiting[0], action).code is RefusalCode.TURN


@pytest.mark.parametrize("name", borough.games.names())
def test_something_not_an_action_is_refused_as_form(name):
    game, state = _opening(name)
    seat = game.to_act(state)[0]
    for action in (("no such action",), (), 7):
        assert _refusal(game, state, seat, action).code is RefusalCode.FORM
    with pytest.raises(IllegalAction) as err:
        game.decode(game.num_actions())
    assert err.value.code is RefusalCode.FORM


@pytest.mark.parametrize("name", borough.games.names())
def test_an_action_the_rules_forbid_now_is_refused_as_rule(name):
    game, state = _opening(name)
    seat = game.to_act(state)[0]
    legal = set(game.legal_actions(state, seat))
    forbidden = next(a for a in game.action_space.actions if a not in legal)
    assert _refusal(game, state, seat, forbidden).code is RefusalCode.RULE
