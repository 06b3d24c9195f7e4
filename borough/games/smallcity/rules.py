"""Small City Deluxe rules: the forward model behind `borough.game("smallcity")`.

A round runs the book's eight phases; every choice is a small decision of one
seat. Two steps are sealed and simultaneous: the kept Promise at setup and the
Build phase, where every seat builds behind its screen and the others see its
borough as it stood until everyone has finished.

The game class holds the hooks of `borough.core.game.Game` and hands each to a
function of the content tables (`tables.py`) and the state: the legal answers and
the effect of every step are in one table (`steps.py`); a phase that ends leaves
the next one due (`turns.leave_due`) and the step table begins it, so no phase
calls another round the circle. The rulebook's parts live beside it, one module
each (rule ids, SC-*, refer to RULES.md in this folder):

- `phases/setup.py`        setup (SC-1..SC-5, SC-44)
- `phases/actions.py`      Phase 1, Special Actions (SC-6..SC-17, SC-S2)
- `phases/construction.py` Phase 2, Build, sealed (SC-25..SC-44); tile geometry in `build.py`
- `phases/moving.py`       Phase 3, Move Citizens (SC-50..SC-62); destinations in `citizens.py`
- `phases/income.py`       Phases 4-6, Income, Vote, Pollution (SC-63..SC-74); `pollution.py`
- `phases/influence.py`    Phase 7, City Council (SC-78..SC-85, SC-A3); the board in `council.py`
- `phases/visit.py`        Phase 8 and the result (SC-86..SC-90, SC-A*, SC-S6); `scoring.py`
- `information.py`         what each seat sees; `wording.py` actions and refusals in words
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import Any

from borough.core.errors import CorruptData
from borough.core.game import Action, Event, Game, Option
from borough.core.refusals import Refusal
from borough.core.results import Breakdown, MovesPlayed, Result
from borough.games.smallcity import (
    build,
    citizens,
    council,
    information,
    prompts,
    refusals,
    turns,
    wording,
)
from borough.games.smallcity.build import name
from borough.games.smallcity.data import (
    CELLS,
    DEFAULT_DIR,
    Content,
    load,
)
from borough.games.smallcity.geometry import EDGES
from borough.games.smallcity.phases import actions, construction, setup, visit
from borough.games.smallcity.state import (
    BUILD,
    CEMETERY,
    NOBODY,
    OVER,
    SmallCityState,
)
from borough.games.smallcity.steps import STEPS, go_on
from borough.games.smallcity.tables import Tables
from borough.games.smallcity.terms import (  # noqa: F401 - names other modules import from here
    ARCHITECT,
    CARDS,
    COUNCILOR,
    LEVELS,
    MAYOR,
    MODES,
    PAY_NAMES,
    PLANNER,
    SIDES,
    SUPPORTER,
)
from borough.games.smallcity.turns import DUE, behind_screen

SECRET_CHOICES = ("promise", "keep")


class SmallCity(Game):
    name = "smallcity"
    title = "Small City Deluxe"
    seats = (1, 2, 3, 4)
    option_list = (
        Option("side", ("easy", "expert", "choose"), "easy",
               "borough side for every player (easy starts with a 7x7 Constructible Zone, "
               "expert with 6x6), or choose: each player picks their own side at setup"),
        Option("council", ("easy", "expert"), "easy",
               "City Council side for the basic game (the advanced game always uses expert)"),
        Option("mode", MODES, "basic",
               "basic game, or the advanced game with a victory condition: votes, economic, "
               "citizens or cultural"),
        Option("level", LEVELS, "mayor", "solo difficulty, from citizen (easiest) to president"),
    )
    state_type = SmallCityState
    rules_version = 4  # see "Changes" at the end of RULES.md
    rule_words = refusals.WORDS.words

    def __init__(self, data_dir: Path = DEFAULT_DIR) -> None:
        self.tables = Tables(load(data_dir))
        # the content every game offers, and its tile types, which views and bots read
        self.content: Content = self.tables.content
        self.types = self.tables.types

    def prompt(self, state: SmallCityState, seat: int) -> str:
        return prompts.prompt(self.tables, state, seat)

    def _setup(self, players: int, seed: int, options: dict[str, Any]) -> SmallCityState:
        return setup.setup(self.tables, players, seed, options)

    def result(self, state: SmallCityState) -> Result:
        return visit.result(self.tables, state)

    def breakdown(self, state: SmallCityState, record: MovesPlayed) -> Breakdown:
        return visit.breakdown(self.tables, state, record)

    # ------------------------------------------------------- what seats see
    chance_words = "the draw revealed a card or a tile"
    reveal_words = "the move uncovered a hidden card or tile"

    def observe(self, state: SmallCityState, seat: int | None, *,
                others: dict[int, dict[str, Any]] | None = None) -> dict[str, Any]:
        return information.observe(self.tables, state, seat, others)

    def observer(self, state: SmallCityState) -> Callable[[int | None], dict[str, Any]]:
        # the table's part and every seat's public part, as the others see it,
        # worked out once
        return partial(self.observe, state, others={})

    def generators(self, state: SmallCityState) -> list[int]:
        return [state.rng.state]  # the state's one generator

    def hidden_parts(self, state: SmallCityState) -> tuple[Any, ...]:
        return information.hidden_parts(state)

    def hidden_from(self, state: SmallCityState, seat: int) -> tuple[Any, ...]:
        return information.hidden_from(state, seat)

    def has_hidden_information(self, state: SmallCityState, seat: int) -> bool:
        return information.has_hidden_information(state, seat)

    def determinize(self, state: SmallCityState, seat: int, rng: random.Random
                    ) -> SmallCityState:
        return information.determinize(self.tables, state, seat, rng)

    def reveal_reason(self, before: SmallCityState, seat: int, action: Any,
                      after: SmallCityState) -> str:
        if before.phase == BUILD and after.phase != BUILD:
            return "the screens came down: every borough is shown (SC-25)"
        return self.reveal_words

    # ---------------------------------------------------------------- words
    def describe(self, action: Action, state: Any = None) -> str:
        return wording.describe(self.tables, action, state)

    def describe_move(self, state: SmallCityState, seat: int, action: Action) -> str:
        return wording.describe_move(self.tables, state, seat, action)

    def step_rule(self, state: SmallCityState, seat: int) -> tuple[str, str]:
        return wording.step_rule(state, seat)

    def why_illegal(self, state: SmallCityState, seat: int, action: Action) -> Refusal:
        return wording.why_illegal(self.tables, state, seat, action)

    def option_sets(self) -> list[dict[str, Any]]:
        return [
            {},
            {"side": "choose"},
            {"council": "expert"},
            *({"mode": m} for m in MODES[1:]),
            {"level": "citizen"},
            {"level": "president", "side": "expert"},
        ]

    # ----------------------------------------------------------------- setup
    def num_seats(self, state: SmallCityState) -> int:
        return state.players

    # --------------------------------------------------------------- turns
    # a function of the state alone, bound without a wrapper (asked at every decision)
    to_act = staticmethod(turns.to_act)

    def public_action(self, state: SmallCityState, seat: int, action: Action) -> bool:
        """Every move is made in the open except three: the kept Promise (SC-4) and the
        kept Special Promise are secret, and the whole Build phase is behind the
        screens (SC-25: its results are announced at the reveal, never move by move)."""
        if state.phase == BUILD:
            return False
        return action[0] not in SECRET_CHOICES

    def is_over(self, state: SmallCityState) -> bool:
        return state.phase == OVER

    def legal_actions(self, state: SmallCityState, seat: int) -> list[Action]:
        if state.phase == BUILD:  # `seat in to_act`, asked without building the tuple
            if seat not in state.order or state.seats[seat].bstep == "done":
                return []
            return behind_screen(state, seat, self._legal, state, seat)
        # `seat in to_act`, asked without building the tuple
        if state.phase == OVER or not 0 <= seat < state.players:
            return []
        if state.chosen[seat] if state.step == "promise" else seat != state.current:
            return []
        return self._legal(state, seat)

    def is_legal(self, state: SmallCityState, seat: int, action: Action) -> bool:
        """The Build phase answers one action without listing them all (for speed)."""
        if state.phase == BUILD:
            return behind_screen(state, seat, self._build_legal, state, seat, action)
        step, kind = state.step, action[0]
        if step == "to" and kind == "to":
            return citizens.can_go(self.tables, state, seat, action[1], action[2])
        if step == "pick" and kind == "pick":
            return citizens.can_pick(self.tables, state, seat, action[1], action[2])
        if step == "card":
            return kind == "card" and actions.card_ok(self.tables, state, seat, action[1])
        if step == "tile" and kind == "tile":
            return action in build.tile_choices(self.tables, state, seat, only=action[1])
        return action in self._legal(state, seat)

    def _build_legal(self, state: SmallCityState, seat: int, action: Action) -> bool:
        if state.step in ("place", "build"):
            return construction.build_legal(self.tables, state, seat, action)
        return action in self._legal(state, seat)

    def _legal(self, state: SmallCityState, seat: int) -> list[Action]:
        step = STEPS.get(state.step)
        if step is None:
            raise CorruptData(f"unknown step {state.step!r}")
        return step.choices(self.tables, state, seat)

    # -------------------------------------------------------------- apply
    def _apply(self, state: SmallCityState, seat: int, action: Action) -> list[Event]:
        if state.phase == BUILD:
            ev = behind_screen(state, seat, self._act, state, seat, action)
        else:
            ev = self._act(state, seat, action)
        if state.step == DUE:  # the phase this move ended left the next one due
            go_on(self.tables, state, ev)
        return ev

    def _act(self, state: SmallCityState, seat: int, action: Action) -> list[Event]:
        state.moves += 1
        ev: list[Event] = []
        STEPS[state.step].act(self.tables, state, seat, action, ev)
        return ev

    # ------------------------------------------------------------ plumbing
    def clone(self, state: SmallCityState) -> SmallCityState:
        return state.copy()

    def validate_state(self, state: SmallCityState) -> None:
        st = state
        if len(st.seats) != st.players or st.players not in self.seats:
            raise CorruptData("the seats do not fit this game")
        if len(st.supply) != len(self.types) or len(st.mats) != 3:
            raise CorruptData("the supply does not fit this game")
        if st.side not in (*SIDES, "choose") or st.council_side not in self.content.council:
            raise CorruptData("unknown board side")
        for s, seat in enumerate(st.seats):
            if len(seat.grid) != CELLS or len(seat.occ) != CELLS:
                raise CorruptData(f"{name(s)}'s borough is not a 10x10 grid")
            if seat.hall_citizens + len(seat.hall_mats) > self.tables.hall_capacity:
                raise CorruptData(f"{name(s)}'s City Hall holds more than it can")
            for i, tile in enumerate(seat.tiles):
                if tile is None:
                    continue
                if not 0 <= tile.type < len(self.types) or len(tile.cells) != len(tile.marks):
                    raise CorruptData(f"{name(s)} has a malformed tile")
                if any(not 0 <= c < CELLS or seat.grid[c] != i for c in tile.cells):
                    raise CorruptData(f"{name(s)}'s grid does not match its tiles")
            for c in range(CELLS):
                if seat.occ[c] != NOBODY and (
                    seat.grid[c] < 0 or not 0 <= seat.occ[c] < st.players
                ):
                    raise CorruptData(f"a citizen stands off the tiles of {name(s)}")
                if seat.grid[c] >= len(seat.tiles) or (
                    seat.grid[c] >= 0 and seat.tiles[seat.grid[c]] is None
                ):
                    raise CorruptData(f"{name(s)}'s grid points at a missing tile")
            if sorted(c for c in range(CELLS) if seat.grid[c] == CEMETERY) != sorted(
                    seat.cemeteries):
                raise CorruptData(f"{name(s)}'s Cemeteries do not match its grid")
            if seat.side not in SIDES or not 0 <= seat.zone < len(self.tables.zones(seat)):
                raise CorruptData(f"{name(s)}'s Constructible Zone is off its track")

    def all_actions(self) -> Iterable[Action]:
        yield from (("place", o, a) for o in range(8) for a in range(CELLS))
        yield from (("promise", i) for i in range(3))
        yield from (("side", i) for i in range(len(SIDES)))
        yield from (("mayor", e) for e in range(len(EDGES)))
        yield from (("card", p) for p in range(8))
        yield from (("take", i) for i in range(2))
        yield from (("expand",), ("pass",), ("done",), ("skip",), ("home",))
        yield from (("advance", d, p) for d in range(2) for p in council.PAYS)
        yield from (("enter", d, r, p) for d in range(2) for r in range(4) for p in council.PAYS)
        yield from (("keep", i) for i in range(4))
        yield from (("tile", t.id, f) for t in self.types for f in range(len(t.faces)))
        yield from (("upgrade", c) for c in range(CELLS))
        yield from (("extend", c, m) for c in range(CELLS) for m in range(4))
        yield from (("demolish", c) for c in range(CELLS))
        yield from (("staff", c) for c in range(CELLS))
        yield from (("pick", b, c) for b in range(4) for c in range(CELLS))
        yield from (("to", b, c) for b in range(4) for c in range(CELLS))
        yield from (("house", c) for c in range(CELLS))
        yield from (("sell", m) for m in range(3))
        yield from (("lot", k) for k in range(1, 5))
        yield from (("trade", m) for m in range(3))
        yield from (("kill", c) for c in range(CELLS))
        yield from (("bury", c) for c in range(CELLS))
        yield from (("waive", m) for m in range(3))
        yield from (("spend", m, c) for m in range(3) for c in range(CELLS + 1))
        yield from (("store", m, b, c) for m in range(3) for b in range(4)
                    for c in range(CELLS + 1))

    def max_decisions(self, players: int, options: dict[str, Any]) -> int:
        # setup, then per round and seat: cards, builds, moves, income, deaths, council
        return 40 + self.tables.rounds * players * 250
