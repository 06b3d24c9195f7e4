"""A turn of Architectura (ARC-4 to ARC-11) and the end of the game (ARC-32).

Who plays next, what they may play, drawing, the once-per-game hand swap, the
Obelisk's tutor (ARC-C13) and the removal of an unplayable Magic Academy or
City Hall (ARC-C14, ARC-C16). Rule ids refer to RULES.md.
"""

from __future__ import annotations

from collections.abc import Iterator

from borough.core.game import Action, Event
from borough.core.seats import next_seat
from borough.games.architectura import city, scoring
from borough.games.architectura.city import PER_COLOUR
from borough.games.architectura.data import BASIC_CARDS, Content
from borough.games.architectura.state import (
    CHOOSE,
    COLUMNS,
    GRAVE,
    LAB,
    OVER,
    PLAY,
    TUTOR,
    ArcState,
)

HAND = 3  # ARC-3


def who(seat: int) -> str:
    return f"Player {seat + 1}"


def to_act(state: ArcState) -> tuple[int, ...]:
    """Who decides now: every seat still building its deck, the next Laboratory
    player, else the seat whose turn it is."""
    step = state.step
    if step == OVER:
        return ()
    if step == CHOOSE:
        return tuple(s for s, d in enumerate(state.seats) if not d.ready)
    if step == LAB:
        return (state.picks[0],)
    return (state.current,)


def deal(c: Content, state: ArcState, events: list[Event]) -> None:
    """ARC-2, ARC-36: reveal replacements, shuffle each deck, draw three."""
    for s, data in enumerate(state.seats):
        for j, k in enumerate(data.swaps):
            if k >= 0:
                events.append(Event(
                    f"{who(s)} replaces the {c.cards[j].name} with the "
                    f"{c.cards[k].name}.", "replace", s,
                ))
        data.deck = [k if k >= 0 else j for j, k in enumerate(data.swaps)]
        state.rng.shuffle(data.deck)
        data.hand = []
        _draw(c, state, s, HAND, events)
    _advance(c, state, state.players - 1, events)


def replace_choices(c: Content, state: ArcState, seat: int) -> list[Action]:
    """ARC-35: pairs (additional card, basic card of the same basic value)."""
    swaps = state.seats[seat].swaps
    acts: list[Action] = []
    if sum(1 for k in swaps if k >= 0) < state.replacements:
        for card in c.cards[BASIC_CARDS:]:
            if card.index in swaps:
                continue
            acts.extend(("replace", card.index, j) for j in card.replaces if swaps[j] < 0)
    acts.append(("ready",))
    return acts


def _spaces(c: Content, state: ArcState, seat: int, only: object = None) -> list[int]:
    """ARC-6, ARC-7: the spaces the seat may play a card on now; with `only`, that
    space if it is one of them (judged alone, without listing the others)."""
    if state.forced >= 0:  # ARC-C18: the Manufactory's space, and no other
        spaces = [state.forced] if only in (None, state.forced) else []
    elif only is None:
        spaces = city.eligible(state, seat)
    elif type(only) is int and 0 <= only < len(state.cells) and city.can_place(state, seat, only):
        spaces = [only]
    else:
        return []
    return [i for i in spaces if city.run_ok(state, seat, i)]


def _fits(c: Content, state: ArcState, seat: int, t: int, i: int, hand: int) -> bool:
    """A card's own condition on an open space i, holding `hand` cards: the Magic
    Academy needs two other cards to pay with (ARC-C14), the City Hall a face-up
    card of its owner on its left (ARC-C16)."""
    condition = c.cards[t].condition
    if condition == "pay_two":
        return hand - 1 + len(state.seats[seat].pile) >= 2
    return condition != "right_of_own" or _own_left(c, state, seat, i)


def _plays(c: Content, state: ArcState, seat: int,
           only: tuple[object, object] | None = None) -> Iterator[Action]:
    """ARC-4..ARC-7: every (card, space) the seat may play now, in order; with
    `only`, that play if it is one of them. The one reading of what may be played:
    the list, whether there is any, and the check of a single play all take it."""
    data = state.seats[seat]
    if only is None:
        hand = sorted(data.hand)
    elif type(only[1]) is int and only[0] in data.hand:
        hand = [only[0]]  # a member of the hand: a card id
    else:
        return
    spaces: list[int] | None = None
    for t in hand:
        if c.cards[t].kind == "grave":  # ARC-C11: beside the city, never on it
            if state.forced < 0 and (only is None or only[1] == GRAVE):
                yield ("play", t, GRAVE)
            continue
        if spaces is None:
            spaces = _spaces(c, state, seat, None if only is None else only[1])
        for i in spaces:
            if _fits(c, state, seat, t, i, len(data.hand)):
                yield ("play", t, i)


def plays(c: Content, state: ArcState, seat: int) -> list[Action]:
    """ARC-4..ARC-7: every (card, space) the seat may play now."""
    return list(_plays(c, state, seat))


def can_play(c: Content, state: ArcState, seat: int) -> bool:
    """Whether `plays` offers anything, stopping at the first play found."""
    return next(_plays(c, state, seat), None) is not None


def play_ok(c: Content, state: ArcState, seat: int, t: object, i: object) -> bool:
    """Whether ("play", t, i) is among `plays`, judged alone (for speed): the same
    generator narrowed to that card and space (the tests compare the two)."""
    return next(_plays(c, state, seat, (t, i)), None) is not None


def _own_left(c: Content, state: ArcState, seat: int, i: int) -> bool:
    """ARC-C16: City Hall goes right of one of its owner's face-up cards."""
    return bool(i % COLUMNS) and city.is_up(state, i - 1) and (
        state.cells[i - 1] // PER_COLOUR == seat
    )


