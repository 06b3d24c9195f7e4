"""Every decision of every game has a prompt that names it, and tells no secret.

The prompt is what the browser shows above the board and the terminal shows
above the moves; it must say what is being chosen at every step a random
playout reaches, and be the same on every state the seat cannot tell apart
from the true one.
"""

from __future__ import annotations

import random

import pytest

import borough
from tests.conformance.trajectories import case_id, cases, key, playout

CASES = cases()
SEED = 11
GENERIC = ("click", "highlighted", "your move", "choose a move", "wait")
DETERMINISED_POINTS = 25  # positions per playout checked against sampled worlds


def check_prompt(g, state, seat) -> str:
    text = g.prompt(state, seat)
    assert isinstance(text, str) and text.strip() == text and text, repr(text)
    assert "\n" not in text and len(text) <= 160, text
    lowered = text.lower()
    assert not any(lowered.startswith(w) or w in lowered for w in GENERIC[:2]), text
    assert not any(lowered.startswith(w) for w in GENERIC[2:]), text
    assert text != "The game is over."
    return text


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_every_decision_has_a_prompt_that_is_the_same_in_every_world(case):
    name, players, options = case
    g = borough.game(name)
    traj = playout(name, players, key(options), SEED)
    state = g.setup(players, seed=SEED, options=options)
    rng = random.Random(3)
    checked = set(rng.sample(range(len(traj.moves)), min(DETERMINISED_POINTS, len(traj.moves))))
    prompts = set()
    for i, (mover, action) in enumerate(traj.moves):
        for seat in g.to_act(state):
            text = check_prompt(g, state, seat)
            prompts.add(text)
            if i in checked and g.has_hidden_information(state, seat):
                for _ in range(2):
                    world = g.determinize(state, seat, rng)
                    assert g.prompt(world, seat) == text, (i, seat)
        g.apply(state, mover, action)
    assert g.is_over(state)
    assert g.prompt(state, 0) == "The game is over."
    # a game asks more than one kind of question
    assert len(prompts) >= 3, prompts


def test_the_terminal_names_the_decision_before_the_moves():
    from tests.test_cli import run

    result = run("play", "ekopolis", "--players", "3", "--agents", "human,random,random",
                 "-o", "version=basic", "--seed", "4", input="1\n" * 200)
    assert result.exit_code == 0, result.output
    assert "Player 1: Choose a Building from your hand and the open space" in result.stdout
    assert "Player 1: Place the pollution token on an empty space next to your" in result.stdout
