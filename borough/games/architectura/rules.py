"""Architectura rules: the forward model behind `borough.game("architectura")`.

Rule ids (ARC-*) refer to RULES.md in this folder.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from borough.core.errors import CorruptData
from borough.core.game import Action, Event, Game, Option, Result
from borough.core.rng import Rng
from borough.games.architectura import city, effects, information, scoring
from borough.games.architectura.city import PER_COLOUR, space_name
from borough.games.architectura.data import (
    BASIC_CARDS,
    DEFAULT_FILE,
    Card,
    load,
)
from borough.games.architectura.state import (
    CHOOSE,
    COLUMNS,
    DOWN,
    EFFECT,
    EMPTY,
    GRAVE,
    LAB,
    NOBODY,
    OVER,
    PAY,
    PLAY,
    SPARE,
    TUTOR,
    ArcState,
    Seat,
)

HAND = 3  # ARC-3
TOKENS = 2  # ARC-2
STEPS = (CHOOSE, TUTOR, PLAY, PAY, SPARE, EFFECT, LAB, OVER)
EFFECT_WORDS = {
    "protect": "protect one of your cards", "swap": "swap two adjacent cards",
    "restore": "restore an adjacent destroyed card", "reserve": "reserve an empty space",
    "rotate_two": "rotate one or two cards", "rotate_each": "rotate one card of each player",
    "move": "move an adjacent card", "copy": "copy an adjacent card's effect",
    "manufactory": "take back one of your cards",
}
TARGET_WORDS = {
    "protect": "Protect", "swap": "Swap", "restore": "Restore",
    "move": "Move", "copy": "Copy the effect of", "manufactory": "Take back",
}


def who(seat: int) -> str:
    return f"Player {seat + 1}"


class Architectura(Game):
    name = "architectura"
    title = "Architectura"
    seats = (2, 3, 4)
    option_list = (
        Option(
            "replacements",
            (0, 1, 2, 3, 4, 5, 6),
            0,
            "0: the basic game with identical decks; 1-6: the advanced game, each player "
            "may swap up to this many basic cards for additional cards",
        ),
    )
    state_type = ArcState

    def __init__(self, data_file: Path = DEFAULT_FILE) -> None:
        self.cards: tuple[Card, ...] = load(data_file)
        keys = {c.key: c.index for c in self.cards}
        self.obelisk = keys.get("obelisk", -1)

    def option_sets(self) -> list[dict[str, Any]]:
        # The basic game, a partial and the full advanced swap cover every code path.
        return [{"replacements": 0}, {"replacements": 3}, {"replacements": 6}]

    # ------------------------------------------------------------- setup
    def _setup(self, players: int, seed: int, options: dict[str, Any]) -> ArcState:
        n = players * COLUMNS  # ARC-1: one street of 8 spaces per player
        state = ArcState(
            players=players, replacements=options["replacements"], current=0, step=CHOOSE,
            cells=[EMPTY] * n, face=[0] * n, guard=[NOBODY] * n, reserved=[NOBODY] * n,
            buried=[], seats=[
                Seat([], [], 0, [], [-1] * BASIC_CARDS, False, False, False, TOKENS, HAND,
                     False, [], [])
                for _ in range(players)
            ],
            effect="", src=-1, target=-1, picks=[], forced=-1, pending=-1, paid=0, spare="",
            rng=Rng.from_seed(seed), idle=0,
        )
        if state.replacements == 0:  # ARC-2: the basic game deals at once
            for data in state.seats:
                data.ready = True
            self._deal(state, [])
        return state

    def num_seats(self, state: ArcState) -> int:
        return state.players

    def _deal(self, state: ArcState, events: list[Event]) -> None:
        """ARC-2, ARC-36: reveal replacements, shuffle each deck, draw three."""
        for s, data in enumerate(state.seats):
            for j, k in enumerate(data.swaps):
                if k >= 0:
                    events.append(Event(
                        f"{who(s)} replaces the {self.cards[j].name} with the "
                        f"{self.cards[k].name}.", "replace", s,
                    ))
            data.deck = [k if k >= 0 else j for j, k in enumerate(data.swaps)]
            state.rng.shuffle(data.deck)
            data.hand = []
            self._draw(state, s, HAND, events)
        self._advance(state, state.players - 1, events)

    # ------------------------------------------------------------ turns
    def to_act(self, state: ArcState) -> tuple[int, ...]:
        step = state.step
        if step == OVER:
            return ()
        if step == CHOOSE:
            return tuple(s for s, d in enumerate(state.seats) if not d.ready)
        if step == LAB:
            return (state.picks[0],)
        return (state.current,)

    def is_over(self, state: ArcState) -> bool:
        return state.step == OVER

    def legal_actions(self, state: ArcState, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        step = state.step
        if step == PLAY:
            acts = self._plays(state, seat)
            if state.forced < 0:
                if self._can_swap(state, seat):
                    acts.append(("swap_hand",))
                if not acts or acts == [("swap_hand",)]:
                    acts.append(("pass",))
            return acts
        if step == EFFECT:
            return effects.choices(self, state, seat)
        if step == SPARE:
            return [("affect",), ("spare",)]
        if step == PAY:
            acts = [("pay", t) for t in sorted(state.seats[seat].hand)]
            if state.seats[seat].pile:
                acts.append(("pay_grave",))
            return acts
        if step == LAB:
            return effects.lab_choices(self, state, seat)
        if step == TUTOR:
            return [("tutor", t) for t in sorted(state.seats[seat].hand)] + [("done",)]
        if step == CHOOSE:
            return self._replace_choices(state, seat)
        raise CorruptData(f"unknown step {step!r}")

    def _replace_choices(self, state: ArcState, seat: int) -> list[Action]:
        """ARC-35: pairs (additional card, basic card of the same basic value)."""
        swaps = state.seats[seat].swaps
        acts: list[Action] = []
        if sum(1 for k in swaps if k >= 0) < state.replacements:
            for card in self.cards[BASIC_CARDS:]:
                if card.index in swaps:
                    continue
                acts.extend(("replace", card.index, j) for j in card.replaces if swaps[j] < 0)
        acts.append(("ready",))
        return acts

    def _plays(self, state: ArcState, seat: int) -> list[Action]:
        """ARC-4..ARC-7: every (card, space) the seat may play now."""
        data = state.seats[seat]
        spaces = [state.forced] if state.forced >= 0 else city.eligible(state, seat)
        if state.players > 2:
            spaces = [i for i in spaces if city.run_ok(state, seat, i)]
        acts: list[Action] = []
        for t in sorted(data.hand):
            card = self.cards[t]
            if card.kind == "grave":
                if state.forced < 0:
                    acts.append(("play", t, GRAVE))
                continue
            if card.condition == "pay_two" and len(data.hand) - 1 + len(data.pile) < 2:
                continue
            if card.condition == "right_of_own":
                acts.extend(("play", t, i) for i in spaces if self._own_left(state, seat, i))
            else:
                acts.extend(("play", t, i) for i in spaces)
        return acts

    def _own_left(self, state: ArcState, seat: int, i: int) -> bool:
        """ARC-C16: City Hall goes right of one of its owner's face-up cards."""
        return bool(i % COLUMNS) and city.is_up(state, i - 1) and (
            state.cells[i - 1] // PER_COLOUR == seat
        )

    def can_play_at(self, state: ArcState, seat: int, t: int, i: int, hand: list[int]) -> bool:
        """Could card t go on space i (given as eligible) with this hand? (Manufactory)"""
        card = self.cards[t]
        if card.kind == "grave" or not city.run_ok(state, seat, i):
            return False
        if card.condition == "pay_two" and len(hand) - 1 + len(state.seats[seat].pile) < 2:
            return False
        return card.condition != "right_of_own" or self._own_left(state, seat, i)

    def _can_swap(self, state: ArcState, seat: int) -> bool:
        """ARC-10: once per game, at the start of a turn."""
        data = state.seats[seat]
        return not data.swapped and bool(data.hand) and bool(data.deck)

    def _start_turn(self, state: ArcState, seat: int, events: list[Event]) -> bool:
        """Begin `seat`'s turn; True when the seat has a decision to make."""
        state.current = seat
        data = state.seats[seat]
        if not data.started:
            data.started = True
            if self.obelisk in data.deck and data.hand:  # ARC-C13
                state.step = TUTOR
                return True
        return self._open_play(state, seat, events)

    def _open_play(self, state: ArcState, seat: int, events: list[Event]) -> bool:
        state.step = PLAY
        if self._plays(state, seat):
            return True
        self._drop_unplayable(state, seat, events)
        return self._can_swap(state, seat)

    def _drop_unplayable(self, state: ArcState, seat: int, events: list[Event]) -> None:
        """ARC-C14, ARC-C16: when no card can be played, a stuck Magic Academy or City Hall
        is removed from the game (so that the seat draws a fresh card instead)."""
        data = state.seats[seat]
        for t in [t for t in data.hand if self.cards[t].condition]:
            data.hand.remove(t)
            if t in data.shown:
                data.shown.remove(t)
            data.removed.append(t)
            events.append(Event(
                f"{who(seat)} cannot play the {self.cards[t].name} and removes it from "
                "the game.", "remove", seat,
            ))

    def _draw(self, state: ArcState, seat: int, count: int, events: list[Event]) -> int:
        data = state.seats[seat]
        drawn = []
        while count > 0 and data.deck:
            drawn.append(data.deck.pop())
            count -= 1
        if not drawn:
            return 0
        data.hand.extend(drawn)
        data.bottom = min(data.bottom, len(data.deck))
        plural = "s" if len(drawn) > 1 else ""
        events.append(Event(f"{who(seat)} draws {len(drawn)} card{plural}.", "draw", seat))
        names = ", ".join(self.cards[t].name for t in drawn)
        events.append(Event(f"You draw: {names}.", "draw", seat, private_to=(seat,)))
        return len(drawn)

    def _finish_turn(self, state: ArcState, seat: int, events: list[Event],
                     played: bool = True) -> None:
        """ARC-8: draw up to the hand limit, then the next player.

        `state.idle` counts the turns in a row in which nothing happened (no card
        played, none drawn); a full round of them ends the game (ARC-32).
        """
        data = state.seats[seat]
        drawn = self._draw(state, seat, data.limit - len(data.hand), events)
        state.idle = 0 if played or drawn else state.idle + 1
        self._advance(state, seat, events)

    def _advance(self, state: ArcState, last: int, events: list[Event]) -> None:
        """Give the turn to the next seat that can act (ARC-11); end the game if none can."""
        state.effect, state.src, state.target, state.picks = "", -1, -1, []
        state.forced, state.pending, state.paid, state.spare = -1, -1, 0, ""
        seat = last
        while state.idle < state.players:
            seat = (seat + 1) % state.players
            data = state.seats[seat]
            before = (len(data.hand), len(data.deck))
            if self._start_turn(state, seat, events):
                return
            self._skip_event(seat, events)
            self._draw(state, seat, data.limit - len(data.hand), events)
            changed = (len(data.hand), len(data.deck)) != before
            state.idle = 0 if changed else state.idle + 1
        self._end_game(state, events)

    def _skip_event(self, seat: int, events: list[Event]) -> None:
        events.append(Event(f"{who(seat)} cannot play a card and skips the turn.", "skip", seat))

    def _end_game(self, state: ArcState, events: list[Event]) -> None:
        """ARC-32: no one can play any more."""
        state.step = OVER
        detail = scoring.breakdown(self, state)
        for s, total in enumerate(detail["totals"]):
            events.append(Event(f"{who(s)} scores {total} points.", "score", s))
        names = " and ".join(who(s) for s in scoring.winners(detail))
        events.append(Event(f"The game is over; {names} wins.", "end"))

    # ------------------------------------------------------------ apply
    def _apply(self, state: ArcState, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        kind = action[0]
        step = state.step
        if step == EFFECT:
            effects.resolve(self, state, seat, action, events)
        elif step == LAB:
            effects.resolve_lab(self, state, seat, action, events)
        elif step == SPARE:
            self._spare(state, seat, kind == "affect", events)
        elif kind == "play":
            self._play(state, seat, action[1], action[2], events)
        elif kind == "pay" or kind == "pay_grave":
            self._pay(state, seat, action, events)
        elif kind == "swap_hand":
            self._swap_hand(state, seat, events)
        elif kind == "pass":
            events.append(Event(f"{who(seat)} cannot play a card and passes.", "pass", seat))
            self._finish_turn(state, seat, events, played=False)
        elif kind == "tutor" or kind == "done":
            self._tutor(state, seat, action, events)
        elif kind == "replace":
            state.seats[seat].swaps[action[2]] = action[1]
            events.append(Event(
                f"You replace the {self.cards[action[2]].name} with the "
                f"{self.cards[action[1]].name}.", "replace", seat, private_to=(seat,),
            ))
        elif kind == "ready":
            state.seats[seat].ready = True
            events.append(Event(f"{who(seat)} has chosen their deck.", "ready", seat))
            if all(d.ready for d in state.seats):
                self._deal(state, events)
        return events

    def _swap_hand(self, state: ArcState, seat: int, events: list[Event]) -> None:
        """ARC-10: the hand goes under the deck in random order; draw as many."""
        data = state.seats[seat]
        data.swapped = True
        old = data.hand
        state.rng.shuffle(old)
        data.deck[:0] = old
        data.bottom = len(old)
        data.hand, data.shown = [], []
        events.append(Event(
            f"{who(seat)} puts their {len(old)} cards under the deck and draws new ones.",
            "swap", seat,
        ))
        self._draw(state, seat, len(old), events)
        if not self._open_play(state, seat, events):
            events.append(Event(f"{who(seat)} still cannot play a card.", "skip", seat))
            self._finish_turn(state, seat, events)

    def _tutor(self, state: ArcState, seat: int, action: Action, events: list[Event]) -> None:
        """ARC-C13: put a hand card under the deck, take the Obelisk, shuffle the deck."""
        data = state.seats[seat]
        if action[0] == "tutor":
            data.hand.remove(action[1])
            data.deck.insert(0, action[1])
            data.deck.remove(self.obelisk)
            data.hand.append(self.obelisk)
            data.shown.append(self.obelisk)
            state.rng.shuffle(data.deck)
            data.bottom = 0
            events.append(Event(
                f"{who(seat)} puts a card under their deck, takes the Obelisk from it and "
                "shuffles the deck.", "tutor", seat,
            ))
        if not self._open_play(state, seat, events):
            self._skip_event(seat, events)
            self._finish_turn(state, seat, events)

    def _play(self, state: ArcState, seat: int, t: int, i: int, events: list[Event]) -> None:
        data = state.seats[seat]
        data.hand.remove(t)
        if t in data.shown:
            data.shown.remove(t)
        card_id = seat * PER_COLOUR + t
        if self.cards[t].condition == "pay_two":  # ARC-C14: pay before it is placed
            state.pending, state.src, state.paid, state.step = card_id, i, 0, PAY
            return
        self._place_played(state, seat, card_id, i, events)

    def _pay(self, state: ArcState, seat: int, action: Action, events: list[Event]) -> None:
        data = state.seats[seat]
        if action[0] == "pay":
            data.hand.remove(action[1])
            if action[1] in data.shown:
                data.shown.remove(action[1])
            data.removed.append(action[1])
            what = f"the {self.cards[action[1]].name} from their hand"
        else:
            gone = data.pile.pop(0)
            data.removed.append(gone)
            what = f"the {self.cards[gone].name} from their Graveyard"
        events.append(Event(f"{who(seat)} removes {what} from the game.", "remove", seat))
        state.paid += 1
        if state.paid == 2:
            card_id, state.pending, state.paid = state.pending, -1, 0
            self._place_played(state, seat, card_id, state.src, events)

    def _place_played(self, state: ArcState, seat: int, card_id: int, i: int,
                      events: list[Event]) -> None:
        """ARC-5: put the card basic side up, compare (ARC-12), resolve its effect (ARC-20)."""
        card = self.cards[card_id % PER_COLOUR]
        state.forced = -1
        state.src = i
        if i == GRAVE:
            events.append(Event(
                f"{who(seat)} plays the {card.name} beside the city.", "play", seat
            ))
            effects.begin(self, state, seat, card.effect, GRAVE, events)
            return
        self.put(state, card_id, i, card.basic)
        events.append(Event(
            f"{who(seat)} plays the {card.name} ({city.value(self.cards, state, i)}) on "
            f"{space_name(i)}.", "play", seat,
        ))
        self._compare(state, seat, i, events)

    def _compare(self, state: ArcState, seat: int, i: int, events: list[Event]) -> None:
        """ARC-12..ARC-16 with protection (ARC-23..ARC-25)."""
        left = i - 1
        if i % COLUMNS == 0 or not city.is_up(state, left):
            return self._after_compare(state, seat, events)
        cards = self.cards
        outcome = city.compare(city.value(cards, state, i), city.value(cards, state, left))
        if outcome == city.SAME or not self._would_change(state, left, outcome):
            events.append(Event(f"The card on {space_name(left)} does not change.", "compare"))
            return self._after_compare(state, seat, events)
        if city.protected(cards, state, left):
            if state.cells[left] // PER_COLOUR != seat:
                events.append(Event(
                    f"The protected card on {space_name(left)} is not affected.", "protect"
                ))
                return self._after_compare(state, seat, events)
            state.step, state.spare, state.target = SPARE, "compare", left
            return None
        self._settle(state, left, outcome, events)
        return self._after_compare(state, seat, events)

    def _would_change(self, state: ArcState, i: int, outcome: str) -> bool:
        if outcome == city.DESTROY:
            return True
        card = self.cards[state.cells[i] % PER_COLOUR]
        return city.turn_side(card, state.face[i], outcome) != state.face[i]

    def _settle(self, state: ArcState, left: int, outcome: str, events: list[Event]) -> None:
        if outcome == city.DESTROY:
            self.destroy(state, left, events)
            return
        card = self.cards[state.cells[left] % PER_COLOUR]
        state.face[left] = city.turn_side(card, state.face[left], outcome)
        word = "down" if outcome == city.LOWER else "up"
        events.append(Event(
            f"The {card.name} on {space_name(left)} turns {word} to "
            f"{city.value(self.cards, state, left)}.", "compare",
        ))

    def _spare(self, state: ArcState, seat: int, affect: bool, events: list[Event]) -> None:
        if state.spare == "arsenal":
            effects.resolve_spare(self, state, seat, affect, events)
            return
        left, i = state.target, state.src
        state.target = -1
        if affect:
            outcome = city.compare(
                city.value(self.cards, state, i), city.value(self.cards, state, left)
            )
            self._settle(state, left, outcome, events)
        else:
            events.append(Event(
                f"{who(seat)} leaves their protected card on {space_name(left)} as it is.",
                "protect", seat,
            ))
        self._after_compare(state, seat, events)

    def _after_compare(self, state: ArcState, seat: int, events: list[Event]) -> None:
        card = self.cards[state.cells[state.src] % PER_COLOUR]
        if card.timing == "play" and card.effect != "none":  # ARC-20, ARC-21
            effects.begin(self, state, seat, card.effect, state.src, events)
        else:
            self.effect_done(state, seat, events)

    def effect_done(self, state: ArcState, seat: int, events: list[Event]) -> None:
        self._finish_turn(state, state.current, events)

    # ------------------------------------------------ changes to the city
    def card_name(self, card_id: int) -> str:
        return self.cards[card_id % PER_COLOUR].name

    def put(self, state: ArcState, card_id: int, i: int, face: int) -> None:
        """Place a card on space i, covering a destroyed card and taking back a reserve token."""
        if state.cells[i] != EMPTY:
            state.buried.append(state.cells[i])  # ARC-6: covered, it can never be restored
        state.cells[i], state.face[i], state.guard[i] = card_id, face, NOBODY
        holder = state.reserved[i]
        if holder != NOBODY:  # ARC-C3: the Fountain token goes back to its owner
            state.seats[holder].tokens += 1
            state.reserved[i] = NOBODY

    def destroy(self, state: ArcState, i: int, events: list[Event]) -> None:
        """ARC-31: face down on its space, or beside its owner's Graveyard (ARC-C11)."""
        card_id = state.cells[i]
        owner = card_id // PER_COLOUR
        if state.guard[i] != NOBODY:  # the token goes back to the supply
            state.seats[state.guard[i]].tokens += 1
            state.guard[i] = NOBODY
        data = state.seats[owner]
        if data.grave:
            data.pile.append(card_id % PER_COLOUR)
            state.cells[i], state.face[i] = EMPTY, 0
            where = f"goes beside {who(owner)}'s Graveyard"
        else:
            state.face[i] = DOWN
            where = "is destroyed"
        events.append(Event(
            f"{who(owner)}'s {self.card_name(card_id)} on {space_name(i)} {where}.", "destroy"
        ))

    def rotate(self, state: ArcState, i: int, clockwise: int, events: list[Event]) -> None:
        """ARC-30: one step either way, wrapping round the card."""
        card = self.cards[state.cells[i] % PER_COLOUR]
        step = 1 if clockwise else -1
        state.face[i] = (state.face[i] + step) % len(card.sides)
        events.append(Event(
            f"The {card.name} on {space_name(i)} is rotated to "
            f"{city.value(self.cards, state, i)}.", "rotate",
        ))

    def move(self, state: ArcState, seat: int, j: int, i: int, events: list[Event]) -> None:
        """ARC-29: same side up, no comparison, no effect; its token moves with it."""
        card_id, face, guard = state.cells[j], state.face[j], state.guard[j]
        state.cells[j], state.face[j], state.guard[j] = EMPTY, 0, NOBODY
        self.put(state, card_id, i, face)
        state.guard[i] = guard
        events.append(Event(
            f"{who(seat)} moves the {self.card_name(card_id)} from {space_name(j)} to "
            f"{space_name(i)}.", "move", seat,
        ))

    def swap(self, state: ArcState, a: int, b: int, events: list[Event]) -> None:
        """ARC-C2: the two cards change places, each keeping its side and token."""
        for lst in (state.cells, state.face, state.guard):
            lst[a], lst[b] = lst[b], lst[a]
        events.append(Event(
            f"The cards on {space_name(a)} and {space_name(b)} swap places.", "swap"
        ))

    def restore(self, state: ArcState, i: int, events: list[Event]) -> None:
        """ARC-28: face up again, basic side on top, not compared, no effect."""
        card = self.cards[state.cells[i] % PER_COLOUR]
        state.face[i] = card.basic
        events.append(Event(f"The {card.name} on {space_name(i)} is restored.", "restore"))

    def take_back(self, state: ArcState, seat: int, i: int, events: list[Event]) -> None:
        """ARC-C18: the card returns to the hand; a card must now be played on space i."""
        card_id = state.cells[i]
        if state.guard[i] != NOBODY:
            state.seats[state.guard[i]].tokens += 1
        state.cells[i], state.face[i], state.guard[i] = EMPTY, 0, NOBODY
        data = state.seats[seat]
        data.hand.append(card_id % PER_COLOUR)
        data.shown.append(card_id % PER_COLOUR)
        events.append(Event(
            f"{who(seat)} takes the {self.card_name(card_id)} on {space_name(i)} back to "
            "their hand and must play a card there.", "manufactory", seat,
        ))
        state.effect, state.target, state.forced, state.step = "", -1, i, PLAY

    # ------------------------------------------------------------ result
    def result(self, state: ArcState) -> Result:
        detail = scoring.breakdown(self, state)
        return Result(list(detail["totals"]), scoring.winners(detail), detail)

    # ------------------------------------------------------- information
    def observe(self, state: ArcState, seat: int | None) -> dict[str, Any]:
        return information.observe(self, state, seat)

    def has_hidden_information(self, state: ArcState, seat: int) -> bool:
        return information.has_hidden_information(self, state, seat)

    def determinize(self, state: ArcState, seat: int, rng: random.Random) -> ArcState:
        return information.determinize(self, state, seat, rng)

    # ------------------------------------------------------------ plumbing
    def clone(self, state: ArcState) -> ArcState:
        return state.copy()

    def validate_state(self, state: ArcState) -> None:
        n = state.players
        if n not in self.seats or len(state.seats) != n:
            raise CorruptData("the number of seats does not fit this game")
        if state.step not in STEPS:
            raise CorruptData(f"unknown step {state.step!r}")
        if not 0 <= state.current < n or not 0 <= state.replacements <= 6 or state.idle < 0:
            raise CorruptData("the current seat or the option is out of range")
        size = n * COLUMNS
        if any(len(x) != size for x in (state.cells, state.face, state.guard, state.reserved)):
            raise CorruptData("the city does not have one street of 8 spaces per player")
        total = PER_COLOUR * n
        for i in range(size):
            c = state.cells[i]
            if not EMPTY <= c < total or not NOBODY <= state.guard[i] < n:
                raise CorruptData(f"space {i} holds an unknown card or token")
            if c != EMPTY and not DOWN <= state.face[i] < len(self.cards[c % PER_COLOUR].sides):
                raise CorruptData(f"the card on space {i} shows a side it does not have")
            if not NOBODY <= state.reserved[i] < n:
                raise CorruptData(f"space {i} is reserved by an unknown seat")
        if state.step == CHOOSE:
            return
        for s, data in enumerate(state.seats):
            owned = [c % PER_COLOUR for c in state.cells + state.buried
                     if c != EMPTY and c // PER_COLOUR == s]
            if state.pending >= 0 and state.pending // PER_COLOUR == s:
                owned.append(state.pending % PER_COLOUR)
            if data.grave:
                owned.append(next(c.index for c in self.cards if c.kind == "grave"))
            owned += data.hand + data.deck + data.pile + data.removed
            deck = [k if k >= 0 else j for j, k in enumerate(data.swaps)]
            if sorted(owned) != sorted(deck):
                raise CorruptData(f"{who(s)}'s cards do not add up to their deck of 12")
            tokens = data.tokens + state.guard.count(s) + state.reserved.count(s)
            if tokens != TOKENS:
                raise CorruptData(f"{who(s)}'s protection tokens do not add up to two")

    def all_actions(self) -> Iterable[Action]:
        cards = range(len(self.cards))
        spaces = range(GRAVE)
        for card in self.cards[BASIC_CARDS:]:
            yield from (("replace", card.index, j) for j in card.replaces)
        yield ("ready",)
        yield from (("tutor", t) for t in cards)
        yield ("done",)
        yield ("swap_hand",)
        yield ("pass",)
        yield from (("play", t, i) for t in cards for i in range(GRAVE + 1))
        yield from (("pay", t) for t in cards)
        yield ("pay_grave",)
        yield ("affect",)
        yield ("spare",)
        yield from (("target", i) for i in spaces)
        yield from (("to", i) for i in spaces)
        yield from (("rotate", i, d) for i in spaces for d in (0, 1))
        yield from (("lab", t, i) for t in cards for i in range(GRAVE + 1))

    def describe(self, action: Action, state: Any = None) -> str:
        kind, cards = action[0], self.cards

        def where(i: int) -> str:
            return "beside the city" if i == GRAVE else f"on {space_name(i)}"

        if kind == "play":
            card = cards[action[1]]
            return f"Play the {card.name} ({card.basic_label()}) {where(action[2])}"
        if kind == "lab":
            return f"Play the {cards[action[1]].name} face down {where(action[2])}"
        if kind == "replace":
            return f"Replace the {cards[action[2]].name} with the {cards[action[1]].name}"
        if kind == "tutor":
            return f"Put the {cards[action[1]].name} under your deck and take the Obelisk"
        if kind == "pay":
            return f"Remove the {cards[action[1]].name} from your hand to pay"
        if kind == "target":
            effect = state.effect if isinstance(state, ArcState) else ""
            if effect == "reserve":
                return f"Reserve the empty space {space_name(action[1])}"
            if effect in TARGET_WORDS:
                return f"{TARGET_WORDS[effect]} the card on {space_name(action[1])}"
            return f"Choose {space_name(action[1])}"
        if kind == "to":
            return f"Move the card to {space_name(action[1])}"
        if kind == "rotate":
            way = "clockwise" if action[2] else "counterclockwise"
            return f"Rotate the card on {space_name(action[1])} {way}"
        return {
            "ready": "Keep this deck and reveal it",
            "done": "Use no more of this option",
            "swap_hand": "Put your hand under your deck and draw as many new cards",
            "pass": "Pass: you cannot play a card",
            "pay_grave": "Remove a card beside your Graveyard to pay",
            "affect": "Let your card affect your own protected card",
            "spare": "Leave your protected card untouched",
        }.get(kind, repr(action))

    def why_illegal(self, state: ArcState, seat: int, action: Action) -> str | None:
        kind = action[0]
        if kind == "play" and state.step == PLAY:
            t, i = action[1], action[2]
            if t not in state.seats[seat].hand:
                return f"The {self.cards[t].name} is not in your hand."
            if state.forced >= 0 and i != state.forced:
                return f"The Manufactory's card must go on {space_name(state.forced)}."
            if i >= state.players * COLUMNS and i != GRAVE:
                return f"There is no {space_name(i)} with {state.players} players."
            if self.cards[t].kind == "grave" or i == GRAVE:
                return "Only the Graveyard is played beside the city, and only there."
            if not city.can_place(state, seat, i):
                return f"{space_name(i).capitalize()} is not an eligible space."
            if not city.run_ok(state, seat, i):
                return "That would be the third card of your colour in a row in this street."
            if self.cards[t].condition == "right_of_own":
                return "The City Hall must go right of one of your face-up cards."
            return "You cannot pay for the Magic Academy: you need two other cards to remove."
        words = {
            CHOOSE: "choose replacement cards or declare your deck ready",
            TUTOR: "decide whether to take the Obelisk from your deck",
            PLAY: "play a card on an eligible space",
            PAY: "remove a card to pay for the Magic Academy",
            SPARE: "decide whether your card affects your protected card",
            EFFECT: f"answer the effect being resolved ({EFFECT_WORDS.get(state.effect, '')})",
            LAB: "play a card face down for the Laboratory",
        }
        must = words.get(state.step, "wait")
        return f"Now you must {must}: {self.describe(action)} is not possible."

    def max_decisions(self, players: int, options: dict[str, Any]) -> int:
        # 12 cards each, every play with a few choices, plus setup and Laboratory plays.
        return players * 300
