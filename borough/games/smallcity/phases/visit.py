"""Phase 8, Mayor's Next Visit (SC-86, SC-87), the end of the game and the
result (SC-88 to SC-90, SC-A*, SC-S6). Rule ids refer to RULES.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from borough.core.game import Breakdown, Event, MovesPlayed, Result
from borough.games.smallcity import scoring
from borough.games.smallcity.build import name
from borough.games.smallcity.data import Content
from borough.games.smallcity.state import (
    OVER,
    SmallCityState,
)

if TYPE_CHECKING:
    from borough.games.smallcity.data import TileType


class Visit:
    """Phase 8 and the result, mixed into the game class."""

    content: Content
    types: tuple[TileType, ...]
    rounds: int
    warehouse: int
    city_hall: int

    def visit(self, st: SmallCityState, ev: list[Event]) -> None:
        """SC-86 and SC-87: the mayor's next host, the round pawn, running totals."""
        for s in range(st.players):
            seat = st.seats[s]
            if not seat.eliminated:
                seat.revenue += scoring.revenue(self.tables, st, s)  # SC-A6
                seat.in_play_total += scoring.in_play(st, s)  # SC-A9
            seat.card = -1
            seat.produced = 0
        st.prev_host = st.host
        if st.next_host >= 0 and not st.seats[st.next_host].eliminated:
            st.host = st.next_host
        else:
            order = self.alive_order(st, (st.host + 1) % st.players)
            st.host = order[0] if order else st.host
        if st.round >= self.tables.rounds:
            self.end_game(st, ev)
            return
        st.round += 1
        self.start_round(st, ev)

    def end_game(self, st: SmallCityState, ev: list[Event]) -> None:
        st.phase = OVER
        st.step = "over"
        res = self.result(st)
        for row in res.detail["rows"]:
            s = row["seat"]
            if row["promise"] > 0:
                verdict = "kept" if row["promise_kept"] else "broken"
                text = self.content.promises[row["promise"] - 1].text
                ev.append(Event(f"{name(s)} reveals the Promise \u201c{text}\u201d ({verdict}, "
                                f"{row['promise_delta']:+d}).", "score", s))
            ev.append(Event(f"{name(s)} scores {row['score']}.", "score", s))
        if res.winners:
            ev.append(Event("Winner: " + ", ".join(name(w) for w in res.winners) + ".", "end"))
        else:  # SC-69: an eliminated player never wins
            ev.append(Event("Nobody wins: every player reached 100% pollution.", "end"))

    # -------------------------------------------------------------- result
    def result(self, state: SmallCityState) -> Result:
        detail = scoring.final(self.tables, state)
        rows = detail["rows"]
        live = [r for r in rows if not r["eliminated"]]  # SC-69: the eliminated never win
        best = max((r["keys"] for r in live), default=None)
        winners = [r["seat"] for r in live if r["keys"] == best]
        for r in rows:
            r["keys"] = list(r["keys"])
        if not live:
            detail["everyone_loses"] = True
        if state.players == 1:  # SC-S6; SC-S5: an eliminated solo player is not rated
            detail["rating"] = scoring.rating(self.tables, rows[0]["score"]) if live else None
            # the book's scale, lowest first: the least score of each rating
            detail["scale"] = {"below_lowest": self.content.solo["below_lowest"],
                               "ratings": [list(r) for r in self.content.solo["ratings"]]}
        return Result([r["score"] for r in rows], winners, detail)

    def breakdown(self, state: SmallCityState, record: MovesPlayed) -> Breakdown:
        return scoring.breakdown(self.tables, state, self.result(state).detail)
