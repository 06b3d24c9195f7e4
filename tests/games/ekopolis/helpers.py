"""Helpers that arrange Ekopolis states for rule tests."""

from __future__ import annotations

import random
from collections import deque

import borough
from borough.games.ekopolis.state import GREEN_ZONE, POLLUTION, EkoState, step_now

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
    while GAME.to_act(state) == (seat,) and step_now(state) != "place":
        actions = GAME.legal_actions(state, seat)
        quiet = [a for a in actions if a[0] in ("skip", "keep")]
        GAME.apply(state, seat, quiet[0] if quiet else actions[0])


BASIC = {"version": "basic"}
FULL = {"version": "full"}


def fresh(players=4, options=BASIC, seed=3):
    return GAME.setup(players, seed=seed, options=options)


def in_hands(s):
    return {t for seat in s.seats for t in seat.hand}


def path_between(a, b):
    """Spaces strictly between hexes a and b along a shortest open path."""
    prev = {a: None}
    queue = deque([a])
    while queue:
        h = queue.popleft()
        for n in GAME.board.neighbours[h]:
            if n not in prev and (n == b or n not in GAME.board.blocked):
                prev[n] = h
                queue.append(n)
    out = []
    h = prev[b]
    while h != a:
        out.append(h)
        h = prev[h]
    return out


def put_on_board(s, name, label, owner=0):
    """Build a tile straight onto the board (from wherever it is) for `owner`, keeping
    every tile in exactly one place and the built counts right."""
    tile = TILE[name]
    for holder in [s.deck, s.discard] + [seat.hand for seat in s.seats]:
        if tile in holder:
            holder.remove(tile)
            if holder is not s.deck and holder is not s.discard:
                holder.append(s.deck.pop())
    if s.board[LABEL[label]] in (POLLUTION, GREEN_ZONE):  # EKO-13: back to the supply
        s.tokens_left[0 if s.board[LABEL[label]] == POLLUTION else 1] += 1
    s.board[LABEL[label]] = tile
    s.seats[owner].built[GAME.tiles[tile].colour] += 1
    GAME.validate_state(s)


def played_out(s, seed):
    rng = random.Random(seed)
    while not GAME.is_over(s):
        seat = GAME.to_act(s)[0]
        GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
    return s
