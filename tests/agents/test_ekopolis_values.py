"""Ekopolis position values: a kept later card is worth something only while
its owner can still play it (EKO-F5)."""

import borough
from borough.games.ekopolis import evaluation

GAME = borough.game("ekopolis")
LATER = next(c.id for c in GAME.cards if c.timing == "later")


def last_round(current: int):
    state = GAME.setup(3, seed=4, options={"version": "full"})
    state.round = state.rounds
    state.current = current
    for seat in state.seats:
        seat.held = [LATER]
    return state


def test_a_later_card_counts_until_its_owner_has_had_the_last_turn():
    state = last_round(current=1)  # seat 0 has had its last turn; 1 is playing; 2 is to come
    with_card = evaluation.estimates(GAME, state)
    for seat in state.seats:
        seat.held = []
    without = evaluation.estimates(GAME, state)
    assert with_card[0] == without[0]
    assert with_card[1] == without[1] + 1.0
    assert with_card[2] == without[2] + 1.0


def test_before_the_last_round_every_later_card_counts():
    state = last_round(current=2)
    state.round = state.rounds - 1
    assert all(evaluation.has_turn(state, seat) for seat in range(3))
