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
    promise = tb.content.promises[seat.promise - 1] if seat.promise > 0 else None
    specials = [tb.content.specials[n - 1] for n in seat.specials]
    row = scoring.final_row(tb, st, s)
    return {
        "promise": [list(scoring.measure(tb, st, s, t)) for t in promise.test] if promise else [],
        "specials": [[list(scoring.measure(tb, st, s, t)) for t in card.test]
                     for card in specials],
        "promise_delta": row["promise_delta"],
        "score": row["score"],
    }
