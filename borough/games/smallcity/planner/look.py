"""The seat's borough as the reference player reads it."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property, lru_cache

from borough.core.game import Action
from borough.games.smallcity import build, citizens, council, pollution, stores
from borough.games.smallcity.data import CELLS, INDUSTRIAL, SIZE, TileType
from borough.games.smallcity.geometry import NB8, Influence, place_cells
from borough.games.smallcity.planner.plan import (
    BUILDING,
    COUNCIL_PLAN,
    CULTURE_ORDER,
    DOOR_VOTES,
    ECONOMY,
    INDUSTRY,
    MAX_LEVEL,
    NEED_AHEAD,
    SHOP_VOTES,
    SPARE_MONEY,
    TABLE_CULTURE_ORDER,
    VOTES_FROM,
    WORK_VOTES,
)
from borough.games.smallcity.rules import SmallCity
from borough.games.smallcity.state import Seat, SmallCityState


class Look:
    """The seat's borough as the plan reads it, worked out once per decision."""

    def __init__(self, game: SmallCity, state: SmallCityState, seat: int) -> None:
        self.game, self.state, self.seat = game, state, seat
        self.me: Seat = state.seats[seat]
        # remembered on the seat while its tiles stay the same (see `build.survey`)
        self.inf: Influence = build.survey(game.tables, state, seat)[1]
        self.hall_cells = [c for t in self.me.tiles if t is not None
                           and game.types[t.type].family == "city_hall" for c in t.cells]
        self._destinations: list[Action] | None = None

    # ---------------------------------------------------------- reading
    def family(self, cell: int) -> str:
        i = self.me.grid[cell]
        tile = self.me.tiles[i] if i >= 0 else None
        return "" if tile is None else self.game.types[tile.type].family

    def has(self, family: str) -> bool:
        return self.count(family) > 0

    def count(self, family: str) -> int:
        return sum(1 for t in self.me.tiles
                   if t is not None and self.game.types[t.type].family == family)

    def homes(self) -> list[tuple[list[int], int]]:
        """(spaces, citizens) of every Residential Zone (read, not to be changed)."""
        return self._homes

    def doors(self) -> list[list[int]]:
        """The spaces of every empty Level-1 home: City Hall's citizens enter there (SC-61)."""
        return self._doors

    @cached_property
    def _doors(self) -> list[list[int]]:
        return [cells for cells, n in self._homes if len(cells) == 1 and n == 0]

    @cached_property
    def _homes(self) -> list[tuple[list[int], int]]:
        # asked for each citizen as the moves are weighed: worked out once
        out = []
        for t in self.me.tiles:
            if t is not None and self.game.types[t.type].family == "residential":
                out.append((t.cells, sum(1 for c in t.cells if self.me.occ[c] == self.seat)))
        return out

    def waiting(self) -> int:
        """Citizens in City Hall, and those empty Factory spaces will bring (SC-62)."""
        return self.me.hall_citizens + (self.count("factory")
                                        if self.state.round < self.game.tables.rounds else 0)

    def open_doors(self) -> int:
        """Level-1 homes City Hall's citizens can enter at the end of this
        round's moves: the empty ones and those whose citizen moves on."""
        out = 0
        for cells, n in self.homes():
            if len(cells) == 1 and (n == 0 or self.move_gain(cells[0]) > 0):
                out += 1
        return out

    def big_room(self) -> int:
        """Places in homes above level 1, counting the upgrades their Cultural
        neighbours allow already (SC-40)."""
        out = 0
        for t in self.me.tiles:
            if t is None or self.game.types[t.type].family != "residential":
                continue
            cult = self.cultural_tiles_near(
                {n for c in t.cells for n in NB8[c]} - set(t.cells))
            size = max(len(t.cells), min(cult, MAX_LEVEL))
            if size > 1:
                out += size
        return out

    def population(self) -> int:
        """The seat's citizens on its board and in City Hall."""
        return self.me.hall_citizens + sum(1 for o in self.me.occ if o == self.seat)

    def room_in_homes(self) -> int:
        return sum(len(cells) - n for cells, n in self.homes())

    def citizens_to_come(self) -> int:
        return self.me.hall_citizens + sum(
            1 for c in range(CELLS) if self.me.occ[c] == self.seat
            and self.family(c) != "residential")

    def makers(self) -> int:
        return sum(1 for c in range(CELLS)
                   if self.me.occ[c] == self.seat and self.family(c) == "factory")

    def parks(self) -> int:
        return sum(len(t.cells) for t in self.me.tiles
                   if t is not None and self.game.types[t.type].family == "park")

    def pollution_ahead(self) -> int:
        """Park spaces still wanted: the citizens on the board and those coming
        from City Hall, less the Park spaces built (SC-68)."""
        on_board = sum(1 for c in range(CELLS) if self.me.occ[c] == self.seat)
        return on_board + min(self.me.hall_citizens, 2) + self.makers() - self.parks()

    def death_limit(self) -> int:
        """The pollution a round may generate without a death, or -1: solo,
        its level's limit (SC-S4); at a table, once deaths have begun or may
        begin this round (SC-70), less than the dirtiest rival generates now
        (SC-71: the seat generating the most loses a citizen)."""
        if self.state.players != 1:
            g, st = self.game, self.state
            rivals = [b for b in range(st.players)
                      if b != self.seat and not st.seats[b].eliminated]
            if not rivals:
                return -1
            made = {b: pollution.generated(g.tables, st, b) for b in rivals}
            if not any(st.seats[b].pollution + made.get(b, 0) >= pollution.DEADLY
                       for b in [*rivals, self.seat]):
                return -1
            return max(0, max(made.values()) - 1)
        solo = self.game.content.solo
        if solo["per_point"][self.state.level]:
            return 0
        return int(solo["death_above"][self.state.level])

    def reserve(self) -> int:
        """Money kept for the next council column when the votes cannot pay it."""
        nxt = self.council_next()
        if nxt is None or nxt[-1] != "money":
            return 0
        return self.council_price(nxt)

    def council_price(self, action: Action) -> int:
        prices = council.board(self.game.tables, self.state)["price"]
        col = self.me.disc_col[action[1]] + 1 if action[0] == "advance" else 1
        return int(prices[col - 1])

    def council_next(self) -> Action | None:
        """The plan's next City Council move (SC-78, SC-79): the first row of
        COUNCIL_ROWS not yet climbed to its end, paid in votes when they
        suffice (money buys the homes and Parks), while a benefit still pays
        back in the rounds left."""
        st, g, me = self.state, self.game, self.me
        if st.round >= g.tables.rounds:
            return None  # nothing bought in the last council is used any more
        prices = council.board(g.tables, st)["price"]
        climbed = sum(me.disc_col)
        first = COUNCIL_PLAN[climbed] if climbed < len(COUNCIL_PLAN) else COUNCIL_PLAN[-1]
        rows = [first] + [r for r in dict.fromkeys(COUNCIL_PLAN) if r != first]
        for row in rows:
            if row == INDUSTRY and not self.culture_left():
                continue
            if st.round >= g.tables.rounds - 1 and row != ECONOMY:
                continue
            discs = [d for d in (0, 1) if me.disc_row[d] == row and me.disc_col[d] > 0]
            if discs:
                d = discs[0]
                col = me.disc_col[d]
                if col >= council.LAST:
                    continue
                price = prices[col]
                action: Action = ("advance", d)
            else:
                free = [d for d in (0, 1) if me.disc_col[d] == 0]
                if not free:
                    continue
                price = prices[0]
                action = ("enter", free[0], row)
            if me.money >= price + SPARE_MONEY:
                return (*action, "money")  # money beyond the next builds' needs
            if me.votes >= price and st.round >= VOTES_FROM:
                return (*action, "votes")
            if me.money >= price:
                return (*action, "money")
            return None
        return None

    def near_hall(self, cell: int) -> float:
        return self._near[cell]

    def home_worth(self, cell: int) -> float:
        return self._worth[cell]

    @cached_property
    def _near(self) -> tuple[float, ...]:
        return _hall_distances(tuple(self.hall_cells))

    @cached_property
    def _worth(self) -> list[float]:
        """Per space, how good it is for a home: the Cultural buildings reaching
        it (SC-31), none if an Industrial building does (SC-32). Worked out for
        the whole borough at once, as the placements of one decision ask for
        each space many times."""
        industrial, near = self.inf.industrial, self._near
        return [0.0 if industrial >> c & 1 else k + 0.1 * (near[c] + 3)
                for c, k in enumerate(self.inf.cultural.counts())]

    def free_home_spots(self) -> int:
        mask, _ = build.survey(self.game.tables, self.state, self.seat)
        return sum(1 for c in range(CELLS) if mask >> c & 1 and not self.inf.industrial[c]
                   and self.inf.cultural[c] > 0)

    def cells_of(self, t: TileType, face: int, action: Action) -> list[int]:
        cells = place_cells(t.faces[face][action[1]], action[2])
        assert cells is not None
        return cells

    def best_spot(self, type_id: int, face: int) -> tuple[float, Action | None]:
        t = self.game.types[type_id]
        best: tuple[float, Action | None] = (-1e9, None)
        for o, anchor in build.placements(self.game.tables, self.state, self.seat, t, face):
            cells = place_cells(t.faces[face][o], anchor)
            assert cells is not None
            v = self.spot_value(t, cells)
            if v > best[0]:
                best = (v, ("place", o, anchor))
        return best

    def spot_value(self, t: TileType, cells: list[int]) -> float:
        """How well a tile on `cells` serves the plan."""
        grid, near, worth = self.me.grid, self._near, self._worth
        own = set(cells)
        around: set[int] = set()
        for c in cells:
            around.update(NB8[c])
        around -= own
        fam = t.family
        covered = sum(worth[c] for c in cells if grid[c] < 0)
        hall = sum(near[c] for c in cells)
        if fam == "residential":
            cult = self.cultural_tiles_near(around)
            industrial = self.inf.industrial
            room = sum(1 for c in around if grid[c] < 0 and not industrial[c])
            return 100.0 * cult + 2.0 * min(room, 6) + hall
        if t.cultural:
            value = 0.0
            touched: set[int] = set()
            industrial, cultural = self.inf.industrial, self.inf.cultural
            for c in around:
                i = grid[c]
                if i >= 0:
                    tile = self.me.tiles[i]
                    if (tile is not None and i not in touched
                            and self.game.types[tile.type].family == "residential"):
                        touched.add(i)
                        value += 60.0 + 10.0 * len(tile.cells)
                elif not industrial[c]:
                    # concentration: a space other Cultural buildings reach gains most
                    k = cultural[c]
                    value += 2.0 + 4.0 * k
            return value - 6.0 * covered + 2.0 * hall
        if fam in INDUSTRIAL:
            harm = sum(1.0 + 5.0 * worth[c] for c in around if grid[c] < 0)
            return -harm - 4.0 * covered - 3.0 * hall
        # Parks, Commercial Zones and the rest: off the best home spaces
        return -10.0 * covered - 0.5 * hall

    def cultural_tiles_near(self, around: Iterable[int]) -> int:
        seen = set()
        for c in around:
            i = self.me.grid[c]
            if i >= 0:
                tile = self.me.tiles[i]
                if tile is not None and self.game.types[tile.type].cultural:
                    seen.add(i)
        return len(seen)

    # -------------------------------------------------------- materials
    def culture_order(self) -> tuple[str, ...]:
        return CULTURE_ORDER if self.state.players == 1 else TABLE_CULTURE_ORDER

    def culture_left(self) -> list[TileType]:
        g = self.game
        out = []
        for key in self.culture_order():
            t = g.types[g.content.by_key[key]]
            if t.id in self.me.built:
                continue
            if not t.per_player and self.state.supply[t.id] <= 0:
                continue
            out.append(t)
        return out

    def materials_needed(self) -> list[int]:
        """The materials of the next two Cultural buildings still to build."""
        need = [0, 0, 0]
        for t in self.culture_left()[:NEED_AHEAD]:
            for m in range(3):
                need[m] += t.materials[m]
        return need

    def material_wanted(self) -> int:
        need = self.materials_needed()
        have = build.stored(self.game.tables, self.me)
        short = [max(0, need[m] - have[m]) for m in range(3)]
        return max(range(3), key=lambda m: (short[m], -m))

    def culture_within(self, missing: int) -> bool:
        have = build.stored(self.game.tables, self.me)
        for t in self.culture_left():
            gap = sum(max(0, t.materials[m] - have[m]) for m in range(3))
            if gap <= missing and sum(have) + missing >= sum(t.materials):
                return gap == missing
        return False

    # ----------------------------------------------------------- moving
    def must_move(self, cell: int) -> bool:
        return citizens.must_move(self.game.tables, self.state, self.seat, self.seat, cell)

    def home_of(self, cell: int) -> tuple[int, int] | None:
        """(spaces, citizens) of the home covering `cell`, or None."""
        i = self.me.grid[cell]
        tile = self.me.tiles[i] if i >= 0 else None
        if tile is None or self.game.types[tile.type].family != "residential":
            return None
        return len(tile.cells), sum(1 for c in tile.cells if self.me.occ[c] == self.seat)

    def staying(self, cell: int) -> float:
        """Votes a round the citizen on `cell` earns where it is: the last of
        n citizens in a home adds n (SC-66). A citizen holding a Level-1 home
        while City Hall's citizens wait blocks their door (SC-61): moving on
        lets one in, worth a vote."""
        here = self.home_of(cell)
        if not here:
            return 0.0
        if here[0] == 1 and self.me.hall_citizens > len(self.doors()):
            return here[1] - DOOR_VOTES
        return float(here[1])

    def move_gain(self, cell: int) -> float:
        """What moving the citizen on `cell` to its best destination gains a round."""
        best = 0.0
        if self.state.phase == "move":
            for a in self.destinations(cell):
                best = max(best, self.destination_worth(a, cell))
        else:  # before the moves: the homes with room are what counts
            for cells, n in self.homes():
                if cell not in cells and n < len(cells):
                    best = max(best, n + 1.0)
        return best - self.staying(cell)

    def destinations(self, cell: int) -> list[Action]:
        """Where the seat's citizen on `cell` of its own borough may go. A space
        someone holds is never a destination (SC-60), the citizen's own
        included, so every citizen standing in its own borough has the same
        list: it is worked out once per decision."""
        if self.me.occ[cell] != self.seat:
            return citizens.destinations(self.game.tables, self.state, self.seat, self.seat, cell)
        if self._destinations is None:
            self._destinations = citizens.destinations(self.game.tables, self.state, self.seat,
                                                       self.seat, cell)
        return self._destinations

    def destination_worth(self, action: Action, picked: int) -> float:
        """Votes a round (or their worth) a citizen from `picked` earns at a destination."""
        if action[0] != "to":
            return -1000.0
        b, c = action[1], action[2]
        if b != self.seat:
            return -50.0
        fam = self.family(c)
        if fam == "residential":
            _size, n = self.home_of(c) or (1, 0)
            if self.me.grid[picked] == self.me.grid[c]:
                n -= 1
            return n + 1.0
        if fam == "factory":
            i = self.me.grid[c]
            tile = self.me.tiles[i]
            assert tile is not None
            mark = tile.marks[tile.cells.index(c)]
            return WORK_VOTES if self._wanted_work[mark] else 0.2
        if fam == "commercial":
            i = self.me.grid[c]
            tile = self.me.tiles[i]
            assert tile is not None
            return SHOP_VOTES if tile.marks[tile.cells.index(c)] == 0 else 0.3
        return 0.1

    @cached_property
    def _wanted_work(self) -> tuple[bool, bool, bool]:
        """Per material, whether a worker making it pays: the next Cultural
        buildings lack it, a store has room, and it comes in time to build."""
        have = build.stored(self.game.tables, self.me)
        room = sum(n for _, n in stores.rooms(self.game.tables, self.me))
        soon = self.game.tables.rounds - self.state.round >= 2
        need = self.materials_needed()
        wanted = [need[m] > have[m] and room > 0 and soon for m in range(3)]
        return wanted[0], wanted[1], wanted[2]

    def citizen_worth(self, cell: int) -> float:
        home = self.home_of(cell)
        return 10.0 * home[1] if home else 0.0

    # ---------------------------------------------------------- council
    def pay_cost(self, pay: str, left: int) -> float:
        """What a dollar or a vote paid is worth to the plan now."""
        if pay == "votes":
            return 1.0
        return 0.5 if left <= 1 else 1.6

    def council_worth(self, row: int, col: int, left: int) -> float:
        """The benefit of entering column `col` of `row` (SC-82 to SC-85), in votes."""
        board = council.board(self.game.tables, self.state)
        k = col - 1
        if row == INDUSTRY:
            if left < 2 or not self.culture_left():
                return 0.0
            worth: float = 3.5 * max(sum(b) for b in board["industry"][k])
            return worth
        if row == ECONOMY:
            worth = (1.6 if left > 1 else 0.5) * board["economy"][k]
            return worth
        if row == BUILDING:
            _lo, hi, waived = board["building"][k]
            return (1.6 * hi + 6.0 * waived) if left >= 2 else 0.0
        return 4.0 * board["tourism"][k] if left >= 2 else 0.0

    # ---------------------------------------------------------- Promise
    def promise_build(self, tiles: list[Action]) -> Action | None:
        """A cheap build that keeps the Promise in the last round (SC-88)."""
        if self.state.round < self.game.tables.rounds or self.me.promise <= 0:
            return None
        from borough.games.smallcity import scoring

        card = self.game.content.promises[self.me.promise - 1]
        if scoring.kept(self.game.tables, self.state, self.seat, card):
            return None
        for test in card.test:
            if test[0] in ("tiles", "spaces"):
                family = test[1]
                options = [a for a in tiles if self.game.types[a[1]].family == family]
                if options:
                    return min(options, key=lambda a: self.game.types[a[1]].cost)
        return None


@lru_cache(maxsize=256)
def _hall_distances(hall_cells: tuple[int, ...]) -> tuple[float, ...]:
    """Per space: minus its distance in king steps to City Hall (0 without one)."""
    if not hall_cells:
        return (0.0,) * CELLS
    halls = [divmod(h, SIZE) for h in hall_cells]
    out = []
    for cell in range(CELLS):
        r, c = divmod(cell, SIZE)
        out.append(-min(max(abs(r - hr), abs(c - hc)) for hr, hc in halls))
    return tuple(out)
