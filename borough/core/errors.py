"""Errors shared by every game."""

from enum import StrEnum


class RefusalCode(StrEnum):
    """What kind of refusal an IllegalAction is, for callers that answer each kind
    differently (the server picks its HTTP status by it: server/refusal.py)."""

    OVER = "over"
    """The game has ended: nobody acts any more."""
    SEAT = "seat"
    """The game has no such seat."""
    TURN = "turn"
    """The seat is not one of those to decide now."""
    FORM = "form"
    """Not an action of this game at all, whatever the state."""
    RULE = "rule"
    """An action of this game that the rules do not allow now."""


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the state is left untouched."""

    def __init__(self, reason: str, code: RefusalCode = RefusalCode.RULE) -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code


class CorruptData(ValueError):
    """A saved state or record that cannot be read back faithfully."""


class RulesChanged(CorruptData):
    """A record or stored game made under another version of a game's rules."""


class ContentChanged(CorruptData):
    """A record or stored game made with other content than the game plays now."""
