"""Small City's first round at the terminal, placed by typing squares.

The person at seat 0 reads the drawn boroughs, Promises and tiles and answers with
squares ("C3", "E6 2") where a tile goes and numbers elsewhere; a random player
takes seat 1. Each typed answer must become the move it names.
"""

from __future__ import annotations

import io
import random

from rich.console import Console

import borough
from borough.agents.base import SeatView
from borough.agents.random_agent import RandomAgent
from borough.cli.human import HumanAgent
from borough.games.smallcity.geometry import label

GAME = borough.game("smallcity")


class Typist(Console):
    """A console whose answers come from a list the test fills before each prompt."""

    def __init__(self) -> None:
        super().__init__(file=io.StringIO(), width=200)
        self.answers: list[str] = []

    def input(self, prompt: str = "", **_: object) -> str:
        self.print(prompt + self.answers[0], markup=False, highlight=False)
        return self.answers.pop(0)

    def read(self) -> str:
        text = self.file.getvalue()
        self.file.seek(0)
        self.file.truncate()
        return text


def square_for(action: tuple, view: SeatView) -> str:
    """What a person types for a placement: the square under the shape's first space
    (drawn '@') and the orientation's number."""
    obs = view.observation
    kind = GAME.tables.warehouse if obs["step"] == "warehouse" else obs["sel"][0]
    face = 0 if obs["step"] == "warehouse" else obs["sel"][1]
    r0, c0, _ = GAME.types[kind].faces[face][action[1]][0]
    return f"{label(action[2] + r0 * 10 + c0)} {action[1] + 1}"


def test_first_round_of_small_city_by_typing_squares():
    console = Typist()
    human = HumanAgent(console)
    other = RandomAgent(7)
    rng = random.Random(2)
    state = GAME.setup(2, seed=4, options={})
    human.bind(GAME, None)
    typed = {"square": 0, "refused": 0}
    seen = ""
    while state.round == 1 and not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        view = SeatView(GAME, state, seat)
        if seat == 1:
            GAME.apply(state, 1, other.choose(view))
            continue
        legal = view.legal_actions
        obs = view.observation
        if obs["step"] in ("place", "hall", "warehouse"):
            want = rng.choice(legal)
            answers = [square_for(want, view)]
            if obs["step"] == "hall":
                answers.insert(0, "J10")  # outside the Constructible Zone: refused
            typed["square"] += 1
        else:
            # tiles rather than finishing, so that the round places some
            tiles = [a for a in legal if a[0] == "tile"]
            want = rng.choice(tiles) if tiles and rng.random() < 0.8 else rng.choice(legal)
            answers = [str(legal.index(want) + 1)]
        console.answers = list(answers)
        chosen = human.choose(view)
        assert chosen == want, (answers, chosen, want)
        assert not console.answers
        out = console.read()
        seen += out
        if answers[0] == "J10":
            assert "J10" in out and "Constructible Zone" in out
            typed["refused"] += 1
        if obs["step"] in ("place", "hall", "warehouse"):
            # the shape is drawn with its '@', and no list of every placement is printed
            assert "@" in out and "placements fit" in out and "Place the tile" not in out
        GAME.apply(state, 0, chosen)
    assert typed["square"] >= 3 and typed["refused"] == 1, typed
    # the board's rows carry letters and its columns numbers, as the log names squares
    assert "\nA " in seen and "\nJ " in seen and "1  2  3" in seen
    # the Promises offered were shown with their texts, and the kept one after
    for n in state.seats[0].offered or [state.seats[0].promise]:
        assert GAME.content.promises[n - 1].text in seen
    kept = GAME.content.promises[state.seats[0].promise - 1].text
    assert f"broken): {kept}" in seen and "Your Promise (" in seen
    assert "Promise #" not in seen  # card numbers are the data's, not the player's
    # tiles on offer came with their level, cost and shape
    assert "Tiles you can build" in seen and " L1 $" in seen
