"""Phase 8, Mayor's Next Visit (SC-86, SC-87), the end of the game and the
result (SC-88 to SC-90, SC-A*, SC-S6). Rule ids refer to RULES.md.
"""

from __future__ import annotations

from borough.core.game import Event
from borough.core.results import Breakdown, MovesPlayed, Result
from borough.games.smallcity import scoring
from borough.games.smallcity.build import name
from borough.games.smallcity.state import (
    ACTIONS,
    OVER,
    SmallCityState,
)
from borough.games.smallcity.tables import Tables
from borough.games.smallcity.turns import alive_order, leave_due


def visit(tb: Tables, st: SmallCityState, ev: list[Event]) -> None:
    """SC-86 and SC-87: the mayor's next host, the round pawn, running totals."""
    for s in range(st.players):
        seat = st.seats[s]
        if not seat.eliminated:
            seat.revenue += scoring.revenue(tb, st, s)  # SC-A6
            seat.in_play_total += scoring.in_play(st, s)  # SC-A9
        seat.card = -1
        seat.produced = 0
    st.prev_host = st.host
    if st.next_host >= 0 and not st.seats[st.next_host].eliminated:
        st.host = st.next_host
    else:
        order = alive_order(st, (st.host + 1) % st.players)
        st.host = order[0] if order else st.host
    if st.round >= tb.rounds:
        end_game(tb, st, ev)
        return
    st.round += 1
    leave_due(st, ACTIONS)


def end_game(tb: Tables, st: SmallCityState, ev: list[Event]) -> None:
    st.phase = OVER
    st.step = "over"
    res = result(tb, st)
    for row in res.detail["rows"]:
        s = row["seat"]
        if row["promise"] > 0:
            verdict = "kept" if row["promise_kept"] else "broken"
            text = tb.content.promises[row["promise"] - 1].text
            ev.append(Event(f"{name(s)} reveals the Promise \u201c{text}\u201d ({verdict}, "
                            f"{row['promise_delta']:+d}).", "score", s))
        ev.append(Event(f"{name(s)} scores {row['score']}.", "score", s))
    if res.winners:
        ev.append(Event("Winner: " + ", ".join(name(w) for w in res.winners) + ".", "end"))
    else:  # SC-69: an eliminated player never wins
        ev.append(Event("Nobody wins: every player reached 100% pollution.", "end"))

# -------------------------------------------------------------- result
def result(tb: Tables, state: SmallCityState) -> Result:
    detail = scoring.final(tb, state)
    rows = detail["rows"]
    live = [r for r in rows if not r["eliminated"]]  # SC-69: the eliminated never win
    best = max((r["keys"] for r in live), default=None)
    winners = [r["seat"] for r in live if r["keys"] == best]
    for r in rows:
        r["keys"] = list(r["keys"])
    if not live:
        detail["everyone_loses"] = True
    if state.players == 1:  # SC-S6; SC-S5: an eliminated solo player is not rated
        detail["rating"] = scoring.rating(tb, rows[0]["score"]) if live else None
        # the book's scale, lowest first: the least score of each rating
        detail["scale"] = {"below_lowest": tb.content.solo["below_lowest"],
                           "ratings": [list(r) for r in tb.content.solo["ratings"]]}
    return Result([r["score"] for r in rows], winners, detail)


def breakdown(tb: Tables, state: SmallCityState, record: MovesPlayed) -> Breakdown:
    return scoring.breakdown(tb, state, result(tb, state).detail)
