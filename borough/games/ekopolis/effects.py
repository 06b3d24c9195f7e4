"""Ekopolis Action cards (full version): taking and playing them, and the choices they ask.

A card that asks a choice interrupts the turn: it pushes an EFFECT frame about the
card (borough/core/frames.py) over the step the turn goes back to once the choice
is made, and the choice pops it.
"""

from __future__ import annotations

from borough.core import frames
from borough.core.frames import Frame
from borough.core.game import Action, Event
from borough.games.ekopolis import scoring, supply
from borough.games.ekopolis.data import COLOURS, Card, Content
from borough.games.ekopolis.geometry import open_spaces
from borough.games.ekopolis.state import (
    DISCARD,
    EFFECT,
    GREEN_ZONE,
    POLLUTION,
    EkoState,
    pending,
    player_name,
)

CHOICE_EFFECTS = ("place_green", "remove_pollution")


def take_card(content: Content, state: EkoState, seat: int, colour: int,
              events: list[Event]) -> None:
    """EKO-F2: take the top Action card of the placed Building's colour."""
    deck = state.card_decks[colour]
    if not deck:
        events.append(Event(f"The {COLOURS[colour]} Action cards are used up.", "card"))
        state.step = DISCARD
        return
    card = content.cards[deck.pop()]
    data = state.seats[seat]
    data.cards.append(card.id)
    if card.timing != "now":  # EKO-F4, EKO-F5: kept face down until played or scored
        data.held.append(card.id)
        events.append(Event(
            f"{player_name(seat)} takes a {COLOURS[colour]} Action card and keeps it.", "card",
            seat
        ))
        events.append(Event(
            f"{player_name(seat)} keeps {card.name}: {card.text}", "card", seat,
            private_to=(seat,)
        ))
        state.step = DISCARD
        return
    events.append(Event(f"{player_name(seat)} takes {card.name}: {card.text}", "card", seat))
    if card.effect in CHOICE_EFFECTS:  # EKO-F3
        if _has_target(content, state, seat, card):
            state.step = DISCARD  # where the turn goes on once the choice is made
            frames.push(state.frames, Frame(EFFECT, seat, card.id))
        else:
            events.append(Event(f"{card.name} has nothing to act on.", "card", seat))
            state.step = DISCARD
        return
    scoring.score_card(content, state, seat, card, events)
    state.step = DISCARD


def _has_target(content: Content, state: EkoState, seat: int, card: Card) -> bool:
    if card.effect == "place_green":
        return state.tokens_left[1] > 0 and bool(
            open_spaces(content.board, state, seat, tokens_ok=False))
    if card.effect == "remove_pollution":
        return POLLUTION in state.board
    if card.effect == "new_hand":
        return bool(state.seats[seat].hand) and bool(state.deck or state.discard)
    return True


def playable(content: Content, state: EkoState, seat: int) -> list[Action]:
    """EKO-F5: kept cards may be played on their owner's turn, when they can act."""
    if not state.full:
        return []
    return [
        ("play", c) for c in sorted(state.seats[seat].held)
        if content.cards[c].timing == "later" and _has_target(content, state, seat,
                                                              content.cards[c])
    ]


def play(content: Content, state: EkoState, seat: int, card_id: int,
         events: list[Event]) -> None:
    """EKO-F5: play a kept card on its owner's turn."""
    card = content.cards[card_id]
    state.seats[seat].held.remove(card_id)
    events.append(Event(f"{player_name(seat)} plays {card.name}: {card.text}", "play", seat))
    if card.effect == "new_hand":
        data = state.seats[seat]
        count = len(data.hand)
        state.discard.extend(sorted(data.hand))
        data.hand = []
        supply.draw_tiles(state, seat, count)
        events.append(Event(f"{player_name(seat)} draws {count} new Buildings.", "draw", seat))
        return
    frames.push(state.frames, Frame(EFFECT, seat, card_id))


def choices(content: Content, state: EkoState, seat: int) -> list[Action]:
    card = content.cards[pending(state)]
    if card.effect == "place_green":
        acts: list[Action] = [
            ("green", h) for h in open_spaces(content.board, state, seat, tokens_ok=False)]
        if card.timing == "now":  # "may": a card taken now can be declined
            acts.append(("skip",))
        return acts
    return [("remove", h) for h, code in enumerate(state.board) if code == POLLUTION]


def resolve_choice(content: Content, state: EkoState, seat: int, action: Action,
                   events: list[Event]) -> None:
    card = content.cards[frames.pop(state.frames).about]
    kind = action[0]
    if kind == "green":
        scoring.put_token(content, state, seat, action[1], GREEN_ZONE, events)
    elif kind == "remove":
        state.board[action[1]] = -1
        state.tokens_left[0] += 1
        scoring.add_points(state, seat, card.points, scoring.CARDS)
        events.append(Event(
            f"{player_name(seat)} removes the pollution token from "
            f"{content.board.labels[action[1]]} and scores {card.points:+d}.", "remove", seat,
        ))
    else:
        events.append(Event(f"{player_name(seat)} places no green zone.", "skip", seat))
