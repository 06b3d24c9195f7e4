"""Phase 5 (Vote) and Phase 6 (Measure Pollution): votes, pollution, deaths.

Rule ids refer to RULES.md.
"""

from __future__ import annotations

from borough.core.game import Action, Event
from borough.games.smallcity.build import filled, name, send_home
from borough.games.smallcity.data import CELLS
from borough.games.smallcity.geometry import NB4_BITS, ZONE_BITS, iter_bits, label
from borough.games.smallcity.state import NOBODY, SmallCityState
from borough.games.smallcity.stations import active
from borough.games.smallcity.tables import Tables
from borough.games.smallcity.terms import ENGINEER

DEADLY = 10  # SC-70: deaths start when anyone reaches 10%
FATAL = 100  # SC-69


def votes_of(tb: Tables, st: SmallCityState, s: int) -> int:
    """SC-66 and SC-67: triangular residential sums, plus 3 for a staffed University."""
    seat = st.seats[s]
    total = 0
    for tile in seat.tiles:
        if tile is None or tb.types[tile.type].family != "residential":
            continue
        n = sum(1 for c in tile.cells if seat.occ[c] == s)
        total += n * (n + 1) // 2
    if active(tb, seat, s, "university") >= 0:
        total += 3
    return total


def vote(tb: Tables, st: SmallCityState, events: list[Event]) -> None:
    for s in st.order:
        gain = votes_of(tb, st, s)
        st.seats[s].votes += gain
        if gain:
            events.append(Event(f"{name(s)} gains {gain} votes.", "vote", s))


def generated(tb: Tables, st: SmallCityState, b: int) -> int:
    """SC-68: citizens on the board, materials produced, minus park spaces, at least 0."""
    seat = st.seats[b]
    people = CELLS - seat.occ.count(NOBODY)
    made = 0 if seat.card == ENGINEER else seat.produced
    parks = sum(
        len(t.cells) for t in seat.tiles
        if t is not None and tb.types[t.type].family == "park"
    )
    return max(0, people + made - parks)


def measure(tb: Tables, st: SmallCityState, events: list[Event]) -> None:
    for b in st.order:
        seat = st.seats[b]
        gen = generated(tb, st, b)
        seat.generated = gen
        seat.pollution += gen
        events.append(Event(f"{name(b)}'s borough generates {gen} pollution "
                            f"(now {seat.pollution}%).", "pollution", b))
    for b in list(st.order):
        if st.seats[b].pollution >= FATAL:
            eliminate(tb, st, b, events)


def eliminate(tb: Tables, st: SmallCityState, b: int, events: list[Event]) -> None:
    """SC-69: at 100% the seat loses at once; its people die, its tourists defect."""
    seat = st.seats[b]
    if seat.eliminated:
        return
    seat.eliminated = True
    events.append(Event(f"{name(b)}'s pollution reaches {seat.pollution}%: "
                        f"{name(b)} loses the game.", "eliminated", b))
    for c in range(CELLS):
        o = seat.occ[c]
        if o == b:
            seat.occ[c] = NOBODY
        elif o != NOBODY:
            seat.occ[c] = NOBODY
            send_home(tb, st.seats[o])  # visitors flee home
    for o in range(st.players):
        if o == b:
            continue
        other = st.seats[o]
        for c in range(CELLS):
            if other.occ[c] == b:
                # the host replaces the defecting tourist with one of their own
                if other.career > 0:
                    other.career -= 1
                    other.occ[c] = o
                else:
                    other.occ[c] = NOBODY
    if b in st.order:
        st.order = [s for s in st.order if s != b]


def killers(tb: Tables, st: SmallCityState) -> list[int]:
    """SC-70 and SC-71: who must lose a citizen this round, in turn order."""
    alive = [s for s in st.order if not st.seats[s].eliminated]
    if not alive:
        return []
    if st.players == 1:
        return []
    if not any(st.seats[s].pollution >= DEADLY for s in alive):
        return []
    top = max(st.seats[s].generated for s in alive)
    tied = [s for s in alive if st.seats[s].generated == top]
    worst = max(st.seats[s].pollution for s in tied)
    return [s for s in tied if st.seats[s].pollution == worst]


def solo_deaths(tb: Tables, st: SmallCityState) -> int:
    """SC-S4: the chosen difficulty sets how many citizens die."""
    gen = st.seats[0].generated
    solo = tb.content.solo
    if solo["per_point"][st.level]:
        return gen
    above = solo["death_above"][st.level]
    return 1 if above >= 0 and gen > above else 0


def victims(tb: Tables, st: SmallCityState, b: int) -> list[Action]:
    """SC-72: any citizen on the borough's tiles; own ones are safe with a Clinic."""
    seat = st.seats[b]
    clinic = active(tb, seat, b, "clinic") >= 0
    out = []
    for c in range(CELLS):
        o = seat.occ[c]
        if o == NOBODY:
            continue
        if o == b and clinic:
            continue
        out.append(("kill", c))
    return out


def kill(tb: Tables, st: SmallCityState, b: int, cell: int, events: list[Event]) -> bool:
    """Kill the citizen on `cell`; True when a Cemetery must be placed."""
    seat = st.seats[b]
    o = seat.occ[cell]
    seat.occ[cell] = NOBODY
    if o != b and active(tb, st.seats[o], o, "fire") >= 0:  # SC-73
        send_home(tb, st.seats[o])
        events.append(Event(f"{name(o)}'s tourist on {label(cell)} is saved by the Fire "
                            f"Station and goes home.", "death", b))
        return False
    who = "a citizen" if o == b else f"{name(o)}'s tourist"
    events.append(Event(f"Pollution kills {who} on {label(cell)} in {name(b)}'s borough.",
                        "death", b))
    return True


def cemetery_spots(tb: Tables, st: SmallCityState, b: int) -> list[int]:
    """SC-74: an empty space of the zone, next to an old Cemetery if possible."""
    seat = st.seats[b]
    for extra in (0, 1):
        step = seat.zone + extra
        if step >= len(tb.zones(seat)):
            return []
        free = ZONE_BITS[tb.zone(seat, step)] & ~filled(seat)
        if not free:
            continue
        beside = 0
        for c in seat.cemeteries:
            beside |= NB4_BITS[c]
        return list(iter_bits(free & beside or free))
    return []


def bury(st: SmallCityState, b: int, cell: int, events: list[Event]) -> None:
    from borough.games.smallcity.state import CEMETERY

    seat = st.seats[b]
    seat.grid[cell] = CEMETERY
    seat.cemeteries.append(cell)
    events.append(Event(f"A Cemetery is laid on {label(cell)} in {name(b)}'s borough.",
                        "cemetery", b))
