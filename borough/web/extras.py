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


_CC_OUT = {
    "money": "${n} to the budget", "goods": "{n} goods", "energy": "{n} power",
    "workers": "{n} blue-collar worker(s) move in", "white": "{n} white-collar worker(s) move in",
    "pink": "{n} community cube(s)", "red": "{n} criminality cube(s)",
    "grey": "{n} pollution cube(s)", "clear_red": "removes {n} criminality cube(s)",
    "clear_grey": "removes {n} pollution cube(s)",
}


def citycouncil(game: Any) -> dict[str, Any]:
    """The full text of every Favor card and building tile, as a player reads them."""
    module = sys.modules[type(game).__module__]
    data = sys.modules[module.__name__.rsplit(".", 1)[0] + ".data"]
    buildings = game.buildings
    names = [b.name for b in buildings]
    cards = [card.text(names) for card in game.cards]
    texts = []
    for b in buildings:
        needs = [f"{b.blue} blue-collar" if b.blue else "",
                 f"{b.white} white-collar for a second action" if b.white else ""]
        pays = [f"{n} {what}" if what != "money" else f"${n}"
                for n, what in zip(b.inputs, data.INPUTS, strict=True) if n]
        makes = [_CC_OUT[k].format(n=n) if k in _CC_OUT else f"{n} {k}" for k, n in b.out.items()]
        parts = [f"{b.name} ({data.ZONES[b.zone]}, {data.SHAPES[b.shape]} tile): costs ${b.cost}"]
        workers = [w for w in needs if w]
        if workers:
            parts.append("workers " + " and ".join(workers))
        if pays:
            parts.append("each action uses " + ", ".join(pays))
        if makes:
            parts.append(f"makes {', '.join(makes)} in {data.SECTIONS[b.section]}"
                         if any(k in ("red", "grey", "pink", "clear_red", "clear_grey")
                                for k in b.out) else "makes " + ", ".join(makes))
        if b.upgrade_of >= 0:
            parts.append(f"upgrades the {names[b.upgrade_of]}")
        texts.append("; ".join(parts) + ".")
    return {"card_texts": cards, "building_texts": texts}


def rondelcity(game: Game) -> dict[str, Any]:
    return {"layout": layouts.rondelcity(game)}


EXTRAS: dict[str, Callable[[Game], dict[str, Any]]] = {
    "smallcity": smallcity, "citycouncil": citycouncil, "rondelcity": rondelcity,
}


def extras(name: str, game: Game) -> dict[str, Any]:
    make = EXTRAS.get(name)
    return make(game) if make else {}
