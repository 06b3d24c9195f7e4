"""What a move would do, told to the seat about to take it, without telling it secrets.

The move is tried on a few states sampled from what the seat can see (never on
the true state, which would reveal hidden cards). What every sample agrees on is
certain and is said plainly: the log sentences and the change in the seat's score
and resources. Where the samples differ, the outcome hangs on something the seat
cannot see, and the preview says so instead of guessing.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from borough.agents.base import SeatView
from borough.core.game import Action, Game

SAMPLES = 8  # samples agreeing by chance on a hidden draw become unlikely

# A seat's resources in each game's observation, in words: fields of
# `observation["seats"][seat]`, and lists with one entry per seat.
SEAT_FIELDS: dict[str, dict[str, str]] = {
    "architectura": {"tokens": "protection tokens", "hand_size": "cards in hand",
                     "deck_size": "cards in deck", "hand_limit": "hand limit"},
    "citycouncil": {"hand_size": "Favor cards in hand"},
    "ekopolis": {"hand_size": "cards in hand"},
    "rondelcity": {"gold": "gold"},
    "smallcity": {"money": "money ($)", "votes": "votes", "pollution": "pollution (%)",
                  "hall_citizens": "citizens in City Hall",
                  "career": "citizens on the Career Center", "zone_size": "zone size"},
}
# Counts worked out from the seat's part of the observation.
SEAT_COUNTS: dict[str, dict[str, Callable[[dict[str, Any]], int]]] = {
    "smallcity": {"materials held": lambda mine: len(mine.get("hall_mats", [])) + sum(
        len(tile.get("stock", [])) for tile in mine.get("tiles", []))},
}
PER_SEAT_LISTS: dict[str, dict[str, str]] = {
    "citycouncil": {"funds": "private funds"},
}
# Resources the seats share, when the game has them (City Council's city).
SHARED_FIELDS: dict[str, dict[str, str]] = {
    "citycouncil": {"budget": "city budget", "power": "power supply", "goods": "goods",
                    "blue_free": "free blue-collar workers",
                    "white_free": "free white-collar workers"},
}
SCORE = "score (if the game ended now)"


def as_json(action: Action) -> str:
    """The action as it is typed after `?`: JSON, tuples as lists."""
    return json.dumps(action)


def tally(game: Game, state: Any, seat: int) -> dict[str, Any]:
    """The seat's score and resources in `state`, by their names in words."""
    obs = game.observe(state, seat)
    found: dict[str, Any] = {}
    mine = obs.get("seats", [{}])[seat] if isinstance(obs.get("seats"), list) else {}
    for key, words in SEAT_FIELDS.get(game.name, {}).items():
        if isinstance(mine.get(key), int | float):
            found[words] = mine[key]
    for words, count in SEAT_COUNTS.get(game.name, {}).items():
        if mine:
            found[words] = count(mine)
    for key, words in PER_SEAT_LISTS.get(game.name, {}).items():
        if isinstance(obs.get(key), list) and len(obs[key]) > seat:
            found[words] = obs[key][seat]
    for key, words in SHARED_FIELDS.get(game.name, {}).items():
        if isinstance(obs.get(key), int | float):
            found[words] = obs[key]
    found[SCORE] = game.result(state).scores[seat]
    return found


def _outcome(game: Game, view: SeatView, action: Action, rng: random.Random
             ) -> tuple[list[str], dict[str, tuple[Any, Any]]]:
    world = view.sample(rng)
    before = tally(game, world, view.seat)
    events = game.apply(world, view.seat, action)
    after = tally(game, world, view.seat)
    said = [e.text for e in events if e.visible_to(view.seat)]
    changes = {k: (before[k], after.get(k)) for k in before if before[k] != after.get(k)}
    return said, changes


def preview(view: SeatView, action: Action) -> list[str]:
    """Lines telling what taking `action` (a legal move of this seat) would do."""
    game = view.game
    outcomes = [_outcome(game, view, action, random.Random(i)) for i in range(SAMPLES)]
    texts = [said for said, _ in outcomes]
    sure = _common_prefix(texts)
    lines = [f"  {text}" for text in sure]
    if any(len(t) > len(sure) for t in texts):
        lines.append("  ... and then something you cannot see decides what happens next.")
    if not lines:
        lines.append("  (nothing anyone sees happens at once)")
    effects = []
    unsure = False
    for key in dict.fromkeys(k for _, changes in outcomes for k in changes):
        seen = {changes.get(key) for _, changes in outcomes}
        if len(seen) == 1:
            old, new = next(iter(seen))  # type: ignore[misc]
            effects.append(f"{key} {old} → {new}")
        else:
            unsure = True
    if effects:
        lines.append("Effect: " + "; ".join(effects) + ".")
    elif not unsure:
        lines.append("Effect: no change to your score or resources yet.")
    if unsure:
        lines.append("Some effects depend on what you cannot see.")
    return lines


def _common_prefix(texts: list[list[str]]) -> list[str]:
    first = texts[0]
    n = 0
    while n < len(first) and all(len(t) > n and t[n] == first[n] for t in texts):
        n += 1
    return first[:n]
