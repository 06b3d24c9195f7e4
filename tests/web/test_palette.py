"""Player colours never reuse a colour a board draws something else with.

Each game's palette (PLAYER_COLOURS in js/api.js) is compared with every
coloured (not grey or paper) value its board module uses, by the CIE 1976
colour difference in Lab space, where about 2 is the smallest difference a
person notices and 20 is plainly another colour.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

import borough

STATIC = Path(__file__).resolve().parents[2] / "borough" / "web" / "static"
HEX = re.compile(r"#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b")
FROM_BOARD = 20  # smallest difference from a colour of the board
BETWEEN_PLAYERS = 30
PAPER = "#fffdf8"


def lab(colour: str) -> tuple[float, float, float]:
    h = colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    rgb = [int(h[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [((c + 0.055) / 1.055) ** 2.4 if c > 0.04045 else c / 12.92 for c in rgb]
    x = (0.4124 * lin[0] + 0.3576 * lin[1] + 0.1805 * lin[2]) / 0.95047
    y = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    z = (0.0193 * lin[0] + 0.1192 * lin[1] + 0.9505 * lin[2]) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def difference(a: str, b: str) -> float:
    return math.dist(lab(a), lab(b))


def coloured(colour: str) -> bool:
    _, a, b = lab(colour)
    return math.hypot(a, b) > 12  # greys, inks and papers are no one's colour


def luminance(colour: str) -> float:
    rgb = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [((c + 0.055) / 1.055) ** 2.4 if c > 0.04045 else c / 12.92 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def palettes() -> dict[str, list[str]]:
    source = (STATIC / "js" / "api.js").read_text()
    block = re.search(r"PLAYER_COLOURS = (\{.*?\});", source, re.S).group(1)
    as_json = re.sub(r"(\w+):", r'"\1":', block).replace(",\n}", "\n}")
    return json.loads(re.sub(r",(\s*[}\]])", r"\1", as_json))


def box_colours() -> dict[str, str]:
    source = (STATIC / "js" / "api.js").read_text()
    block = re.search(r"BOX_COLOURS = (\{.*?\});", source).group(1)
    return json.loads(re.sub(r"(\w+):", r'"\1":', block))


@pytest.mark.parametrize("game", [g for g in borough.games() if g != "architectura"])
def test_player_colours_differ_from_the_board_and_from_each_other(game):
    palette = palettes()[game]
    assert len(palette) >= max(borough.game(game).player_counts())
    board = {c for c in HEX.findall((STATIC / "boards" / f"{game}.js").read_text())
             if coloured(c)} - set(palette)
    assert board, "the board module uses no colours at all?"
    for colour in palette:
        nearest = min(board, key=lambda b: difference(colour, b))
        assert difference(colour, nearest) >= FROM_BOARD, (colour, nearest)
        contrast = (luminance(PAPER) + 0.05) / (luminance(colour) + 0.05)
        assert contrast >= 2.5, f"{colour} is hard to read on the paper ({contrast:.1f})"
    for i, a in enumerate(palette):
        for b in palette[i + 1:]:
            assert difference(a, b) >= BETWEEN_PLAYERS, (a, b)


def test_architectura_players_wear_the_colour_of_their_cards():
    """In Architectura a player's colour is the colour of their cards: the same values
    the board draws the cards with, and every seat's colour name has one."""
    board = (STATIC / "boards" / "architectura.js").read_text()
    for name, colour in box_colours().items():
        assert colour.lower() in board.lower(), (name, colour)
    g = borough.game("architectura")
    observation = g.observe(g.setup(4, seed=1), 0)
    assert {s["colour"] for s in observation["seats"]} <= set(box_colours())
