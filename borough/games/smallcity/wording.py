"""Small City actions and refusals in words a player would use.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from borough.core.game import Action
from borough.core.refusals import Refusal
from borough.games.smallcity import citizens, council, effects, stacks, stores
from borough.games.smallcity.build import name
from borough.games.smallcity.data import MATERIALS, normalise
from borough.games.smallcity.geometry import edge_label, label
from borough.games.smallcity.phases import actions
from borough.games.smallcity.refusals import STEP_RULES, WORDS
from borough.games.smallcity.state import (
    BUILD,
    SmallCityState,
)
from borough.games.smallcity.steps import STEPS
from borough.games.smallcity.tables import Tables
from borough.games.smallcity.terms import (
    CARDS,
    PAY_NAMES,
    SIDES,
)
from borough.games.smallcity.turns import behind_screen

if TYPE_CHECKING:
    from borough.games.smallcity.data import Shape, TileType

_DECKS = ("easy", "medium", "difficult")
# what the new space of an upgraded tile does, by its mark (data.py's letters)
_MARKS = {
    "commercial": ("earns $1", "sells a material", "buys votes", "trades a material for votes"),
    "factory": ("makes wood", "makes stone", "makes metal"),
}
_FINISH = {
    "build": "Finish building", "pick": "Finish moving citizens",
    "income": "Finish collecting income",
}
_TURNS = ("as printed", "turned a quarter clockwise", "turned half round",
          "turned three quarters clockwise")


def _step(state: SmallCityState) -> str:
    """The step being answered (behind the screens only `describe_move` knows whose)."""
    return "build" if state.phase == BUILD else state.step


@functools.lru_cache(maxsize=4096)
def turn_words(orientations: tuple[Shape, ...] | None, o: int) -> str:
    """Orientation `o` of a face as a person turns the printed tile, by the fewest
    quarter turns (clockwise on the board) that give its shape, unflipped first.
    `data.orientations` starts from the printed shape turned a quarter.

    Kept per face and orientation: every placement a Build step lists is worded,
    and the answer depends on the shapes alone."""
    if not orientations or not 0 <= o < len(orientations):
        return f"in its orientation {o + 1}"
    printed = orientations[0]
    for _ in range(3):
        printed = normalise([(c, -r, m) for r, c, m in printed])
    for flip in (False, True):
        base = [(r, -c, m) for r, c, m in printed] if flip else list(printed)
        for k in range(4):
            if normalise(base) == orientations[o]:
                if not flip:
                    return _TURNS[k]
                return "flipped over" if k == 0 else f"flipped over and {_TURNS[k]}"
            base = [(c, -r, m) for r, c, m in base]
    return f"in its orientation {o + 1}"


def _placed(tb: Tables, state: SmallCityState | None) -> tuple[TileType, int] | None:
    """The tile type and face being placed at the state's step (behind the Build
    phase's screens the shared step is "build": only `describe_move` knows whose)."""
    if state is None:
        return None
    return _placed_at(tb, state.step, state.sel)


def _placed_at(tb: Tables, step: str, sel: list[int]) -> tuple[TileType, int] | None:
    """`_placed` at step `step` with the decision `sel` in progress."""
    if step == "hall":
        return tb.types[tb.city_hall], 0
    if step == "warehouse":
        return tb.types[tb.warehouse], 0
    if step == "place" and 0 <= sel[0] < len(tb.types):
        return tb.types[sel[0]], sel[1]
    return None


def _extended(tb: Tables, state: SmallCityState | None, seat: int) -> TileType | None:
    """The type of the tile `seat` is upgrading at the state's step."""
    if state is None or state.step != "extend" or state.sel[2] < 0:
        return None
    tile = state.seats[seat].tiles[state.sel[2]]
    return tb.types[tile.type] if tile is not None else None


