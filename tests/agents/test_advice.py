"""Advice that explains: the level's own move, what it does now by the engine's
preview, and why it beats the runner-up, with every figure the preview's."""

from __future__ import annotations

import math
import random
import re

import pytest

import borough
from borough.agents.advice import Ranked, advise, effects, given_up, held_back, rank, sentence
from borough.agents.base import SeatView
from borough.agents.preview import (
    SCORE,
    Change,
    Preview,
    change_text,
    goals,
    number,
    preview,
    rivals,
)
from borough.agents.registry import make_agent
from borough.core.game import Game

POSITIONS = 200


def positions(name: str, count: int, seed: int = 0) -> list[tuple[Game, object, int]]:
    """`count` positions of random playouts, spread over every player count, each
    with a seat that has more than one move."""
    game = borough.game(name)
    counts = game.player_counts()
    found = []
    rng = random.Random(seed)
    for k in range(count):
        players = counts[k % len(counts)]
        if k < len(counts) or not found or rng.random() < 0.25:
            state = game.setup(players, seed=seed + k, options=game.resolve_options(players, {}))
        else:
            state = found[-1][1]
            state = game.clone(state)
        for _ in range(rng.randrange(1, 12)):
            if game.is_over(state):
                break
            seat = game.to_act(state)[0]
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        while not game.is_over(state) and len(game.legal_actions(state, game.to_act(state)[0])) < 2:
            seat = game.to_act(state)[0]
            game.apply(state, seat, game.legal_actions(state, seat)[0])
        if game.is_over(state):  # start again from a new deal
            state = game.setup(
                players, seed=seed + 1000 + k, options=game.resolve_options(players, {})
            )
        found.append((game, game.clone(state), game.to_act(state)[0]))
    return found


ARROW = re.compile(r"-?\d+(?:\.\d)? → -?\d+(?:\.\d)?")


def unquoted(text: str, previewed: set[str]) -> list[str]:
    """The figures 'a → b' in `text` that are not part of a previewed change."""
    covered = [(m.start(), m.end()) for p in previewed for m in re.finditer(re.escape(p), text)]
    return [
        m.group()
        for m in ARROW.finditer(text)
        if not any(a <= m.start() and m.end() <= b for a, b in covered)
    ]


@pytest.mark.parametrize(
    "name",
    [pytest.param(n, marks=pytest.mark.slow) if n == "smallcity" else n for n in borough.games()],
)
def test_every_hint_names_an_effect_and_quotes_only_the_previews_figures(name):
    counts: set[int] = set()
    aimed: set[str] = set()  # the goals hints named
    for game, state, seat in positions(name, POSITIONS):
        counts.add(game.num_seats(state))
        view = SeatView(game, state, seat)
        advice = advise(view, "medium", seed=7)
        best, second = advice.best, advice.second
        assert effects(best.seen, seat) is not None, advice.sentence  # a concrete effect
        said = advice.sentence
        assert said.startswith(best.text + ".")
        previewed = {
            change_text(c) for r in (best, second) if r for c in (*r.seen.changes, *r.seen.others)
        }
        assert unquoted(said, previewed) == [], (previewed, said)
        assert all(change_text(c) in said for c in (*best.seen.changes, *best.seen.others))
        aimed |= {c.what for c in best.seen.changes} & set(goals(game, state, seat))
        if second:
            assert second.text in said
            for lost in given_up(best.seen, second.seen):
                assert lost in said
            for won in given_up(second.seen, best.seen):
                assert won in said
            for taken in held_back(best.seen, second.seen):
                assert taken in said
            if (
                math.isfinite(best.value)
                and math.isfinite(second.value)
                and best.value - second.value >= 0.0005
            ):
                assert (
                    f"{number(round(100 * best.value, 1))} against "
                    f"{number(round(100 * second.value, 1))} out of 100"
                ) in said
    assert counts == set(borough.game(name).player_counts())  # every player count
    assert aimed, f"no {name} hint named what the seat works toward"


@pytest.mark.parametrize("name", borough.games())
def test_the_hint_is_the_named_levels_move(name):
    """The advice's move is the one the level plays from the same seed, in every
    game: Small City's medium improves on its script by playouts, the others'
    medium is greedy on sampled states."""
    cases = positions(name, 12 if name == "smallcity" else 30, seed=3)
    for i, (game, state, seat) in enumerate(cases):
        view = SeatView(game, state, seat)
        advice = advise(view, "medium", seed=i)
        assert advice.best.action == make_agent("medium", i).choose(SeatView(game, state, seat))
        assert advice.level == "medium"
        if name == "smallcity" and i >= 3:
            continue  # its ranking costs playouts: a few positions show its form
        ranked = rank(SeatView(game, state, seat), "medium", i)
        assert [a for a, _ in ranked] == list(dict.fromkeys(a for a, _ in ranked))
        assert all(a in view.legal_actions for a, _ in ranked)


def test_small_city_hints_come_from_playouts_not_the_greedy_agent():
    """Medium in Small City weighs the script's move and one other by playouts:
    the ranking has those two moves (never the whole list greedy would rank)."""
    game, state, seat = next(
        p for p in positions("smallcity", 10, seed=5) if len(SeatView(*p).legal_actions) > 2
    )
    view = SeatView(game, state, seat)
    assert len(rank(view, "medium", 1)) == 2


