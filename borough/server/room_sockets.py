"""What the rooms a server process holds show, and the live sockets that watch
them: each audience's view, and every socket within its shares (per client
address, per seat, spectators per game and of the whole server)."""

from __future__ import annotations

import time
from typing import Any

from borough.server import views
from borough.server.refusal import RoomError
from borough.server.room import Room, Subscriber
from borough.server.settings import Settings
from borough.server.shown import Audience, Shown


class Sockets:
    """The views and the sockets of the rooms held here (a base of `Rooms`)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.sockets = 0
        self.spectators = 0  # of self.sockets, those of no seat
        self.addresses: dict[str, int] = {}  # live sockets per client address
        self.closed_sockets = 0  # ever, so the sweeper knows when connections went away

    def view(self, room: Room, seat: Audience) -> dict[str, Any]:
        return room.shown[seat].view()

    def view_text(self, room: Room, seat: Audience) -> str:
        return room.shown[seat].text

    def subscribe(self, room: Room, seat: Audience, address: str = "") -> Subscriber:
        """A socket for `seat` (None: a spectator) from `address`, within the shares:
        a seat's own socket always gets in (its oldest is closed if it has too many),
        spectators only within their share of the game and of the server."""
        limits = self.settings
        busy = RoomError(503, "the server has as many live connections as it takes; "
                              "try again later", retry_after=30)
        if self.addresses.get(address, 0) >= limits.sockets_per_address:
            raise RoomError(429, f"{address} holds as many live connections as one "
                                 "address may", retry_after=30)
        if seat is None:
            watching = sum(1 for sub in room.subscribers if sub.seat is None)
            if watching >= limits.spectators_per_game:
                raise RoomError(429, "this game has as many spectators as it takes",
                                retry_after=30)
            if self.spectators >= limits.sockets_total * limits.spectator_share:
                raise busy
        else:
            own = sorted((sub for sub in room.subscribers if sub.seat == seat),
                         key=lambda sub: sub.opened)
            for old in own[:max(0, len(own) - limits.sockets_per_seat + 1)]:
                self.unsubscribe(room, old)
                old.push(None)  # its socket closes; this one takes its place
        if self.sockets >= limits.sockets_total:
            raise busy
        sub = Subscriber(seat, address)
        room.subscribers.add(sub)
        self.sockets += 1
        self.spectators += seat is None
        self.addresses[address] = self.addresses.get(address, 0) + 1
        sub.push(self.view_text(room, seat))
        return sub

    def unsubscribe(self, room: Room, sub: Subscriber) -> None:
        if sub in room.subscribers:
            room.subscribers.discard(sub)
            self.sockets -= 1
            self.spectators -= sub.seat is None
            left = self.addresses[sub.address] - 1
            if left:
                self.addresses[sub.address] = left
            else:
                del self.addresses[sub.address]
            self.closed_sockets += 1
            room.used = time.monotonic()

    def _publish(self, room: Room, shown: dict[Audience, Shown]) -> None:
        fresh = views.changed(room.shown, shown)
        room.shown = shown
        room.used = time.monotonic()
        for sub in list(room.subscribers):
            if sub.seat in fresh:
                sub.push(shown[sub.seat].text)
