"""Card effects (ARC-C*): resolving what a played card does, one small decision at a time.

An effect either finishes at once or leaves the state in the EFFECT (or LAB,
SPARE, PLAY) step with `state.effect` naming it; when it is over, control goes
back to the rules through `XX`.
"""

from __future__ import annotations

from collections.abc import Iterable

from borough.core.game import Action, Event
from borough.games.architectura import changes, city, turns
from borough.games.architectura.city import PER_COLOUR, is_up, space_name
from borough.games.architectura.data import Content
from borough.games.architectura.state import (
    DOWN,
    EFFECT,
    EMPTY,
    GRAVE,
    LAB,
    NOBODY,
    SPARE,
    ArcState,
)

ROTATING = ("rotate_two", "rotate_each")


def who(seat: int) -> str:
    return f"Player {seat + 1}"


def begin(c: Content, state: ArcState, seat: int, effect: str, src: int,
          events: list[Event]) -> None:
    """Start resolving `effect` of the card on `src` (ARC-20)."""
    state.effect, state.src, state.target, state.picks = effect, src, -1, []
    cards = c.cards
    if effect == "limit4" or effect == "limit5":  # ARC-C12, ARC-C13
        data = state.seats[seat]
        limit = 4 if effect == "limit4" else 5
        if limit > data.limit:
            data.limit = limit  # ARC-C19: the higher limit counts, they never add up
            events.append(Event(f"{who(seat)}'s hand limit is now {limit}.", "limit", seat))
        return turns.effect_done(c, state, seat, events)
    if effect == "graveyard":  # ARC-C11
        state.seats[seat].grave = True
        return turns.effect_done(c, state, seat, events)
    if effect == "arsenal":  # ARC-C8
        row = src - src % 8
        victims = [
            i for i in range(row, row + 8)
            if i != src and is_up(state, i) and city.value(cards, state, i) <= 2
        ]
        mine = [i for i in victims if city.protected(cards, state, i)
                and state.cells[i] // PER_COLOUR == seat]
        for i in victims:
            if i in mine:
                continue
            if city.affectable(cards, state, seat, i):
                changes.destroy(c, state, i, events)
            else:
                events.append(Event(
                    f"The protected card on {space_name(i)} resists the Arsenal.", "protect"
                ))
        if mine:
            state.step, state.spare, state.picks = SPARE, "arsenal", mine
            return None
        return turns.effect_done(c, state, seat, events)
    if effect == "laboratory":  # ARC-C17
        state.picks = [(seat + k) % state.players for k in range(1, state.players)]
        return _next_lab(c, state, seat, events)
    if not has_answer(c, state, seat):
        events.append(Event("The effect has nothing to act on.", "effect", seat))
        return turns.effect_done(c, state, seat, events)
    state.step = EFFECT
    return None


def choices(c: Content, state: ArcState, seat: int) -> list[Action]:
    """The legal answers in the EFFECT step."""
    effect = state.effect
    out = _answers(c, state, seat)
    if state.target >= 0 and effect in ("swap", "move"):
        return out  # the second half of a swap or a move: a partner or a space is due
    if effect in ("restore", "move", "copy"):
        out.sort()
    if effect == "move" and any(not _own_protected(c, state, seat, a[1]) for a in out):
        return out  # obligatory while some target is not the player's own protected card
    out.append(("done",))
    return out


def has_answer(c: Content, state: ArcState, seat: int) -> bool:
    """Whether the effect has anything to act on: `choices` beyond "done",
    stopping at the first one found."""
    return bool(_answers(c, state, seat, first=True))


def _take(answers: Iterable[Action], first: bool) -> list[Action]:
    """All the answers, or with `first` the first one only (none are worked out after it)."""
    if first:
        for answer in answers:
            return [answer]
        return []
    return list(answers)


def _answers(c: Content, state: ArcState, seat: int, first: bool = False
             ) -> list[Action]:
    """The EFFECT step's answers other than "done" (restore, move and copy in no
    set order: `choices` sorts them); with `first`, at most one."""
    cards, effect, src = c.cards, state.effect, state.src
    n = len(state.cells)
    data = state.seats[seat]
    if effect == "protect":  # ARC-C1
        if not data.tokens:
            return []
        return _take((("target", i) for i in range(n) if is_up(state, i)
                      and state.cells[i] // PER_COLOUR == seat
                      and not city.protected(cards, state, i)), first)
    if effect == "swap":  # ARC-C2
        if state.target >= 0:
            return [("target", j) for j in _swap_partners(c, state, seat, state.target)]
        return _take((("target", i) for i in range(n)
                      if city.affectable(cards, state, seat, i)
                      and _swap_partners(c, state, seat, i)), first)
    if effect == "restore":  # ARC-C4
        return [("target", i) for i in city.neighbours(state, src)
                if state.cells[i] != EMPTY and state.face[i] == DOWN]
    if effect == "reserve":  # ARC-C3
        if not data.tokens:
            return []
        return _take((("target", i) for i in range(n) if state.cells[i] == EMPTY
                      and state.reserved[i] == NOBODY and city.can_place(state, seat, i)),
                     first)
    out: list[Action] = []
    if effect in ROTATING:  # ARC-C6, ARC-C7
        two = effect == "rotate_two"
        picks = state.picks
        cells = state.cells
        for i in range(n):
            if not city.affectable(cards, state, seat, i):
                continue  # ARC-23
            code = cells[i]
            if len(cards[code % PER_COLOUR].sides) == 1 or (
                    i in picks if two else code // PER_COLOUR in picks):
                continue
            out.append(("rotate", i, 0))
            out.append(("rotate", i, 1))
            if first:
                break
    elif effect == "move":  # ARC-C9
        if state.target >= 0:
            return [("to", i) for i in city.move_targets(state, seat, state.target)]
        return [("target", i) for i in city.neighbours(state, src)
                if city.affectable(cards, state, seat, i)]
    elif effect == "copy":  # ARC-C10
        return [("target", i) for i in city.neighbours(state, src)
                if city.affectable(cards, state, seat, i)  # ARC-23: copying acts on it
                and cards[state.cells[i] % PER_COLOUR].copyable]
    elif effect == "manufactory":  # ARC-C18
        return _take((("target", i) for i in range(n) if i != src and is_up(state, i)
                      and state.cells[i] // PER_COLOUR == seat
                      and _refillable(c, state, seat, i)), first)
    return out


def resolve(c: Content, state: ArcState, seat: int, action: Action,
            events: list[Event]) -> None:
    """Apply one answer in the EFFECT step."""
    effect, kind = state.effect, action[0]
    cards = c.cards
    if kind == "done":
        events.append(Event(f"{who(seat)} uses no more of the effect.", "effect", seat))
        return turns.effect_done(c, state, seat, events)
    if kind == "rotate":
        i, clockwise = action[1], action[2]
        changes.rotate(c, state, i, clockwise, events)
        state.picks.append(i if effect == "rotate_two" else state.cells[i] // PER_COLOUR)
        if (len(state.picks) >= (2 if effect == "rotate_two" else state.players)
                or not has_answer(c, state, seat)):
            return turns.effect_done(c, state, seat, events)
        return None
    if kind == "to":
        changes.move(c, state, seat, state.target, action[1], events)
        return turns.effect_done(c, state, seat, events)
    i = action[1]  # a "target"
    if effect == "protect":
        state.guard[i] = seat
        state.seats[seat].tokens -= 1
        events.append(Event(
            f"{who(seat)} protects the {changes.card_name(c, state.cells[i])} on {space_name(i)}.",
            "protect", seat,
        ))
    elif effect == "swap":
        if state.target < 0:
            state.target = i
            return None
        changes.swap(c, state, state.target, i, events)
    elif effect == "restore":
        changes.restore(c, state, i, events)
    elif effect == "reserve":
        state.reserved[i] = seat
        state.seats[seat].tokens -= 1
        events.append(Event(
            f"{who(seat)} reserves {space_name(i)} with a protection token.", "reserve", seat
        ))
    elif effect == "move":
        state.target = i
        if not city.move_targets(state, seat, i):  # ARC-C9: nowhere to go
            events.append(Event(
                f"The {changes.card_name(c, state.cells[i])} on {space_name(i)} has no space "
                "to move to and is destroyed.", "destroy", seat,
            ))
            changes.destroy(c, state, i, events)
            return turns.effect_done(c, state, seat, events)
        return None
    elif effect == "copy":
        copied = cards[state.cells[i] % PER_COLOUR]
        events.append(Event(
            f"{who(seat)}'s Smithy copies the effect of the {copied.name}.", "copy", seat
        ))
        return begin(c, state, seat, copied.effect, state.src, events)
    elif effect == "manufactory":
        changes.take_back(c, state, seat, i, events)
        return None
    return turns.effect_done(c, state, seat, events)


def resolve_spare(c: Content, state: ArcState, seat: int, affect: bool,
                  events: list[Event]) -> None:
    """ARC-25 for the Arsenal: the owner decides about their own protected cards."""
    if affect:
        for i in state.picks:
            changes.destroy(c, state, i, events)
    else:
        events.append(Event(f"{who(seat)} spares their protected cards.", "protect", seat))
    state.picks = []
    turns.effect_done(c, state, seat, events)


# ------------------------------------------------------------- Laboratory
def lab_choices(c: Content, state: ArcState, seat: int) -> list[Action]:
    """ARC-C17: the card and space an opponent plays face down."""
    data = state.seats[seat]
    spaces = [GRAVE] if data.grave else city.eligible(state, seat)
    return [("lab", t, i) for t in sorted(data.hand) for i in spaces]


def resolve_lab(c: Content, state: ArcState, seat: int, action: Action,
                events: list[Event]) -> None:
    _, t, i = action
    data = state.seats[seat]
    data.hand.remove(t)
    if t in data.shown:
        data.shown.remove(t)
    card_id = seat * PER_COLOUR + t
    if i == GRAVE:
        data.pile.append(t)
        events.append(Event(
            f"{who(seat)} puts the {c.cards[t].name} beside their Graveyard (Laboratory).",
            "lab", seat,
        ))
    else:
        changes.put(c, state, card_id, i, DOWN)
        events.append(Event(
            f"{who(seat)} plays the {c.cards[t].name} face down on {space_name(i)} "
            "(Laboratory).", "lab", seat,
        ))
    state.picks.pop(0)
    _next_lab(c, state, state.current, events)


def _next_lab(c: Content, state: ArcState, seat: int, events: list[Event]) -> None:
    while state.picks:
        other = state.picks[0]
        if lab_choices(c, state, other):
            state.step = LAB
            return
        events.append(Event(f"{who(other)} has no card to play face down.", "lab", other))
        state.picks.pop(0)
    turns.effect_done(c, state, seat, events)


# ------------------------------------------------------------------ helpers
def _own_protected(c: Content, state: ArcState, seat: int, i: int) -> bool:
    return state.cells[i] // PER_COLOUR == seat and city.protected(c.cards, state, i)


def _swap_partners(c: Content, state: ArcState, seat: int, i: int) -> list[int]:
    return sorted(j for j in city.neighbours(state, i)
                  if city.affectable(c.cards, state, seat, j))


def _refillable(c: Content, state: ArcState, seat: int, i: int) -> bool:
    """ARC-C18: a card may be taken back only if some card can then be played there."""
    taken = state.cells[i] % PER_COLOUR
    hand = [*state.seats[seat].hand, taken]
    return any(turns.can_play_at(c, state, seat, t, i, hand) for t in hand)
