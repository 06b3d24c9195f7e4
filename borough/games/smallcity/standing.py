"""Where a seat stands during play, for its own eyes: each condition of its Promise and
Special Promises as (has, needs), and its score if the game ended now (SC-88 to SC-90,
SC-A4 to SC-A11). Read by the boards and the terminal; the rules never use it.
"""

from __future__ import annotations

from typing import Any

from borough.games.smallcity import scoring
from borough.games.smallcity.state import SmallCityState
from borough.games.smallcity.tables import Tables


def standing(tb: Tables, st: SmallCityState, s: int) -> dict[str, Any]:
    seat = st.seats[s]
    tiles = scoring.seat_tiles(tb, st, s)
    promise = tb.content.promises[seat.promise - 1] if seat.promise > 0 else None
    # each condition measured once: for the standing and for the score alike
    measured = [scoring.measure(tb, st, s, t, tiles) for t in promise.test] if promise else []
    delta = scoring.promise_delta(promise, all(have >= need for have, need in measured))
    specials = []
    kept = []
    for n in seat.specials:
        card = tb.content.specials[n - 1]
        tests = [scoring.measure(tb, st, s, t, tiles) for t in card.test]
        specials.append([list(m) for m in tests])
        # SC-A4: kept by this seat alone
        kept.append(all(have >= need for have, need in tests) and not any(
            scoring.kept(tb, st, o, card) for o in range(st.players) if o != s))
    parts = scoring.score_parts(st, s, tiles, delta, kept)
    return {
        "promise": [list(m) for m in measured],
        "specials": specials,
        "promise_delta": delta,
        "score": sum(value for _, value in parts),
    }
