"""The quick Ekopolis player of the expert level's playouts (script.py, our design)
and the points it weighs placements by."""

import random

import pytest

from borough.games.ekopolis import geometry, scoring, script
from borough.games.ekopolis.state import DISCARD, GREEN, POLLUTE, step_now
from tests.games.ekopolis.helpers import FULL, GAME, LABEL, TILE, fresh, give


@pytest.mark.parametrize("options", [FULL, {"version": "basic"}])
def test_placement_points_are_the_placements_own(options):
    """Every placement offered in random games scores the same by
    `placement_points` as by `placement` (which the rules score with)."""
    rng = random.Random(5)
    checked = 0
    for seed in range(4):
        s = GAME.setup(3, seed, options)
        while not GAME.is_over(s):
            seat = GAME.to_act(s)[0]
            legal = GAME.legal_actions(s, seat)
            for a in legal:
                if a[0] == "place":
                    tile = GAME.tiles[a[1]]
                    assert scoring.placement_points(GAME.content, s.board, tile, a[2]) == \
                        scoring.placement(GAME.content, s, tile, a[2])[0]
                    checked += 1
            GAME.apply(s, seat, rng.choice(legal))
    assert checked > 1000


def _place_step(cards):
    """Seat 0 of a full 3-player game about to build, holding `cards`."""
    s = fresh(players=3, options=FULL)
    s.seats[0].cards = list(cards)
    return s


def _best_points(s, tiles):
    return max(scoring.placement_points(GAME.content, s.board, GAME.tiles[t], h)
               for t in tiles for h in geometry.open_spaces(GAME.board, s, 0, tokens_ok=True))


def test_it_builds_where_the_building_scores_most():
    s = _place_step([])  # no cards: every colour is among the fewest, alike
    legal = GAME.legal_actions(s, 0)
    chosen = script.choose(GAME, s, 0, legal)
    tile = GAME.tiles[chosen[1]]
    assert scoring.placement_points(GAME.content, s.board, tile, chosen[2]) == \
        _best_points(s, s.seats[0].hand)


def _holding(s, *names):
    for name in names:
        give(s, 0, TILE[name])
        s.seats[0].hand.append(s.seats[0].hand.pop(0))  # the next one goes in another slot
    assert sorted(s.seats[0].hand) == sorted(TILE[n] for n in names)


def test_a_colour_that_completes_a_card_triplet_is_worth_seven_points():
    """Holding a red and a green Action card, a blue Building completes a
    triplet (EKO-F6): the Hospital (2 points here) is chosen over the Coal
    power plant (5 points), which is chosen when no colour is short."""
    red = next(c.id for c in GAME.cards if c.colour == 0)
    green = next(c.id for c in GAME.cards if c.colour == 1)
    for cards, chosen in (([red, green], "Hospital"), ([], "Coal power plant")):
        s = _place_step(cards)
        _holding(s, "Coal power plant", "Hospital", "Pond")
        assert _best_points(s, [TILE["Hospital"]]) == 2
        assert _best_points(s, [TILE["Coal power plant"]]) == 5
        move = script.choose(GAME, s, 0, GAME.legal_actions(s, 0))
        assert move[1] == TILE[chosen]


def _after_placing(name, where):
    s = fresh(players=3, options=FULL)
    give(s, 0, TILE[name])
    GAME.apply(s, 0, ("place", TILE[name], LABEL[where]))
    return s


def test_pollution_goes_where_it_touches_the_fewest_own_buildings():
    s = _after_placing("Coal power plant", "C4")
    assert step_now(s) == POLLUTE
    legal = GAME.legal_actions(s, 0)
    own = geometry.city(GAME.board, s, 0)

    def touching(a):
        return sum(1 for n in GAME.board.neighbours[a[1]] if n in own)

    chosen = script.choose(GAME, s, 0, legal)
    assert touching(chosen) == min(touching(a) for a in legal)


def test_a_green_zone_goes_only_on_an_endangered_space():
    s = _after_placing("Pond", "C4")
    if step_now(s) == POLLUTE:
        GAME.apply(s, 0, GAME.legal_actions(s, 0)[0])
    assert step_now(s) == GREEN
    legal = GAME.legal_actions(s, 0)
    endangered = [a for a in legal if a[0] == "green" and a[1] in GAME.board.endangered]
    chosen = script.choose(GAME, s, 0, legal)
    assert chosen == (endangered[0] if endangered else ("skip",))
    plain = [a for a in legal if a[0] == "skip" or a[1] not in GAME.board.endangered]
    assert script.choose(GAME, s, 0, plain) == ("skip",)


def test_it_keeps_its_hand_and_decides_alike_on_the_same_state():
    s = _after_placing("City park", "C4")
    while step_now(s) != DISCARD:
        GAME.apply(s, 0, GAME.legal_actions(s, 0)[-1])
    legal = GAME.legal_actions(s, 0)
    assert script.choose(GAME, s, 0, legal) == ("keep",)
    t = fresh(players=3, options=FULL, seed=8)
    legal = GAME.legal_actions(t, 0)
    assert script.choose(GAME, t, 0, legal) == script.choose(GAME, GAME.clone(t), 0, legal)
