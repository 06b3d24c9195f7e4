"""What each seat may see (ARC-36, ARC-37): observations and determinisation."""

from __future__ import annotations

import random
from typing import Any

from borough.core.rng import Rng
from borough.games.architectura import city, turns
from borough.games.architectura.data import BASIC_CARDS, COLOURS, NAME, Content
from borough.games.architectura.state import CHOOSE, OVER, ArcState, Seat


def observe(c: Content, state: ArcState, seat: int | None,
            shared: dict[Any, Any] | None = None) -> dict[str, Any]:
    """What `seat` sees. With `shared`, what every audience of this state sees
    alike (the table, and each seat as the others see it) is kept there and
    shared by the observations of one state."""
    if shared is None:
        shared = {}
    over = state.step == OVER
    choosing = state.step == CHOOSE
    seats = []
    for s, data in enumerate(state.seats):
        if s == seat:
            seats.append(_seat(s, data, True, over, choosing))
            continue
        seen = shared.get(s)
        if seen is None:
            seen = shared[s] = _seat(s, data, False, over, choosing)
        seats.append(seen)
    table = shared.get("table")
    if table is None:
        table = shared["table"] = _table(c, state)
    return {**table, "seats": seats, "viewer": seat}


def _seat(s: int, data: Seat, mine: bool, over: bool, choosing: bool) -> dict[str, Any]:
    return {
        "seat": s,
        "colour": COLOURS[s],
        "hand": sorted(data.hand) if (mine or over) else None,
        "shown": sorted(data.shown),
        "hand_size": len(data.hand),
        "deck_size": len(data.deck),
        "known_bottom": data.bottom if mine else None,
        "swaps": list(data.swaps) if (mine or not choosing) else None,
        "ready": data.ready,
        "started": data.started,
        "swapped": data.swapped,
        "tokens": data.tokens,
        "hand_limit": data.limit,
        "graveyard": data.grave,
        "pile": list(data.pile),
        "removed": list(data.removed),
    }


def _table(c: Content, state: ArcState) -> dict[str, Any]:
    """The observation's parts every audience sees alike, in their order."""
    values = city.values(c.cards, state)
    return {
        "game": NAME,
        "players": state.players,
        "replacements": state.replacements,
        "step": state.step,
        "current": state.current,
        "to_act": list(turns.to_act(state)),
        "cells": list(state.cells),
        "face": list(state.face),
        "values": values,
        "guard": list(state.guard),
        "reserved": list(state.reserved),
        "under": [list(u) for u in state.under],
        "effect": state.effect,
        "src": state.src,
        "target": state.target,
        "picks": list(state.picks),
        "forced": state.forced,
        "pending": state.pending,
        "paid": state.paid,
        "spare": state.spare,
        "idle": state.idle,
    }


# ARC-36: a replacement is sealed until everybody is ready; ARC-37, ARC-C13: the hand
# card an Obelisk player puts under their deck stays unseen. Every other choice is
# made in the open: cards are played face up, a Laboratory's face-down card counts as
# destroyed and everybody may look at it (ARC-31), cards paid for a Magic Academy are
# removed face up (ARC-38).
SECRET_KINDS = frozenset({"replace", "tutor"})


def public_action(action: tuple[Any, ...]) -> bool:
    """Whether every other seat may learn which action was chosen."""
    return action[0] not in SECRET_KINDS


def has_hidden_information(c: Content, state: ArcState, seat: int) -> bool:
    if state.step == OVER:
        return False
    if state.step == CHOOSE:  # ARC-36: sealed choices
        return state.replacements > 0 and state.players > 1
    if len(state.seats[seat].deck) > 1:  # ARC-37: deck order
        return True
    for s, data in enumerate(state.seats):
        if s != seat and len(data.hand) - len(data.shown) + len(data.deck) > 1:
            return True
    return False


def determinize(c: Content, state: ArcState, seat: int, rng: random.Random) -> ArcState:
    """Redeal what `seat` cannot see: sealed choices, deck orders, others' hands.

    Hidden parts are put in a canonical order first, so the sample depends only
    on what the seat can see and on `rng`.
    """
    out = state.copy()
    if out.step == OVER:
        return out
    for s, data in enumerate(out.seats):
        if out.step == CHOOSE:
            if s != seat:
                data.swaps = random_swaps(c, out.replacements, rng)
            continue
        if s == seat:
            b = data.bottom  # the owner knows which cards went under the deck
            low, high = sorted(data.deck[:b]), sorted(data.deck[b:])
            rng.shuffle(low)
            rng.shuffle(high)
            data.deck = low + high
            data.hand.sort()
            data.shown.sort()
            continue
        hidden = list(data.hand)
        for t in data.shown:
            hidden.remove(t)
        pool = sorted(hidden + data.deck)
        rng.shuffle(pool)
        k = len(hidden)
        data.shown.sort()
        data.hand = data.shown + pool[:k]
        data.deck = pool[k:]
        data.bottom = 0
    out.rng = Rng(rng.getrandbits(64))
    return out


def random_swaps(c: Content, limit: int, rng: random.Random) -> list[int]:
    swaps = [-1] * BASIC_CARDS
    extras = list(c.cards[BASIC_CARDS:])
    rng.shuffle(extras)
    for card in extras[: rng.randint(0, limit)]:
        free = [j for j in card.replaces if swaps[j] < 0]
        if free:
            swaps[rng.choice(free)] = card.index
    return swaps
