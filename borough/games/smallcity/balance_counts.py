"""Small City's own counts for a balance report, from one finished game.

A balance report (`borough balance smallcity`) adds these to what it measures
of every game: how often Promises are kept, how many Cemeteries are laid, how
many players are eliminated, and which Special Action cards, tiles and kinds
of decision the seats chose. Each is a plain number or a tally by name, summed
over the whole table.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from borough.core.results import MovesPlayed
from borough.games.smallcity.terms import CARDS

if TYPE_CHECKING:
    from borough.games.smallcity.rules import SmallCity
    from borough.games.smallcity.state import SmallCityState

Counts = dict[str, int | dict[str, int]]


def counts(game: SmallCity, state: SmallCityState, record: MovesPlayed) -> Counts:
    """The table's counts of the game that ended in `state`, played as `record` says."""
    rows = game.result(state).detail["rows"]
    cards: Counter[str] = Counter()
    tiles: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    # Which card a "card" move took depends on the circle at that moment, which the
    # final state no longer shows: the moves are played again from the deal.
    replay = game.setup(record.players, seed=record.seed, options=record.options)
    for seat, action in record.moves:
        kinds[action[0]] += 1
        if action[0] == "card":
            cards[CARDS[replay.circle[action[1]]]] += 1
        elif action[0] == "tile":
            tiles[game.types[action[1]].name] += 1
        game.apply(replay, seat, action)
    return {
        "promises kept": sum(1 for row in rows if row["promise_kept"]),
        "cemeteries": sum(len(seat.cemeteries) for seat in state.seats),
        "players eliminated": sum(1 for seat in state.seats if seat.eliminated),
        "cards taken": dict(cards.most_common()),
        "tiles chosen": dict(tiles.most_common()),
        "decisions": dict(kinds.most_common()),
    }
