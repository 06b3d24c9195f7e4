"""A scripted player for Small City that follows one plan (the `reference` agent).

It answers "can our content be played to the book's solo scale?" (SC-S6), and
does it in milliseconds per decision, without search. The plan:

- City Hall in the middle of the Constructible Zone; every Cultural building
  beside it and beside the homes (SC-31: a home of level N needs N Cultural
  buildings, City Hall counted), placed where it reaches the most home spaces;
- homes on the spaces the most Cultural buildings influence, built at the
  highest level they may take (SC-26) and upgraded whenever they can (SC-40:
  free, and again and again in one Build phase);
- citizens concentrated: a home of n citizens earns 1 + 2 + ... + n votes
  (SC-66), so a citizen moves from a smaller home into a fuller one, and one
  empty Level-1 home is kept as the door from City Hall to the board (SC-61);
- materials from the City Council's Industry row (SC-82) and from a Factory's
  worker (SC-65), stored in Warehouses; Factories and Warehouses far from the
  homes (SC-32), and an empty Factory space draws a new citizen (SC-62);
- Parks against the pollution the citizens make (SC-68), so that a solo round
  stays under its level's limit (SC-S4) and the final score keeps its votes;
- a Promise the plan keeps on its way (SC-88).

Every decision reads the seat's own borough only (the solo game hides nothing
else from it; at a table it ignores the rivals). Ties are broken by the order
of the legal actions, so a game is reproducible for a seed.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from borough.agents.base import SeatView
from borough.core.game import Action
from borough.games.smallcity import build, citizens, council, stores
from borough.games.smallcity.data import CELLS, INDUSTRIAL, SIZE, TileType
from borough.games.smallcity.geometry import NB8, Influence, influence, place_cells
from borough.games.smallcity.rules import SmallCity
from borough.games.smallcity.state import Seat, SmallCityState
from borough.games.smallcity.terms import (
    ARCHITECT,
    COUNCILOR,
    ENGINEER,
    MEDIATOR,
    PLANNER,
    SIDES,
    SUPPORTER,
)

# Cultural buildings in the order the plan builds them: cheapest first (SC-38).
CULTURE_ORDER = ("school", "library", "museum", "clinic", "metro", "university")
# City Council rows (SC-82 to SC-85): the first disc climbs Industry for the
# Cultural buildings' materials, the second Economy for money.
INDUSTRY, BUILDING, ECONOMY, TOURISM = range(4)
# The row of each council move in turn (the k-th column climbed in all): money
# first, as homes, Factories and Parks are bought early, then the materials.
COUNCIL_PLAN = (ECONOMY, ECONOMY, INDUSTRY, ECONOMY, INDUSTRY, ECONOMY, INDUSTRY, INDUSTRY)
SPARE_MONEY = 3  # dollars kept for the next Build phase before money pays the council
VOTES_FROM = 2  # the round from which the council is paid in votes when they suffice
# How likely the plan keeps each Promise (SC-D2), by card number, as measured
# over 40 solo games of this plan: the card with the best expected worth
# (SC-88) is kept.
KEEP_CHANCE = {1: 0.95, 2: 0.7, 3: 0.95, 4: 0.8, 5: 0.0, 6: 0.95, 7: 0.95, 8: 0.0, 9: 0.95,
               10: 0.95, 11: 0.85, 12: 0.95, 13: 0.0, 14: 0.0, 15: 0.95, 16: 0.25}
WORK_VOTES = 2.5  # a material the next Cultural building lacks, made by a worker (SC-65)
SHOP_VOTES = 1.5  # a $1 Commercial space's dollar (SC-64), in votes
NEED_AHEAD = 2  # Cultural buildings whose materials the plan gathers ahead
DOOR_VOTES = 1.0  # a Level-1 home freed for a citizen waiting in City Hall (SC-61)
MAX_LEVEL = 5  # the highest Residential Zone (SC-31)
FACTORIES = 2  # Factories the plan builds, kept empty as doors for new citizens
STONE = 1  # the material index of stone (data.MATERIALS)
FIRST_FACTORIES = 1  # of them built before the round's homes


class Planner:
    """Plays every seat decision of Small City by the plan above."""

    name = "reference"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        # decisions the plan had no legal answer for (the first legal action was
        # taken instead): none is expected, the tests hold it to that
        self.unplanned = 0

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        game = view.game
        assert isinstance(game, SmallCity)
        state = view.sample(self.rng)
        seat = view.seat
        step = state.seats[seat].bstep if state.phase == "build" else state.step
        decide = getattr(self, f"_{step}", None)
        choice = decide(Look(game, state, seat), legal) if decide else None
        if choice is None or choice not in legal:
            self.unplanned += 1
            return legal[0]
        return choice

    # ------------------------------------------------------------ setup
    def _side(self, look: Look, legal: list[Action]) -> Action:
        return ("side", SIDES.index("easy"))  # the larger zone (SC-42)

    def _hall(self, look: Look, legal: list[Action]) -> Action:
        size = look.game.zone(look.me, look.me.zone)
        middle = (size - 2) / 2
        return min(legal, key=lambda a: abs(a[2] // SIZE - middle) + abs(a[2] % SIZE - middle))

    def _promise(self, look: Look, legal: list[Action]) -> Action:
        from borough.games.smallcity import scoring

        cards = look.game.content.promises

        def worth(a: Action) -> float:
            card = cards[look.me.offered[a[1]] - 1]
            p = KEEP_CHANCE.get(card.number, 0.3)
            return (p * scoring.PROMISE_GAIN[card.deck]
                    - (1 - p) * scoring.PROMISE_LOSS[card.deck])

        return max(legal, key=worth)

    def _keep(self, look: Look, legal: list[Action]) -> Action:
        return legal[0]

    # ---------------------------------------------------------- phase 1
    def _mayor(self, look: Look, legal: list[Action]) -> Action:
        return legal[0]

    def _card(self, look: Look, legal: list[Action]) -> Action:
        st, g = look.state, look.game
        late = st.round >= g.rounds

        def worth(a: Action) -> float:
            card = st.circle[a[1]]
            cost = g.card_cost(st, a[1])
            value = {SUPPORTER: 2.0, COUNCILOR: 3.0, PLANNER: 0.5, MEDIATOR: 1.0,
                     ARCHITECT: 0.0, ENGINEER: 0.0}.get(card, 0.0)
            if card == ARCHITECT and look.culture_within(1):
                value = 4.0
            if card == ENGINEER:
                value = 0.5 * look.makers()
            if card == PLANNER and look.free_home_spots() < 4:
                value = 2.5
            if card == COUNCILOR and late:
                value = 0.5
            return value - 2.0 * cost

        return max(legal, key=worth)

    def _supporter(self, look: Look, legal: list[Action]) -> Action:
        return legal[1] if look.state.round >= look.game.rounds else legal[0]

    def _planner(self, look: Look, legal: list[Action]) -> Action:
        return ("expand",)

    def _councilor(self, look: Look, legal: list[Action]) -> Action:
        return self._council(look, legal)

    # ---------------------------------------------------------- phase 2
    def _build(self, look: Look, legal: list[Action]) -> Action:
        g, st, me = look.game, look.state, look.me
        types = g.types
        # 1. Upgrades are free and do not count as builds (SC-40): homes first.
        doors = look.doors()
        for a in legal:
            if a[0] == "upgrade":
                tile = me.tiles[me.grid[a[1]]]
                if tile is None or types[tile.type].family != "residential":
                    continue
                # an empty Level-1 home is kept as the door from City Hall (SC-61)
                if tile.cells in doors and len(doors) == 1 and look.waiting() > 0:
                    continue
                return a
        tiles = [a for a in legal if a[0] == "tile"]
        # 2. A Cultural building whenever the stores pay for one (SC-38).
        for key in CULTURE_ORDER:
            options = [a for a in tiles if types[a[1]].key == key]
            if options:
                return max(options, key=lambda a: look.best_spot(a[1], a[2])[0])
        left = g.rounds - st.round
        reserve = look.reserve()
        # 3. Factories early: each empty Factory space brings a citizen a round
        # from the Career Center (SC-62), and its Warehouse stores materials
        # (SC-34); the first before the homes, the others after them.
        factory = self._factory(look, tiles, left, FIRST_FACTORIES)
        if factory is not None:
            return factory
        # 4. Parks first when this round's pollution would kill a citizen (SC-S4).
        limit = look.death_limit()
        if limit >= 0 and look.pollution_ahead() > limit and left >= 1:
            options = [a for a in tiles if types[a[1]].family == "park"]
            if options:
                return max(options, key=lambda a: (types[a[1]].cost,
                                                   look.best_spot(a[1], a[2])[0]))
        # 5. A home: a door from City Hall for each citizen waiting there (SC-61,
        # a new Level-1 home takes one at once, SC-31), and room to concentrate
        # everyone in homes above level 1.
        homes_tiles = [a for a in tiles if types[a[1]].family == "residential"]
        if homes_tiles and left >= 1:
            if me.hall_citizens > look.open_doors():
                options = [a for a in homes_tiles if types[a[1]].level == 1]
                if options:
                    return max(options, key=lambda a: look.best_spot(a[1], a[2])[0])
            if left >= 2 and look.big_room() < look.population() - 1:
                options = [a for a in homes_tiles if types[a[1]].level > 1] or homes_tiles
                return max(options, key=lambda a: (types[a[1]].level * 10
                                                   + look.best_spot(a[1], a[2])[0] / 1000))
        factory = self._factory(look, tiles, left, FACTORIES)
        if factory is not None:
            return factory
        # 5. Parks for the pollution to come (SC-68).
        dirt = look.pollution_ahead()
        if dirt > 0 and left >= 1 and me.money > reserve:
            budget = min(dirt, me.money - reserve)
            options = [a for a in tiles if types[a[1]].family == "park"
                       and types[a[1]].cost <= budget]
            if options:
                return max(options, key=lambda a: (types[a[1]].cost,
                                                   look.best_spot(a[1], a[2])[0]))
        # 6. A bigger zone when the home spaces run out (SC-28).
        if ("expand",) in legal and look.free_home_spots() < 3:
            return ("expand",)
        # 7. The Promise's own needs at the end.
        extra = look.promise_build(tiles)
        if extra is not None:
            return extra
        return ("done",)

    def _factory(self, look: Look, tiles: list[Action], left: int, most: int) -> Action | None:
        """A Level-1 Factory while the borough has fewer than `most` and the
        citizens it brings have rounds to vote in."""
        types = look.game.types
        if left < 3 or look.count("factory") >= most or look.me.money < 1:
            return None
        options = [a for a in tiles if types[a[1]].key == "fac1"]
        if not options:
            return None
        # the first makes what the next Cultural building lacks, the second
        # stone: beyond the School every one needs it (SC-38, SC-D3)
        want = look.material_wanted() if look.count("factory") == 0 else STONE
        return max(options, key=lambda a: (
            types[a[1]].faces[a[2]][0][0][2] == want, look.best_spot(a[1], a[2])[0]))

    def _place(self, look: Look, legal: list[Action]) -> Action:
        st = look.state
        sel = look.me.bsel if st.phase == "build" else st.sel  # behind the screen (SC-25)
        t = look.game.types[sel[0]]
        return max(legal, key=lambda a: look.spot_value(t, look.cells_of(t, sel[1], a)))

    def _tile(self, look: Look, legal: list[Action]) -> Action:
        """The council's free tile (SC-83): the biggest home it may be, else a Park."""
        types = look.game.types
        options = [a for a in legal if a[0] == "tile"]
        if not options:
            return ("pass",)

        def worth(a: Action) -> tuple[int, float]:
            t = types[a[1]]
            rank = {"residential": 3, "park": 2}.get(t.family, 0)
            return (rank * 10 + t.level, look.best_spot(a[1], a[2])[0])

        return max(options, key=worth)

    def _warehouse(self, look: Look, legal: list[Action]) -> Action:
        t = look.game.types[look.game.warehouse]
        return max(legal, key=lambda a: look.spot_value(t, look.cells_of(t, 0, a)))

    def _extend(self, look: Look, legal: list[Action]) -> Action:
        # the new space: one no Cultural building can reach is the cheapest to give up
        return max(legal, key=lambda a: -look.home_worth(a[1]))

    def _waive(self, look: Look, legal: list[Action]) -> Action:
        waives = [a for a in legal if a[0] == "waive"]
        return max(waives, key=lambda a: a[1]) if waives else legal[0]

    def _spend(self, look: Look, legal: list[Action]) -> Action:
        # paying from City Hall first makes room there for citizens
        hall = [a for a in legal if a[2] == stores.HALL]
        return hall[0] if hall else legal[0]

    def _store(self, look: Look, legal: list[Action]) -> Action:
        # a Warehouse first: City Hall's room is for citizens (SC-38)
        ware = [a for a in legal if len(a) > 3 and a[3] != stores.HALL]
        return ware[0] if ware else legal[0]

    def _staff(self, look: Look, legal: list[Action]) -> Action:
        return legal[0]

    # ---------------------------------------------------------- phase 3
    def _pick(self, look: Look, legal: list[Action]) -> Action:
        best, best_gain = ("done",), 0.0
        for a in legal:
            if a[0] != "pick":
                continue
            if look.must_move(a[2]):
                return a  # it moves anyway: it goes first, while every space is open
            gain = look.move_gain(a[2])
            if gain > best_gain:
                best, best_gain = a, gain
        return best

    def _to(self, look: Look, legal: list[Action]) -> Action:
        return max(legal, key=lambda a: look.destination_worth(a, look.state.picked[1]))

    def _house(self, look: Look, legal: list[Action]) -> Action:
        return max(legal, key=lambda a: look.home_worth(a[1]))

    # ------------------------------------------------------- phases 4-6
    def _income(self, look: Look, legal: list[Action]) -> Action:
        return ("done",)

    def _kill(self, look: Look, legal: list[Action]) -> Action:
        return min(legal, key=lambda a: look.citizen_worth(a[1]))

    def _bury(self, look: Look, legal: list[Action]) -> Action:
        return min(legal, key=lambda a: look.home_worth(a[1]) + look.near_hall(a[1]))

    # ---------------------------------------------------------- phase 7
    def _council(self, look: Look, legal: list[Action]) -> Action:
        nxt = look.council_next()
        return nxt if nxt is not None and nxt in legal else ("pass",)

    def _benefit(self, look: Look, legal: list[Action]) -> Action:
        st, g = look.state, look.game
        row = st.council[1]
        if row == ECONOMY:
            return legal[1] if st.round >= g.rounds else legal[0]
        if row == INDUSTRY:
            options = council.benefit_options(g, st, row, st.council[2])
            need = look.materials_needed()
            have = build.stored(g, look.me)

            def use(i: int) -> tuple[int, int, int]:
                # what the next building lacks first, then the later ones, then the rarer
                bundle = options[i]
                first = look.culture_left()[:1]
                lack = first[0].materials if first else (0, 0, 0)
                now = sum(min(bundle[m], max(0, lack[m] - have[m])) for m in range(3))
                covered = sum(min(bundle[m], max(0, need[m] - have[m])) for m in range(3))
                return now, covered, max(m for m in range(3) if bundle[m])

            return ("take", max(range(len(options)), key=use))
        return legal[0]


