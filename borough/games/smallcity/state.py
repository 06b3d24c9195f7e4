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


# A placed tile is shared between a state and its clones (copy-on-write): clones are
# the hot path of search, and a tile changes rarely (an upgrade, a Warehouse's stock,
# the end of its first Build phase). Whatever changes a tile first takes it with
# `Seat.own_tile`, which gives this seat a copy of its own.


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

    def builds_spent(self) -> bool:
        """SC-27, SC-28: the seat has used every build of this Build phase (everyone
        sees a seat take tiles from the stacks, so this much is public, SC-45)."""
        return self.built_now >= (1 if self.expanded else 3)

    def copy(self) -> Seat:
        # the instance dict copied whole and only the lists made anew is about three
        # times faster than the constructor; tiles are shared (see Tile)
        new = object.__new__(Seat)
        src = self.__dict__
        d = src.copy()
        d["hall_mats"] = src["hall_mats"][:]
        d["disc_row"] = src["disc_row"][:]
        d["disc_col"] = src["disc_col"][:]
        d["offered"] = src["offered"][:]
        d["specials"] = src["specials"][:]
        d["built"] = src["built"][:]
        d["tiles"] = src["tiles"][:]
        d["grid"] = src["grid"][:]
        d["occ"] = src["occ"][:]
        d["down"] = src["down"][:]
        d["cemeteries"] = src["cemeteries"][:]
        d["pending_home"] = src["pending_home"][:]
        d["log"] = src["log"][:]
        d["returned"] = src["returned"][:]
        d["bsel"] = src["bsel"][:]
        d["owe"] = src["owe"][:]
        d["pending"] = src["pending"][:]
        new.__dict__ = d
        return new

    def own_tile(self, index: int) -> Tile:
        """Tile `index` of this seat, made its own to change (see Tile)."""
        tile = self.tiles[index]
        assert tile is not None
        mine = tile.copy()
        self.tiles[index] = mine
        return mine


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
        new = object.__new__(SmallCityState)
        src = self.__dict__
        d = src.copy()
        d["order"] = src["order"][:]
        d["circle"] = src["circle"][:]
        d["taken"] = src["taken"][:]
        d["supply"] = src["supply"][:]
        d["mats"] = src["mats"][:]
        d["decks"] = [deck[:] for deck in src["decks"]]
        d["special_deck"] = src["special_deck"][:]
        d["sel"] = src["sel"][:]
        d["build_size"] = src["build_size"][:]
        d["council"] = src["council"][:]
        d["draw"] = src["draw"][:]
        d["killers"] = src["killers"][:]
        d["picked"] = src["picked"][:]
        d["start_occ"] = [occ[:] for occ in src["start_occ"]]
        # The Build phase's snapshot is never changed once taken, so its seats are
        # shared by every clone; whatever alters one (determinize) copies it first.
        d["snapshot"] = src["snapshot"][:]
        d["snap_mats"] = src["snap_mats"][:]
        d["chosen"] = src["chosen"][:]
        d["seats"] = [seat.copy() for seat in src["seats"]]
        d["rng"] = src["rng"].copy()
        new.__dict__ = d
        return new


def next_turn(st: SmallCityState) -> bool:
    """Pass the turn to the next seat in `st.order`; False when everyone has had one.

    The one turn cursor of every phase in which seats act one after another."""
    st.turn += 1
    if st.turn < len(st.order):
        st.current = st.order[st.turn]
        return True
    return False
