"""Small City actions and refusals in words a player would use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from borough.core.game import Action
from borough.games.smallcity import build, council, stores
from borough.games.smallcity.build import name
from borough.games.smallcity.data import MATERIALS, Content
from borough.games.smallcity.geometry import edge_label, label
from borough.games.smallcity.state import (
    BUILD,
    SmallCityState,
)
from borough.games.smallcity.steps import STEPS
from borough.games.smallcity.terms import (
    CARDS,
    PAY_NAMES,
    SIDES,
)

if TYPE_CHECKING:
    from borough.games.smallcity.data import TileType


class Wording:
    """describe() and why_illegal(), mixed into the game class."""

    content: Content
    types: tuple[TileType, ...]
    rounds: int
    warehouse: int
    city_hall: int

    def describe(self, action: Action, state: Any = None) -> str:
        kind = action[0]
        if kind == "place":
            return f"Place the tile (orientation {action[1]}) with its corner on {label(action[2])}"
        if kind == "side":
            side = SIDES[action[1]]
            start = self.content.zones[side][0]
            return f"Play on the {side} side of your borough board ({start}x{start} to start)"
        if kind == "promise":
            return f"Keep the Promise in position {action[1] + 1}"
        if kind == "mayor":
            return f"Put the mayor on the street {edge_label(action[1])}"
        if kind == "card":
            if state is not None:
                return f"Take the {CARDS[state.circle[action[1]]]} card"
            return f"Take the Special Action card in position {action[1] + 1}"
        if kind == "take":
            return f"Take benefit option {action[1] + 1}"
        if kind == "expand":
            return "Grow the Constructible Zone by one step"
        if kind == "pass":
            return "Pass"
        if kind == "done":
            return "Finish this step"
        if kind == "skip":
            return "Leave the station unstaffed"
        if kind == "home":
            return "Send the citizen home: it has nowhere to go"
        if kind == "advance":
            pay = PAY_NAMES[action[2]]
            return f"Move council disc {action[1] + 1} one column on, paying {pay}"
        if kind == "enter":
            return (f"Start council disc {action[1] + 1} in column 1 of the "
                    f"{council.ROWS[action[2]]} row, paying {PAY_NAMES[action[3]]}")
        if kind == "keep":
            return f"Keep the Special Promise in position {action[1] + 1}"
        if kind == "tile":
            t = self.types[action[1]]
            return f"Build a {t.name} (face {'AB'[action[2]]})"
        if kind == "upgrade":
            return f"Upgrade the tile on {label(action[1])}"
        if kind == "extend":
            return f"Grow the tile onto {label(action[1])} (space kind {action[2]})"
        if kind == "demolish":
            return f"Demolish the tile on {label(action[1])}"
        if kind == "staff":
            return f"Staff the new station with the citizen from {label(action[1])}"
        if kind == "pick":
            return f"Move the citizen on {label(action[2])} in Player {action[1] + 1}'s borough"
        if kind == "to":
            return f"Move it to {label(action[2])} in Player {action[1] + 1}'s borough"
        if kind == "house":
            return f"House a citizen from City Hall on {label(action[1])}"
        if kind == "sell":
            return f"Sell a {MATERIALS[action[1]]}"
        if kind == "lot":
            return f"Buy {action[1] + 1} votes for ${action[1]}"
        if kind == "trade":
            return f"Trade a {MATERIALS[action[1]]} for votes"
        if kind == "kill":
            return f"The citizen on {label(action[1])} dies of pollution"
        if kind == "bury":
            return f"Lay the Cemetery on {label(action[1])}"
        if kind == "waive":
            return f"Let the Architect waive one {MATERIALS[action[1]]} of this building"
        if kind == "spend":
            return f"Pay the {MATERIALS[action[1]]} {stores.source(action[2])}"
        if kind == "store":
            return (f"Store a {MATERIALS[action[1]]} from Player {action[2] + 1}'s borough "
                    f"{stores.where(action[3])}")
        return repr(action)

    def why_illegal(self, state: SmallCityState, seat: int, action: Action) -> str | None:
        st = state
        # In the sealed Build phase each seat is at its own step.
        step = st.seats[seat].bstep if st.phase == BUILD else st.step
        if action[0] == "card" and step == "card" and 0 <= action[1] < 8:
            if st.taken[action[1]] != -1:
                return "That Special Action card is already taken."
            return f"That card costs ${self.card_cost(st, action[1])}, more than you have."
        if action[0] == "tile" and step in ("build", "tile") and action[1] < len(self.types):
            t = self.types[action[1]]
            if not build.personal(self, st, t) and build.stack(st, seat, t.id) <= 0:
                ahead = build.holder(st, seat, t.id)
                if ahead >= 0:  # SC-45
                    return (f"The last {t.name} tiles are held for {name(ahead)}, ahead in "
                            "turn order and still building; build something else or wait.")
                return f"The stack of {t.name} is empty."
        if action[0] == "place" and step in ("place", "hall", "warehouse"):
            return (f"The tile cannot go with its corner on {label(action[2])}: it must fit on "
                    "empty spaces of your Constructible Zone and meet its criteria.")
        if action[0] == "spend" and step == "spend":
            kind, owed = MATERIALS[action[1]], st.seats[seat].owe
            if not owed[action[1]]:
                return f"This building needs no {kind} now."
            if action[1] != next(m for m in range(3) if owed[m]):
                return "Pay the materials in order: wood, then stone, then metal."
            if all(store != action[2] for store, _ in stores.holders(st.seats[seat], action[1])):
                return f"There is no {kind} {stores.where(action[2])} to pay with."
        if action[0] == "store" and step == "store":
            return (f"{self.describe(action)} is not possible: the store has no free space "
                    "for it, or that material is not the one waiting.")
        need = STEPS[step].need if step in STEPS else "wait"
        return f"Now you must {need}: {self.describe(action)} is not possible."
