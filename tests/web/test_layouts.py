"""The content the boards draw from: Rondel City's map layout and the card texts.

No browser here: these check the derived content against the game data, so a
change to a game's data that the drawing no longer fits fails at once.
"""

from __future__ import annotations

import dataclasses
import itertools

import pytest

import borough
from borough.games.rondelcity.layout import layout
from borough.web.content import content

GAP = 0.25  # a space this close to a square's edge is drawn beside it


def _near(rect: list[float], at: list[float], half: float) -> bool:
    x, y, w, h = rect
    dx = max(x - (at[0] + half), (at[0] - half) - (x + w), 0.0)
    dy = max(y - (at[1] + half), (at[1] - half) - (y + h), 0.0)
    return dx <= GAP and dy <= GAP and not (dx > 0 and dy > 0)


@pytest.fixture(scope="module")
def city_layout():
    game = borough.game("rondelcity")
    return game.city, layout(game)


def test_every_space_and_square_has_its_own_place(city_layout):
    city, lay = city_layout
    assert len(lay["spaces"]) == len(city.numbers)
    assert len(lay["squares"]) == len(city.square_labels)
    size = lay["space_size"]
    one_box = {frozenset(pair) for pair in lay["shared"]}  # RON-8: split by a wall
    for a, b in itertools.combinations(range(len(lay["spaces"])), 2):
        if {a, b} in one_box:
            continue
        (x1, y1), (x2, y2) = lay["spaces"][a], lay["spaces"][b]
        assert max(abs(x1 - x2), abs(y1 - y2)) >= size, f"spaces {a} and {b} overlap"
    for q, rect in enumerate(lay["squares"]):
        for s, at in enumerate(lay["spaces"]):
            x, y, w, h = rect
            inside = (x - size / 2 < at[0] < x + w + size / 2
                      and y - size / 2 < at[1] < y + h + size / 2)
            assert not inside, f"space {s} is drawn over square {city.square_labels[q]}"


def test_streets_are_unbroken_chains_of_neighbouring_spaces(city_layout):
    city, lay = city_layout
    for a, ups in enumerate(city.up):
        for b in ups:
            (x1, y1), (x2, y2) = lay["spaces"][a], lay["spaces"][b]
            assert ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5 <= 1.5, (
                f"the link from {city.numbers[a]} to {city.numbers[b]} is stretched")
    # a street of the grid (three spaces between two corners) runs straight
    for street, spaces in enumerate(city.street_spaces):
        if len(spaces) != 3:
            continue
        xs = {lay["spaces"][s][0] for s in spaces}
        ys = {lay["spaces"][s][1] for s in spaces}
        assert len(xs) == 1 or len(ys) == 1, f"street {street} bends"


def test_each_square_is_drawn_beside_exactly_the_streets_it_touches(city_layout):
    """RON-18, RON-19, RON-24: the map shows which streets score a square."""
    city, lay = city_layout
    half = lay["space_size"] / 2
    for q, rect in enumerate(lay["squares"]):
        beside = {city.street_of[s] for s, at in enumerate(lay["spaces"])
                  if city.street_of[s] >= 0 and _near(rect, at, half)}
        assert beside == set(city.square_streets[q]), city.square_labels[q]


def test_the_squares_of_a_block_lie_together_in_its_frame(city_layout):
    city, lay = city_layout
    for b, squares in enumerate(city.block_squares):
        frames = lay["blocks"][b]
        assert frames, city.block_names[b]
        for q in squares:
            x, y, w, h = lay["squares"][q]
            assert any(fx <= x and fy <= y and x + w <= fx + fw and y + h <= fy + fh
                       for fx, fy, fw, fh in frames), city.square_labels[q]
    # Block J is drawn as its two 2 x 1 parts (RON-17)
    assert [len(f) for f in lay["blocks"]].count(2) == 1


def test_the_walled_corners_share_a_drawn_space_but_no_street(city_layout):
    """RON-8: where the track folds back, two corners share one drawn box with a wall
    between them and no street; as on the book's board (13 and 37), their numbers
    add up to 50."""
    city, lay = city_layout
    assert lay["shared"] and len(lay["walls"]) == len(lay["shared"])
    for (a, b), (wx1, wy1, wx2, wy2) in zip(lay["shared"], lay["walls"], strict=True):
        assert city.numbers[a] + city.numbers[b] == 50
        assert b not in city.up[a] + city.down[a]
        assert city.colours[a] == city.colours[b] == "white"
        (x1, y1), (x2, y2) = lay["spaces"][a], lay["spaces"][b]
        # the wall crosses the segment between the two halves
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        assert min(wx1, wx2) - 0.01 <= mx <= max(wx1, wx2) + 0.01
        assert min(wy1, wy2) - 0.01 <= my <= max(wy1, wy2) + 0.01


def test_the_layout_refuses_a_city_whose_blocks_have_no_sides():
    game = borough.game("rondelcity")

    class Broken:
        city = dataclasses.replace(
            game.city, square_streets=tuple(() for _ in game.city.square_streets))

    with pytest.raises(ValueError, match="sides"):
        layout(Broken())


def test_content_carries_the_layout_and_the_card_texts():
    assert content("rondelcity")["data"]["layout"]["spaces"]
    cards = content("smallcity")["data"]["action_cards"]
    from borough.games.smallcity.rules import CARDS
    assert [c["name"] for c in cards] == list(CARDS)
    assert all(c["text"] and c["rule"].startswith("SC-") for c in cards)
    for plain in ("ekopolis", "architectura"):  # no extras.py: the game's data alone
        assert not {"layout", "action_cards", "card_texts"} & set(content(plain)["data"])
    supporter = next(c for c in cards if c["name"] == "Supporter")
    assert "votes" in supporter["text"]
    cc = borough.game("citycouncil")
    data = content("citycouncil")["data"]
    names = [b.name for b in cc.buildings]
    assert data["card_texts"] == [card.text(names) for card in cc.cards]
    assert any(len(t) > 60 for t in data["card_texts"])
    for b, text in zip(cc.buildings, data["building_texts"], strict=True):
        assert text.startswith(b.name) and f"${b.cost}" in text