def can_play_at(c: Content, state: ArcState, seat: int, t: int, i: int, hand: list[int]) -> bool:
    """Could card t go on space i (given as eligible) with this hand? (Manufactory)"""
    return (c.cards[t].kind != "grave" and city.run_ok(state, seat, i)
            and _fits(c, state, seat, t, i, len(hand)))


def can_swap(c: Content, state: ArcState, seat: int) -> bool:
    """ARC-10: once per game, at the start of a turn."""
    data = state.seats[seat]
    return not data.swapped and bool(data.hand) and bool(data.deck)


def _start_turn(c: Content, state: ArcState, seat: int, events: list[Event]) -> bool:
    """Begin `seat`'s turn; True when the seat has a decision to make."""
    state.current = seat
    data = state.seats[seat]
    if not data.started:
        data.started = True
        if c.obelisk in data.deck and data.hand:  # ARC-C13
            state.step = TUTOR
            return True
    return open_play(c, state, seat, events)


def open_play(c: Content, state: ArcState, seat: int, events: list[Event]) -> bool:
    state.step = PLAY
    if can_play(c, state, seat):
        return True
    _drop_unplayable(c, state, seat, events)
    return can_swap(c, state, seat)


def _drop_unplayable(c: Content, state: ArcState, seat: int, events: list[Event]) -> None:
    """ARC-C14, ARC-C16: when no card can be played, a stuck Magic Academy or City Hall
    is removed from the game (so that the seat draws a fresh card instead)."""
    data = state.seats[seat]
    for t in [t for t in data.hand if c.cards[t].condition]:
        data.hand.remove(t)
        if t in data.shown:
            data.shown.remove(t)
        data.removed.append(t)
        events.append(Event(
            f"{who(seat)} cannot play the {c.cards[t].name} and removes it from "
            "the game.", "remove", seat,
        ))


def _draw(c: Content, state: ArcState, seat: int, count: int, events: list[Event]) -> int:
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
    names = ", ".join(c.cards[t].name for t in drawn)
    events.append(Event(f"You draw: {names}.", "draw", seat, private_to=(seat,)))
    return len(drawn)


def finish_turn(c: Content, state: ArcState, seat: int, events: list[Event],
                 played: bool = True) -> None:
    """ARC-8: draw up to the hand limit, then the next player.

    `state.idle` counts the turns in a row in which nothing happened (no card
    played, none drawn); a full round of them ends the game (ARC-32).
    """
    data = state.seats[seat]
    drawn = _draw(c, state, seat, data.limit - len(data.hand), events)
    state.idle = 0 if played or drawn else state.idle + 1
    _advance(c, state, seat, events)


def _advance(c: Content, state: ArcState, last: int, events: list[Event]) -> None:
    """Give the turn to the next seat that can act (ARC-11); end the game if none can."""
    state.effect, state.src, state.target, state.picks = "", -1, -1, []
    state.forced, state.pending, state.paid, state.spare = -1, -1, 0, ""
    seat = last
    if city.full(state):
        events.append(Event("No space of the city is eligible any more.", "end"))
        return _end_game(c, state, events)  # ARC-32: at once, nobody is asked
    while state.idle < state.players:
        seat = next_seat(seat, state.players)
        data = state.seats[seat]
        before = (len(data.hand), len(data.deck))
        if _start_turn(c, state, seat, events):
            return
        skip_event(c, seat, events)
        _draw(c, state, seat, data.limit - len(data.hand), events)
        changed = (len(data.hand), len(data.deck)) != before
        state.idle = 0 if changed else state.idle + 1
    _end_game(c, state, events)


def skip_event(c: Content, seat: int, events: list[Event]) -> None:
    events.append(Event(f"{who(seat)} cannot play a card and skips the turn.", "skip", seat))


def _end_game(c: Content, state: ArcState, events: list[Event]) -> None:
    """ARC-32: no one can play any more."""
    state.step = OVER
    detail = scoring.breakdown(c, state)
    for s, total in enumerate(detail["totals"]):
        events.append(Event(f"{who(s)} scores {total} points.", "score", s))
    names = " and ".join(who(s) for s in scoring.winners(detail))
    events.append(Event(f"The game is over; {names} wins.", "end"))


def swap_hand(c: Content, state: ArcState, seat: int, events: list[Event]) -> None:
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
    _draw(c, state, seat, len(old), events)
    if not open_play(c, state, seat, events):
        events.append(Event(f"{who(seat)} still cannot play a card.", "skip", seat))
        finish_turn(c, state, seat, events)


def tutor(c: Content, state: ArcState, seat: int, action: Action, events: list[Event]) -> None:
    """ARC-C13: put a hand card under the deck, take the Obelisk, shuffle the deck."""
    data = state.seats[seat]
    if action[0] == "tutor":
        data.hand.remove(action[1])
        data.deck.insert(0, action[1])
        data.deck.remove(c.obelisk)
        data.hand.append(c.obelisk)
        data.shown.append(c.obelisk)
        state.rng.shuffle(data.deck)
        data.bottom = 0
        events.append(Event(
            f"{who(seat)} puts a card under their deck, takes the Obelisk from it and "
            "shuffles the deck.", "tutor", seat,
        ))
    if not open_play(c, state, seat, events):
        skip_event(c, seat, events)
        finish_turn(c, state, seat, events)


def effect_done(c: Content, state: ArcState, seat: int, events: list[Event]) -> None:
    """A played card's effect is over (or it had none): the turn ends."""
    finish_turn(c, state, state.current, events)
