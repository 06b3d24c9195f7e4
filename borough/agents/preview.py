"""What a move would do, for the seat about to take it, without telling it secrets.

The move is tried on a few states sampled from what the seat can see (never on
the true state, which would reveal hidden cards). What every sample agrees on is
certain: the log sentences and the change in the seat's score, resources and
goals. Where the samples differ, the outcome hangs on something the seat cannot
see, and the preview says so instead of guessing. The terminal's `?N` and the
server's suggestions both tell a move's effects from this one preview.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from typing import Any

from borough.agents.base import SeatView
from borough.agents.evaluation import completion, midway
from borough.core.game import Action, Game
from borough.games.registry import part

SAMPLES = 8  # samples agreeing by chance on a hidden draw become unlikely

# What a seat holds, in words, is the game's own: its `preview.py` (plain data,
# each part optional) gives SEAT_FIELDS, fields of `observation["seats"][seat]`;
# SEAT_COUNTS, counts worked out from that part; PER_SEAT_LISTS, lists of the
# observation with one entry per seat; SHARED_FIELDS, resources the seats share
# (City Council's city). A game without one previews its score and goals alone.
PARTS = ("SEAT_FIELDS", "SEAT_COUNTS", "PER_SEAT_LISTS", "SHARED_FIELDS")
SCORE = "score (if the game ended now)"
OTHERS = "others"  # marks a rival's score among a sample's changes


@cache
def aims(name: str) -> Any:
    """The game's own account of what a seat works toward (`<game>/aims.py`), or
    None: `goals(game, state, seat)` gives (has, needs or None) by name,
    `for_others(game, state, other)`, where the game has it, what a move may take
    from another seat (a count by name, said as "Player N's <name>"),
    `LOWER_IS_BETTER` names the things of which less is better, `SAME_AS_SCORE`
    the goal that the score already counts, and `shared(state)`, where the game
    has it, says the seats play as one team (no rivals to set back)."""
    return part(name, "aims")


@cache
def fields(name: str) -> dict[str, dict[str, Any]]:
    """Game `name`'s preview fields (see PARTS), each empty where it gives none."""
    own = part(name, "preview")
    return {key: dict(getattr(own, key, {})) for key in PARTS}


def lower_is_better(name: str) -> frozenset[str]:
    return getattr(aims(name), "LOWER_IS_BETTER", frozenset())


@dataclass(frozen=True)
class Change:
    """Something of the seat's that the move changes for certain; `need` is a
    goal's target (None for a resource or the score)."""

    what: str
    before: float
    after: float
    need: float | None = None
    lower_is_better: bool = False  # less of it leaves the seat better off


@dataclass(frozen=True)
class Preview:
    said: tuple[str, ...]  # log sentences every sample agrees on, in order
    more_unseen: bool  # after them, something the seat cannot see decides what happens
    changes: tuple[Change, ...]  # certain changes, in the order the tally names them
    unsure: tuple[str, ...]  # things whose change depends on what the seat cannot see
    completed: bool = False  # the move's later steps were taken too (see `preview`)
    # the seat that decides next and the decision it faces, each where every
    # sample agrees on it (None otherwise, or at the end of the game)
    next_seat: int | None = None
    next_prompt: str | None = None
    # the other seats' scores where the move changes them for certain: what it
    # takes from a rival (or gives one)
    others: tuple[Change, ...] = ()


def tally(game: Game, state: Any, seat: int, scores: list[float] | None = None) -> dict[str, Any]:
    """The seat's score and resources in `state`, by their names in words
    (`scores`: the game's result for `state`, where already worked out)."""
    obs = game.observe(state, seat)
    found: dict[str, Any] = {}
    mine = obs.get("seats", [{}])[seat] if isinstance(obs.get("seats"), list) else {}
    own = fields(game.name)
    for key, words in own["SEAT_FIELDS"].items():
        if isinstance(mine.get(key), int | float):
            found[words] = mine[key]
    for words, count in own["SEAT_COUNTS"].items():
        if mine:
            found[words] = count(mine)
    for key, words in own["PER_SEAT_LISTS"].items():
        if isinstance(obs.get(key), list) and len(obs[key]) > seat:
            found[words] = obs[key][seat]
    for key, words in own["SHARED_FIELDS"].items():
        if isinstance(obs.get(key), int | float):
            found[words] = obs[key]
    found[SCORE] = (game.result(state).scores if scores is None else scores)[seat]
    return found


def goals(game: Game, state: Any, seat: int) -> dict[str, tuple[int, int | None]]:
    """The seat's goals in `state`: (has, needs, or None for a count kept) by name."""
    found = aims(game.name)
    return found.goals(game, state, seat) if found else {}


def rival(seat: int) -> str:
    return f"Player {seat + 1}'s score"


