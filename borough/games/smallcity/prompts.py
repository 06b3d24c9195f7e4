"""Small City: the decision a seat faces now, in one line a player would say.

In the Build phase every seat decides behind its own screen, so the prompt
reads that seat's own step, never another's.
"""

from __future__ import annotations

from borough.games.smallcity.build import name as seat_name
from borough.games.smallcity.data import MATERIALS
from borough.games.smallcity.geometry import label
from borough.games.smallcity.state import BUILD, OVER, SmallCityState
from borough.games.smallcity.tables import Tables
from borough.games.smallcity.turns import to_act

FIXED = {
    "side": "Choose the side of your borough board: easy (a larger zone to start) or expert",
    "promise": "Keep one of the Promises you drew",
    "mayor": "Put the mayor on a street: the borough beside it hosts the round",
    "card": "Take a Special Action card from the circle",
    "supporter": "Supporter: take $1 or 2 votes",
    "benefit": "Choose the City Council benefit you take",
    "planner": "Urban Planner: grow your Constructible Zone by one step, or pass",
    "councilor": "City Councilor: move one of your City Council discs, or pass",
    "council": "City Council: move one of your discs on the council board, or pass",
    "keep": "Keep one of the Special Promises drawn",
    "tile": "The council lets you build: choose a tile, or pass",
    "warehouse": "Place the Warehouse in your borough",
    "staff": "Staff the new station with one of your citizens, or leave it unstaffed",
    "waive": "Architect: choose a material it waives for this building, or pass",
    "pick": "Move citizens: choose a citizen to move, or finish moving",
    "house": "Choose the home for a citizen from your City Hall",
    "kill": "Pollution: choose which of your citizens dies",
    "bury": "Pollution: choose the space for the Cemetery in your borough",
}


def prompt(tb: Tables, state: SmallCityState, seat: int) -> str:
    if state.phase == OVER:
        return "The game is over."
    if seat not in to_act(state):
        return "Wait: another player is deciding."
    own = state.seats[seat]
    step, sel = (own.bstep, own.bsel) if state.phase == BUILD else (state.step, state.sel)
    if step in FIXED:
        return FIXED[step]
    if step == "hall":
        return "Place your City Hall in your borough"
    if step == "place":
        name = tb.types[sel[0]].name
        return f"Choose where your {name} goes in your Constructible Zone, and which way it turns"
    if step == "build":
        cap = 1 if own.expanded else 3
        left = cap - own.built_now
        room = f"{left} build action{'s' if left != 1 else ''} left"
        return (f"Build ({room}): choose a tile to build, upgrade or demolish, grow your "
                "zone, or finish building")
    if step == "extend":
        tile = own.tiles[sel[2]]
        name = tb.types[tile.type].name if tile is not None else "tile"
        return f"Choose the space your upgraded {name} grows onto"
    if step == "spend":
        kind = next((MATERIALS[m] for m in range(3) if own.owe[m]), "material")
        return f"Pay one {kind}: choose the store it comes from"
    if step == "store":
        kind = MATERIALS[own.pending[0] % 3] if own.pending else "material"
        return f"Choose where the new {kind} is stored"
    if step == "to":
        b, cell = state.picked
        if b == seat:
            return f"Choose where your citizen from {label(cell)} goes"
        return f"Choose where your tourist from {label(cell)} in {seat_name(b)}'s borough goes"
    if step == "income":
        return "Income: convert materials, money or votes with your citizens, or finish"
    raise ValueError(f"no prompt for the step {step!r}")
