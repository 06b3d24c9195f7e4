"""Whether a game's seats may ask for suggested moves: on by default when at
most one seat is a person (a game against bots, or solo), otherwise only when
the game's creator turned them on. The choice is kept on each seat's record.

Apart from hints.py, which computes the suggestions, so the views can say
whether suggestions are on without importing the advisor and its worker."""

from __future__ import annotations

from typing import Any


def default_on(seats: list[dict[str, Any]]) -> bool:
    """On unless two or more seats are people."""
    return sum(1 for s in seats if s["kind"] == "human") <= 1


def resolve(asked: bool | None, seats: list[dict[str, Any]]) -> bool:
    """The creator's choice, or the default for these seats when they made none."""
    return default_on(seats) if asked is None else asked


def allowed(seats: list[dict[str, Any]]) -> bool:
    """Whether this game's seats may ask for suggestions (games stored before
    the option existed get the default)."""
    default = default_on(seats)
    return all(s.get("hints", default) for s in seats)