def rivals(game: Game, state: Any, seat: int, scores: list[float] | None = None) -> dict[str, Any]:
    """The other seats' scores, by `rival` name, and what the game's `for_others`
    counts of each (none where the seats are one team)."""
    shared = getattr(aims(game.name), "shared", None)
    if shared is not None and shared(state):
        return {}
    scores = game.result(state).scores if scores is None else scores
    found = {rival(s): v for s, v in enumerate(scores) if s != seat}
    theirs = getattr(aims(game.name), "for_others", None)
    if theirs is not None:
        for other in range(len(scores)):
            if other != seat:
                for what, value in theirs(game, state, other).items():
                    found[f"Player {other + 1}'s {what}"] = value
    return found


def _outcome(
    game: Game, view: SeatView, action: Action, rng: random.Random, complete: bool = False
) -> tuple[list[str], dict[str, tuple[Any, Any, Any]], tuple[int, str] | None, bool]:
    world = view.sample(rng)
    scores = game.result(world).scores
    before, aimed = tally(game, world, view.seat, scores), goals(game, world, view.seat)
    others = rivals(game, world, view.seat, scores)
    events = game.apply(world, view.seat, action)
    steps: tuple[Action, ...] = ()
    if complete and midway(game, world, view.seat):
        # the same choices on every sample: only what the seat cannot see differs
        steps = completion(game, world, view.seat, random.Random(0))[1]
        for step in steps:
            events += game.apply(world, view.seat, step)
    scores = game.result(world).scores
    after, reached = tally(game, world, view.seat, scores), goals(game, world, view.seat)
    others_after = rivals(game, world, view.seat, scores)
    said = [e.text for e in events if e.visible_to(view.seat)]
    nxt = None
    if not game.is_over(world):
        seat = game.to_act(world)[0]
        nxt = (seat, game.prompt(world, seat))
    changes = {k: (before[k], after.get(k), None) for k in before if before[k] != after.get(k)}
    for k, (has, need) in aimed.items():
        now = reached.get(k, (has, need))[0]
        if now != has:
            changes[k] = (has, now, need)
    same = getattr(aims(game.name), "SAME_AS_SCORE", None)
    if same in changes and SCORE in changes and changes[same][:2] == changes[SCORE][:2]:
        del changes[SCORE]  # the goal says it, with what it needs
    for k, v in others.items():
        if others_after.get(k) != v:
            changes[k] = (v, others_after.get(k), OTHERS)
    return said, changes, nxt, bool(steps)


def preview(view: SeatView, action: Action, complete: bool = False) -> Preview:
    """What taking `action` (a legal move of this seat) would do, as far as the
    seat can tell. `complete`: where the action only begins a move the game
    splits into steps (a tile, then its place), also take the later steps, each
    the best valued one step ahead, as the levels judge a split move."""
    game = view.game
    outcomes = [_outcome(game, view, action, random.Random(i), complete) for i in range(SAMPLES)]
    texts = [said for said, _, _, _ in outcomes]
    nexts = {nxt for _, _, nxt, _ in outcomes}
    if len(nexts) > 1 and len({n and n[0] for n in nexts}) == 1 and None not in nexts:
        nexts = {(next(iter(nexts))[0], None)}  # who is next is sure, not what they face
    sure = _common_prefix(texts)
    changes, unsure, others = [], [], []
    lower = lower_is_better(game.name)
    for key in dict.fromkeys(k for _, found, _, _ in outcomes for k in found):
        seen = {found.get(key) for _, found, _, _ in outcomes}
        if len(seen) == 1:
            before, after, need = next(iter(seen))  # type: ignore[misc]
            if need is OTHERS:
                others.append(Change(key, before, after))
            else:
                changes.append(Change(key, before, after, need, key in lower))
        elif next(iter(seen - {None}), (0, 0, None))[2] is not OTHERS:
            unsure.append(key)
    return Preview(
        tuple(sure),
        any(len(t) > len(sure) for t in texts),
        tuple(changes),
        tuple(unsure),
        any(o[3] for o in outcomes),
        *((next(iter(nexts)) or (None, None)) if len(nexts) == 1 else (None, None)),
        others=tuple(others),
    )


def number(value: float) -> str:
    """A figure as a preview quotes it: whole numbers plainly, others to a tenth."""
    if isinstance(value, int) or float(value).is_integer():
        return str(int(value))
    return f"{value:.1f}"


def change_text(change: Change) -> str:
    """'money ($) 5 → 2', or for a goal 'your Promise (...) 1 → 2 of 3'."""
    said = f"{change.what} {number(change.before)} → {number(change.after)}"
    return said if change.need is None else f"{said} of {number(change.need)}"


def _common_prefix(texts: list[list[str]]) -> list[str]:
    first = texts[0]
    n = 0
    while n < len(first) and all(len(t) > n and t[n] == first[n] for t in texts):
        n += 1
    return first[:n]
