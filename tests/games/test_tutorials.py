"""Every guided first game replays through the engine: each scripted move is legal where
it stands, the person takes 15 to 25 decisions, and every rule id a step's text names is
one the engine's code runs for that move (the code cites its rule ids on the lines it
governs, so a rule is exercised when a function citing it runs for the move)."""

from __future__ import annotations

import linecache
import re
import sys
from functools import cache
from pathlib import Path

import pytest

import borough
from borough import guide, rulebook, tutorial

WITH_TUTORIAL = [g for g in borough.games() if tutorial.exists(g)]
RANGE = re.compile(r"\b([A-Z]{2,4}-[A-Z]?)(\d+)\s*(?:\.\.|to)\s*\1(\d+)\b")
GAMES_DIR = str(Path(borough.__file__).parent / "games")


@cache
def _cited(code) -> frozenset[str]:
    """The rule ids written in a function's source lines (its comments and docstring)."""
    lines = [n for _, _, n in code.co_lines() if n is not None]
    first, last = code.co_firstlineno, max(lines, default=code.co_firstlineno)
    text = "".join(linecache.getline(code.co_filename, n) for n in range(first, last + 1))
    cited = set(guide.RULE_ID.findall(text))
    for prefix, low, high in RANGE.findall(text):  # "ARC-12..ARC-15", "SC-78 to SC-85"
        cited.update(f"{prefix}{n}" for n in range(int(low), int(high) + 1))
    return frozenset(cited)


def exercised(game, state, seat, action) -> set[str]:
    """The rule ids cited by the game's functions that run to list the seat's moves and
    to apply `action`, on a copy of the position."""
    copy = game.clone(state)
    ran: set = set()

    def tracer(frame, event, arg):
        if event == "call" and frame.f_code.co_filename.startswith(GAMES_DIR):
            ran.add(frame.f_code)
        return None

    sys.setprofile(None)
    sys.settrace(tracer)
    try:
        game.legal_actions(game.clone(copy), seat)
        game.apply(copy, seat, action)
    finally:
        sys.settrace(None)
    return set().union(*(_cited(c) for c in ran)) if ran else set()


@pytest.mark.parametrize("name", WITH_TUTORIAL)
def test_every_tutorial_move_is_legal_and_every_rule_named_is_exercised(name):
    tut = tutorial.load(name)
    known = set(rulebook.rule_ids(rulebook.rules_text(name)))
    assert 15 <= len(tut.decisions) <= 25, f"{len(tut.decisions)} decisions"
    game, state = tutorial.start(tut)
    for number, step in enumerate(tut.steps, start=1):
        tutorial.check(game, state, number, step)  # legal where it stands, or refused
        if step.seat == tutorial.PERSON:
            named = guide.named_rule_ids(step.text)
            assert named, f"step {number} names no rule"
            assert set(named) <= known, f"step {number}: {set(named) - known} are no rules"
            missing = set(named) - exercised(game, state, step.seat, step.action)
            assert not missing, f"step {number} names {missing}, which its move does not run"
        game.apply(state, step.seat, step.action)
    assert tut.intro and tut.ready.startswith("You are ready")


def test_a_scripted_move_that_is_illegal_is_refused_with_its_step():
    tut = tutorial.load(WITH_TUTORIAL[0])
    game, state = tutorial.start(tut)
    first = tut.steps[0]
    wrong = tutorial.Step(seat=first.seat, action=("no-such-move", 1), text="x", wrong="y")
    with pytest.raises(tutorial.Refused, match="step 1"):
        tutorial.check(game, state, 1, wrong)
    other = tutorial.Step(seat=(first.seat + 1) % tut.players, action=first.action)
    with pytest.raises(tutorial.Refused, match="not to act"):
        tutorial.check(game, state, 1, other)


def test_a_rule_the_move_does_not_run_is_caught():
    tut = tutorial.load("rondelcity")
    game, state = tutorial.start(tut)
    first = tut.steps[0]  # a move of the rondel marker: no tile is placed
    ran = exercised(game, state, first.seat, first.action)
    assert "RON-9" in ran and "RON-22" not in ran  # a Park's scoring does not run


def test_the_rule_ids_named_are_words_of_the_text():
    assert re.findall(guide.RULE_ID, "pay (RON-9), then (RON-V2)") == ["RON-9", "RON-V2"]


def test_a_range_of_rules_cited_in_code_counts_each_rule_of_it():
    def code():
        # ARC-12..ARC-15 and SC-78 to SC-80, then SC-A2
        return None

    assert _cited(code.__code__) == {
        "ARC-12",
        "ARC-13",
        "ARC-14",
        "ARC-15",
        "SC-78",
        "SC-79",
        "SC-80",
        "SC-A2",
    }


# A newcomer's pace, kept slow on purpose: instructions read at 180 words a
# minute, and 10 s to find and make each move the text points to (the scripted
# opponents' moves are played at once by the server, costing no time).
READ_WORDS_PER_MINUTE = 180
SECONDS_PER_DECISION = 10


@pytest.mark.parametrize("name", WITH_TUTORIAL)
def test_a_tutorial_is_finished_in_ten_minutes_at_a_newcomers_pace(name):
    tut = tutorial.load(name)
    shown = [tut.intro, tut.ready, *(tut.steps[i].text for i in tut.decisions)]
    words = sum(len(text.split()) for text in shown)
    minutes = words / READ_WORDS_PER_MINUTE + len(tut.decisions) * SECONDS_PER_DECISION / 60
    assert 15 <= len(tut.decisions) <= 25
    assert minutes <= 10, f"{words} words and {len(tut.decisions)} decisions: {minutes:.1f} min"
