"""The city itself: building costs and sites, production, monitoring and clean-up.

Rule ids (CC-*) refer to RULES.md in this folder.
"""

from __future__ import annotations

from typing import Any

from borough.core.game import Event
from borough.games.citycouncil.data import SECTIONS, TILE_COUNT, Content, Sites
from borough.games.citycouncil.state import CCState


# ------------------------------------------------------------ construction
def open_sites(c: Content, s: CCState) -> tuple[int, Sites]:
    """CC-7: the closed neighbourhoods as bits, and per shape and zone the buildable
    footprints lying wholly in open ones, cheapest first.

    The table is made once per set of open neighbourhoods (a handful per game), so
    the site searches below never look at a block that cannot take a building.
    """
    key = tuple(s.open_hoods)
    cache = c.board.open_cache
    found = cache.get(key)
    if found is None:
        closed = 0
        for h, o in enumerate(key):
            if not o:
                closed |= 1 << h
        board = c.board
        masks, bits = board.hood_mask, board.place_bits
        table = tuple(
            tuple(
                tuple((cost, pid, bits[pid]) for cost, pid, _ in per_zone
                      if not masks[pid] & closed)
                for per_zone in per_shape
            )
            for per_shape in board.cheapest
        )
        found = cache[key] = (closed, table)
    return found


def occupied(c: Content, s: CCState) -> int:
    """The built-on blocks of the city as bits, so a site is tested in one step.

    Read from the buildings' footprints (fewer than the blocks; the grid agrees).
    """
    bits = c.board.place_bits
    occ = 0
    for pid in s.site_of:
        if pid >= 0:
            occ |= bits[pid]
    return occ


def site_open(c: Content, s: CCState, pid: int) -> bool:
    """CC-7: every block of a site must lie in a neighbourhood open to building."""
    return not c.board.hood_mask[pid] & open_sites(c, s)[0]


def build_cost(c: Content, s: CCState, bid: int, pid: int) -> int:
    """What the City Budget pays to put `bid` on footprint `pid` now; -1 if impossible.

    CC-30 printed cost plus $1 per block outside the zone (grey blocks and
    same-category blocks are free, safety buildings never pay); CC-33 an
    upgrade over the building it replaces costs the difference only.
    """
    b = c.buildings[bid]
    board = c.board
    if board.place_shape[pid] != b.shape:
        return -1
    cells = board.place_cells[pid]
    first = s.board[cells[0]]
    if first >= 0:
        if first == b.upgrade_of and s.site_of[first] == pid:
            return max(0, b.cost - c.buildings[first].cost)
        return -1
    if not board.buildable[pid] or not site_open(c, s, pid):
        return -1
    grid = s.board
    for x in cells:
        if grid[x] >= 0:
            return -1
    return b.cost + board.surcharge[pid][b.zone]


def build_sites(c: Content, s: CCState, bid: int, limit: int, most: int = 0) -> list[int]:
    """Footprints where `bid` can go for at most `limit` dollars, in footprint order;
    with `most` > 0, the search stops once it has found that many."""
    b = c.buildings[bid]
    out = []
    old = b.upgrade_of
    if old >= 0 and s.site_of[old] >= 0 and b.cost - c.buildings[old].cost <= limit:
        out.append(s.site_of[old])
    room = limit - b.cost
    occ = occupied(c, s)
    for surcharge, pid, bits in open_sites(c, s)[1][b.shape][b.zone]:
        if surcharge > room or 0 < most <= len(out):
            break
        if not bits & occ:
            out.append(pid)
    out.sort()
    return out


def cheapest_surcharge(c: Content, s: CCState, shape: int, zone: int, occ: int = -1) -> int:
    """The lowest surcharge of an empty open site for that shape and zone; -1 if none.

    `occ` is the city's `occupied` blocks when the caller has them already."""
    if occ < 0:
        occ = occupied(c, s)
    for surcharge, _, bits in open_sites(c, s)[1][shape][zone]:
        if not bits & occ:
            return surcharge
    return -1


class FreeSites:
    """The cheapest empty open site per shape and zone, each worked out once while the
    city stands still (one proposal step asks for every face-up tile)."""

    __slots__ = ("c", "found", "occ", "s")

    def __init__(self, c: Content, s: CCState) -> None:
        self.c, self.s = c, s
        self.occ = occupied(c, s)
        self.found: dict[tuple[int, int], int] = {}

    def cheapest(self, shape: int, zone: int) -> int:
        key = (shape, zone)
        got = self.found.get(key)
        if got is None:
            got = self.found[key] = cheapest_surcharge(self.c, self.s, shape, zone, self.occ)
        return got


