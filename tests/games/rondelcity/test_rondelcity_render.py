"""The terminal drawing shows what the observation holds and nothing hidden."""

from __future__ import annotations

import random

from rondelcity_helpers import GAME

from borough.games import render


def test_render_shows_players_market_and_city():
    s = GAME.setup(3, 2, {"events": "on", "amenities": "on"})
    rng = random.Random(2)
    for _ in range(40):
        (seat,) = GAME.to_act(s)
        GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
    text = render("rondelcity", GAME.observe(s, 0))
    assert "Player 1 (White)" in text and "Player 3 (Black)" in text
    assert "neutral Orange marker" in text
    assert "Market:" in text and "Event:" in text
    assert "Block A" in text and "Block J" in text
    # the face-down Amenities are shown as such, never by name
    hidden = [GAME.variants.amenities[a] for a in s.block_amenity if a >= 0]
    assert "face-down Amenity" in text
    assert not any(f"[{name}]" in text for name in hidden)


def test_render_says_what_the_gold_and_the_square_codes_mean():
    """RON-7: the Banker's space is the gold and choosing where it stops is paying;
    RON-18: the square codes; and no step id of the engine on screen."""
    s = GAME.setup(2, 4)
    text = render("rondelcity", GAME.observe(s, 0))
    assert "your Banker's space is your gold" in text
    assert "choosing the street space is how you pay" in text
    assert "Square codes: A1 is square 1 of Block A" in text
    assert "step:" not in text and "rotate" not in text
