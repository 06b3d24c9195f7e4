"""A room made: a new game's from a request to create one, or a stored game's
rebuilt by replaying its change log through the same steps that made it, so
each audience's versions come out as they were. Nothing here does I/O."""

from __future__ import annotations

import secrets
from typing import Any

import borough
from borough.agents import AGENT_NAMES
from borough.core.errors import ContentChanged, IllegalAction
from borough.core.record import Record, check_replayable, opening
from borough.server import changes, views
from borough.server.changes import Step
from borough.server.refusal import RoomError
from borough.server.room import Room
from borough.server.store_rows import Entry, StoredGame, hash_token

MAX_SEED = 2**53


def new_room(request: dict[str, Any]) -> tuple[Room, list[str], dict[str, Any]]:
    """A new game's room from a request to create one, with its seats' tokens
    and the game's row to store."""
    name = request["game"]
    try:
        game = borough.game(name)
    except ValueError as exc:
        raise RoomError(400, str(exc)) from None
    players = request["players"]
    try:
        options = game.resolve_options(players, request.get("options") or {})
    except ValueError as exc:
        raise RoomError(400, str(exc)) from None
    seats_in = request["seats"]
    if len(seats_in) != players:
        raise RoomError(400, f"{players} players need {players} seats, not {len(seats_in)}")
    seed = request.get("seed")
    chosen = seed is not None
    if seed is None:
        seed = secrets.randbelow(MAX_SEED)
    tokens, seats = [], []
    for i, seat in enumerate(seats_in):
        agent = seat.get("agent") or ("medium" if seat["kind"] == "bot" else None)
        if seat["kind"] == "bot" and agent not in AGENT_NAMES:
            raise RoomError(400, f"unknown agent {agent!r}; choose from "
                                 f"{', '.join(AGENT_NAMES)}")
        token = secrets.token_urlsafe(18)
        tokens.append(token)
        seats.append({
            "kind": seat["kind"], "agent": agent if seat["kind"] == "bot" else None,
            "name": seat.get("name") or f"Player {i + 1}", "token_hash": hash_token(token),
            "hints": bool(request.get("hints")),  # resolved by the caller; see hints.py
        })
        if seat.get("open"):  # a table's seat left for someone to take (tables.py)
            seats[-1]["open"] = True
    room_id = secrets.token_hex(8)
    state = game.setup(players, seed=seed, options=options)
    room = Room(room_id, game, Record.start(game, players, seed, options), state, seats,
                chosen)
    room.shown = views.next_views(room, state, [])
    return room, tokens, {
        "id": room_id, "game": name, "players": players, "seed": seed,
        "seed_chosen": chosen, "options": options, "seats": seats,
        "status": room.status, "rules_version": game.rules_version,
        "content": room.record.content,
    }


def restore(stored: StoredGame) -> Room:
    """Rebuild a room from its stored setup and changes, through the same steps
    that made them, so each audience's versions come out as they were.

    A stored game that no longer replays (a row edited by hand, or a game
    kept from before its rules changed) is refused with a clear error; the
    rows stay as they are, so nothing is lost."""
    try:
        game = borough.game(stored.game)
        record = Record(stored.game, stored.players, stored.seed, stored.options,
                        rules_version=stored.rules_version, content=stored.content)
        try:
            check_replayable(game, record)
        except ContentChanged as exc:
            raise RoomError(409, f"game {stored.id} cannot be opened: {exc}; start "
                                 "the server with that content (serve --content DIR)"
                            ) from None
        state = opening(game, record)
        room = Room(stored.id, game, record, state, stored.initial_seats(),
                    stored.seed_chosen)
        room.shown = views.next_views(room, state, [])
        for entry in stored.log:
            room.shown = replay(room, entry).shown
    except (KeyError, ValueError, TypeError, IndexError) as exc:
        raise RoomError(409, f"game {stored.id} cannot be replayed: {exc}") from None
    return room


def replay(room: Room, entry: Entry) -> Step:
    """Apply a stored change to the room (its views are left to the caller)."""
    if entry.number != room.changes + 1:
        raise RoomError(409, f"game {room.id} cannot be replayed: its change "
                             f"{entry.number} follows change {room.changes}")
    try:
        step = changes.follow(room, entry)
    except IllegalAction as exc:
        raise RoomError(409, f"game {room.id} cannot be replayed: its move "
                             f"{room.move_number + 1} is refused ({exc.reason})") from None
    changes.install(room, step)
    return step
