"""The three changes a room goes through (a move, a take-back, a seat handed to a
bot), each worked out in full before anything is stored or shown. A take-back
undoes the last move; taken again, the move before, as long as each was made
within its seat's turn.

The same functions serve a change made in this process and one read back from
the store (made by another server process, or before a restart): every process
that holds a game therefore shows each audience the same views at the same
versions, and a version a seat read from one process is current in another.
Nothing here does I/O.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from borough.core.record import state_after
from borough.core.serial import freeze
from borough.server import views
from borough.server.shown import Audience, Played, Shown, Stamped
from borough.server.store_rows import JOIN, MOVE, SEATS, UNDO, Entry

if TYPE_CHECKING:
    from borough.server.room import Room


@dataclass
class Step:
    """A change worked out on copies: what the room becomes once it is stored."""

    entry: Entry
    state: Any
    seats: list[dict[str, Any]]
    undo_by: int | None
    shown: dict[Audience, Shown]
    events: list[Stamped]  # a move: its new events; a take-back: every event kept
    played: Played | None = None  # a move, as the other seats may know it


def undo_by(played: list[Played], seats: list[dict[str, Any]]) -> int | None:
    """The seat that may take back the last of the `played` moves now: the engine
    allowed it when it was made (within the seat's turn, see `Game.undo_refusal`),
    and a person still plays that seat. Bots at the table change nothing: a bot
    decides only once the turn has passed to it, and then the move stands."""
    if not played or played[-1].refusal is not None:
        return None
    seat = played[-1].seat
    return seat if seats[seat]["kind"] == "human" else None


def move(room: Room, seat: int, action: Any, number: int) -> Step:
    """`seat` plays `action` as change `number`; raises IllegalAction if the rules refuse."""
    game = room.game
    trial = game.clone(room.state)
    # A move the seat's view listed for this very state is legal: the list is the
    # rules' own (`legal_actions`), so the rules are not asked again.
    listed = room.listed.get(seat)
    if (listed is not None and listed[0] is room.state and _plain(action)
            and action in listed[1]):
        made = game.apply_trusted(trial, seat, action)
    else:
        made = game.apply(trial, seat, action)
    events = views.stamp(room.shown, made, room.move_number + 1)
    # room.state is still before
    played = views.played(game, room.state, seat, freeze(action), trial,
                          room.seats[seat]["kind"] == "human")
    by = undo_by([played], room.seats)
    shown = views.next_views(room, trial, events, undo_by=by, moves=[*room.played, played])
    return Step(Entry(number, MOVE, seat, action), trial, room.seats, by, shown, events,
                played)


def _plain(action: Any) -> bool:
    """A tuple of exact strs and ints (a bool equals 0 or 1, but is no part of an action)."""
    if type(action) is not tuple:
        return False
    for part in action:
        kind = type(part)
        if kind is not str and kind is not int:
            return False
    return True


def take_back(room: Room, seat: int, number: int) -> Step:
    """`seat` takes back the last move (checked by the caller): the game replayed
    from its setup to the move before (core's replay; the state keeps no history)."""
    before, _ = state_after(room.game, room.record, len(room.record.moves) - 1)
    kept = [e for e in room.events if e.move != room.move_number]
    by = undo_by(room.played[:-1], room.seats)
    shown = views.next_views(room, before, [], all_events=kept, undo_by=by,
                             moves=room.played[:-1])
    return Step(Entry(number, UNDO, seat, []), before, room.seats, by, shown, kept)


def hand_over(room: Room, seat: int, agent: str, number: int, why: str | None = None
              ) -> Step:
    """A bot playing `agent` takes over `seat` (`why`, when given, is kept in the log:
    "time" when a table's clock ran out)."""
    seats = [dict(s) for s in room.seats]
    old = seats[seat]
    entry = Entry(number, SEATS, seat, [old["kind"], old["agent"], agent]
                  + ([why] if why else []))
    seats[seat]["kind"], seats[seat]["agent"] = "bot", agent
    by = undo_by(room.played, seats)
    shown = views.next_views(room, room.state, [], seats, undo_by=by)
    return Step(entry, room.state, seats, by, shown, [])


def seat_taken(room: Room, seat: int, name: str, token_hash: str, number: int) -> Step:
    """An open seat of a table gets its player: a name and a token of its own."""
    seats = [dict(s) for s in room.seats]
    old = seats[seat]
    entry = Entry(number, JOIN, seat, [old["name"], name, old["token_hash"], token_hash])
    seats[seat]["name"], seats[seat]["token_hash"] = name, token_hash
    seats[seat].pop("open", None)
    by = undo_by(room.played, seats)
    shown = views.next_views(room, room.state, [], seats, undo_by=by)
    return Step(entry, room.state, seats, by, shown, [])


def follow(room: Room, entry: Entry) -> Step:
    """A stored change, worked out as when it was made."""
    if entry.kind == MOVE:
        return move(room, entry.seat, freeze(entry.action), entry.number)
    if entry.kind == UNDO:
        if not room.record.moves:
            raise ValueError(f"change {entry.number} takes back a move that was never made")
        return take_back(room, entry.seat, entry.number)
    if entry.kind == SEATS:
        return hand_over(room, entry.seat, entry.action[2], entry.number)
    if entry.kind == JOIN:
        return seat_taken(room, entry.seat, entry.action[1], entry.action[3], entry.number)
    raise ValueError(f"change {entry.number} is of an unknown kind {entry.kind!r}")


def install(room: Room, step: Step) -> None:
    """The room becomes what `step` worked out (its views are published by the caller)."""
    entry = step.entry
    if entry.kind == MOVE:
        room.record.moves.append((entry.seat, freeze(entry.action)))
        assert step.played is not None  # `move` gives every move its public form
        room.played.append(step.played)
        room.events.extend(step.events)
    elif entry.kind == UNDO:
        room.record.moves.pop()
        room.played.pop()
        room.events = step.events
    room.state = step.state
    room.seats = step.seats
    room.undo_by = step.undo_by
    room.changes = entry.number


def bots_to_move(room: Room, state: Any, seats: list[dict[str, Any]]) -> bool:
    game = room.game
    if game.is_over(state) or any(s.get("open") for s in seats):  # a table not yet full
        return False
    return any(seats[s]["kind"] == "bot" for s in game.to_act(state))
