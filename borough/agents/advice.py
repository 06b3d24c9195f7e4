"""A level's advice for one decision, told in a player's words.

The level (an agent from the registry, `medium` unless named) ranks the moves
as it would when playing: its first move is the one it would play, so the
advice is that level's move in every game. What the move does now comes from
the engine's own preview (`borough.agents.preview`): the log sentences every
sampled state agrees on and the certain change in score, resources and goals.
The runner-up is previewed the same way, so the advice can say what the chosen
move gives up against it, and the level's values of the two say why it is
still preferred. Every figure quoted is the preview's.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from borough.agents.base import SeatView
from borough.agents.preview import SCORE, Change, Preview, change_text, number, preview
from borough.agents.registry import make_agent
from borough.core.game import Action


@dataclass(frozen=True)
class Ranked:
    """One of the level's moves: the move, its value (NaN if not weighed), its preview."""

    action: Action
    text: str
    value: float
    seen: Preview


@dataclass(frozen=True)
class Advice:
    level: str
    moves: int  # legal moves the seat had
    best: Ranked
    second: Ranked | None
    reasons: tuple[str, ...]

    @property
    def sentence(self) -> str:
        return " ".join(self.reasons)


def rank(view: SeatView, level: str, seed: int) -> list[tuple[Action, float]]:
    """The level's moves for the seat, the one it would play first."""
    agent = make_agent(level, seed)
    ranked = getattr(agent, "rank", None)
    if ranked is None:
        return [(agent.choose(view), math.nan)]
    return ranked(view)


def advise(
    view: SeatView, level: str = "medium", seed: int = 0, name: Callable[[str], str] = str
) -> Advice:
    """The level's move for the seat and why, from its top two and their previews;
    `name` puts the players' names into the engine's sentences."""
    order = rank(view, level, seed)

    def told(action: Action, value: float) -> Ranked:
        seen = preview(view, action)
        if not (seen.changes or seen.said):  # perhaps the first step of a split move
            whole = preview(view, action, complete=True)
            if whole.completed and (whole.changes or whole.said):
                seen = whole
        return Ranked(action, name(view.describe(action)), value, seen)

    best = told(*order[0])
    second = told(*order[1]) if len(order) > 1 else None
    moves = len(view.legal_actions)
    return Advice(
        level, moves, best, second, tuple(reasons(level, moves, best, second, view.seat, name))
    )


def effects(seen: Preview, seat: int, name: Callable[[str], str] = str) -> str | None:
    """What a preview shows for certain, as a clause: the changes, else what the
    log says happens, else what uncertain changes, else the decision it leads to."""
    if seen.changes:
        return "; ".join(change_text(c) for c in seen.changes)
    if seen.said:
        return name(seen.said[0]).rstrip(".")
    if seen.unsure:
        return f"{', '.join(seen.unsure)} change by what you cannot see yet"
    who, prompt = seen.next_seat, seen.next_prompt
    if who is None:
        return None
    prompt = prompt.rstrip(".") if prompt else None
    if who == seat:
        return "nothing changes yet, and you go on" + (
            f": {prompt[:1].lower()}{prompt[1:]}" if prompt else ""
        )
    return f"nothing changes yet, and {name(f'Player {who + 1}')} goes next" + (
        f": {prompt}" if prompt else ""
    )


def gains(change: Change) -> float:
    """How much better off the change leaves the seat (negative: worse off)."""
    delta = change.after - change.before
    return -delta if change.lower_is_better else delta


def given_up(best: Preview, second: Preview) -> list[str]:
    """What the runner-up would gain now that the chosen move does not: for each
    thing the runner-up changes, by how much more it leaves the seat better off
    (a goal, by how many more steps toward it)."""
    mine = {c.what: c for c in best.changes}
    theirs = {c.what: c for c in second.changes}
    unsure = set(best.unsure) | set(second.unsure)
    lost = []
    for what in dict.fromkeys([*theirs, *mine]):
        if what in unsure:
            continue
        own, other = mine.get(what), theirs.get(what)
        more = (gains(other) if other else 0) - (gains(own) if own else 0)
        if more > 0:
            goal = any(c is not None and c.need is not None for c in (own, other))
            lost.append(amount(more, what, goal))
    return lost


def amount(more: float, what: str, goal: bool = False) -> str:
    """'3 points', '1 step on your Promise (...)', '2 more of your cards ...',
    '1 money ($)': how much more of a tallied thing."""
    plural = "s" * (more != 1)
    if what == SCORE:
        return f"{number(more)} point{plural}"
    if goal:
        return f"{number(more)} step{plural} on {what}"
    if what.startswith("your "):
        return f"{number(more)} more of {what}"
    return f"{number(more)} {what}"


