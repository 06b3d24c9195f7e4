"""The one shape of a refused request, shared by every part of the server, and
the HTTP status of each kind of refusal the rules give (core/errors.py)."""

from __future__ import annotations

from borough.core.errors import IllegalAction, RefusalCode

RULES_STATUS: dict[RefusalCode, int] = {
    RefusalCode.OVER: 409,  # nothing to do but fetch the final view
    RefusalCode.SEAT: 403,
    RefusalCode.TURN: 403,
    RefusalCode.FORM: 422,
    RefusalCode.RULE: 422,
}
"""The status that answers each kind of refusal the rules give."""


class Refused(Exception):
    """A refused request: an HTTP status, a sentence for the client, for a limit
    the seconds after which asking again may succeed and, for a refusal of the
    rules, its kind (a RefusalCode's value, told to a socket's moves)."""

    def __init__(self, status: int, message: str, retry_after: float | None = None,
                 code: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.retry_after = retry_after
        self.code = code


def by_rules(exc: IllegalAction, name: str, sentence: str) -> tuple[int, str]:
    """The status and sentence answering a refusal of the rules to the seat called
    `name`; `sentence` is the rules' reason in the words the seat reads."""
    message = {RefusalCode.OVER: "the game is over",
               RefusalCode.TURN: f"it is not {name}'s turn"}.get(exc.code, sentence)
    return RULES_STATUS[exc.code], message


class RoomError(Refused):
    """A refused request about a game."""
