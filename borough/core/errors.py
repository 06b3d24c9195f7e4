"""Errors shared by every game."""


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the state is left untouched."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class CorruptData(ValueError):
    """A saved state or record that cannot be read back faithfully."""


class RulesChanged(CorruptData):
    """A record or stored game made under another version of a game's rules."""
