"""The values a view is made of, apart from how views are built (views.py): the
audience, a view as last shown to it, an event stamped with each audience's
version, and a move as the other seats may know it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import orjson

from borough.core.game import Event

Audience = int | None  # a seat, or None for spectators


class Shown:
    """A view as last shown to one audience: its version, its content apart from
    the events (to compare with the next), its events, and its JSON text, made
    once when first asked for.

    The content is worked out when first needed: to be shown (a socket of that
    audience, or a request), or to tell whether a change left it as it was when
    the audience read no new event. A move therefore builds no view for an
    audience nobody is watching, spectators most often.

    The events only ever grow by a move's new ones (a take-back starts afresh),
    so the text of a view that follows another reuses the earlier view's events
    as already written and writes only the new ones: a move costs the same early
    and late in a long game, however many events its views carry."""

    __slots__ = ("_after", "_at", "_body", "_make", "_text", "events", "version")

    def __init__(self, version: int, body: dict[str, Any] | Callable[[], dict[str, Any]],
                 events: list[dict[str, Any]], after: Shown | None = None) -> None:
        self.version = version
        self._body: dict[str, Any] | None = None
        self._make: Callable[[], dict[str, Any]] | None = None
        if callable(body):
            self._make = body
        else:
            self._body = body
        self.events = events
        self._text: str | None = None
        self._at = 0  # where the events begin in the text
        # The earlier view's text and where its events are, when these events
        # begin with its events and it was written (a chain of views never written
        # holds nothing of each other).
        self._after: tuple[str, int, int] | None = None
        if after is not None and after._text is not None:
            self._after = (after._text, after._at, len(after.events))

    @property
    def body(self) -> dict[str, Any]:
        if self._body is None:
            assert self._make is not None
            self._body, self._make = self._make(), None
        return self._body

    def view(self) -> dict[str, Any]:
        return {**self.body, "events": self.events, "version": self.version}

    @property
    def text(self) -> str:
        return self.serialise()

    def serialise(self) -> str:
        """The view's JSON text (compact, keys in order, non-string keys as strings,
        as json.loads reads back `view()`)."""
        if self._text is None:
            if self._after is not None:
                earlier, at, count = self._after
                written = earlier[at:earlier.rindex("]")]
                new = _items(self.events[count:])
                written = f"{written},{new}" if written and new else written or new
            else:
                written = _items(self.events)
            head = _dumps(self.body)[:-1] + ',"events":['
            self._at = len(head)
            self._text = f'{head}{written}],"version":{self.version}}}'
            self._after = None  # the earlier text may leave memory
        return self._text


def _items(events: list[dict[str, Any]]) -> str:
    """The events' JSON one after the other, without the list's brackets: one call
    of the writer for them all (its output for a list is its items' joined by
    commas)."""
    return _dumps(events)[1:-1]


def _dumps(value: Any) -> str:
    # orjson writes a large view several times faster than json.dumps, and the
    # views are most of a move's work; observations may have numbers as keys.
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


@dataclass(frozen=True)
class Stamped:
    """An event with the move that made it and, per audience, the version it arrived in."""

    event: Event
    move: int
    versions: dict[Audience, int]


@dataclass(frozen=True)
class Played:
    """A move as the other seats may know it: who made it and, when the game says
    the choice is open, the action and its words (None while it stays secret);
    and for its own seat, why it could not be taken back right after it was made
    (None: it could, see `Game.undo_refusal`)."""

    seat: int
    action: list[Any] | None
    text: str | None
    refusal: str | None
