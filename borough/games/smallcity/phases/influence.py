"""Phase 7, Influence City Council (SC-78 to SC-85, SC-A3), also reached from the
City Councilor card (SC-15). Rule ids refer to RULES.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from borough.core.game import Action, Event
from borough.games.smallcity import council
from borough.games.smallcity.build import name
from borough.games.smallcity.data import Content
from borough.games.smallcity.state import (
    ACTIONS,
    COUNCIL,
    SmallCityState,
    next_turn,
)

if TYPE_CHECKING:
    from borough.games.smallcity.data import TileType


class Influence:
    """Phase 7, mixed into the game class."""

    content: Content
    types: tuple[TileType, ...]
    rounds: int
    warehouse: int
    city_hall: int

    def council_move(self, st: SmallCityState, s: int, action: Action, ev: list[Event]) -> None:
        if action[0] == "pass":
            self.after_council(st, ev)
            return
        row, col, pay = council.move_disc(self.tables, st, s, action, ev)
        st.council = [action[1], row, col, council.PAYS.index(pay)]
        if pay == "promise":  # SC-A3: draw 5 - column, keep one
            n = min(5 - col, len(st.special_deck))
            st.draw = st.special_deck[:n]
            del st.special_deck[:n]
            st.step = "keep"
            return
        self.council_benefit(st, s, ev)

    def keep_special(self, st: SmallCityState, s: int, i: int, ev: list[Event]) -> None:
        number = st.draw[i]
        st.seats[s].specials.append(number)
        st.special_deck.extend(x for j, x in enumerate(st.draw) if j != i)
        st.draw = []
        ev.append(Event(f"{name(s)} makes a Special Promise.", "council", s))
        ev.append(Event(f"You promise: {self.content.specials[number - 1].text}", "council", s,
                        private_to=(s,)))
        self.council_benefit(st, s, ev)

    def council_benefit(self, st: SmallCityState, s: int, ev: list[Event]) -> None:
        """SC-82 to SC-85: only the benefit of the column just entered."""
        _, row, col, _ = st.council
        board = council.board(self.tables, st)
        if row == 0:
            opts = board["industry"][col - 1]
            if len(opts) == 1:
                council.give_materials(self.tables, st, s, opts[0], ev)
                self.continue_storing(st, s, ev)
            else:
                st.step = "benefit"
            return
        if row == 1:
            st.build_mode = "council"
            st.build_size = list(board["building"][col - 1])
            st.step = "tile"
            return
        if row == 2:
            st.step = "benefit"
            return
        council.give_citizens(self.tables, st, s, board["tourism"][col - 1], ev)
        self.after_council(st, ev)

    def take_benefit(self, st: SmallCityState, s: int, i: int, ev: list[Event]) -> None:
        _, row, col, _ = st.council
        board = council.board(self.tables, st)
        if row == 0:
            council.give_materials(self.tables, st, s, board["industry"][col - 1][i], ev)
            self.continue_storing(st, s, ev)
            return
        council.give_economy(st, s, board["economy"][col - 1], i == 1, ev)
        self.after_council(st, ev)

    def after_council(self, st: SmallCityState, ev: list[Event]) -> None:
        st.council = [-1, -1, -1, -1]
        st.build_mode = "build"
        if st.phase == ACTIONS:
            self.next_pick(st, ev)
        else:
            self.next_council(st, ev)

    def start_council(self, st: SmallCityState, ev: list[Event]) -> None:
        st.phase = COUNCIL
        st.turn = -1
        self.next_council(st, ev)

    def next_council(self, st: SmallCityState, ev: list[Event]) -> None:
        st.build_mode = "build"
        if next_turn(st):
            st.step = "council"
            return
        self.visit(st, ev)
