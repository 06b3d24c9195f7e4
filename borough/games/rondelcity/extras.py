"""What the browser's board needs beyond the game object's data: the map's geometry
(`layout.py`), derived from the data so no copy in a script can drift from it."""

from __future__ import annotations

from typing import Any

from borough.games.rondelcity.layout import layout


def extras(game: Any) -> dict[str, Any]:
    return {"layout": layout(game)}
