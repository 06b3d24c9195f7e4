"""The Small City game state: plain data, cheap to clone and to serialise."""

from __future__ import annotations

from dataclasses import dataclass

from borough.core.rng import Rng

EMPTY = -1  # a grid space with no tile
CEMETERY = -2  # a grid space holding a Cemetery
NOBODY = -1  # no citizen on a space

# Phases (the book's eight, plus setup and the end).
SETUP, ACTIONS, BUILD, MOVE, INCOME, VOTE, POLLUTION, COUNCIL, VISIT, OVER = (
    "setup", "actions", "build", "move", "income", "vote", "pollution", "council", "visit",
    "over",
)


@dataclass
class Tile:
    type: int
    cells: list[int]
    marks: list[int]  # per space: commercial kind, factory material, harbor water
    fresh: bool  # placed during this Build phase: it may not be upgraded yet
    stock: list[int]  # Warehouse: the material on each storage space, -1 when empty

    def copy(self) -> Tile:
        return Tile(self.type, self.cells[:], self.marks[:], self.fresh, self.stock[:])


@dataclass
class Seat:
    money: int
    votes: int
    pollution: int
    career: int  # citizens on the Career Center
    reserve: int  # citizens of this colour in the common reserve
    hall_citizens: int
    hall_mats: list[int]  # materials stored on City Hall spaces
    side: str  # the side of its borough board this seat plays on: easy or expert (SC-46)
    zone: int  # step reached on the Borough Size track
    disc_row: list[int]  # per City Council disc: its row, -1 before the first column
    disc_col: list[int]  # per disc: its column 1-4, 0 before the first column
    promise: int  # the kept Promise number, -1 while choosing
    offered: list[int]  # the Promises drawn at setup (seen by this seat only)
    specials: list[int]  # Special Promises taken
    built: list[int]  # unique tile types ever built here (never rebuilt)
    tiles: list[Tile | None]
    grid: list[int]  # per space: tile index, EMPTY or CEMETERY
    occ: list[int]  # per space: the seat whose citizen stands there, or NOBODY
    down: list[int]  # spaces whose citizen has finished moving this phase
    cemeteries: list[int]
    card: int  # the Special Action card taken this round, -1 for none
    generated: int  # pollution generated in the last Measure Pollution phase
    produced: int  # materials produced in this borough this round
    eliminated: bool
    revenue: int  # Economic victory: running total
    in_play_total: int  # Citizens victory: running total
    built_now: int  # build actions used this Build phase (tiles and demolition)
    demolished: bool
    expanded: bool
    architect_used: bool
    pending_home: list[int]  # owners of tourists sent home by a sealed build
    log: list[str]  # what this seat did behind its screen, announced at the reveal
    returned: list[int]  # per material: put back in the reserve behind the screen (SC-25)
    bstep: str  # this seat's own step behind its screen ("done" once finished)
    bsel: list[int]  # this seat's own decision in progress behind its screen
    owe: list[int]  # materials per kind still to take from its stores for a payment
    pending: list[int]  # materials awaiting storage, each borough * 3 + kind

    def copy(self) -> Seat:
        return Seat(
            self.money, self.votes, self.pollution, self.career, self.reserve,
            self.hall_citizens, self.hall_mats[:], self.side, self.zone, self.disc_row[:],
            self.disc_col[:], self.promise, self.offered[:], self.specials[:], self.built[:],
            [t.copy() if t is not None else None for t in self.tiles], self.grid[:],
            self.occ[:], self.down[:], self.cemeteries[:], self.card, self.generated,
            self.produced, self.eliminated, self.revenue, self.in_play_total, self.built_now,
            self.demolished, self.expanded, self.architect_used, self.pending_home[:],
            self.log[:], self.returned[:], self.bstep,
            self.bsel[:], self.owe[:], self.pending[:],
        )


@dataclass
class SmallCityState:
    players: int
    side: str  # the table option: easy or expert for every seat, or "choose" (SC-46)
    council_side: str
    mode: str  # basic, votes, economic, citizens, cultural
    level: int  # solo difficulty 0-4
    round: int
    phase: str
    step: str
    current: int  # the seat deciding now (sequential steps)
    order: list[int]  # turn order this round, the mayor's host first
    turn: int  # index into `order` of the seat whose turn it is
    host: int
    prev_host: int  # the host of the previous round, -1 in round 1
    mayor: int  # the street (edge index) holding the mayor, -1 when off the board
    next_host: int  # the seat that took the Mayor card, -1
    circle: list[int]  # Special Action cards in circle order
    taken: list[int]  # per circle position: the seat on it, -1 empty, -2 the solo mayor
    last_pos: int  # circle position of the previous pick, -1 before the first
    supply: list[int]  # tiles left per type (shared stacks)
    mats: list[int]  # building materials left in the reserve
    decks: list[list[int]]  # Promise decks (easy, medium, difficult), top first
    special_deck: list[int]
    sel: list[int]  # the decision in progress: [type, face, tile, extra]
    build_mode: str  # "build", "council", "setup"
    build_size: list[int]  # council build: [smallest, largest, criteria waived]
    council: list[int]  # council move in progress: [disc, row, column, pay]
    draw: list[int]  # Special Promises drawn and waiting for the keep choice
    killers: list[int]  # seats still to lose a citizen this round
    kills_left: int  # solo President: citizens still to lose
    picked: list[int]  # Move Citizens: [borough, space] of the citizen being moved
    start_occ: list[list[int]]  # Move Citizens: occupants when the phase began
    snapshot: list[Seat]  # the boroughs as they stood when the Build phase began
    snap_mats: list[int]
    chosen: list[bool]  # setup: which seats have kept their Promise
    seats: list[Seat]
    rng: Rng
    moves: int

    def copy(self) -> SmallCityState:
        return SmallCityState(
            self.players, self.side, self.council_side, self.mode, self.level, self.round,
            self.phase, self.step, self.current, self.order[:], self.turn, self.host,
            self.prev_host, self.mayor, self.next_host, self.circle[:], self.taken[:],
            self.last_pos, self.supply[:], self.mats[:], [d[:] for d in self.decks],
            self.special_deck[:], self.sel[:], self.build_mode, self.build_size[:],
            self.council[:], self.draw[:], self.killers[:], self.kills_left, self.picked[:],
            [o[:] for o in self.start_occ], [s.copy() for s in self.snapshot],
            self.snap_mats[:], self.chosen[:],
            [s.copy() for s in self.seats], self.rng.copy(), self.moves,
        )


def next_turn(st: SmallCityState) -> bool:
    """Pass the turn to the next seat in `st.order`; False when everyone has had one.

    The one turn cursor of every phase in which seats act one after another."""
    st.turn += 1
    if st.turn < len(st.order):
        st.current = st.order[st.turn]
        return True
    return False
