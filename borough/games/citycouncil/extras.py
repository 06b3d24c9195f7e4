"""What the browser's board needs beyond the game object's data: the full text of
every Favor card, building tile and closed neighbourhood, in the game's own words."""

from __future__ import annotations

from typing import Any


def extras(game: Any) -> dict[str, Any]:
    names = [b.name for b in game.buildings]
    hoods = range(len(game.board.hood_names))
    return {"card_texts": [card.text(names) for card in game.cards],
            "building_texts": [b.text(names) for b in game.buildings],
            "closed_texts": [game.content.growth_text(h) for h in hoods]}
