"""A seat's resources in words, for the preview of a move (`borough.agents.preview`):
fields of the seat's part of the observation, lists of the observation with one
entry per seat, and the city's resources, which the seats share."""

SEAT_FIELDS: dict[str, str] = {"hand_size": "Favor cards in hand"}
PER_SEAT_LISTS: dict[str, str] = {"funds": "private funds"}
SHARED_FIELDS: dict[str, str] = {
    "budget": "city budget",
    "power": "power supply",
    "goods": "goods",
    "blue_free": "free blue-collar workers",
    "white_free": "free white-collar workers",
}