def test_a_figure_not_from_the_preview_is_caught():
    assert unquoted("Now: gold 3 → 5; votes 2 → 4.", {"gold 3 → 5"}) == ["2 → 4"]
    assert unquoted("Now: gold 3 → 5.", {"gold 3 → 5"}) == []


def test_what_a_move_gives_up_against_the_runner_up():
    best = Preview(
        (), False, (Change("money ($)", 5, 2), Change("pollution (%)", 4, 2, None, True)), ()
    )
    second = Preview((), False, (Change("money ($)", 5, 8),), ())
    # 6 more money with the other move; pollution falls only with this one
    assert given_up(best, second) == ["6 money ($)"]
    assert given_up(second, best) == ["2 pollution (%)"]
    goal = Change('your Promise ("Have 3 Parks")', 1, 2, 3)
    assert change_text(goal) == 'your Promise ("Have 3 Parks") 1 → 2 of 3'
    nothing = Preview((), False, (), ())
    assert given_up(nothing, Preview((), False, (goal,), ())) == [
        '1 step on your Promise ("Have 3 Parks")'
    ]
    assert given_up(nothing, Preview((), False, (Change(SCORE, 4, 7),), ())) == ["3 points"]


def test_what_a_move_takes_from_the_others_against_the_runner_up():
    best = Preview((), False, (), (), others=(Change("Player 2's score", 12, 9),))
    second = Preview(
        (),
        False,
        (),
        (),
        others=(Change("Player 2's score", 12, 11), Change("Player 3's score", 5, 6)),
    )
    assert held_back(best, second) == ["2 points more from Player 2", "1 point more from Player 3"]
    assert held_back(second, best) == []
    first = Ranked(("a",), "Turn the Tavern", 0.6, best)
    runner = Ranked(("b",), "Turn the Park", 0.5, second)
    said = sentence("medium", 5, first, runner, 0, lambda t: t.replace("Player 2", "Ann"))
    assert "For the others: Ann's score 12 → 9." in said
    assert "this move takes 2 points more from Ann and 1 point more from Player 3 now" in said


def test_what_a_preview_tells_of_the_others_is_theirs_before_the_move():
    """The others' scores a preview starts from are the true ones (public), and
    in Architectura some moves change them (a card turned or knocked down)."""
    changed = 0
    for game, state, seat in positions("architectura", 40, seed=4):
        view = SeatView(game, state, seat)
        truth = rivals(game, state, seat)
        for action in view.legal_actions[:6]:
            for change in preview(view, action).others:
                assert truth[change.what] == change.before, change
                changed += 1
    assert changed


def test_ekopolis_counts_the_room_each_rival_has_to_build():
    """What an Ekopolis move may take from another seat: the open spaces next to
    its city (EKO-5), counted by the engine's own rule for where it may build."""
    for game, state, seat in positions("ekopolis", 10, seed=4):
        found = rivals(game, state, seat)
        for other in range(game.num_seats(state)):
            key = f"Player {other + 1}'s open spaces next to their city (EKO-5)"
            if other == seat:
                assert key not in found
            else:
                assert found[key] == len(game.open_spaces(state, other, tokens_ok=False))


@pytest.mark.parametrize("name", borough.games())
def test_each_game_says_what_a_seat_works_toward(name):
    """Every game has its own account of a seat's goals, found beside its rules."""
    game, state, seat = positions(name, 1, seed=2)[0]
    found = goals(game, state, seat)
    assert found or name == "smallcity"  # a Promise is dealt after the first decisions
    for what, (has, need) in found.items():
        assert isinstance(has, int) and has >= 0, what
        assert need is None or (isinstance(need, int) and need > 0), what


def test_the_sentence_says_what_it_does_and_why_it_beats_the_next_best():
    best = Ranked(
        ("build",),
        "Build the Park on C4",
        0.625,
        Preview(
            (), False, (Change("votes", 3, 5), Change('your Promise ("3 Parks")', 1, 2, 3)), ()
        ),
    )
    second = Ranked(
        ("factory",),
        "Build the Factory on C4",
        0.551,
        Preview((), False, (Change("votes", 3, 7), Change("pollution (%)", 0, 10, None, True)), ()),
    )
    assert sentence("medium", 7, best, second, 0) == (
        'Build the Park on C4. Now: votes 3 → 5; your Promise ("3 Parks") 1 → 2 of 3. '
        "Next best: Build the Factory on C4 (votes 3 → 7; pollution (%) 0 → 10); against "
        'it, this move gains 1 step on your Promise ("3 Parks") and 10 pollution (%), but '
        "gives up 2 votes now. Over the rest of the game medium rates this "
        "move higher: 62.5 against 55.1 out of 100 for how the game goes for you."
    )
    only = Ranked(("pass",), "Pass", math.nan, Preview(("Player 1 passes.",), False, (), ()))
    assert sentence("medium", 1, only, None, 0) == (
        "Pass. Now: Player 1 passes. It is your only move."
    )
    alike = Ranked(("other",), "Build the Park on C5", 0.625, best.seen)
    assert (
        sentence("medium", 7, best, alike, 0)
        .split(". Next best: ")[1]
        .startswith(
            "Build the Park on C5 (the same now). Over the rest of the game medium finds them"
        )
    )
    waits = Preview((), False, (), (), next_seat=1, next_prompt="Choose a card.")
    assert effects(waits, 0, lambda t: t.replace("Player 2", "Ann")) == (
        "nothing changes yet, and Ann goes next: Choose a card"
    )
