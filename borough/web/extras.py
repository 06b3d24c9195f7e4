"""Content a board needs beyond the game object's data: words and drawings derived from it.

Each function reads the game object (and its data files for texts the engine does
not need) so the browser never holds a copy that could drift from the engine.
"""

from __future__ import annotations

import sys
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from borough import rulebook
from borough.core.game import Game
from borough.web import layouts


def _game_dir(game: Game) -> Path:
    return Path(sys.modules[type(game).__module__].__file__ or "").resolve().parent


def rule_ids(game: Game) -> set[str]:
    """The ids of every rule in the game's RULES.md."""
    return set(rulebook.rule_ids(rulebook.rules_text(game.name)))


def _data(game: Game, name: str) -> dict[str, Any]:
    with (_game_dir(game) / "data" / name).open("rb") as fh:
        return tomllib.load(fh)


def smallcity(game: Any) -> dict[str, Any]:
    """The Special Action cards (name, rule, effect) and what each tile family needs and
    does, from the game's data files; each text names rules that exist."""
    names = sys.modules[type(game).__module__].CARDS
    cards = _data(game, "cards.toml")["card"]
    if [c["name"] for c in cards] != list(names):
        raise ValueError("data/cards.toml must list the Special Action cards in the game's order")
    families = _data(game, "effects.toml")["family"]
    missing = {t.family for t in game.types} - set(families)
    if missing:
        raise ValueError(f"data/effects.toml has no text for {', '.join(sorted(missing))}")
    known = rule_ids(game)
    cited = {c["rule"] for c in cards} | {r for f in families.values() for r in f["rules"]}
    if cited - known:
        raise ValueError(f"card and tile texts cite unknown rules {sorted(cited - known)}")
    return {"action_cards": [{"name": c["name"], "rule": c["rule"], "text": c["text"]}
                             for c in cards],
            "families": families}


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
