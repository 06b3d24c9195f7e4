"""What the browser's board needs beyond the game object's data: the Special Action
cards (name, rule, effect) and what each tile family needs and does, read from the
game's data files (texts the engine does not need), each naming rules that exist;
and the tables derived from the content that the board reads (the Mayor's edges,
the Warehouse and City Hall types, the City Hall's capacity, the rounds)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from borough import rulebook
from borough.games.smallcity.terms import CARDS

DATA = Path(__file__).resolve().parent / "data"


def _data(name: str) -> dict[str, Any]:
    with (DATA / name).open("rb") as fh:
        return tomllib.load(fh)


def extras(game: Any) -> dict[str, Any]:
    cards = _data("cards.toml")["card"]
    if [c["name"] for c in cards] != list(CARDS):
        raise ValueError("data/cards.toml must list the Special Action cards in the game's order")
    families = _data("effects.toml")["family"]
    missing = {t.family for t in game.types} - set(families)
    if missing:
        raise ValueError(f"data/effects.toml has no text for {', '.join(sorted(missing))}")
    known = set(rulebook.rule_ids(rulebook.rules_text(game.name)))
    cited = {c["rule"] for c in cards} | {r for f in families.values() for r in f["rules"]}
    if cited - known:
        raise ValueError(f"card and tile texts cite unknown rules {sorted(cited - known)}")
    tables = game.tables
    return {"action_cards": [{"name": c["name"], "rule": c["rule"], "text": c["text"]}
                             for c in cards],
            "families": families,
            # the derived tables the board reads (the rest stay with the rules)
            "edges": [list(edge) for edge in tables.edges],
            "warehouse": tables.warehouse, "city_hall": tables.city_hall,
            "hall_capacity": tables.hall_capacity, "rounds": tables.rounds}