def describe(tb: Tables, action: Action, state: Any = None) -> str:
    kind = action[0]
    if kind == "place":
        return _placing_words(tb, action, state)
    if kind == "side":
        side = SIDES[action[1]]
        start = tb.content.zones[side][0]
        return f"Play on the {side} side of your borough board ({start}x{start} to start)"
    if kind == "promise":
        return _promise_words(tb, action[1], state)
    if kind == "mayor":
        return f"Put the mayor on the street {edge_label(action[1])}"
    if kind == "card":
        if state is not None:
            cost = actions.card_cost(tb, state, action[1])
            price = "for free" if cost <= 0 else f"for ${cost}"
            return f"Take the {CARDS[state.circle[action[1]]]} card {price}"
        return "Take a Special Action card"
    if kind == "take":
        return _benefit_words(tb, action[1], state)
    if kind == "expand":
        return "Grow the Constructible Zone by one step"
    if kind == "pass":
        return "Pass"
    if kind == "done":
        return _FINISH.get(_step(state), "Finish") if state is not None else "Finish"
    if kind == "skip":
        return "Leave the station unstaffed"
    if kind == "home":
        return "Send the citizen home: it has nowhere to go"
    if kind == "advance":
        return _council_words(tb, action, state)
    if kind == "enter":
        price = _council_price(tb, state, 0, action[3])
        return (f"Put a council disc on column 1 of the {council.ROWS[action[2]]} row, "
                f"paying {price}")
    if kind == "keep":
        if state is not None and isinstance(state.draw, list) and action[1] < len(state.draw):
            text = tb.content.specials[state.draw[action[1]] - 1].text
            return f"Keep the Special Promise: {text}"
        return "Keep a Special Promise"
    if kind == "tile":
        t = tb.types[action[1]]
        return f"Build a {t.name} (face {'AB'[action[2]]})"
    if kind == "upgrade":
        return f"Upgrade the tile on {label(action[1])}"
    if kind == "extend":
        return f"Grow the tile onto {label(action[1])}{_mark_words(tb, action[2], state)}"
    if kind == "demolish":
        return f"Demolish the tile on {label(action[1])}"
    if kind == "staff":
        return f"Staff the new station with the citizen from {label(action[1])}"
    if kind == "pick":
        which = f"Move the citizen on {label(action[2])} in {name(action[1])}'s borough"
        if state is None or state.step != "pick":
            return which
        # SC-53: residents and staff may stay; everyone else must move
        if citizens.must_move(tb, state, state.current, action[1], action[2]):
            return f"{which} (it must move this round)"
        return f"{which} (it may also stay)"
    if kind == "to":
        where = f"Move it to {label(action[2])} in {name(action[1])}'s borough"
        if state is None or state.step != "to" or state.picked[0] < 0:
            return where
        arrival = effects.arrival(tb, state, state.current, action[1], action[2])
        return f"{where}: {arrival}"
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
        return (f"Store a {MATERIALS[action[1]]} from {name(action[2])}'s borough "
                f"{stores.where(action[3])}")
    raise ValueError(f"no words for the move {action!r}")


def _placing_words(tb: Tables, action: Action, state: SmallCityState | None) -> str:
    """"Factory turned a quarter clockwise, its top-left corner on A1"."""
    return _place_words(action, _placed(tb, state))


def _place_words(action: Action, tile: tuple[TileType, int] | None) -> str:
    """`_placing_words` of `tile`, the type and face being placed."""
    where = f"its top-left corner on {label(action[2])}"
    if tile is None:
        return f"Place the tile {turn_words(None, action[1])}, {where}"
    t, face = tile
    return f"{t.name} {turn_words(t.faces[face], action[1])}, {where}"


def _promise_words(tb: Tables, i: int, state: SmallCityState | None) -> str:
    """The Promise by its deck: each seat draws one card of each deck in deck order
    (SC-4), so the words are the same for every seat and tell no card."""
    return f"Keep the {_DECKS[i]} Promise" if i < len(_DECKS) else "Keep a Promise"


def _benefit_words(tb: Tables, i: int, state: SmallCityState | None) -> str:
    if state is None:
        return "Take a benefit"
    options = actions.benefit_list(tb, state)
    if state.step == "supporter":
        return "Take $1" if options[i] == "money" else "Take 2 votes"
    row, col = state.council[1], state.council[2]
    if row == 0:  # Industry: a bundle of materials
        bundle = options[i]
        what = ", ".join(f"{n} {MATERIALS[m]}" for m, n in enumerate(bundle) if n)
        return f"Take {what or 'nothing'} from the Department of Industry"
    amount = council.board(tb, state)["economy"][col - 1]
    what = f"${amount}" if options[i] == "money" else f"{amount} votes"
    return f"Take {what} from the Department of Economy"


def _council_price(tb: Tables, state: SmallCityState | None, col: int, pay: str) -> str:
    if state is None or pay == "promise":
        return PAY_NAMES[pay]
    price = council.board(tb, state)["price"][col]
    return f"${price}" if pay == "money" else f"{price} vote{'s' if price != 1 else ''}"


