"""The reference player's decisions, one method per step of the game."""

from __future__ import annotations

import random

from borough.core.game import Action
from borough.core.view import SeatView
from borough.games.smallcity import build, council, stores
from borough.games.smallcity.data import SIZE
from borough.games.smallcity.phases import actions
from borough.games.smallcity.planner.look import Look
from borough.games.smallcity.planner.plan import (
    ECONOMY,
    FACTORIES,
    FIRST_FACTORIES,
    INDUSTRY,
    KEEP_CHANCE,
    STONE,
)
from borough.games.smallcity.rules import SmallCity
from borough.games.smallcity.terms import (
    ARCHITECT,
    COUNCILOR,
    ENGINEER,
    MEDIATOR,
    PLANNER,
    SIDES,
    SUPPORTER,
)


class Planner:
    """Plays every seat decision of Small City by the plan (see the package)."""

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
        choice: Action | None = decide(Look(game, state, seat), legal) if decide else None
        if choice is None or choice not in legal:
            self.unplanned += 1
            return legal[0]
        return choice

    # ------------------------------------------------------------ setup
    def _side(self, look: Look, legal: list[Action]) -> Action:
        return ("side", SIDES.index("easy"))  # the larger zone (SC-42)

    def _hall(self, look: Look, legal: list[Action]) -> Action:
        size = look.game.tables.zone(look.me, look.me.zone)
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
        late = st.round >= g.tables.rounds

        def worth(a: Action) -> float:
            card = st.circle[a[1]]
            cost = actions.card_cost(g.tables, st, a[1])
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
        return legal[1] if look.state.round >= look.game.tables.rounds else legal[0]

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
        for key in look.culture_order():
            options = [a for a in tiles if types[a[1]].key == key]
            if options:
                return max(options, key=lambda a: look.best_spot(a[1], a[2])[0])
        left = g.tables.rounds - st.round
        reserve = look.reserve()
        # 3. Factories early: each empty Factory space brings a citizen a round
        # from the Career Center (SC-62), and its Warehouse stores materials
        # (SC-34); the first before the homes, the others after them.
        factory = self._factory(look, tiles, left, FIRST_FACTORIES)
        if factory is not None:
            return factory
        # 4. Parks first when this round's pollution would kill a citizen (SC-S4).
        limit = look.death_limit()
        if limit >= 0 and look.pollution_ahead() > limit:
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
        if dirt > 0 and me.money > reserve:
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
        t = look.game.types[look.game.tables.warehouse]
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
            return legal[1] if st.round >= g.tables.rounds else legal[0]
        if row == INDUSTRY:
            options = council.benefit_options(g.tables, st, row, st.council[2])
            need = look.materials_needed()
            have = build.stored(g.tables, look.me)

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
