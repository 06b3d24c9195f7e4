"""Every decision step of Small City in one table: its legal answers, what an
answer does, and what the seat must do now (for refusals).

A step is one small decision of one seat (see RULES.md for the rule ids);
`rules.SmallCity.legal_actions` and `_apply` only look the step up here, so a
step's legality and effect are written once, side by side.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from borough.core.game import Action, Event
from borough.games.smallcity import build, citizens, council, pollution, stations, stores
from borough.games.smallcity.build import name
from borough.games.smallcity.data import MATERIALS
from borough.games.smallcity.geometry import edge_label
from borough.games.smallcity.state import SmallCityState
from borough.games.smallcity.terms import SIDES

if TYPE_CHECKING:
    from borough.games.smallcity.rules import SmallCity

Choices = Callable[["SmallCity", SmallCityState, int], list[Action]]
Act = Callable[["SmallCity", SmallCityState, int, Action, list[Event]], None]


@dataclass(frozen=True)
class Step:
    choices: Choices  # the legal answers of the seat now
    act: Act  # apply one legal answer
    need: str  # what the seat must do now, in words


# ----------------------------------------------------------------- setup
def _side(g: SmallCity, st: SmallCityState, s: int, a: Action, ev: list[Event]) -> None:
    g.choose_side(st, s, SIDES[a[1]], ev)  # SC-46


def _hall(g: SmallCity, st: SmallCityState, s: int, a: Action, ev: list[Event]) -> None:
    t = g.types[g.tables.city_hall]  # SC-44
    build.place_tile(g.tables, st, s, t, 0, a[1], a[2], ev, private=False)
    g.next_setup(st, ev)


def _placements(g: SmallCity, st: SmallCityState, s: int) -> list[Action]:
    return build.placements(g.tables, st, s, g.types[st.sel[0]], st.sel[1], actions=True)


# -------------------------------------------------------------- phase 1
def _mayor(g: SmallCity, st: SmallCityState, s: int, a: Action, ev: list[Event]) -> None:
    st.mayor = a[1]  # SC-6
    ev.append(Event(f"The mayor parades on {edge_label(st.mayor)} in "
                    f"{name(st.host)}'s borough.", "mayor", s))
    g.start_cards(st, ev)


def _supporter(g: SmallCity, st: SmallCityState, s: int, a: Action, ev: list[Event]) -> None:
    seat = st.seats[s]  # SC-13
    if a[1] == 0:
        seat.money += 1
        ev.append(Event(f"{name(s)} takes $1 as Supporter.", "card", s))
    else:
        seat.votes += 2
        ev.append(Event(f"{name(s)} takes 2 votes as Supporter.", "card", s))
    g.next_pick(st, ev)


def _planner(g: SmallCity, st: SmallCityState, s: int, a: Action, ev: list[Event]) -> None:
    if a[0] == "expand":  # SC-14
        g.expand(st, s, ev, private=False)
    g.next_pick(st, ev)


def _benefits(g: SmallCity, st: SmallCityState, s: int) -> list[Action]:
    return [("take", i) for i in range(len(g.benefit_list(st)))]


def _council_choices(g: SmallCity, st: SmallCityState, s: int) -> list[Action]:
    return council.choices(g.tables, st, s, councilor=st.step == "councilor")


def _tile(g: SmallCity, st: SmallCityState, s: int, a: Action, ev: list[Event]) -> None:
    if a[0] == "pass":  # SC-83: the council's free tile is optional
        g.after_council(st, ev)
    else:
        st.sel = [a[1], a[2], -1, -1]
        st.step = "place"


# -------------------------------------------------------------- phase 2
def _warehouse_spots(g: SmallCity, st: SmallCityState, s: int) -> list[Action]:
    tile = st.seats[s].tiles[st.sel[2]]
    assert tile is not None
    mask, inf = build.survey(g.tables, st, s)
    return [("place", o, a) for o, a in build.warehouse_spots(g.tables, tile.cells, mask, inf)]


def _warehouse(g: SmallCity, st: SmallCityState, s: int, a: Action, ev: list[Event]) -> None:
    t = g.types[g.tables.warehouse]  # SC-34
    build.place_tile(g.tables, st, s, t, 0, a[1], a[2], ev, g.sealed(st))
    g.after_tile(st, s, ev)


def _staff(g: SmallCity, st: SmallCityState, s: int, a: Action, ev: list[Event]) -> None:
    if a[0] == "staff":  # SC-50
        stations.staff(g.tables, st, s, st.sel[2], a[1], ev, g.sealed(st))
    g.after_build_unit(st, s, ev)


def _extend(g: SmallCity, st: SmallCityState, s: int, a: Action, ev: list[Event]) -> None:
    build.upgrade(g.tables, st, s, st.sel[2], a[1], a[2], ev, g.sealed(st))  # SC-40
    st.step = "build"


def _spend(g: SmallCity, st: SmallCityState, s: int, a: Action, ev: list[Event]) -> None:
    stores.spend(st, s, a[1], a[2])  # SC-38
    # Paid behind the screen while the Build phase is sealed (SC-25).
    build.announce(st, s, f"{name(s)} pays a {MATERIALS[a[1]]} {stores.source(a[2])}.", ev,
                   g.sealed(st))
    g.continue_payment(st, s, ev)


def _store(g: SmallCity, st: SmallCityState, s: int, a: Action, ev: list[Event]) -> None:
    stores.store(g.tables, st, s, a[1], a[2], a[3], ev)  # SC-65, SC-82
    g.continue_storing(st, s, ev)


# -------------------------------------------------------------- phase 3
def _pick(g: SmallCity, st: SmallCityState, s: int, a: Action, ev: list[Event]) -> None:
    if a[0] == "done":
        g.end_move_turn(st, s, ev)
    else:
        st.picked = [a[1], a[2]]
        st.step = "to"


def _destinations(g: SmallCity, st: SmallCityState, s: int) -> list[Action]:
    b, c = st.picked
    return citizens.destinations(g.tables, st, s, b, c) or [("home",)]  # SC-56


def _to(g: SmallCity, st: SmallCityState, s: int, a: Action, ev: list[Event]) -> None:
    if a[0] == "home":
        citizens.move_home(g.tables, st, s, ev)
    else:
        citizens.move_to(g.tables, st, s, a[1], a[2], ev)
    st.picked = [-1, -1]
    g.begin_pick(st, s, ev)


def _house(g: SmallCity, st: SmallCityState, s: int, a: Action, ev: list[Event]) -> None:
    citizens.house(st, s, a[1])  # SC-61
    g.continue_housing(st, s, ev)


# ----------------------------------------------------------- phases 4-6
def _income(g: SmallCity, st: SmallCityState, s: int, a: Action, ev: list[Event]) -> None:
    if a[0] == "done":
        g.finish_income(st, s, ev)
    else:
        citizens.convert(g.tables, st, s, a, ev)  # SC-64
        g.continue_payment(st, s, ev)


def _bury(g: SmallCity, st: SmallCityState, s: int, a: Action, ev: list[Event]) -> None:
    pollution.bury(st, s, a[1], ev)  # SC-74
    g.next_kill(st, ev)


def _council_move(g: SmallCity, st: SmallCityState, s: int, a: Action,
                  ev: list[Event]) -> None:
    g.council_move(st, s, a, ev)


STEPS: dict[str, Step] = {
    "side": Step(lambda g, st, s: [("side", i) for i in range(len(SIDES))], _side,
                 "choose the side of your borough board"),
    "hall": Step(_placements, _hall, "place your City Hall"),
    "promise": Step(lambda g, st, s: [("promise", i) for i in range(len(st.seats[s].offered))],
                    lambda g, st, s, a, ev: g.keep_promise(st, s, a[1], ev),
                    "keep one of your Promises"),
    "mayor": Step(lambda g, st, s: [("mayor", e) for e in g.streets(st)], _mayor,
                  "put the mayor on a street"),
    "card": Step(lambda g, st, s: [("card", p) for p in g.card_choices(st, s)],
                 lambda g, st, s, a, ev: g.pick_card(st, s, a[1], ev),
                 "take a Special Action card"),
    "supporter": Step(_benefits, _supporter, "take $1 or 2 votes"),
    "planner": Step(lambda g, st, s: [("expand",), ("pass",)], _planner,
                    "grow your zone or pass"),
    "councilor": Step(_council_choices, _council_move, "move a City Council disc or pass"),
    "council": Step(_council_choices, _council_move, "move a City Council disc or pass"),
    "keep": Step(lambda g, st, s: [("keep", i) for i in range(len(st.draw))],
                 lambda g, st, s, a, ev: g.keep_special(st, s, a[1], ev),
                 "keep a Special Promise"),
    "benefit": Step(_benefits, lambda g, st, s, a, ev: g.take_benefit(st, s, a[1], ev),
                    "choose the council benefit"),
    "tile": Step(lambda g, st, s: [*build.tile_choices(g.tables, st, s), ("pass",)], _tile,
                 "choose a tile or pass"),
    "build": Step(lambda g, st, s: g.build_choices(st, s),
                  lambda g, st, s, a, ev: g.build_step(st, s, a, ev),
                  "build, upgrade, demolish, grow the zone or finish"),
    "place": Step(_placements, lambda g, st, s, a, ev: g.place(st, s, a, ev),
                  "place the chosen tile"),
    "warehouse": Step(_warehouse_spots, _warehouse, "place the Warehouse"),
    "staff": Step(lambda g, st, s: stations.staff_choices(st, s), _staff,
                  "staff the station or skip"),
    "extend": Step(lambda g, st, s: build.upgrade_extensions(g.tables, st, s, st.sel[2]), _extend,
                   "choose where the tile grows"),
    "waive": Step(lambda g, st, s: g.waive_choices(st, s),
                  lambda g, st, s, a, ev: g.waive(st, s, a[1] if a[0] == "waive" else -1, ev),
                  "say which material the Architect waives, or pass"),
    "spend": Step(lambda g, st, s: stores.spend_choices(st, s), _spend,
                  "say which store pays the material"),
    "store": Step(lambda g, st, s: stores.store_choices(g.tables, st, s), _store,
                  "say where a material goes"),
    "pick": Step(lambda g, st, s: citizens.pick_choices(g.tables, st, s), _pick,
                 "choose a citizen to move or finish"),
    "to": Step(_destinations, _to, "choose where it goes"),
    "house": Step(lambda g, st, s: [("house", c) for c in citizens.empty_homes(g.tables, st, s)],
                  _house, "house a citizen"),
    "income": Step(lambda g, st, s: citizens.income_choices(g.tables, st, s), _income,
                   "convert or finish"),
    "kill": Step(lambda g, st, s: pollution.victims(g.tables, st, s),
                 lambda g, st, s, a, ev: g.do_kill(st, s, a[1], ev), "choose who dies"),
    "bury": Step(lambda g, st, s: [("bury", c) for c in pollution.cemetery_spots(g.tables, st, s)],
                 _bury, "place the Cemetery"),
}
