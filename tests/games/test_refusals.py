"""Refusals that teach: a move the rules refuse names the rule behind the
refusal, by its id in the game's RULES.md, in a player's words, with the
condition that is not met; a click that no move fits names the rule of the
decision the seat faces (Game.step_rule).

Every game, every player count: refused moves are drawn at random points of
seeded random playouts (a random kind of action, then a random action of that
kind that is not legal for a seat to act), 200 a game."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest

import borough
from borough import rulebook
from borough.core.refusals import Refusal

CLICKS = 200


def refused_clicks(name: str, total: int):
    """(state, seat, action) of `total` refused moves spread over the player counts."""
    g = borough.game(name)
    kinds: dict[str, list] = defaultdict(list)
    for action in g.action_space.actions:
        kinds[action[0]].append(action)
    counts = g.player_counts()
    for n, players in enumerate(counts):
        quota = total // len(counts) + (n < total % len(counts))
        seed = 0
        while quota:
            seed += 1
            rng = random.Random(f"{name}-{players}-{seed}")
            options = rng.choice(g.option_sets())
            state = g.setup(players, seed=seed, options=options)
            while quota and not g.is_over(state):
                seat = rng.choice(g.to_act(state))
                legal = g.legal_actions(state, seat)
                if rng.random() < 0.15:
                    shown = set(legal)
                    for _ in range(20):
                        action = rng.choice(kinds[rng.choice(sorted(kinds))])
                        if action not in shown:
                            yield state, seat, action
                            quota -= 1
                            break
                g.apply_trusted(state, seat, rng.choice(legal))


@pytest.mark.parametrize("name", borough.games())
def test_every_refusal_names_a_rule_of_the_game(name):
    g = borough.game(name)
    ids = set(rulebook.rule_ids(rulebook.rules_text(name)))
    assert set(g.rule_words) <= ids, sorted(set(g.rule_words) - ids)
    named, clicks = set(), 0
    for state, seat, action in refused_clicks(name, CLICKS):
        clicks += 1
        why = g.refusal(state, seat, action)
        assert isinstance(why, Refusal), (action, why)
        assert why.rule in ids, (action, why)
        assert why.words == g.rule_words[why.rule] and why.words.strip()
        assert why.condition.strip() and why.condition != why.words
        assert g.explain(state, seat, action) == why.condition
        named.add(why.rule)
        # a click no move fits is told the rule of the decision the seat faces
        rule, words = g.step_rule(state, seat)
        assert rule in ids and words == g.rule_words[rule], (rule, words)
    assert clicks == CLICKS
    assert len(named) >= 2, named  # the steps' own rules, not one catch-all
