"""What a move would do, told in the terminal (`?N`): the lines of the engine's
preview (`borough.agents.preview`), which tries the move only on states the
seat cannot tell from the true one."""

from __future__ import annotations

import json

from borough.agents.base import SeatView
from borough.agents.preview import SCORE, change_text, tally
from borough.agents.preview import preview as preview_of
from borough.core.game import Action

__all__ = ["SCORE", "as_json", "preview", "tally"]


def as_json(action: Action) -> str:
    """The action as it is typed after `?`: JSON, tuples as lists."""
    return json.dumps(action)


def preview(view: SeatView, action: Action) -> list[str]:
    """Lines telling what taking `action` (a legal move of this seat) would do."""
    seen = preview_of(view, action)
    lines = [f"  {text}" for text in seen.said]
    if seen.more_unseen:
        lines.append("  ... and then something you cannot see decides what happens next.")
    if not lines:
        lines.append("  (nothing anyone sees happens at once)")
    if seen.changes:
        lines.append("Effect: " + "; ".join(change_text(c) for c in seen.changes) + ".")
    elif not seen.unsure:
        lines.append("Effect: no change to your score or resources yet.")
    if seen.others:
        lines.append("For the others: " + "; ".join(change_text(c) for c in seen.others) + ".")
    if seen.unsure:
        lines.append("Some effects depend on what you cannot see.")
    return lines
