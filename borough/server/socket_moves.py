"""Moves sent over the game's WebSocket a seat already holds (socket_routes.py).

A client text message is a move when it is strict JSON holding exactly what
POST /api/games/{id}/actions takes apart from the token (the socket is the
seat's already): `{"version": int, "action": [...]}`, with the same types and
length limits as `schemas.ActionRequest` (move_path.checked), and optionally
`"ref"`, a whole number from 0 to 2**53 - 1 the client chooses, echoed in a
refusal so the client knows which of its moves it answers.

A move taken is answered by nothing of its own: the seat's new view reaches
the socket by the push every change makes (rooms.py), as it reaches the
seat's other sockets and the other seats. A refusal is one message,

    {"type": "refused", "status": 409, "error": "...", "code": null, "ref": 7}

`status` the HTTP status the POST would answer, `error` its words (those of
error_answers.py and refusal.py), `code` the kind of a refusal of the rules
(`over`, `seat`, `turn`, `form`, `rule`: core/errors.py) or null, and
`retry_after` (whole seconds) with a 429. Views never have a `type`; the
chat's messages have `"type": "chat"`.

Every message a client sends spends one of its address's requests of the
moves' limit (the POST's, shared across processes on PostgreSQL and counted
against the forwarded address of a relayed socket), malformed ones too, before
anything else is looked at; nothing is stored for a move that is not taken.
A message over `max_socket_message` bytes closes the socket (1009) before it
is read (serving.py).
"""

from __future__ import annotations

import logging
import math
from typing import Any

import orjson

from borough.server.move_path import checked
from borough.server.quotas import Limit
from borough.server.refusal import RoomError
from borough.server.rooms import Rooms

log = logging.getLogger("borough.server")
FIELDS = frozenset(("version", "action"))
WITH_REF = frozenset(("version", "action", "ref"))
REF_MAX = 2**53 - 1  # what a browser's numbers hold exactly
MALFORMED = ('malformed move: send a JSON object with exactly "version" (a whole number), '
             '"action" (1 to 8 strings of at most 40 characters or whole numbers) and, if '
             'you like, "ref" (a whole number from 0 to 2**53 - 1)')
SPECTATOR = "a spectator's connection takes no moves: it belongs to no seat of this game"


def _ref(data: Any) -> int | None:
    ref = data.get("ref") if type(data) is dict else None
    return ref if type(ref) is int and 0 <= ref <= REF_MAX else None


def parsed(message: str | None) -> tuple[int, tuple[str | int, ...], int | None] | None:
    """version, action and ref when `message` is a move as described above, else None."""
    if message is None:
        return None
    try:
        data = orjson.loads(message)
    except orjson.JSONDecodeError:
        return None
    if type(data) is not dict:
        return None
    keys = data.keys()
    if keys != FIELDS and (keys != WITH_REF or _ref(data) is None):
        return None
    move = checked(data["version"], data["action"])
    return None if move is None else (*move, data.get("ref"))


def refusal(exc: RoomError, ref: int | None) -> str:
    """The message refusing a move."""
    answer: dict[str, Any] = {"type": "refused", "status": exc.status, "error": exc.message,
                              "code": exc.code}
    if exc.retry_after is not None:
        answer["retry_after"] = max(1, math.ceil(exc.retry_after))
    if ref is not None:
        answer["ref"] = ref
    return orjson.dumps(answer).decode()


class SocketMoves:
    """The moves of one socket: of seat `seat` (None: a spectator's, which takes none)."""

    def __init__(self, rooms: Rooms, limit: Limit, game_id: str, seat: int | None,
                 address: str) -> None:
        self.rooms = rooms
        self.limit = limit
        self.game_id = game_id
        self.seat = seat
        self.address = address
        self.moving = False  # a move is under way: the socket's end waits for it
        self.closing = False  # the socket ends: no message is taken after the current one

    async def take(self, message: str | None) -> str | None:
        """Take the client's message (None: a binary one); the refusal to send back,
        or None when the move was taken (its views are pushed)."""
        move = None
        try:
            # As move_path and game_routes: the limit first, whatever was sent.
            wait = await self.limit.take(self.address)
            if wait:
                raise RoomError(429, f"too many requests from {self.address}; try again in "
                                     f"{math.ceil(wait)} s", retry_after=wait)
            move = parsed(message)
            if move is None:
                raise RoomError(400, MALFORMED)
            if self.seat is None:
                raise RoomError(403, SPECTATOR)
            # While it runs the socket's end does not cancel it (socket_routes.py):
            # a move is never cut between its store and its install.
            self.moving = True
            try:
                await self._act(self.seat, move[0], move[1])
            finally:
                self.moving = False
        except Exception as exc:
            refused = exc if isinstance(exc, RoomError) else None
            if refused is None:  # as error_answers.py answers a request that failed
                log.error("a move over a socket failed", exc_info=exc)
                refused = RoomError(500, "the server failed; nothing was stored")
            if move is not None:
                return refusal(refused, move[2])
            try:
                return refusal(refused, _ref(orjson.loads(message)) if message else None)
            except orjson.JSONDecodeError:
                return refusal(refused, None)
        return None

    async def _act(self, seat: int, version: int, action: tuple[str | int, ...]) -> None:
        room = await self.rooms.get(self.game_id)
        await self.rooms.act(room, seat, version, action)