def held_back(best: Preview, second: Preview) -> list[str]:
    """What the chosen move takes from rivals that the runner-up would not: for
    each other seat's score, how many points more it takes (or fewer it gives),
    and as much for what else the game counts of theirs."""
    mine = {c.what: c.after - c.before for c in best.others}
    theirs = {c.what: c.after - c.before for c in second.others}
    found = []
    for what in dict.fromkeys([*mine, *theirs]):
        less = theirs.get(what, 0) - mine.get(what, 0)
        if less > 0 and what.endswith("'s score"):
            whose = what.removesuffix("'s score")
            found.append(f"{number(less)} point{'s' * (less != 1)} more from {whose}")
        elif less > 0:
            found.append(f"{number(less)} more of {what}")
    return found


def rivals_text(seen: Preview, name: Callable[[str], str] = str) -> str | None:
    """The other seats' certain score changes, as a clause."""
    if not seen.others:
        return None
    return "; ".join(name(change_text(c)) for c in seen.others)


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _percent(value: float) -> str:
    return number(round(100 * value, 1))


def sentence(
    level: str,
    moves: int,
    best: Ranked,
    second: Ranked | None,
    view_seat: int,
    name: Callable[[str], str] = str,
) -> str:
    """The advice in a few sentences: the move, what it does now, and why it beats
    the runner-up."""
    return " ".join(reasons(level, moves, best, second, view_seat, name))


def reasons(
    level: str,
    moves: int,
    best: Ranked,
    second: Ranked | None,
    view_seat: int,
    name: Callable[[str], str] = str,
) -> list[str]:
    """The sentences of the advice, one a line: the move, what it does now, what
    the runner-up would do and what this move gives up against it, how the
    level rates the two."""
    now = effects(best.seen, view_seat, name)
    parts = [f"{best.text}."]
    if now:
        parts.append(
            f"Once the move is complete (its later steps as judged best one step ahead): {now}."
            if best.seen.completed
            else f"Now: {now}."
        )
    else:
        parts.append(
            "Nothing you can see changes at once: what happens next depends on what you cannot see."
            if best.seen.more_unseen or best.seen.unsure
            else "Nothing changes at once."
        )
    others = rivals_text(best.seen, name)
    if others:
        parts.append(f"For the others: {others}.")
    if second is None:
        parts.append(
            "It is your only move."
            if moves == 1
            else f"Of your {moves} moves, {level} plays this one."
        )
        return parts
    theirs = effects(second.seen, view_seat, name)
    if (
        theirs
        and theirs == now
        and second.seen.others == best.seen.others
        and second.seen.completed == best.seen.completed
    ):
        theirs = "the same now"
    against = f"Next best: {second.text}" + (f" ({theirs})" if theirs else "")
    won = given_up(second.seen, best.seen)
    lost = given_up(best.seen, second.seen)
    taken = [name(x) for x in held_back(best.seen, second.seen)]
    why = ", ".join(
        [*([f"gains {_and(won)}"] if won else []), *([f"takes {_and(taken)}"] if taken else [])]
    )
    if lost:
        why = f"{why}, but gives up {_and(lost)}" if why else f"gives up {_and(lost)}"
    if why:
        against += f"; against it, this move {why} now"
    parts.append(against + ".")
    if (
        math.isnan(best.value)
        or math.isnan(second.value)
        or not (math.isfinite(best.value) and math.isfinite(second.value))
    ):
        parts.append(f"Of your {moves} moves, {level} plays this one.")
    elif best.value - second.value < 0.0005:
        parts.append(
            f"Over the rest of the game {level} finds them as good "
            f"({_percent(best.value)} out of 100) and plays this one."
        )
    else:
        parts.append(
            f"Over the rest of the game {level} rates this move higher: "
            f"{_percent(best.value)} against {_percent(second.value)} out of "
            "100 for how the game goes for you."
        )
    return parts


def as_json(advice: Advice, encode: Callable[[Action], int]) -> dict[str, Any]:
    """The advice as the server answers it."""

    def move(r: Ranked) -> dict[str, Any]:
        return {
            "action": list(r.action),
            "index": encode(r.action),
            "text": r.text,
            "value": None if not math.isfinite(r.value) else round(r.value, 4),
            "does": list(r.seen.said),
            "effects": [
                {"what": c.what, "before": c.before, "after": c.after, "need": c.need}
                for c in r.seen.changes
            ],
        }

    return {
        "level": advice.level,
        "move": move(advice.best),
        "second": move(advice.second) if advice.second else None,
        "sentence": advice.sentence,
        "reasons": list(advice.reasons),
    }
