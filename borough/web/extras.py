"""Content a board needs beyond the game object's data: words and drawings derived from it.

Each function reads the game object (and, for card effects, its RULES.md) so the
browser never holds a copy that could drift from the engine.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from borough.core.game import Game
from borough.web import layouts


def _rules_text(game: Game) -> str:
    module = sys.modules[type(game).__module__]
    return (Path(module.__file__ or "").resolve().parent / "RULES.md").read_text(encoding="utf-8")


def _rule_paragraphs(text: str) -> dict[str, str]:
    """Rule id -> the rule's paragraph as one line."""
    found: dict[str, str] = {}
    for block in re.split(r"\n\s*\n", text):
        m = re.search(r"\*\*([A-Z]+-[A-Z]?\d+)\*\*\s*(.*)", block, re.S)
        if m:
            found[m.group(1)] = " ".join(m.group(2).split())
    return found


def smallcity(game: Any) -> dict[str, Any]:
    """The Special Action cards: name, the rule that gives its effect, and that effect."""
    names = sys.modules[type(game).__module__].CARDS
    rules = _rule_paragraphs(_rules_text(game))
    cards = []
    for name in names:
        # the card's rule is the one that opens with its name and a colon
        hits = [(rid, body) for rid, body in rules.items() if body.startswith(f"{name}:")]
        if len(hits) != 1:
            raise ValueError(f"RULES.md has no single rule for the {name} card")
        rid, body = hits[0]
        cards.append({"name": name, "rule": rid, "text": body[len(name) + 1:].strip()})
    return {"action_cards": cards}


def citycouncil(game: Any) -> dict[str, Any]:
    """The full text of every Favor card, building tile and closed neighbourhood, in the
    game's own words."""
    names = [b.name for b in game.buildings]
    hoods = range(len(game.board.hood_names))
    return {"card_texts": [card.text(names) for card in game.cards],
            "building_texts": [b.text(names) for b in game.buildings],
            "closed_texts": [game.content.growth_text(h) for h in hoods]}


def rondelcity(game: Game) -> dict[str, Any]:
    return {"layout": layouts.rondelcity(game)}


EXTRAS: dict[str, Callable[[Game], dict[str, Any]]] = {
    "smallcity": smallcity, "citycouncil": citycouncil, "rondelcity": rondelcity,
}


def extras(name: str, game: Game) -> dict[str, Any]:
    make = EXTRAS.get(name)
    return make(game) if make else {}
