"""Every decision step of Small City in one table: its legal answers, what an
answer does, and what the seat must do now (for refusals).

A step is one small decision of one seat (see RULES.md for the rule ids);
`rules.SmallCity.legal_actions` and `_apply` only look the step up here, so a
step's legality and effect are written once, side by side.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from borough.core.game import Action, Event
from borough.games.smallcity import build, citizens, council, pollution, stations, stores
from borough.games.smallcity.build import name
from borough.games.smallcity.data import MATERIALS
from borough.games.smallcity.geometry import edge_label
from borough.games.smallcity.phases import (
    actions,
    construction,
    income,
    influence,
    moving,
    setup,
    visit,
)
from borough.games.smallcity.state import (
    ACTIONS,
    BUILD,
    COUNCIL,
    INCOME,
    MOVE,
    VISIT,
    SmallCityState,
)
from borough.games.smallcity.tables import Tables
from borough.games.smallcity.terms import SIDES
from borough.games.smallcity.turns import DUE

Choices = Callable[[Tables, SmallCityState, int], list[Action]]
Act = Callable[[Tables, SmallCityState, int, Action, list[Event]], None]


@dataclass(frozen=True)
class Step:
    choices: Choices  # the legal answers of the seat now
    act: Act  # apply one legal answer
    need: str  # what the seat must do now, in words


# ----------------------------------------------------------------- setup
def _side(tb: Tables, st: SmallCityState, s: int, a: Action, ev: list[Event]) -> None:
    setup.choose_side(tb, st, s, SIDES[a[1]], ev)  # SC-46


def _hall(tb: Tables, st: SmallCityState, s: int, a: Action, ev: list[Event]) -> None:
    t = tb.types[tb.city_hall]  # SC-44
    build.place_tile(tb, st, s, t, 0, a[1], a[2], ev, private=False)
    setup.next_setup(tb, st, ev)


def _placements(tb: Tables, st: SmallCityState, s: int) -> list[Action]:
    return build.placements(tb, st, s, tb.types[st.sel[0]], st.sel[1], actions=True)


# -------------------------------------------------------------- phase 1
def _mayor(tb: Tables, st: SmallCityState, s: int, a: Action, ev: list[Event]) -> None:
    st.mayor = a[1]  # SC-6
    ev.append(Event(f"The mayor parades on {edge_label(st.mayor)} in "
                    f"{name(st.host)}'s borough.", "mayor", s))
    actions.start_cards(tb, st, ev)


def _supporter(tb: Tables, st: SmallCityState, s: int, a: Action, ev: list[Event]) -> None:
    seat = st.seats[s]  # SC-13
    if a[1] == 0:
        seat.money += 1
        ev.append(Event(f"{name(s)} takes $1 as Supporter.", "card", s))
    else:
        seat.votes += 2
        ev.append(Event(f"{name(s)} takes 2 votes as Supporter.", "card", s))
    actions.next_pick(tb, st, ev)


def _planner(tb: Tables, st: SmallCityState, s: int, a: Action, ev: list[Event]) -> None:
    if a[0] == "expand":  # SC-14
        build.expand(tb, st, s, ev, private=False)
    actions.next_pick(tb, st, ev)


def _benefits(tb: Tables, st: SmallCityState, s: int) -> list[Action]:
    return [("take", i) for i in range(len(actions.benefit_list(tb, st)))]


def _council_choices(tb: Tables, st: SmallCityState, s: int) -> list[Action]:
    return council.choices(tb, st, s, councilor=st.step == "councilor")


def _tile(tb: Tables, st: SmallCityState, s: int, a: Action, ev: list[Event]) -> None:
    if a[0] == "pass":  # SC-83: the council's free tile is optional
        influence.after_council(tb, st, ev)
    else:
        st.sel = [a[1], a[2], -1, -1]
        st.step = "place"


# -------------------------------------------------------------- phase 2
def _warehouse_spots(tb: Tables, st: SmallCityState, s: int) -> list[Action]:
    tile = st.seats[s].tiles[st.sel[2]]
    assert tile is not None
    mask, inf = build.survey(tb, st, s)
    return [("place", o, a) for o, a in build.warehouse_spots(tb, tile.cells, mask, inf)]


def _warehouse(tb: Tables, st: SmallCityState, s: int, a: Action, ev: list[Event]) -> None:
    t = tb.types[tb.warehouse]  # SC-34
    build.place_tile(tb, st, s, t, 0, a[1], a[2], ev, construction.sealed(st))
    construction.after_tile(tb, st, s, ev)


def _staff(tb: Tables, st: SmallCityState, s: int, a: Action, ev: list[Event]) -> None:
    if a[0] == "staff":  # SC-50
        stations.staff(tb, st, s, st.sel[2], a[1], ev, construction.sealed(st))
    construction.after_build_unit(tb, st, s, ev)


def _extend(tb: Tables, st: SmallCityState, s: int, a: Action, ev: list[Event]) -> None:
    build.upgrade(tb, st, s, st.sel[2], a[1], a[2], ev, construction.sealed(st))  # SC-40
    st.step = "build"


def _waive(tb: Tables, st: SmallCityState, s: int, a: Action, ev: list[Event]) -> None:
    construction.waive(tb, st, s, a[1] if a[0] == "waive" else -1, ev)  # SC-10


def _spend(tb: Tables, st: SmallCityState, s: int, a: Action, ev: list[Event]) -> None:
    stores.spend(st, s, a[1], a[2])  # SC-38
    # Paid behind the screen while the Build phase is sealed (SC-25).
    build.announce(st, s, f"{name(s)} pays a {MATERIALS[a[1]]} {stores.source(a[2])}.", ev,
                   construction.sealed(st))
    construction.continue_payment(tb, st, s, ev)


def _go_on_storing(tb: Tables, st: SmallCityState, s: int, ev: list[Event]) -> None:
    if st.phase == INCOME:  # SC-65
        income.store_then_go_on(tb, st, s, ev)
    else:  # SC-82, in Phase 7 or for the City Councilor
        influence.store_then_go_on(tb, st, s, ev)


def _store(tb: Tables, st: SmallCityState, s: int, a: Action, ev: list[Event]) -> None:
    stores.store(tb, st, s, a[1], a[2], a[3], ev)  # SC-65, SC-82
    _go_on_storing(tb, st, s, ev)


# -------------------------------------------------------------- phase 3
def _pick(tb: Tables, st: SmallCityState, s: int, a: Action, ev: list[Event]) -> None:
    if a[0] == "done":
        moving.end_move_turn(tb, st, s, ev)
    else:
        st.picked = [a[1], a[2]]
        st.step = "to"


def _destinations(tb: Tables, st: SmallCityState, s: int) -> list[Action]:
    b, c = st.picked
    return citizens.destinations(tb, st, s, b, c) or [("home",)]  # SC-56


def _to(tb: Tables, st: SmallCityState, s: int, a: Action, ev: list[Event]) -> None:
    if a[0] == "home":
        citizens.move_home(tb, st, s, ev)
    else:
        citizens.move_to(tb, st, s, a[1], a[2], ev)
    st.picked = [-1, -1]
    moving.begin_pick(tb, st, s, ev)


def _house(tb: Tables, st: SmallCityState, s: int, a: Action, ev: list[Event]) -> None:
    citizens.house(st, s, a[1])  # SC-61
    moving.continue_housing(tb, st, s, ev)


# ----------------------------------------------------------- phases 4-6
def _income(tb: Tables, st: SmallCityState, s: int, a: Action, ev: list[Event]) -> None:
    if a[0] == "done":
        income.finish_income(tb, st, s, ev)
    else:
        citizens.convert(tb, st, s, a, ev)  # SC-64
        construction.continue_payment(tb, st, s, ev)


def _bury(tb: Tables, st: SmallCityState, s: int, a: Action, ev: list[Event]) -> None:
    pollution.bury(st, s, a[1], ev)  # SC-74
    income.next_kill(tb, st, ev)


def _council_move(tb: Tables, st: SmallCityState, s: int, a: Action,
                  ev: list[Event]) -> None:
    influence.council_move(tb, st, s, a, ev)


STEPS: dict[str, Step] = {
    "side": Step(lambda tb, st, s: [("side", i) for i in range(len(SIDES))], _side,
                 "choose the side of your borough board"),
    "hall": Step(_placements, _hall, "place your City Hall"),
    "promise": Step(lambda tb, st, s: [("promise", i) for i in range(len(st.seats[s].offered))],
                    lambda tb, st, s, a, ev: setup.keep_promise(tb, st, s, a[1], ev),
                    "keep one of your Promises"),
    "mayor": Step(lambda tb, st, s: [("mayor", e) for e in actions.streets(tb, st)], _mayor,
                  "put the mayor on a street"),
    "card": Step(lambda tb, st, s: [("card", p) for p in actions.card_choices(tb, st, s)],
                 lambda tb, st, s, a, ev: actions.pick_card(tb, st, s, a[1], ev),
                 "take a Special Action card"),
    "supporter": Step(_benefits, _supporter, "take $1 or 2 votes"),
    "planner": Step(lambda tb, st, s: [("expand",), ("pass",)], _planner,
                    "grow your zone or pass"),
    "councilor": Step(_council_choices, _council_move, "move a City Council disc or pass"),
    "council": Step(_council_choices, _council_move, "move a City Council disc or pass"),
    "keep": Step(lambda tb, st, s: [("keep", i) for i in range(len(st.draw))],
                 lambda tb, st, s, a, ev: influence.keep_special(tb, st, s, a[1], ev),
                 "keep a Special Promise"),
    "benefit": Step(_benefits, lambda tb, st, s, a, ev: influence.take_benefit(tb, st, s, a[1], ev),
                    "choose the council benefit"),
    "tile": Step(lambda tb, st, s: [*build.tile_choices(tb, st, s), ("pass",)], _tile,
                 "choose a tile or pass"),
    "build": Step(construction.build_choices,
                  construction.build_step,
                  "build, upgrade, demolish, grow the zone or finish"),
    "place": Step(_placements, construction.place,
                  "place the chosen tile"),
    "warehouse": Step(_warehouse_spots, _warehouse, "place the Warehouse"),
    "staff": Step(lambda tb, st, s: stations.staff_choices(st, s), _staff,
                  "staff the station or skip"),
    "extend": Step(lambda tb, st, s: build.upgrade_extensions(tb, st, s, st.sel[2]), _extend,
                   "choose where the tile grows"),
    "waive": Step(construction.waive_choices,
                  _waive,
                  "say which material the Architect waives, or pass"),
    "spend": Step(lambda tb, st, s: stores.spend_choices(st, s), _spend,
                  "say which store pays the material"),
    "store": Step(stores.store_choices, _store,
                  "say where a material goes"),
    "pick": Step(citizens.pick_choices, _pick,
                 "choose a citizen to move or finish"),
    "to": Step(_destinations, _to, "choose where it goes"),
    "house": Step(lambda tb, st, s: [("house", c) for c in citizens.empty_homes(tb, st, s)],
                  _house, "house a citizen"),
    "income": Step(citizens.income_choices, _income,
                   "convert or finish"),
    "kill": Step(pollution.victims,
                 lambda tb, st, s, a, ev: income.do_kill(tb, st, s, a[1], ev), "choose who dies"),
    "bury": Step(lambda tb, st, s: [("bury", c) for c in pollution.cemetery_spots(tb, st, s)],
                 _bury, "place the Cemetery"),
}

BEGIN: dict[str, Callable[[Tables, SmallCityState, list[Event]], None]] = {
    ACTIONS: actions.start_round,
    BUILD: construction.start_build,
    MOVE: moving.start_move,
    INCOME: income.start_income,
    COUNCIL: influence.start_council,
    VISIT: visit.visit,
}
"""How each phase begins when the one before it has left it due (`turns.leave_due`)."""


def go_on(tb: Tables, st: SmallCityState, ev: list[Event]) -> None:
    """Begin the phases left due by a move, one after another, until a seat must decide
    (or the game is over)."""
    while st.step == DUE:
        BEGIN[st.phase](tb, st, ev)
