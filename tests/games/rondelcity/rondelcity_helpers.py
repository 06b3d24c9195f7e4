"""Shared set-ups for the Rondel City tests: find spaces, squares and tiles, and
put a game into the exact position a test needs."""

from __future__ import annotations

from borough.games.rondelcity.data import BUILDINGS
from borough.games.rondelcity.rules import RondelCity
from borough.games.rondelcity.state import ACTION, EMPTY, GO, ORDER, ROTATE, RonState

GAME = RondelCity()
CITY = GAME.city


def rondel_index(building: str) -> int:
    return GAME.market.rondel_buildings.index(BUILDINGS.index(building))


def square(label: str) -> int:
    return CITY.square_labels.index(label)


def street_on(label: str, colour: str) -> int:
    """The street of `colour` that square `label` touches."""
    for st in CITY.square_streets[square(label)]:
        if CITY.street_colours[st] == colour:
            return st
    raise AssertionError(f"square {label} has no {colour} street")


def space(number: int, street: int | None = None) -> int:
    """The space with `number` on `street`; with no street, a corner with that number
    if there is one, else a street space (the first, when the fold gives several)."""
    found = [
        i for i, n in enumerate(CITY.numbers)
        if n == number and (street is None or CITY.street_of[i] == street)
    ]
    if street is None and len(found) > 1:
        found = [i for i in found if CITY.colours[i] == "white"] or found
    if street is None:
        assert found, number
        return found[0]
    assert len(found) == 1, (number, street, found)
    return found[0]


# Corners to park pieces on: a piece on a corner touches no street and no square
# (RON-18, RON-19), so it takes no part in a placement. Citizens (first of each
# pair) sit low enough to gain a few VP without reaching 50; Bankers hold enough
# gold to buy.
PARKING_NUMBERS = (21, 41, 17, 37, 13, 33, 29, 45)


def far_spaces(count: int) -> list[int]:
    """Parking corners for `count` pieces (Citizen, Banker, Citizen, ...)."""
    assert count <= len(PARKING_NUMBERS), count
    return [space(n) for n in PARKING_NUMBERS[:count]]


def tile_of(building: str, text: str) -> int:
    for t in GAME.tiles:
        if BUILDINGS[t.building] == building and t.icon_text() == text:
            return t.id
    raise AssertionError((building, text))


def give(state: RonState, seat: int, tile: int) -> None:
    """Move `tile` from its line into the seat's hand (the state stays consistent)."""
    for line in state.lines:
        if tile in line:
            line.remove(tile)
    state.held[seat].append(tile)


def put(state: RonState, tile: int, label: str) -> None:
    for line in state.lines:
        if tile in line:
            line.remove(tile)
    state.board[square(label)] = tile


def fresh(players: int = 3, seed: int = 1, **options: str) -> RonState:
    return GAME.setup(players, seed, options)


def at_action(state: RonState, seat: int, building: str) -> RonState:
    """Make `seat` the active player, on the rondel space of `building`, about to act."""
    state.current = state.actor = seat
    state.rondel[seat] = rondel_index(building)
    state.step = ACTION
    return state


def at_rotate(state: RonState, seat: int, building: str) -> RonState:
    at_action(state, seat, building)
    state.step = ROTATE
    return state


def settle(state: RonState, prefer_citizen: bool = True) -> list:
    """Answer every ORDER and GO question with the first choice; return the events."""
    events = []
    while state.step in (ORDER, GO):
        seat = GAME.to_act(state)[0]
        acts = GAME.legal_actions(state, seat)
        if state.step == ORDER:
            act = ("first", "citizen" if prefer_citizen else "banker")
        else:
            act = acts[0]
        events += GAME.apply(state, seat, act)
    return events


def vp(state: RonState, seat: int) -> int:
    return GAME.vp(state, seat)


def gold(state: RonState, seat: int) -> int:
    return GAME.gold(state, seat)


def texts(events: list) -> list[str]:
    return [e.text for e in events]


EMPTY_SQUARE = EMPTY


def corner_of(label: str) -> int:
    """The corner where the two streets of square `label` meet."""
    a, b = CITY.square_streets[square(label)]
    for c in range(len(CITY.numbers)):
        if CITY.colours[c] != "white":
            continue
        near = {CITY.street_of[n] for n in CITY.up[c] + CITY.down[c]}
        if a in near and b in near:
            return c
    raise AssertionError(label)
