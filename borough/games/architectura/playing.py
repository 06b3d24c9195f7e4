"""Playing a card: paying for it, placing it, comparing values (ARC-5, ARC-12 to
ARC-16, ARC-25) and handing over to its effect (ARC-20). Rule ids refer to RULES.md.
"""

from __future__ import annotations

from borough.core.game import Action, Event
from borough.games.architectura import changes, city, effects, turns
from borough.games.architectura.city import PER_COLOUR, space_name
from borough.games.architectura.data import Content
from borough.games.architectura.state import (
    COLUMNS,
    GRAVE,
    PAY,
    SPARE,
    ArcState,
)


def who(seat: int) -> str:
    return f"Player {seat + 1}"


def play(c: Content, state: ArcState, seat: int, t: int, i: int, events: list[Event]) -> None:
    data = state.seats[seat]
    data.hand.remove(t)
    if t in data.shown:
        data.shown.remove(t)
    card_id = seat * PER_COLOUR + t
    if c.cards[t].condition == "pay_two":  # ARC-C14: pay before it is placed
        state.pending, state.src, state.paid, state.step = card_id, i, 0, PAY
        return
    _place_played(c, state, seat, card_id, i, events)


def pay(c: Content, state: ArcState, seat: int, action: Action, events: list[Event]) -> None:
    data = state.seats[seat]
    if action[0] == "pay":
        data.hand.remove(action[1])
        if action[1] in data.shown:
            data.shown.remove(action[1])
        data.removed.append(action[1])
        what = f"the {c.cards[action[1]].name} from their hand"
    else:  # the owner chooses which card beside the Graveyard goes (ARC-C14)
        gone = action[1]
        data.pile.remove(gone)
        data.removed.append(gone)
        what = f"the {c.cards[gone].name} from their Graveyard"
    events.append(Event(f"{who(seat)} removes {what} from the game.", "remove", seat))
    state.paid += 1
    if state.paid == 2:
        card_id, state.pending, state.paid = state.pending, -1, 0
        _place_played(c, state, seat, card_id, state.src, events)


def _place_played(c: Content, state: ArcState, seat: int, card_id: int, i: int,
                  events: list[Event]) -> None:
    """ARC-5: put the card basic side up, compare (ARC-12), resolve its effect (ARC-20)."""
    card = c.cards[card_id % PER_COLOUR]
    state.forced = -1
    state.src = i
    if i == GRAVE:
        events.append(Event(
            f"{who(seat)} plays the {card.name} beside the city.", "play", seat
        ))
        effects.begin(c, state, seat, card.effect, GRAVE, events)
        return
    changes.put(c, state, card_id, i, card.basic)
    events.append(Event(
        f"{who(seat)} plays the {card.name} ({city.value(c.cards, state, i)}) on "
        f"{space_name(i)}.", "play", seat,
    ))
    _compare(c, state, seat, i, events)


def _compare(c: Content, state: ArcState, seat: int, i: int, events: list[Event]) -> None:
    """ARC-12..ARC-16 with protection (ARC-23..ARC-25)."""
    left = i - 1
    if i % COLUMNS == 0 or not city.is_up(state, left):
        return _after_compare(c, state, seat, events)
    cards = c.cards
    outcome = city.compare(city.value(cards, state, i), city.value(cards, state, left))
    if outcome == city.SAME or not _would_change(c, state, left, outcome):
        events.append(Event(f"The card on {space_name(left)} does not change.", "compare"))
        return _after_compare(c, state, seat, events)
    if city.protected(cards, state, left):
        if state.cells[left] // PER_COLOUR != seat:
            events.append(Event(
                f"The protected card on {space_name(left)} is not affected.", "protect"
            ))
            return _after_compare(c, state, seat, events)
        state.step, state.spare, state.target = SPARE, "compare", left
        return None
    _settle(c, state, left, outcome, events)
    return _after_compare(c, state, seat, events)


def _would_change(c: Content, state: ArcState, i: int, outcome: str) -> bool:
    if outcome == city.DESTROY:
        return True
    card = c.cards[state.cells[i] % PER_COLOUR]
    return city.turn_side(card, state.face[i], outcome) != state.face[i]


def _settle(c: Content, state: ArcState, left: int, outcome: str, events: list[Event]) -> None:
    if outcome == city.DESTROY:
        changes.destroy(c, state, left, events)
        return
    card = c.cards[state.cells[left] % PER_COLOUR]
    state.face[left] = city.turn_side(card, state.face[left], outcome)
    word = "down" if outcome == city.LOWER else "up"
    events.append(Event(
        f"The {card.name} on {space_name(left)} turns {word} to "
        f"{city.value(c.cards, state, left)}.", "compare",
    ))


def spare(c: Content, state: ArcState, seat: int, affect: bool, events: list[Event]) -> None:
    if state.spare == "arsenal":
        effects.resolve_spare(c, state, seat, affect, events)
        return
    left, i = state.target, state.src
    state.target = -1
    if affect:
        outcome = city.compare(
            city.value(c.cards, state, i), city.value(c.cards, state, left)
        )
        _settle(c, state, left, outcome, events)
    else:
        events.append(Event(
            f"{who(seat)} leaves their protected card on {space_name(left)} as it is.",
            "protect", seat,
        ))
    _after_compare(c, state, seat, events)


def _after_compare(c: Content, state: ArcState, seat: int, events: list[Event]) -> None:
    card = c.cards[state.cells[state.src] % PER_COLOUR]
    if card.timing == "play" and card.effect != "none":  # ARC-20, ARC-21
        effects.begin(c, state, seat, card.effect, state.src, events)
    else:
        turns.effect_done(c, state, seat, events)
