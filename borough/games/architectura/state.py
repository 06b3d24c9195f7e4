"""The Architectura game state: plain data, cheap to clone and to serialise."""

from __future__ import annotations

from dataclasses import dataclass

from borough.core.rng import Rng

COLUMNS = 8  # block cards 1-8 (ARC-1)
EMPTY = -1  # a space with no card
DOWN = -1  # `face` of a destroyed (face-down) card
NOBODY = -1
GRAVE = 32  # the pseudo-space "beside your Graveyard", outside the city (ARC-C11)

# Steps: who decides what next.
CHOOSE = "choose"  # advanced setup: sealed choice of replacement cards (ARC-35)
TUTOR = "tutor"  # Obelisk: before the first turn (ARC-C13)
PLAY = "play"  # choose a card and an eligible space (or swap the hand)
PAY = "pay"  # Magic Academy: remove two cards (ARC-C14)
SPARE = "spare"  # the owner decides whether their own card affects their protected card
EFFECT = "effect"  # a choice the played card's effect asks for
LAB = "lab"  # Laboratory: an opponent plays a card face down (ARC-C17)
OVER = "over"


@dataclass
class Seat:
    hand: list[int]  # card indices 0-17 of the seat's own colour
    deck: list[int]  # the last item is the top card
    bottom: int  # cards at the bottom of the deck whose set the owner knows (hand swap)
    shown: list[int]  # hand cards every player has seen (taken back from the city)
    swaps: list[int]  # per basic card index: the additional card replacing it, or -1
    ready: bool  # replacement choice submitted
    started: bool  # has begun a first turn (Obelisk tutor)
    swapped: bool  # the once-per-game hand swap is used
    tokens: int  # protection tokens still in the supply
    limit: int  # hand limit
    grave: bool  # the Graveyard has been played
    pile: list[int]  # cards lying beside the Graveyard
    removed: list[int]  # cards removed from the game (open)

    def copy(self) -> Seat:
        return Seat(
            self.hand[:], self.deck[:], self.bottom, self.shown[:], self.swaps[:], self.ready,
            self.started, self.swapped, self.tokens, self.limit, self.grave, self.pile[:],
            self.removed[:],
        )


@dataclass
class ArcState:
    players: int
    replacements: int
    current: int
    step: str
    cells: list[int]  # per space (row * 8 + column): card id (owner * 18 + index) or EMPTY
    face: list[int]  # side index on top, or DOWN when destroyed
    guard: list[int]  # the seat whose protection token lies on the card, or NOBODY
    reserved: list[int]  # Fountain: the seat whose token reserves this empty space
    under: list[list[int]]  # per space: the face-down cards under its top card, lowest first
    seats: list[Seat]
    effect: str  # the effect being resolved, or ""
    src: int  # the space of the card whose effect or comparison is resolving
    target: int  # a chosen card, or -1
    picks: list[int]  # progress of the effect (rotated cards, owners, queued seats)
    forced: int  # Manufactory: the space the next card must go to, or -1
    pending: int  # Magic Academy being paid for: its card id, or -1
    paid: int  # cards removed so far for it
    spare: str  # what the SPARE step decides about: "compare" or "arsenal"
    rng: Rng
    idle: int  # turns in a row without a card played or drawn (ARC-32)

    def copy(self) -> ArcState:
        return ArcState(
            self.players, self.replacements, self.current, self.step, self.cells[:],
            self.face[:], self.guard[:], self.reserved[:], [u[:] for u in self.under],
            [s.copy() for s in self.seats], self.effect, self.src, self.target, self.picks[:],
            self.forced, self.pending, self.paid, self.spare, self.rng.copy(), self.idle,
        )
