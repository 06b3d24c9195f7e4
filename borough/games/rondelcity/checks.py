"""Refusing decoded Rondel City states whose parts contradict each other."""

from __future__ import annotations

from borough.core.errors import CorruptData
from borough.games.rondelcity.data import PLAYER_COUNTS, RONDEL_SIZE, Content
from borough.games.rondelcity.state import AMENITY, GO, ORDER, OVER, SQUARE, TAKE, RonState
from borough.games.rondelcity.steps import CHOICES


def validate(c: Content, state: RonState) -> None:
    if state.players not in PLAYER_COUNTS:
        raise CorruptData(f"Rondel City is for 2-4 players, not {state.players}")
    n = state.players
    if (
        len(state.pieces) != 2 * n or len(state.held) != n
        or len(state.held_amenities) != n or len(state.rondel) != 4
        or len(state.lines) != 5 or len(state.board) != len(c.city.square_labels)
        or len(state.block_amenity) != len(c.city.block_names)
    ):
        raise CorruptData("the state's parts do not fit a Rondel City game")
    if any(not 0 <= p < len(c.city.numbers) for p in state.pieces):
        raise CorruptData("a piece stands outside the City")
    shared = {c.city.zero, c.city.top, c.city.start}  # RON-5's exceptions
    single = [p for p in state.pieces if p not in shared]
    if len(set(single)) != len(single):
        raise CorruptData("two pieces share a space that holds only one")
    if any(not 0 <= s < n for s in state.final_queue):
        raise CorruptData("the final round names a seat outside the game")
    if any(not 0 <= r < RONDEL_SIZE for r in state.rondel):
        raise CorruptData("an Action marker is off the rondel")
    tiles = sorted(
        [t for line in state.lines for t in line]
        + [t for h in state.held for t in h]
        + [c for c in state.board if 0 <= c < AMENITY]
    )
    if tiles != list(range(len(c.market.tiles))):
        raise CorruptData("the building tiles do not add up to those of the game")
    for b, line in enumerate(state.lines):
        if any(c.market.tiles[t].building != b for t in line):
            raise CorruptData("a tile lies in the wrong line")
    amenities = sorted(
        [a for a in state.block_amenity if a >= 0] + state.removed_amenities
        + [a for h in state.held_amenities for a in h]
        + [c - AMENITY for c in state.board if c >= AMENITY]
        + ([state.amenity] if state.amenity >= 0 else [])
    )
    want = list(range(len(c.variants.amenities))) if state.amenities_on else []
    if amenities != want:
        raise CorruptData("the Civic Amenities do not add up to those of the game")
    evs = sorted(
        ([state.event] if state.event >= 0 else []) + state.event_stack + state.event_drawn
    )
    want = list(range(len(c.variants.events))) if state.events_on else []
    if evs != want:
        raise CorruptData("the Event tiles do not add up to those of the game")
    if state.step != OVER and state.step not in CHOICES:  # the step table names every step
        raise CorruptData(f"unknown step {state.step!r}")
    if state.step in (ORDER, GO) and not state.pending:
        raise CorruptData("a move is awaited but none is queued")
    for entry in state.pending:
        if len(entry) != 3 or not 0 <= entry[0] < n:
            raise CorruptData("a queued move is malformed")
    if not 0 <= state.current < n or not 0 <= state.actor < n:
        raise CorruptData("the active player is not a seat of this game")
    if state.step == SQUARE and not (0 <= state.tile < len(c.market.tiles)):
        raise CorruptData("a square is awaited but no tile is chosen")
    if state.step == TAKE and not 0 <= state.square < len(state.board):
        raise CorruptData("an Amenity choice is awaited without a placed tile")

