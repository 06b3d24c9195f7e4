"""The one shape of a refused request, shared by every part of the server."""

from __future__ import annotations


class Refused(Exception):
    """A refused request: an HTTP status, a sentence for the client and, for a
    limit, the seconds after which asking again may succeed."""

    def __init__(self, status: int, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.retry_after = retry_after
