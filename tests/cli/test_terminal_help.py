"""At the terminal: every example `help` gives is accepted, and `?N` tells what a move does."""

import io
import json
import random
import re

import pytest
from rich.console import Console

import borough
from borough.agents.base import SeatView
from borough.cli.human import HumanAgent
from borough.cli.preview import SCORE, preview, tally
from borough.games import render


class Typist(HumanAgent):
    """A person typing the given lines at the prompt; what the terminal says is kept."""

    def __init__(self, *typed: str) -> None:
        super().__init__(Console(file=io.StringIO()))
        self.said: list[str] = []
        self.typed = list(typed)

    def _say(self, text: str) -> None:
        self.said.append(text)

    def _ask(self, prompt: str) -> str:
        self.asked_at = getattr(self, "asked_at", len(self.said))  # the board and moves end
        return self.typed.pop(0)


def help_examples(view: SeatView) -> list[str]:
    typist = Typist("help", "1")
    typist.choose(view)
    (shown,) = [text for text in typist.said if text.startswith("Commands:")]
    return re.findall(r"e\.g\. (.+)$", shown, re.M)


def positions(name):
    """A first decision and one further into the game, for the game's smallest table."""
    game = borough.game(name)
    state = game.setup(game.player_counts()[0], seed=11)
    rng = random.Random(4)
    yield game, state
    for _ in range(15):
        seat = game.to_act(state)[0]
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    yield game, state


@pytest.mark.parametrize("name", borough.games())
def test_every_example_in_help_is_accepted_by_the_game(name):
    for game, state in positions(name):
        seat = game.to_act(state)[0]
        view = SeatView(game, state, seat)
        examples = help_examples(view)
        assert {"1", "2"} & set(examples) and len(examples) >= 3, examples  # N, ?N, ? ACTION
        for example in examples:
            typist = Typist(example, "1")  # after a question, the person takes move 1
            typist.choose(view)
            answer = "\n".join(typist.said[typist.asked_at:])
            if example.startswith("?"):
                assert "would do this:" in answer, (example, answer)
                assert typist.typed == []
            else:
                assert typist.typed == ["1"], (example, answer)  # the example took a move
            assert "is not" not in answer and "Write the action" not in answer, answer
            if example.startswith("? "):
                assert game.explain(state, seat, json.loads(example[2:])) is None  # legal now
        number = next(e for e in examples if e.isdigit())
        assert Typist(number).choose(view) == view.legal_actions[int(number) - 1]


@pytest.mark.parametrize("name", borough.games())
def test_asking_about_a_move_says_what_it_would_do(name):
    for game, state in positions(name):
        seat = game.to_act(state)[0]
        view = SeatView(game, state, seat)
        for action in view.legal_actions[:4]:
            lines = preview(view, action)
            assert any(line.startswith("Effect") for line in lines) or any(
                "cannot see" in line for line in lines)
            trial = game.clone(state)
            events = [e.text for e in game.apply(trial, seat, action) if e.visible_to(seat)]
            told = [line.strip() for line in lines if line.startswith("  ")]
            sure = [t for t in told if not t.startswith(("...", "(nothing"))]
            assert sure == events[: len(sure)], (sure, events)  # the log's own sentences
            if len(sure) < len(events):
                assert "cannot see" in "\n".join(lines)


@pytest.mark.parametrize("name", ["architectura", "rondelcity"])
def test_hint_says_the_medium_levels_move_by_its_number_and_why(name):
    from borough.agents.advice import advise

    for game, state in positions(name):
        seat = game.to_act(state)[0]
        view = SeatView(game, state, seat)
        typist = Typist("hint", "1")
        typist.choose(view)
        answer = typist.said[typist.asked_at:]
        found = advise(view, "medium", seed=len(view.legal_actions))
        number = view.legal_actions.index(found.best.action) + 1
        assert answer[0] == f"Medium suggests move {number}:", answer
        assert [line.strip() for line in answer[1:]] == list(found.reasons)
        assert answer[1].strip() == f"{view.describe(found.best.action)}."


def test_the_effect_is_the_change_in_the_seats_score_and_resources():
    game = borough.game("rondelcity")
    state = game.setup(2, seed=3)
    seat = game.to_act(state)[0]
    view = SeatView(game, state, seat)
    for action in view.legal_actions:
        trial = game.clone(state)
        before = tally(game, trial, seat)
        game.apply(trial, seat, action)
        after = tally(game, trial, seat)
        shown = "\n".join(preview(view, action))
        for key in before:
            if before[key] != after[key]:
                assert f"{key} {before[key]} → {after[key]}" in shown
        assert SCORE in before


def test_a_question_about_an_illegal_or_garbled_action_gets_the_reason():
    game = borough.game("ekopolis")
    state = game.setup(3, seed=2, options={"version": "basic"})
    view = SeatView(game, state, game.to_act(state)[0])
    typist = Typist('? ["keep"]', "? nonsense", "?999", "1")
    typist.choose(view)
    answers = "\n".join(typist.said)
    assert "Now you must" in answers and "Write the action as JSON, e.g. ? [" in answers
    assert "There is no move 999" in answers


def test_architectura_hand_shows_values_and_effects():
    game = borough.game("architectura")
    state = game.setup(2, seed=5)
    rng = random.Random(1)
    while game.observe(state, 0)["seats"][0]["hand"] in (None, []):
        seat = game.to_act(state)[0]
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    obs = game.observe(state, 0)
    obs["seats"][0]["hand"] = list(range(len(game.cards)))  # every card, in one hand
    board = render("architectura", obs)
    for card_id in obs["seats"][0]["hand"]:
        card = game.cards[card_id]
        line = next(row for row in board.splitlines() if row.strip().startswith(card.name))
        assert card.text in line
        assert "[" in line and "]" in line  # the starting side is marked
        values = line.replace("[", "").replace("]", "")
        printed = {"fixed": "{}", "x": "X{:+d}", "no": "No.{:+d}"}.get(card.kind)
        if printed:  # every side as printed: 5, X-1, No.-2 (a zero offset is plain X, No.)
            sides = [printed.format(v) if v or card.kind == "fixed" else printed[:-5]
                     for v in card.sides]
            assert " ".join(sides) in values, (sides, line)
    assert f"{obs['seats'][1]['hand_size']} hidden cards" in board  # not the others' hands


def test_small_citys_square_example_places_the_tile():
    game = borough.game("smallcity")
    state = game.setup(2, seed=11)
    rng = random.Random(4)
    for _ in range(200):  # City Hall is placed before the first round (SC-44)
        seat = game.to_act(state)[0]
        view = SeatView(game, state, seat)
        square = next((e for e in help_examples(view) if e[0].isalpha()), None)
        if square:
            break
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    assert square, "no decision on a square in the first 200"
    typist = Typist(square)
    assert typist.choose(view) in view.legal_actions and typist.typed == []
