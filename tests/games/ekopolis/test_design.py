"""Our designed content under random play: games end and every rule is exercised."""

import random
from collections import Counter

from tests.games.ekopolis.helpers import GAME


def play_many(version, games, players):
    seen = Counter()
    for seed in range(games):
        state = GAME.setup(players, seed=seed, options={"version": version})
        rng = random.Random(seed)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            action = rng.choice(GAME.legal_actions(state, seat))
            if action[0] == "pollute" and action[1] not in GAME.board.neighbours[state.last]:
                seen["pollution fallback"] += 1
            if action[0] == "play":
                seen["played " + GAME.cards[action[1]].effect] += 1
            for event in GAME.apply(state, seat, action):
                seen[event.kind] += 1
                if "built on a token" in event.text:
                    seen["built on token"] += 1
                if "endangered" in event.text:
                    seen["endangered"] += 1
        for data in state.seats:
            for card in data.cards:
                seen["took " + GAME.cards[card].effect] += 1
        seen["games"] += 1
    return seen


def test_every_rule_happens_in_random_full_games_EKO_F3_EKO_F5_EKO_F7():
    """EKO-10 EKO-13 EKO-14 EKO-F3 EKO-F5 EKO-F7 under random play."""
    seen = play_many("full", 120, 4)
    for kind in ("place", "token", "skip", "card", "play", "remove", "discard", "score", "final"):
        assert seen[kind] > 0, kind
    for effect in ("flat", "own_cards", "own_buildings", "most", "fewest", "others",
                   "board_count", "place_green", "remove_pollution", "new_hand"):
        assert seen["took " + effect] > 0, effect
    for effect in ("place_green", "remove_pollution", "new_hand"):
        assert seen["played " + effect] > 0, effect
    assert seen["built on token"] > 0 and seen["endangered"] > 0
    assert seen["pollution fallback"] > 0


def test_basic_games_end_with_balanced_city_EKO_15():
    """EKO-15: every basic game ends with the balanced-city count."""
    for players in (3, 4, 5):
        seen = play_many("basic", 20, players)
        assert seen["final"] == seen["games"] == 20