def can_build_any(
    c: Content, s: CCState, bid: int, limit: int, free: FreeSites | None = None
) -> bool:
    """Whether some site takes `bid` for at most `limit` (CC-21, CC-30, CC-33)."""
    b = c.buildings[bid]
    old = b.upgrade_of
    if old >= 0 and s.site_of[old] >= 0 and b.cost - c.buildings[old].cost <= limit:
        return True
    if limit < b.cost:
        return False
    if free is None:
        cheapest = cheapest_surcharge(c, s, b.shape, b.zone)
    else:
        cheapest = free.cheapest(b.shape, b.zone)
    return 0 <= cheapest <= limit - b.cost


def movable(c: Content, s: CCState, bid: int) -> bool:
    """CC-34: only a tile standing outside the centre may be relocated."""
    pid = s.site_of[bid]
    return bid < TILE_COUNT and pid >= 0 and not c.board.in_centre[pid]


def move_cost(c: Content, s: CCState, bid: int, pid: int) -> int:
    """CC-34: $1 per block of the new site outside the building's zone; -1 if impossible."""
    b = c.buildings[bid]
    board = c.board
    if board.place_shape[pid] != b.shape or not board.buildable[pid] or pid == s.site_of[bid]:
        return -1
    if not site_open(c, s, pid):
        return -1
    for x in board.place_cells[pid]:
        if s.board[x] >= 0 and s.board[x] != bid:
            return -1
    return board.surcharge[pid][b.zone]


def can_move_any(c: Content, s: CCState, bid: int, limit: int, occ: int = -1) -> bool:
    """Whether `bid` has a new site costing at most `limit` (cheapest sites tried first).

    `occ` is the city's `occupied` blocks when the caller has them already."""
    b = c.buildings[bid]
    here = s.site_of[bid]
    if occ < 0:
        occ = occupied(c, s)
    if here >= 0:
        occ &= ~c.board.place_bits[here]  # its own blocks are free for the move
    for surcharge, pid, bits in open_sites(c, s)[1][b.shape][b.zone]:
        if surcharge > limit:
            return False
        if pid != here and not bits & occ:
            return True
    return False


def move_sites(c: Content, s: CCState, bid: int, limit: int, most: int = 0) -> list[int]:
    """CC-34: the new sites `bid` can move to for at most `limit`, in footprint order;
    with `most` > 0, the search stops once it has found that many."""
    b = c.buildings[bid]
    here = s.site_of[bid]
    occ = occupied(c, s)
    if here >= 0:
        occ &= ~c.board.place_bits[here]  # its own blocks are free for the move
    out: list[int] = []
    for surcharge, pid, bits in open_sites(c, s)[1][b.shape][b.zone]:
        if surcharge > limit or 0 < most <= len(out):
            break
        if pid != here and not bits & occ:
            out.append(pid)
    out.sort()
    return out


def sale_value(c: Content, bid: int) -> int:
    """CC-35: the budget receives the cost less $1."""
    return max(0, c.buildings[bid].cost - 1)


def place(s: CCState, c: Content, bid: int, pid: int) -> int:
    """Put `bid` on `pid`; return the building it covered (an upgrade), or -1."""
    cells = c.board.place_cells[pid]
    old = s.board[cells[0]]
    if old >= 0:
        s.site_of[old] = -1
        if old < TILE_COUNT:
            s.gone.append(old)
    for x in cells:
        s.board[x] = bid
    s.site_of[bid] = pid
    return old


def lift(s: CCState, c: Content, bid: int) -> None:
    for x in c.board.place_cells[s.site_of[bid]]:
        s.board[x] = -1
    s.site_of[bid] = -1


def in_city(s: CCState) -> list[int]:
    return [b for b, pid in enumerate(s.site_of) if pid >= 0]


# --------------------------------------------------------------- production
def pink_supply(c: Content, s: CCState) -> int:
    return c.supply["pink"] - sum(s.pink) - sum(s.zones_on)


def eligible(c: Content, s: CCState, bid: int) -> bool:
    """CC-41: a building works when it touches the centre or an activated zone."""
    pid = s.site_of[bid]
    if c.board.in_centre[pid]:
        return True
    zones = s.zones_on
    return any(zones[h] for h in c.board.place_hoods[pid])


def _inputs_ok(c: Content, s: CCState, bid: int, power_used: int = 0) -> bool:
    goods, energy, money = c.buildings[bid].inputs
    return s.goods >= goods and s.power - power_used >= energy and s.budget >= money


