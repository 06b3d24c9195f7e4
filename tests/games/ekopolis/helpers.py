"""Helpers that arrange Ekopolis states for rule tests."""

from __future__ import annotations

import borough
from borough.games.ekopolis.state import EkoState

GAME = borough.game("ekopolis")
LABEL = {label: i for i, label in enumerate(GAME.board.labels)}
TILE = {t.name: t.id for t in GAME.tiles}
CARD = {c.name: c.id for c in GAME.cards}


def hexes(*labels: str) -> list[int]:
    return [LABEL[x] for x in labels]


def give(state: EkoState, seat: int, tile: int) -> None:
    """Put `tile` in the seat's hand, swapping it with wherever it was."""
    hand = state.seats[seat].hand
    if tile in hand:
        return
    spare = hand[0]
    for holder in [state.deck, state.discard] + [s.hand for s in state.seats]:
        if tile in holder:
            holder[holder.index(tile)] = spare
            hand[0] = tile
            return
    raise AssertionError("tile is on the board")


def top_card(state: EkoState, card: int) -> None:
    """Make `card` the next card of its colour's deck."""
    deck = state.card_decks[GAME.cards[card].colour]
    deck.remove(card)
    deck.append(card)


def play_elsewhere(state: EkoState) -> None:
    """Let the seats other than 0 take quiet turns until seat 0 is to act."""
    while not GAME.is_over(state) and GAME.to_act(state) != (0,):
        seat = GAME.to_act(state)[0]
        actions = GAME.legal_actions(state, seat)
        quiet = [a for a in actions if a[0] in ("skip", "keep")]
        GAME.apply(state, seat, quiet[0] if quiet else actions[0])


def finish_turn(state: EkoState, seat: int) -> None:
    """Decline every optional step until the turn passes on."""
    while GAME.to_act(state) == (seat,) and state.step != "place":
        actions = GAME.legal_actions(state, seat)
        quiet = [a for a in actions if a[0] in ("skip", "keep")]
        GAME.apply(state, seat, quiet[0] if quiet else actions[0])
