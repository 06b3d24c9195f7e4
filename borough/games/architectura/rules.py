"""Architectura rules: the forward model behind `borough.game("architectura")`.

The game class holds the hooks of `borough.core.game.Game` and the setup; the
rulebook's parts live beside it, one module each, as functions of the cards
(`data.Content`) and the state (rule ids refer to RULES.md):

- `steps.py`     who decides in each step and the choices it offers
- `turns.py`     a turn, drawing, skipping and the end of the game (ARC-4..ARC-11, ARC-32)
- `playing.py`   playing a card and comparing values (ARC-5, ARC-12..ARC-16, ARC-25)
- `effects.py`   the card effects (ARC-20..ARC-22, ARC-C*)
- `changes.py`   what can happen to a space: place, destroy, move, swap... (ARC-28..ARC-31)
- `city.py`      values, eligibility, adjacency and protection (ARC-6, ARC-17, ARC-23, ARC-27)
- `scoring.py`   final scores and tie-breaks (ARC-33, ARC-34)
- `information.py` what each seat sees (ARC-36, ARC-37); `wording.py` actions in words
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from functools import cached_property, partial
from pathlib import Path
from typing import Any

from borough.core.errors import CorruptData
from borough.core.game import Action, Event, Game, Option
from borough.core.refusals import Refusal
from borough.core.results import Breakdown, MovesPlayed, Result
from borough.core.rng import Rng
from borough.games.architectura import (
    effects,
    information,
    playing,
    prompts,
    refusals,
    scoring,
    steps,
    turns,
    wording,
)
from borough.games.architectura.city import PER_COLOUR
from borough.games.architectura.data import (
    BASIC_CARDS,
    DEFAULT_FILE,
    NAME,
    PLAYER_COUNTS,
    Card,
    Content,
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
    PLAY,
    SPARE,
    ArcState,
    Seat,
)
from borough.games.architectura.turns import HAND

TOKENS = 2  # ARC-2


def who(seat: int) -> str:
    return f"Player {seat + 1}"



class Architectura(Game):
    name = NAME
    title = "Architectura"
    seats = PLAYER_COUNTS
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
    rules_version = 2  # see "Changes" at the end of RULES.md
    rule_words = refusals.WORDS.words

    def __init__(self, data_file: Path = DEFAULT_FILE) -> None:
        self.cards: tuple[Card, ...] = load(data_file)
        self.content = Content.of(self.cards)
        self.obelisk = self.content.obelisk

    def option_sets(self) -> list[dict[str, Any]]:
        # The basic game, a partial and the full advanced swap cover every code path.
        return [{"replacements": 0}, {"replacements": 3}, {"replacements": 6}]

    # ------------------------------------------------------------- setup
    def _setup(self, players: int, seed: int, options: dict[str, Any]) -> ArcState:
        n = players * COLUMNS  # ARC-1: one street of 8 spaces per player
        state = ArcState(
            players=players, replacements=options["replacements"], current=0, step=CHOOSE,
            cells=[EMPTY] * n, face=[0] * n, guard=[NOBODY] * n, reserved=[NOBODY] * n,
            under=[[] for _ in range(n)], seats=[
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
            turns.deal(self.content, state, [])
        return state

    def num_seats(self, state: ArcState) -> int:
        return state.players

    # ------------------------------------------------------------ turns
    def to_act(self, state: ArcState) -> tuple[int, ...]:
        return turns.to_act(state)

    def is_over(self, state: ArcState) -> bool:
        return state.step == OVER

    def legal_actions(self, state: ArcState, seat: int) -> list[Action]:
        return steps.legal_actions(self.content, state, seat)

    def is_legal(self, state: ArcState, seat: int, action: Action) -> bool:
        """A play in the Play step is judged alone, without listing them all (for speed)."""
        if (state.step == PLAY and action[0] == "play" and len(action) == 3
                and seat == state.current):
            return turns.play_ok(self.content, state, seat, action[1], action[2])
        return action in self.legal_actions(state, seat)

    # ------------------------------------------------------------ apply
    def _apply(self, state: ArcState, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        kind = action[0]
        step = state.step
        if step == EFFECT:
            effects.resolve(self.content, state, seat, action, events)
        elif step == LAB:
            effects.resolve_lab(self.content, state, seat, action, events)
        elif step == SPARE:
            playing.spare(self.content, state, seat, kind == "affect", events)
        elif kind == "play":
            playing.play(self.content, state, seat, action[1], action[2], events)
        elif kind == "pay" or kind == "pay_grave":
            playing.pay(self.content, state, seat, action, events)
        elif kind == "swap_hand":
            turns.swap_hand(self.content, state, seat, events)
        elif kind == "pass":
            events.append(Event(f"{who(seat)} cannot play a card and passes.", "pass", seat))
            turns.finish_turn(self.content, state, seat, events, played=False)
        elif kind == "tutor" or kind == "done":
            turns.tutor(self.content, state, seat, action, events)
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
                turns.deal(self.content, state, events)
        return events

    # ------------------------------------------------------------ result
    def result(self, state: ArcState) -> Result:
        detail = scoring.breakdown(self.content, state)
        return Result(list(detail["totals"]), scoring.winners(detail), detail)

    def breakdown(self, state: ArcState, record: MovesPlayed) -> Breakdown:
        return scoring.score_breakdown(scoring.breakdown(self.content, state))

    # ------------------------------------------------------- information
    def observe(self, state: ArcState, seat: int | None, *,
                shared: dict[Any, Any] | None = None) -> dict[str, Any]:
        return information.observe(self.content, state, seat, shared)

    def observer(self, state: ArcState) -> Callable[[int | None], dict[str, Any]]:
        # the table and each seat as the others see it, worked out once
        return partial(self.observe, state, shared={})

    def generators(self, state: ArcState) -> list[int]:
        return [state.rng.state]  # the state's one generator

    def hidden_parts(self, state: ArcState) -> tuple[Any, ...]:
        """For undo: every hand, every deck in its order, and the sealed choices."""
        return tuple((s.hand, s.deck, s.bottom, s.swaps) for s in state.seats)

    chance_words = "the draw revealed a card"
    reveal_words = "the move uncovered a hidden card or choice"

    def hidden_from(self, state: ArcState, seat: int) -> tuple[Any, ...]:
        """For undo: the seat's own deck order, and the others' hands, decks and
        sealed choices; a card played from the seat's own hand is none of them."""
        others = tuple((s.hand, s.deck, s.bottom, s.swaps)
                       for i, s in enumerate(state.seats) if i != seat)
        return state.seats[seat].deck, others

    def has_hidden_information(self, state: ArcState, seat: int) -> bool:
        return information.has_hidden_information(self.content, state, seat)

    def determinize(self, state: ArcState, seat: int, rng: random.Random) -> ArcState:
        return information.determinize(self.content, state, seat, rng)

    def public_action(self, state: ArcState, seat: int, action: Action) -> bool:
        return information.public_action(action)

    # ------------------------------------------------------------ plumbing
    def clone(self, state: ArcState) -> ArcState:
        return state.copy()

    def validate_state(self, state: ArcState) -> None:
        n = state.players
        if n not in self.seats or len(state.seats) != n:
            raise CorruptData("the number of seats does not fit this game")
        if state.step != OVER and state.step not in steps.CHOICES:  # the one step table
            raise CorruptData(f"unknown step {state.step!r}")
        if not 0 <= state.current < n or not 0 <= state.replacements <= 6 or state.idle < 0:
            raise CorruptData("the current seat or the option is out of range")
        size = n * COLUMNS
        if any(len(x) != size for x in (state.cells, state.face, state.guard, state.reserved,
                                        state.under)):
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
            if state.under[i] and (c == EMPTY or any(not 0 <= u < total for u in state.under[i])):
                raise CorruptData(f"space {i} has cards under no card, or unknown ones")
        if state.step == CHOOSE:
            return
        for s, data in enumerate(state.seats):
            covered = [c for u in state.under for c in u]
            owned = [c % PER_COLOUR for c in state.cells + covered
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

    def prompt(self, state: ArcState, seat: int) -> str:
        return prompts.prompt(self.content, state, seat)

    def prompt_among(self, state: ArcState, seat: int, legal: list[Action]) -> str:
        return prompts.prompt(self.content, state, seat, legal)

    def describe(self, action: Action, state: Any = None) -> str:
        # Only a target's words depend on the state (the effect being answered): the
        # others are kept per action of the game's action space, as every view
        # words every legal move again.
        if type(action) is tuple and action and action[0] != "target":
            said = self._said.get(action)
            if said is None:
                said = wording.describe(self.content, action, state)
                if action in self.action_space.index:
                    self._said[action] = said
            return said
        return wording.describe(self.content, action, state)

    @cached_property
    def _said(self) -> dict[Action, str]:
        return {}

    def step_rule(self, state: ArcState, seat: int) -> tuple[str, str]:
        return wording.step_rule(self.content, state, seat)

    def why_illegal(self, state: ArcState, seat: int, action: Action) -> Refusal:
        return wording.why_illegal(self.content, state, seat, action)

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
        yield from (("pay_grave", t) for t in cards)
        yield ("affect",)
        yield ("spare",)
        yield from (("target", i) for i in spaces)
        yield from (("to", i) for i in spaces)
        yield from (("rotate", i, d) for i in spaces for d in (0, 1))
        yield from (("lab", t, i) for t in cards for i in range(GRAVE + 1))

    def max_decisions(self, players: int, options: dict[str, Any]) -> int:
        # 12 cards each, every play with a few choices, plus setup and Laboratory plays.
        return players * 300