def can_activate(c: Content, s: CCState, bid: int) -> bool:
    return (
        s.site_of[bid] >= 0
        and s.activated[bid] == 0
        and s.blue_free >= c.buildings[bid].blue
        and _inputs_ok(c, s, bid)
        and eligible(c, s, bid)
    )


def can_boost(c: Content, s: CCState, bid: int) -> bool:
    """CC-43: white-collar workers let an activated building act a second time."""
    b = c.buildings[bid]
    return (
        s.activated[bid] == 1
        and b.white > 0
        and s.white_free >= b.white
        and _inputs_ok(c, s, bid)
    )


def can_zone(c: Content, s: CCState, hood: int) -> bool:
    """CC-42: once per zone per round, paying a community cube and one energy.

    Interpretation: only worth it (and so only allowed) when it lets some
    building be activated right away.
    """
    if s.zones_on[hood] or s.power < 1 or pink_supply(c, s) < 1:
        return False
    if sum(s.zones_on) >= c.supply["energy_markers"]:
        return False
    board = c.board
    for bid, pid in enumerate(s.site_of):
        if (
            pid >= 0
            and hood in board.place_hoods[pid]
            and s.activated[bid] == 0
            and s.blue_free >= c.buildings[bid].blue
            and not eligible(c, s, bid)
            and _inputs_ok(c, s, bid, power_used=1)
        ):
            return True
    return False


def activations(c: Content, s: CCState) -> list[tuple[Any, ...]]:
    """Every activation open now: buildings and second actions in building order, then
    zones (CC-41..CC-43); one pass over the city."""
    acts: list[tuple[Any, ...]] = []
    zones = s.zones_on
    lit = 0  # activated zones as bits
    for h, z in enumerate(zones):
        if z:
            lit |= 1 << h
    board = c.board
    in_centre, hood_mask = board.in_centre, board.hood_mask
    needs, activated = c.needs, s.activated
    goods, power, budget, blue_free = s.goods, s.power, s.budget, s.blue_free
    white_free = s.white_free
    can_light = (
        power >= 1 and pink_supply(c, s) >= 1 and sum(zones) < c.supply["energy_markers"]
    )
    wanted = 0  # zones whose activation would let a building work at once
    for bid, pid in enumerate(s.site_of):
        if pid < 0:
            continue
        blue, white, g, e, m = needs[bid]
        done = activated[bid]
        if done == 0:
            if blue_free < blue or goods < g or budget < m:
                continue
            if in_centre[pid] or hood_mask[pid] & lit:
                if power >= e:
                    acts.append(("activate", bid))
            elif can_light and power - 1 >= e:
                wanted |= hood_mask[pid]
        elif (
            done == 1 and 0 < white <= white_free
            and goods >= g and power >= e and budget >= m
        ):
            acts.append(("boost", bid))
    h = 0
    while wanted:
        if wanted & 1:
            acts.append(("zone", h))
        wanted >>= 1
        h += 1
    return acts


def any_activation(c: Content, s: CCState) -> bool:
    return bool(activations(c, s))


def pay_inputs(c: Content, s: CCState, bid: int) -> None:
    goods, energy, money = c.buildings[bid].inputs
    s.goods -= goods
    s.power -= energy
    s.budget -= money


# --------------------------------------------------------------- resolution
def _add_cubes(s: CCState, c: Content, colour: str, section: int, n: int) -> int:
    """Add up to n cubes of a colour to a section, as far as the reserve allows."""
    pile = s.red if colour == "red" else s.grey if colour == "grey" else s.pink
    room = c.supply[colour] - sum(pile)
    if colour == "pink":
        room -= sum(s.zones_on)
    added = max(0, min(n, room))
    pile[section] += added
    return added


def _clear(pile: list[int], section: int, n: int) -> int:
    """Take cubes off the board: the building's own section first, then the fullest."""
    taken = 0
    while taken < n and sum(pile) > 0:
        where = section if pile[section] > 0 else max(range(3), key=lambda i: (pile[i], -i))
        pile[where] -= 1
        taken += 1
    return taken


def resolve(c: Content, s: CCState, events: list[Event]) -> None:
    """CC-46: every activation's outputs, one building at a time, in activation order."""
    for bid in s.act_log:
        resolve_one(c, s, bid, events)