class Look:
    """The seat's borough as the plan reads it, worked out once per decision."""

    def __init__(self, game: SmallCity, state: SmallCityState, seat: int) -> None:
        self.game, self.state, self.seat = game, state, seat
        self.me: Seat = state.seats[seat]
        self.inf: Influence = influence(game.content, self.me)
        self.hall_cells = [c for t in self.me.tiles if t is not None
                           and game.types[t.type].family == "city_hall" for c in t.cells]

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
        """(spaces, citizens) of every Residential Zone."""
        out = []
        for t in self.me.tiles:
            if t is not None and self.game.types[t.type].family == "residential":
                out.append((t.cells, sum(1 for c in t.cells if self.me.occ[c] == self.seat)))
        return out

    def doors(self) -> list[list[int]]:
        """The spaces of every empty Level-1 home: City Hall's citizens enter there (SC-61)."""
        return [cells for cells, n in self.homes() if len(cells) == 1 and n == 0]

    def waiting(self) -> int:
        """Citizens in City Hall, and those empty Factory spaces will bring (SC-62)."""
        return self.me.hall_citizens + (self.count("factory")
                                        if self.state.round < self.game.rounds else 0)

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
        """The pollution a solo round may generate without a death (SC-S4), or -1."""
        if self.state.players != 1:
            return -1
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
        prices = council.board(self.game, self.state)["price"]
        col = self.me.disc_col[action[1]] + 1 if action[0] == "advance" else 1
        return prices[col - 1]

    def council_next(self) -> Action | None:
        """The plan's next City Council move (SC-78, SC-79): the first row of
        COUNCIL_ROWS not yet climbed to its end, paid in votes when they
        suffice (money buys the homes and Parks), while a benefit still pays
        back in the rounds left."""
        st, g, me = self.state, self.game, self.me
        if st.round >= g.rounds:
            return None  # nothing bought in the last council is used any more
        prices = council.board(g, st)["price"]
        climbed = sum(me.disc_col)
        first = COUNCIL_PLAN[climbed] if climbed < len(COUNCIL_PLAN) else COUNCIL_PLAN[-1]
        rows = [first] + [r for r in dict.fromkeys(COUNCIL_PLAN) if r != first]
        for row in rows:
            if row == INDUSTRY and not self.culture_left():
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
        if not self.hall_cells:
            return 0.0
        r, c = divmod(cell, SIZE)
        return -min(max(abs(r - h // SIZE), abs(c - h % SIZE)) for h in self.hall_cells)

    def home_worth(self, cell: int) -> float:
        """How good a space is for a home: the Cultural buildings reaching it
        (SC-31), none if an Industrial building does (SC-32)."""
        if self.inf.industrial[cell]:
            return 0.0
        return float(self.inf.cultural[cell]) + 0.1 * (self.near_hall(cell) + 3)

    def free_home_spots(self) -> int:
        mask, _ = build.survey(self.game, self.state, self.seat)
        return sum(1 for c in range(CELLS) if mask >> c & 1 and not self.inf.industrial[c]
                   and self.inf.cultural[c] > 0)

    def cells_of(self, t: TileType, face: int, action: Action) -> list[int]:
        cells = place_cells(t.faces[face][action[1]], action[2])
        assert cells is not None
        return cells

    def best_spot(self, type_id: int, face: int) -> tuple[float, Action | None]:
        t = self.game.types[type_id]
        best: tuple[float, Action | None] = (-1e9, None)
        for o, anchor in build.placements(self.game, self.state, self.seat, t, face):
            cells = place_cells(t.faces[face][o], anchor)
            assert cells is not None
            v = self.spot_value(t, cells)
            if v > best[0]:
                best = (v, ("place", o, anchor))
        return best

    def spot_value(self, t: TileType, cells: list[int]) -> float:
        """How well a tile on `cells` serves the plan."""
        own = set(cells)
        around: set[int] = set()
        for c in cells:
            around.update(NB8[c])
        around -= own
        fam = t.family
        covered = sum(self.home_worth(c) for c in cells if self.me.grid[c] < 0)
        if fam == "residential":
            cult = self.cultural_tiles_near(around)
            room = sum(1 for c in around if self.me.grid[c] < 0 and not self.inf.industrial[c])
            return 100.0 * cult + 2.0 * min(room, 6) + sum(self.near_hall(c) for c in cells)
        if t.cultural:
            value = 0.0
            touched: set[int] = set()
            for c in around:
                i = self.me.grid[c]
                if i >= 0:
                    tile = self.me.tiles[i]
                    if (tile is not None and i not in touched
                            and self.game.types[tile.type].family == "residential"):
                        touched.add(i)
                        value += 60.0 + 10.0 * len(tile.cells)
                elif not self.inf.industrial[c]:
                    # concentration: a space other Cultural buildings reach gains most
                    k = self.inf.cultural[c]
                    value += 2.0 + 4.0 * k
            return value - 6.0 * covered + 2.0 * sum(self.near_hall(c) for c in cells)
        if fam in INDUSTRIAL:
            harm = sum(1.0 + 5.0 * self.home_worth(c) for c in around if self.me.grid[c] < 0)
            return -harm - 4.0 * covered - 3.0 * sum(self.near_hall(c) for c in cells)
        # Parks, Commercial Zones and the rest: off the best home spaces
        return -10.0 * covered - 0.5 * sum(self.near_hall(c) for c in cells)

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
    def culture_left(self) -> list[TileType]:
        g = self.game
        out = []
        for key in CULTURE_ORDER:
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
        have = build.stored(self.game, self.me)
        short = [max(0, need[m] - have[m]) for m in range(3)]
        return max(range(3), key=lambda m: (short[m], -m))

    def culture_within(self, missing: int) -> bool:
        have = build.stored(self.game, self.me)
        for t in self.culture_left():
            gap = sum(max(0, t.materials[m] - have[m]) for m in range(3))
            if gap <= missing and sum(have) + missing >= sum(t.materials):
                return gap == missing
        return False

    # ----------------------------------------------------------- moving
    def must_move(self, cell: int) -> bool:
        return citizens.must_move(self.game, self.state, self.seat, self.seat, cell)

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
            for a in citizens.destinations(self.game, self.state, self.seat, self.seat, cell):
                best = max(best, self.destination_worth(a, cell))
        else:  # before the moves: the homes with room are what counts
            for cells, n in self.homes():
                if cell not in cells and n < len(cells):
                    best = max(best, n + 1.0)
        return best - self.staying(cell)

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
            have = build.stored(self.game, self.me)
            room = sum(n for _, n in stores.rooms(self.game, self.me))
            soon = self.game.rounds - self.state.round >= 2
            short = self.materials_needed()[mark] > have[mark]
            return WORK_VOTES if short and room > 0 and soon else 0.2
        if fam == "commercial":
            i = self.me.grid[c]
            tile = self.me.tiles[i]
            assert tile is not None
            return SHOP_VOTES if tile.marks[tile.cells.index(c)] == 0 else 0.3
        return 0.1

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
        board = council.board(self.game, self.state)
        k = col - 1
        if row == INDUSTRY:
            if left < 2 or not self.culture_left():
                return 0.0
            return 3.5 * max(sum(b) for b in board["industry"][k])
        if row == ECONOMY:
            return (1.6 if left > 1 else 0.5) * board["economy"][k]
        if row == BUILDING:
            _lo, hi, waived = board["building"][k]
            return (1.6 * hi + 6.0 * waived) if left >= 2 else 0.0
        return 4.0 * board["tourism"][k] if left >= 2 else 0.0

    # ---------------------------------------------------------- Promise
    def promise_build(self, tiles: list[Action]) -> Action | None:
        """A cheap build that keeps the Promise in the last round (SC-88)."""
        if self.state.round < self.game.rounds or self.me.promise <= 0:
            return None
        from borough.games.smallcity import scoring

        card = self.game.content.promises[self.me.promise - 1]
        if scoring.kept(self.game, self.state, self.seat, card):
            return None
        for test in card.test:
            if test[0] in ("tiles", "spaces"):
                family = test[1]
                options = [a for a in tiles if self.game.types[a[1]].family == family]
                if options:
                    return min(options, key=lambda a: self.game.types[a[1]].cost)
        return None