def _council_words(tb: Tables, action: Action, state: SmallCityState | None) -> str:
    if state is None:
        return f"Move a council disc one column on, paying {PAY_NAMES[action[2]]}"
    seat = state.seats[state.current]
    row, col = seat.disc_row[action[1]], seat.disc_col[action[1]]
    price = _council_price(tb, state, col, action[2])
    return (f"Move your {council.ROWS[row]} disc to column {col + 1}, paying {price}")


def _mark_words(tb: Tables, mark: int, state: SmallCityState | None, seat: int = -1) -> str:
    tile = _extended(tb, state, state.current if seat < 0 and state is not None else seat)
    if tile is None:
        return ""
    words = _MARKS.get(tile.family)
    return f", a space that {words[mark]}" if words and mark < len(words) else ""


# The moves whose words read the step or the decision in progress: behind the Build
# phase's screens they are worded at the seat's own (every other move's words are
# the same at either).
_AT_STEP = frozenset(("place", "extend", "take", "pick", "to"))


def describe_move(tb: Tables, state: SmallCityState, seat: int, action: Action) -> str:
    """Behind the Build phase's screens a move is worded at the seat's own step."""
    if state.phase == BUILD:
        kind = action[0]
        if kind not in _AT_STEP:
            return describe(tb, action, state)
        if kind == "place":  # every placement a Build step lists: its words read no more
            own = state.seats[seat]
            return _place_words(action, _placed_at(tb, own.bstep, own.bsel))
        def own_words() -> str:
            if kind == "extend":
                return (f"Grow the tile onto {label(action[1])}"
                        f"{_mark_words(tb, action[2], state, seat)}")
            return describe(tb, action, state)
        return behind_screen(state, seat, own_words)
    return describe(tb, action, state)


def step_rule(state: SmallCityState, seat: int) -> tuple[str, str]:
    # In the sealed Build phase each seat is at its own step.
    step = state.seats[seat].bstep if state.phase == BUILD else state.step
    rule = STEP_RULES.get(step, "SC-27")
    return rule, WORDS.words[rule]


def why_illegal(tb: Tables, state: SmallCityState, seat: int, action: Action) -> Refusal:
    refuse = WORDS.refuse
    st = state
    step = st.seats[seat].bstep if st.phase == BUILD else st.step
    if action[0] == "card" and step == "card" and 0 <= action[1] < 8:
        if st.taken[action[1]] != -1:
            return refuse("SC-9", "That Special Action card is already taken.")
        cost = actions.card_cost(tb, st, action[1])
        return refuse("SC-9", f"That card costs ${cost}, more than you have.")
    if action[0] == "tile" and step in ("build", "tile") and action[1] < len(tb.types):
        t = tb.types[action[1]]
        if not stacks.personal(st, t) and stacks.stack(st, seat, t) <= 0:
            ahead = stacks.holder(st, seat, t)
            if ahead >= 0:  # SC-45
                return refuse("SC-45", f"The last {t.name} tiles are held for "
                              f"{name(ahead)}, ahead in turn order and still building; "
                              "build something else or wait.")
            return refuse("SC-27", f"The stack of {t.name} is empty.")
    if action[0] == "place" and step in ("place", "hall", "warehouse"):
        return refuse("SC-42", f"The tile cannot go with its corner on {label(action[2])}: "
                      "it must fit on empty spaces of your Constructible Zone and meet "
                      "its criteria.")
    if action[0] == "spend" and step == "spend":
        kind, owed = MATERIALS[action[1]], st.seats[seat].owe
        if not owed[action[1]]:
            return refuse("SC-38", f"This building needs no {kind} now.")
        if action[1] != next(m for m in range(3) if owed[m]):
            return refuse("SC-38", "Pay the materials in order: wood, then stone, then "
                          "metal.")
        if all(store != action[2] for store, _ in stores.holders(st.seats[seat], action[1])):
            return refuse("SC-38", f"There is no {kind} {stores.where(action[2])} to pay "
                          "with.")
    if action[0] == "store" and step == "store":
        return refuse("SC-65", f"{describe(tb, action)} is not possible: the store has no "
                      "free space for it, or that material is not the one waiting.")
    need = STEPS[step].need if step in STEPS else "wait"
    return refuse(step_rule(st, seat)[0],
                  f"Now you must {need}: {describe(tb, action)} is not possible.")
