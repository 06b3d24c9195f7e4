"""Which Small City moves the other players are shown as "last moves" (the view's
`recent`, marked on the board): every open choice, never the kept Promise (SC-4),
the kept Special Promise, nor anything done behind the Build phase's screens
(SC-25). The board's marks themselves are checked in test_smallcity_table.py."""

from __future__ import annotations

import borough
from borough.agents.base import SeatView
from borough.agents.random_agent import RandomAgent
from borough.games.smallcity.state import BUILD
from borough.server.views import Played, played, recent

GAME = borough.game("smallcity")
NAMES = ["Ann", "Bo", "Cy"]


def play_with_records(players: int, seed: int, limit: int = 4000):
    """A game by random players: each move with the phase and step it was made in, as
    the table would record it for the others."""
    state = GAME.setup(players, seed=seed, options={})
    agents = [RandomAgent(seed * 10 + s) for s in range(players)]
    moves: list[Played] = []
    made: list[tuple[str, str, tuple]] = []
    for _ in range(limit):
        if GAME.is_over(state):
            break
        seat = GAME.to_act(state)[0]
        action = agents[seat].choose(SeatView(GAME, state, seat))
        made.append((state.phase, GAME.observe(state, seat)["step"], action))
        before = GAME.clone(state)
        GAME.apply(state, seat, action)
        moves.append(played(GAME, before, seat, action, state))
        yield state, moves, made


def test_secret_choices_never_reach_the_others_and_open_ones_do():
    kinds: set[str] = set()
    for _state, moves, made in play_with_records(3, seed=7):
        phase, step, action = made[-1]
        entry = moves[-1]
        secret = phase == BUILD or action[0] in ("promise", "keep")
        assert (entry.action is None) is secret, (phase, step, action)
        for audience in (0, 1, 2, None):
            for shown in recent(moves, audience, NAMES):
                assert shown["action"][0] not in ("promise", "keep"), shown
                kinds.add(shown["action"][0])
    # the open choices of a whole game: cards, the mayor, citizens, City Hall, council
    assert {"card", "mayor", "pick", "to", "place"} <= kinds, kinds


def test_an_open_move_is_told_in_the_words_of_the_move_list():
    for state, moves, made in play_with_records(2, seed=3, limit=400):
        entry = moves[-1]
        if entry.action is not None and made[-1][2][0] == "card":
            shown = recent(moves, 1 - entry.seat, NAMES)[-1]
            assert shown["text"].startswith("Take the ") and " card " in shown["text"]
            assert shown["seat"] == entry.seat
            assert state is not None
            return
    raise AssertionError("no Special Action card was taken")


def test_build_moves_are_sealed_and_the_kept_promise_is_secret():
    """SC-25, SC-4: asked directly, before the move is applied."""
    state = GAME.setup(2, seed=5, options={})
    for _ in range(200):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        if state.step == "promise":
            assert not any(GAME.public_action(state, seat, a) for a in legal)
        if state.phase == BUILD:
            assert not any(GAME.public_action(state, seat, a) for a in legal)
            return
        if state.step == "card":
            assert all(GAME.public_action(state, seat, a) for a in legal)
        GAME.apply(state, seat, legal[0])
    raise AssertionError("the Build phase was not reached")
