"""Ekopolis Action cards (full version): taking, playing and scoring them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from borough.core.game import Action, Event
from borough.games.ekopolis import scoring
from borough.games.ekopolis.data import COLOURS, Card
from borough.games.ekopolis.state import DISCARD, EFFECT, GREEN_ZONE, POLLUTION, EkoState

if TYPE_CHECKING:
    from borough.games.ekopolis.rules import Ekopolis

CHOICE_EFFECTS = ("place_green", "remove_pollution")


def _name(seat: int) -> str:
    return f"Player {seat + 1}"


def take_card(game: Ekopolis, state: EkoState, seat: int, colour: int,
              events: list[Event]) -> None:
    """EKO-F2: take the top Action card of the placed Building's colour."""
    deck = state.card_decks[colour]
    if not deck:
        events.append(Event(f"The {COLOURS[colour]} Action cards are used up.", "card"))
        game.after_card(state, seat)
        return
    card = game.cards[deck.pop()]
    data = state.seats[seat]
    data.cards.append(card.id)
    if card.timing != "now":  # EKO-F4, EKO-F5: kept face down until played or scored
        data.held.append(card.id)
        events.append(Event(
            f"{_name(seat)} takes a {COLOURS[colour]} Action card and keeps it.", "card", seat
        ))
        events.append(Event(
            f"{_name(seat)} keeps {card.name}: {card.text}", "card", seat, private_to=(seat,)
        ))
        game.after_card(state, seat)
        return
    events.append(Event(f"{_name(seat)} takes {card.name}: {card.text}", "card", seat))
    if card.effect in CHOICE_EFFECTS:  # EKO-F3
        if _has_target(game, state, seat, card):
            state.pending, state.resume, state.step = card.id, DISCARD, EFFECT
        else:
            events.append(Event(f"{card.name} has nothing to act on.", "card", seat))
            game.after_card(state, seat)
        return
    _score(game, state, seat, card, events)
    game.after_card(state, seat)


def _has_target(game: Ekopolis, state: EkoState, seat: int, card: Card) -> bool:
    if card.effect == "place_green":
        return state.tokens_left[1] > 0 and bool(game.open_spaces(state, seat, tokens_ok=False))
    if card.effect == "remove_pollution":
        return POLLUTION in state.board
    if card.effect == "new_hand":
        return bool(state.seats[seat].hand) and bool(state.deck or state.discard)
    return True


def can_play(game: Ekopolis, state: EkoState, seat: int, card_id: int) -> bool:
    return _has_target(game, state, seat, game.cards[card_id])


def play(game: Ekopolis, state: EkoState, seat: int, card_id: int, events: list[Event]) -> None:
    """EKO-F5: play a kept card on its owner's turn."""
    card = game.cards[card_id]
    state.seats[seat].held.remove(card_id)
    events.append(Event(f"{_name(seat)} plays {card.name}: {card.text}", "play", seat))
    if card.effect == "new_hand":
        data = state.seats[seat]
        count = len(data.hand)
        state.discard.extend(sorted(data.hand))
        data.hand = []
        game.draw_tiles(state, seat, count)
        events.append(Event(f"{_name(seat)} draws {count} new Buildings.", "draw", seat))
        return
    state.pending, state.resume, state.step = card_id, state.step, EFFECT


def choices(game: Ekopolis, state: EkoState, seat: int) -> list[Action]:
    card = game.cards[state.pending]
    if card.effect == "place_green":
        acts: list[Action] = [("green", h) for h in game.open_spaces(state, seat, tokens_ok=False)]
        if card.timing == "now":  # "may": a card taken now can be declined
            acts.append(("skip",))
        return acts
    return [("remove", h) for h, code in enumerate(state.board) if code == POLLUTION]


def resolve_choice(game: Ekopolis, state: EkoState, seat: int, action: Action,
                   events: list[Event]) -> None:
    card = game.cards[state.pending]
    kind = action[0]
    if kind == "green":
        scoring.put_token(game, state, seat, action[1], GREEN_ZONE, events)
    elif kind == "remove":
        state.board[action[1]] = -1
        state.tokens_left[0] += 1
        game.add_points(state, seat, card.points, scoring.CARDS)
        events.append(Event(
            f"{_name(seat)} removes the pollution token from {game.board.labels[action[1]]} "
            f"and scores {card.points:+d}.", "remove", seat,
        ))
    else:
        events.append(Event(f"{_name(seat)} places no green zone.", "skip", seat))
    state.pending = -1
    resume, state.resume = state.resume, ""
    if resume == DISCARD:
        game.after_card(state, seat)
    else:
        state.step = resume


def _count(game: Ekopolis, cards: list[int], colour: int | None) -> int:
    return sum(1 for c in cards if game.cards[c].colour == colour)


def card_points(game: Ekopolis, state: EkoState, seat: int, card: Card) -> dict[int, int]:
    """Points an automatic effect gives, per seat (EKO-C1 to EKO-C7)."""
    effect, pts = card.effect, card.points
    if effect == "flat":
        return {seat: pts}
    if effect == "own_cards":
        return {seat: pts * _count(game, state.seats[seat].cards, card.target)}
    if effect == "own_buildings":
        assert card.target is not None  # data.py gives every such card a colour
        return {seat: pts * state.seats[seat].built[card.target]}
    if effect == "others":
        return {s: pts for s in range(state.players) if s != seat}
    if effect == "board_count":
        code = POLLUTION if card.what == "pollution" else GREEN_ZONE
        return {seat: pts * state.board.count(code)}
    counts = [_count(game, s.cards, card.target) for s in state.seats]
    if effect == "most":  # EKO-F10: everyone tied for most, also when the most is zero
        best = max(counts)
        return {s: pts for s, n in enumerate(counts) if n == best}
    if effect == "fewest":
        low = min(counts)
        return {s: pts for s, n in enumerate(counts) if n == low}
    raise ValueError(f"effect {effect!r} is not automatic")


def _score(game: Ekopolis, state: EkoState, seat: int, card: Card, events: list[Event]) -> None:
    gains = card_points(game, state, seat, card)
    for s, pts in sorted(gains.items()):
        scoring.earn(state, s, pts, scoring.CARDS)
    told = ", ".join(f"{_name(s)} {p:+d}" for s, p in sorted(gains.items()) if p)
    events.append(Event(f"{card.name}: {told or 'no points change'}.", "score", seat))


def score_end_card(game: Ekopolis, state: EkoState, seat: int, card_id: int,
                   events: list[Event]) -> None:
    card = game.cards[card_id]
    events.append(Event(f"{_name(seat)} reveals {card.name}: {card.text}", "final", seat))
    _score(game, state, seat, card, events)
