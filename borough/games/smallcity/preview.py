"""A seat's resources in words, for the preview of a move (`borough.agents.preview`):
fields of the seat's part of the observation (`observation["seats"][seat]`), and
counts worked out from that part."""

from collections.abc import Callable
from typing import Any

SEAT_FIELDS: dict[str, str] = {
    "money": "money ($)",
    "votes": "votes",
    "pollution": "pollution (%)",
    "hall_citizens": "citizens in City Hall",
    "career": "citizens on the Career Center",
    "zone_size": "zone size",
}


def _materials(mine: dict[str, Any]) -> int:
    return len(mine.get("hall_mats", [])) + sum(
        len(tile.get("stock", [])) for tile in mine.get("tiles", []) if tile)


SEAT_COUNTS: dict[str, Callable[[dict[str, Any]], int]] = {"materials held": _materials}
