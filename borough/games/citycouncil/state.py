"""The City Council game state: plain data, cheap to clone and to serialise."""

from __future__ import annotations

from dataclasses import dataclass

from borough.core import frames
from borough.core.frames import Frame
from borough.core.rng import Rng

# Committees in their seating order (CC-11: this is also the turn order).
TRANSPORT, TREASURY, ELECTION, UNION, EXECUTIVE = 0, 1, 2, 3, 4
OFFICES = ("Transport", "Treasury", "Election", "Union", "Executive")
# Disc spots: just seated, one round served (A), two rounds served (B).
FRESH, SPOT_A, SPOT_B = 0, 1, 2

# Steps: who decides what next.
ASSIGN = "assign"  # round 1: the Election chair seats the others
REGARD = "regard"  # rotation: choose an A member to treat as B
MOVE = "move"  # rotation: move a B member to a vacant committee
SWAP = "swap"  # rotation: switch two members
ELECT = "elect"  # rotation: fill an empty Election Committee
EMBEZZLE = "embezzle"  # Treasury: take $1 or not
KEEP = "keep"  # drawing: keep one of the two dealt Favor cards
PROPOSE = "propose"
SITE = "site"
VOTE = "vote"
EXEC_VOTE = "exec_vote"  # the Executive's second delegate
EXECUTE = "execute"  # the Election chair picks among tied plans
FAVOR = "favor"  # a general Favor card's condition has come true (CC-54, CC-62): a frame
PRODUCE = "produce"
TURN_END = "turn_end"  # Favor scoring and discards
OVER = "over"

# Proposal states.
PENDING, DONE, DROPPED = 0, 1, 2


@dataclass
class Proposal:
    member: int
    kind: str  # construct, relocate or sell
    building: int
    site: int  # a footprint; -1 for a sale
    voters: list[int]  # one entry per delegate placed (members)
    funds: list[int]  # seats that added $1 of embezzled funds
    status: int

    def copy(self) -> Proposal:
        return Proposal(
            self.member, self.kind, self.building, self.site, self.voters[:], self.funds[:],
            self.status,
        )


@dataclass
class CCState:
    players: int
    members: int  # council members: the players and, with 2 players, the automated member
    advanced: bool
    round: int
    step: str
    current: int  # the member who decides now
    chair: int  # the member who chairs the committee changes this round
    queue: list[int]  # members still to act in the current sub-phase, in order
    office: list[int]  # per member
    spot: list[int]  # per member
    marked: list[int]  # per member: 1 while on (or regarded as on) a B spot this phase
    vacant_start: list[int]  # committees vacant when the round began
    scores: list[int]  # per seat
    funds: list[int]  # embezzled private funds per seat
    hands: list[list[int]]
    dealt: list[list[int]]  # Favor cards dealt this round, not yet kept
    deck: list[int]
    discard: list[int]
    discard_owner: list[int]  # -1: seen by all; else the only seat that saw it
    removed: list[int]  # scored building cards, out of the game
    budget: int
    power: int
    goods: int
    blue: int  # blue-collar workers living in the city
    white: int
    blue_free: int  # still in Workforce Housing this round
    white_free: int
    red: list[int]  # cubes per section
    grey: list[int]
    pink: list[int]
    board: list[int]  # per block: the building on it, or -1
    site_of: list[int]  # per building: its footprint in the city, or -1
    display: list[int]  # face-up tiles
    stacks: list[list[int]]  # per shape; the top is the end of the list
    gone: list[int]  # discarded and sold tiles
    proposals: list[Proposal]
    pending: int  # the proposal waiting for its site, or -1
    sells_left: int
    relocates_left: int
    executed: int
    zones_on: list[int]  # per neighbourhood: activated this round
    activated: list[int]  # per building: 0, 1 activated, 2 also its second action
    act_log: list[int]  # activations in order (a building twice for a second action)
    acts_left: int
    unemployed: int  # the last unemployment report
    reached: bool  # someone reached the winning points this round
    outcome: str  # "", "mayor", "government" or "term" (CC-58)
    rng: Rng
    moves: int
    open_hoods: list[int]  # per neighbourhood: 1 once it takes buildings (CC-7, CC-64)
    passed: list[list[int]]  # per seat: general cards let pass while they hold (CC-62)
    # a Favor window (CC-62): a FAVOR frame over the step it interrupted (window.py)
    frames: list[Frame]
    due: str  # the automatic part of the round to go on with, within a move; else ""
    resolved: int  # activations resolved so far this round (CC-46)
    key_holder: int  # the seat holding the Key to the City, or -1 (CC-66)
    term: int  # CC-58: the round after which the government takes over, or 0 (none)

    def copy(self) -> CCState:
        # the instance dict copied whole and only the lists made anew is several
        # times faster than the constructor with its sixty arguments
        new = object.__new__(CCState)
        src = self.__dict__
        d = src.copy()
        for name in _FLAT_LISTS:
            d[name] = src[name][:]
        for name in _NESTED_LISTS:
            d[name] = [inner[:] for inner in src[name]]
        d["proposals"] = [p.copy() for p in src["proposals"]]
        d["frames"] = frames.copy(src["frames"])
        d["rng"] = src["rng"].copy()
        new.__dict__ = d
        return new


# CCState's lists, for `copy`: every other field holds a number, a string or a flag
# (a test checks that a clone shares nothing that can change)
_FLAT_LISTS = (
    "queue", "office", "spot", "marked", "vacant_start", "scores", "funds", "deck",
    "discard", "discard_owner", "removed", "red", "grey", "pink", "board", "site_of",
    "display", "gone", "zones_on", "activated", "act_log", "open_hoods",
)
_NESTED_LISTS = ("hands", "dealt", "stacks", "passed")


def step_now(s: CCState) -> str:
    """The step deciding now: a Favor window's, else the round's own."""
    return frames.step_now(s.frames, s.step)


def seat_now(s: CCState) -> int:
    """The member deciding now: the seat a Favor window asks, else the round's own."""
    return frames.seat_now(s.frames, s.current)
