"""A seat's resources in words, for the preview of a move (`borough.agents.preview`):
fields of the seat's part of the observation (`observation["seats"][seat]`)."""

SEAT_FIELDS: dict[str, str] = {"gold": "gold"}
