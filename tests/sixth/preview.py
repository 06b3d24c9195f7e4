"""Terrace's resources in words, for the preview of a move: each seat's hand, from
the observation's list with one entry per seat, and the bag both draw from."""

PER_SEAT_LISTS: dict[str, str] = {"hand_sizes": "tiles in hand"}
SHARED_FIELDS: dict[str, str] = {"bag_size": "tiles in the bag"}