def resolve_one(c: Content, s: CCState, bid: int, events: list[Event]) -> None:
    """CC-46: the outputs of one activation."""
    tracks = c.tracks
    b = c.buildings[bid]
    parts = []
    for key, n in b.out.items():
        if key == "money":
            gain = min(n, tracks["budget_max"] - s.budget)
            s.budget += gain
            parts.append(f"+${gain} budget")
        elif key == "goods":
            gain = min(n, tracks["goods_max"] - s.goods)
            s.goods += gain
            parts.append(f"+{gain} goods")
        elif key == "energy":
            gain = min(n, tracks["power_max"] - s.power)
            s.power += gain
            parts.append(f"+{gain} power")
        elif key == "workers":
            gain = min(n, c.supply["blue"] - s.blue)
            s.blue += gain
            parts.append(f"{gain} blue-collar worker(s) move in")
        elif key == "white":
            gain = min(n, c.supply["white"] - s.white)
            s.white += gain
            parts.append(f"{gain} white-collar worker(s) move in")
        elif key in ("red", "grey", "pink"):
            gain = _add_cubes(s, c, key, b.section, n)
            word = {"red": "criminality", "grey": "pollution", "pink": "community"}[key]
            parts.append(f"{gain} {word} cube(s) in {SECTIONS[b.section]}")
        elif key == "clear_red":
            parts.append(f"{_clear(s.red, b.section, n)} criminality cube(s) removed")
        elif key == "clear_grey":
            parts.append(f"{_clear(s.grey, b.section, n)} pollution cube(s) removed")
    events.append(Event(f"The {b.name} produces: {', '.join(parts)}.", "resolve"))


def unemployment(c: Content, s: CCState, events: list[Event]) -> None:
    """CC-45: idle blue-collar workers are reported; idleness breeds criminality."""
    s.unemployed = s.blue_free
    table = c.tracks["unemployment_crime"]
    crime = table[min(s.unemployed, len(table) - 1)]
    added = _add_cubes(s, c, "red", 0, crime)
    text = f"Unemployment report: {s.unemployed} idle blue-collar worker(s)"
    if crime:
        text += f"; {added} criminality cube(s) go to the residential section"
    events.append(Event(text + ".", "unemployment"))


def lifestyle(s: CCState, section: int) -> int:
    """CC-48: red plus grey minus pink in one section."""
    return s.red[section] + s.grey[section] - s.pink[section]


def monitor(c: Content, s: CCState, events: list[Event]) -> bool:
    """CC-48..CC-50: lifestyle effects, then True if the government takes over."""
    tracks = c.tracks
    for sec in range(3):
        value = lifestyle(s, sec)
        if value >= tracks["leave_at"] and s.blue > 0:
            s.blue -= 1
            events.append(Event(
                f"Life in the {SECTIONS[sec]} section is poor ({value}): "
                "a blue-collar worker leaves the city.", "lifestyle",
            ))
        elif (
            value <= tracks["arrive_at"] and s.unemployed == 0 and s.blue < c.supply["blue"]
        ):
            s.blue += 1
            events.append(Event(
                f"Life in the {SECTIONS[sec]} section is good ({value}): "
                "a blue-collar worker moves in.", "lifestyle",
            ))
    if s.blue < tracks["min_workers"] and s.blue < c.supply["blue"]:
        s.blue += 1
        events.append(Event(
            "The nearly empty city draws in a new blue-collar worker.", "lifestyle",
        ))
    crime_full = sum(s.red) >= c.supply["red"]
    pollution_full = sum(s.grey) >= c.supply["grey"]
    if crime_full or pollution_full:
        what = "criminality" if crime_full else "pollution"
        events.append(Event(
            f"The {what} track is full: the government takes over the city and every "
            "council member loses.", "government",
        ))
        return True
    return False


def expand(c: Content, s: CCState, events: list[Event]) -> None:
    """CC-64: a closed neighbourhood opens once the one it grows from is built up enough."""
    board = c.board
    for hood, base, blocks in c.expansion:
        if s.open_hoods[hood] or not s.open_hoods[base]:
            continue
        built = sum(1 for x in board.hood_cells[base] if s.board[x] >= 0)
        if built >= blocks:
            s.open_hoods[hood] = 1
            events.append(Event(
                f"The city grows: neighbourhood {board.hood_names[hood]} opens for building "
                f"({built} blocks of {board.hood_names[base]} are built on).", "expand",
            ))


def clean_up(c: Content, s: CCState) -> None:
    """CC-56: zone cubes and energy markers return, workers go home, community fades."""
    n = len(s.zones_on)
    s.zones_on = [0] * n
    s.activated = [0] * len(s.activated)
    s.act_log = []
    s.resolved = 0
    s.blue_free = s.blue
    s.white_free = s.white
    fade = c.tracks["pink_fade"]
    s.pink = [max(0, p - fade) for p in s.pink]
