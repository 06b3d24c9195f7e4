"""The Rondel City game state: plain data, cheap to clone and to serialise."""

from __future__ import annotations

from dataclasses import dataclass

from borough.core.rng import Rng

EMPTY = -1
AMENITY = 100  # board code AMENITY + a: the Civic Amenity a lies face up on a square

# Steps: which decision the game waits for.
ROTATE = "rotate"  # the active player moves their Action marker (RON-9)
ACTION = "action"  # buy, place, pass, or use an Amenity (RON-11)
PICK = "pick"  # choose the tile to place with an Amenity (RON-V9)
SQUARE = "square"  # choose the square for the chosen tile (RON-16)
TAKE = "take"  # take the Block's Amenity instead of scoring, or score (RON-V6)
ORDER = "order"  # a player with two pieces to move chooses which goes first (RON-6)
GO = "go"  # a moving piece has several possible end spaces (RON-4)
EVENT = "event"  # choose the new Event from the three drawn (RON-V2)
BONUS = "bonus"  # 2 VP or 4 gp after using an Amenity (RON-V10)
SITE = "site"  # the square where the used Amenity goes (RON-V10)
FINAL = "final"  # a player's optional last placement (RON-30)
OVER = "over"

# Placement modes.
NORMAL = "normal"  # beside a street of the rondel colour
RAINBOW = "rainbow"  # beside any street, after paying 1 VP
FREE = "free"  # with an Amenity: anywhere, no restriction


@dataclass
class RonState:
    players: int
    events_on: bool
    amenities_on: bool
    current: int  # the active player of the turn
    actor: int  # who places now (the active player, or the final-round placer)
    step: str
    after: str  # what follows once the queued piece moves are done
    rondel: list[int]  # rondel space of each of the four marker colours
    pieces: list[int]  # space of the Citizen (2s) and Banker (2s+1) of each seat
    held: list[list[int]]  # unplaced building tiles per seat, face up
    held_amenities: list[list[int]]  # unused Amenities per seat, face up
    lines: list[list[int]]  # tiles left per line; item 0 is the face-up one
    board: list[int]  # per square: EMPTY, a tile id, or AMENITY + amenity id
    block_amenity: list[int]  # per Block: the face-down Amenity, or EMPTY
    removed_amenities: list[int]  # face-down Amenities removed unseen
    event: int  # the Event in effect, or EMPTY without the Events variant
    event_stack: list[int]  # face down, top first
    event_drawn: list[int]  # the three being looked at
    pending: list[list[int]]  # queued moves: [seat, vp, gp], clockwise from the active
    tile: int  # the tile being placed, or EMPTY
    square: int  # the square it goes on, or EMPTY
    mode: str
    amenity: int  # the Amenity being used, or EMPTY
    final_queue: list[int]  # seats still to make their final placement
    final_round: bool
    winner: int  # the seat whose Citizen reached 50, or EMPTY
    rng: Rng
    moves: int
    turns: int

    def copy(self) -> RonState:
        return RonState(
            self.players, self.events_on, self.amenities_on, self.current, self.actor,
            self.step, self.after, self.rondel[:], self.pieces[:],
            [h[:] for h in self.held], [h[:] for h in self.held_amenities],
            [line[:] for line in self.lines], self.board[:], self.block_amenity[:],
            self.removed_amenities[:], self.event, self.event_stack[:], self.event_drawn[:],
            [p[:] for p in self.pending], self.tile, self.square, self.mode, self.amenity,
            self.final_queue[:], self.final_round, self.winner, self.rng.copy(), self.moves,
            self.turns,
        )
