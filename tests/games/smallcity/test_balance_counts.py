"""Small City's own counts for a balance report (`balance_counts`), on a finished game."""

from __future__ import annotations

import random
import re
from collections import Counter

from borough.core.record import Record
from borough.games.smallcity.balance_counts import counts
from tests.games.smallcity.helpers import GAME

MONEY_PROMISE = 2  # "Finish with at least $3."


def _finished(players: int, seed: int) -> tuple[object, Record, Counter, Counter, Counter]:
    """A game played to the end by seeded random choices, and what was chosen in it
    as a player reads it: each card taken named by its move's words at that moment."""
    rng = random.Random(seed)
    options = GAME.resolve_options(players, {})
    st = GAME.setup(players, seed=seed, options=options)
    record = Record.start(GAME, players, seed, options)
    cards: Counter = Counter()
    tiles: Counter = Counter()
    kinds: Counter = Counter()
    while not GAME.is_over(st):
        seat = GAME.to_act(st)[0]
        action = rng.choice(GAME.legal_actions(st, seat))
        kinds[action[0]] += 1
        if action[0] == "card":
            cards[re.match(r"Take the (.+) card", GAME.describe(action, st)).group(1)] += 1
        if action[0] == "tile":
            tiles[re.match(r"Build a (.+) \(face", GAME.describe(action, st)).group(1)] += 1
        GAME.apply(st, seat, action)
        record.moves.append((seat, action))
    return st, record, cards, tiles, kinds


def test_counts_of_a_constructed_finished_game():
    st, record, cards, tiles, kinds = _finished(2, seed=3)
    assert GAME.is_over(st) and cards and tiles
    # The end arranged: seat 1 keeps its Promise of money, seat 2 breaks it and has
    # lost the game; seat 1's borough holds two Cemeteries.
    first, second = st.seats
    first.promise, first.money = MONEY_PROMISE, 5
    second.promise, second.money = MONEY_PROMISE, 1
    first.cemeteries, second.cemeteries = [0, 1], []
    first.eliminated, second.eliminated = False, True
    got = counts(GAME, st, record)
    assert (got["promises kept"], got["cemeteries"], got["players eliminated"]) == (1, 2, 1)
    assert got["cards taken"] == dict(cards)
    assert got["tiles chosen"] == dict(tiles)
    assert got["decisions"] == dict(kinds) and sum(kinds.values()) == len(record.moves)
    # both broken, no Cemetery, nobody out
    first.money, first.cemeteries, second.eliminated = 0, [], False
    got = counts(GAME, st, record)
    assert (got["promises kept"], got["cemeteries"], got["players eliminated"]) == (0, 0, 0)
