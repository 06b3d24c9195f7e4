"""Rondel City rules: the forward model behind `borough.game("rondelcity")`.

Rule ids (RON-*) refer to RULES.md in this folder. This class holds the Game
hooks and the setup (RON-1 to RON-3); the rulebook's parts live in their modules:

- `seats.py`: a seat's score, gold, rondel space, prices and open squares (RON-9 to RON-17);
- `placing.py`: where a tile may go and what it scores (RON-16 to RON-24);
- `moves.py`: Citizens and Bankers along the streets (RON-4 to RON-8);
- `steps.py`: each step's choices, and the test that judges one alone where there is one;
- `actions.py`: the decisions of a turn (RON-9 to RON-26, the variants RON-V*);
- `flow.py`: what follows by itself, the turn's end and the game's end (RON-27 to RON-31);
- `information.py`, `wording.py`, `checks.py`: views, words, consistency checks.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from borough.core.game import Action, Event, Game, Option
from borough.core.refusals import Refusal
from borough.core.results import Breakdown, MovesPlayed, Result
from borough.core.rng import Rng
from borough.games.rondelcity import (
    actions,
    breakdown,
    checks,
    information,
    prompts,
    refusals,
    seats,
    steps,
    wording,
)
from borough.games.rondelcity.data import DEFAULT_DIR, NAME, PLAYER_COUNTS, Content, load
from borough.games.rondelcity.seats import player_name
from borough.games.rondelcity.state import (
    EMPTY,
    NORMAL,
    OVER,
    ROTATE,
    RonState,
)

__all__ = ["RondelCity", "player_name"]

# The kinds of move every other seat may learn (see public_action): all of them.
OPEN_CHOICES = frozenset((
    "rondel", "buy", "pass", "skip", "place", "square", "take", "score", "first", "go",
    "event", "amenity_buy", "amenity_place", "bonus", "site",
))

class RondelCity(Game):
    name = NAME
    title = "Rondel City"
    seats = PLAYER_COUNTS
    option_list = (
        Option("events", ("off", "on"), "off", "on: the ten Event tiles (variant)"),
        Option("amenities", ("off", "on"), "off", "on: the nine Civic Amenities (variant)"),
    )
    state_type = RonState
    rules_version = 2  # see "Changes" at the end of RULES.md
    rule_words = refusals.WORDS.words

    def __init__(self, data_dir: Path = DEFAULT_DIR) -> None:
        self.content: Content = load(data_dir)
        self.city = self.content.city
        self.market = self.content.market
        self.variants = self.content.variants
        self.tiles = self.market.tiles
        self._rondel_index = {b: i for i, b in enumerate(self.market.rondel_buildings)}

    # ------------------------------------------------------------- setup
    def _setup(self, players: int, seed: int, options: dict[str, Any]) -> RonState:
        rng = Rng.from_seed(seed)
        market, city = self.market, self.city
        start = self._rondel_index[market.player_start]
        rondel = [start] * 4
        for k, b in enumerate(market.neutral_starts.get(players, ())):  # RON-1
            rondel[players + k] = self._rondel_index[b]
        lines = []
        for tiles in market.line_tiles:  # RON-12: each line is shuffled, one tile face up
            line = list(tiles)
            rng.shuffle(line)
            lines.append(line)
        events_on = options["events"] == "on"
        amenities_on = options["amenities"] == "on"
        event, stack = EMPTY, []
        if events_on:  # RON-V1
            event = self.variants.festival
            stack = [e.id for e in self.variants.events if e.id != event]
            rng.shuffle(stack)
        block_amenity = [EMPTY] * len(city.block_names)
        if amenities_on:  # RON-V5
            deal = list(range(len(self.variants.amenities)))
            rng.shuffle(deal)
            for b, a in zip(city.main_blocks, deal, strict=True):
                block_amenity[b] = a
        return RonState(
            players=players, events_on=events_on, amenities_on=amenities_on, current=0,
            actor=0, step=ROTATE, after="", rondel=rondel,
            pieces=[city.start] * (2 * players),  # RON-3
            held=[[] for _ in range(players)], held_amenities=[[] for _ in range(players)],
            lines=lines, board=[EMPTY] * len(city.square_labels),
            block_amenity=block_amenity, removed_amenities=[], event=event,
            event_stack=stack, event_drawn=[], pending=[], tile=EMPTY, square=EMPTY,
            mode=NORMAL, amenity=EMPTY, final_queue=[], final_round=False, winner=EMPTY,
            rng=rng, moves=0, turns=0,
        )

    def num_seats(self, state: RonState) -> int:
        return state.players

    # ------------------------------------------------------------ queries
    def vp(self, state: RonState, seat: int) -> int:
        return seats.vp(self.content, state, seat)

    def gold(self, state: RonState, seat: int) -> int:
        return seats.gold(self.content, state, seat)

    def rondel_space(self, state: RonState, seat: int) -> int:
        return state.rondel[seat]

    def rondel_building(self, state: RonState, seat: int) -> int:
        return seats.rondel_building(self.content, state, seat)

    def rondel_colour(self, state: RonState, seat: int) -> str:
        return seats.rondel_colour(self.content, state, seat)

    def tile_limit(self, state: RonState) -> int:
        return seats.tile_limit(self.content, state)

    def holding(self, state: RonState, seat: int) -> int:
        return seats.holding(self.content, state, seat)

    def price(self, state: RonState, seat: int) -> int:
        return seats.price(self.content, state, seat)

    def place_mode(self, state: RonState, seat: int) -> str:
        return seats.place_mode(self.content, state, seat)

    def legal_squares(self, state: RonState, seat: int, tile_id: int, mode: str) -> list[int]:
        return seats.legal_squares(self.content, state, seat, tile_id, mode)

    def placeable(self, state: RonState, seat: int, mode: str) -> list[int]:
        return seats.placeable(self.content, state, seat, mode)

    # ------------------------------------------------------------- turns
    def to_act(self, state: RonState) -> tuple[int, ...]:
        return seats.to_act(state)

    def is_over(self, state: RonState) -> bool:
        return state.step == OVER

    def legal_actions(self, state: RonState, seat: int) -> list[Action]:
        return steps.choices(self.content, state, seat)

    def is_legal(self, state: RonState, seat: int, action: Action) -> bool:
        return steps.allows(self.content, state, seat, action)

    def _apply(self, state: RonState, seat: int, action: Action) -> list[Event]:
        return actions.do(self.content, state, seat, action)

    # ------------------------------------------------------------ result
    def result(self, state: RonState) -> Result:
        scores = [self.vp(state, s) for s in range(state.players)]
        winners = seats.mayors(self.content, state)
        if state.winner >= 0:
            return Result(scores, winners, {"mayor_by": "reaching 50"})
        gold = [self.gold(state, s) for s in range(state.players)]
        return Result(scores, winners, {"mayor_by": "furthest Citizen", "gold": gold})

    def breakdown(self, state: RonState, record: MovesPlayed) -> Breakdown:
        return breakdown.breakdown(self, self.content, state, record)

    # ------------------------------------------------------- information
    def observe(self, state: RonState, seat: int | None) -> dict[str, Any]:
        return information.observe(self.content, state, seat)

    def generators(self, state: RonState) -> list[int]:
        return [state.rng.state]  # the state's one generator

    def hidden_parts(self, state: RonState) -> tuple[Any, ...]:
        """For undo: the face-down tiles under each line, the Event stack and the
        Events being looked at, and the face-down Amenities."""
        lines = [line[1:] for line in state.lines]
        return (lines, state.event_stack, state.event_drawn, state.block_amenity,
                state.removed_amenities)

    def has_hidden_information(self, state: RonState, seat: int) -> bool:
        return information.has_hidden_information(self.content, state, seat)

    def public_action(self, state: RonState, seat: int, action: Action) -> bool:
        """Every Rondel City choice is made in the open: markers, pieces and tiles
        are on the table, tiles held are face up (RON-12), a taken Amenity is held
        face up and a chosen Event is the one in effect (RON-V2, RON-V6). Hidden
        are only the tiles under each line, the Event stack, the two Events put
        back unseen and the Blocks' face-down Amenities, and no choice names them."""
        return action[0] in OPEN_CHOICES

    def determinize(self, state: RonState, seat: int, rng: random.Random) -> RonState:
        """Reshuffle what `seat` cannot see (see information.determinize)."""
        return information.determinize(self.content, state, seat, rng)

    # ------------------------------------------------------------ plumbing
    def clone(self, state: RonState) -> RonState:
        return state.copy()

    def validate_state(self, state: RonState) -> None:
        checks.validate(self.content, state)

    def all_actions(self) -> Iterable[Action]:
        yield from (("rondel", k) for k in range(len(self.market.extra_costs) + 1))
        yield ("buy",)
        yield ("pass",)
        yield ("skip",)
        yield from (("place", t) for t in range(len(self.tiles)))
        yield from (("square", q) for q in range(len(self.city.square_labels)))
        yield ("take",)
        yield ("score",)
        yield ("first", "citizen")
        yield ("first", "banker")
        yield from (("go", s) for s in range(len(self.city.numbers)))
        yield from (("event", e) for e in range(len(self.variants.events)))
        yield from (("amenity_buy", a) for a in range(len(self.variants.amenities)))
        yield from (("amenity_place", a) for a in range(len(self.variants.amenities)))
        yield ("bonus", "vp")
        yield ("bonus", "gp")
        yield from (("site", q) for q in range(len(self.city.square_labels)))

    def prompt(self, state: RonState, seat: int) -> str:
        return prompts.prompt(self.content, state, seat)

    def describe(self, action: Action, state: Any = None) -> str:
        return wording.describe(self.content, action, state)

    def step_rule(self, state: RonState, seat: int) -> tuple[str, str]:
        rule = refusals.STEP_RULES.get(state.step, "RON-11")
        return rule, self.rule_words[rule]

    def why_illegal(self, state: RonState, seat: int, action: Action) -> Refusal:
        return wording.why_illegal(self.content, state, seat, action)

    def max_decisions(self, players: int, options: dict[str, Any]) -> int:
        # Nothing in the rules forbids passing for ever, so no true bound exists. Random
        # play, which passes and pays for rondel steps far more than people do, took
        # at most 5,427 decisions in 600 two-player games (about 1,700 on average);
        # sensible play takes about 160.
        return 20000
