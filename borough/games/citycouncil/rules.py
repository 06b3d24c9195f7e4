"""City Council rules: the forward model behind `borough.game("citycouncil")`.

Rule ids (CC-*) refer to RULES.md in this folder. This class holds the Game
hooks and the setup (CC-1..CC-7); the rulebook's parts live in their modules:

- `steps.py`: what a member may choose at each step (the legal list);
- `flow.py`: committees, roles, the council, and `settle`, which drives the round;
- `window.py`: the Favor window that interrupts the round (CC-62);
- `production.py`: production, resolution and the turn end (CC-40..CC-59);
- `council.py`, `city.py`, `favors.py`: votes and plans, the city and its tracks, the cards;
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
from borough.games.citycouncil import (
    breakdown,
    checks,
    city,
    flow,
    information,
    production,
    prompts,
    refusals,
    steps,
    wording,
)
from borough.games.citycouncil.data import DEFAULT_DIR, SHAPES, TILE_COUNT, Content, load
from borough.games.citycouncil.state import ASSIGN, ELECTION, OVER, CCState, seat_now, step_now
from borough.games.citycouncil.steps import DEAL, player_name

__all__ = ["CityCouncil", "player_name"]

NO_TERM_ROUNDS = 100


class CityCouncil(Game):
    name = "citycouncil"
    title = "City Council"
    seats = checks.SEATS
    state_type = CCState
    rules_version = 13  # see "Changes" at the end of RULES.md
    rule_words = refusals.WORDS.words
    table_can_lose = True  # CC-50: the government takes over

    def __init__(self, data_dir: Path = DEFAULT_DIR) -> None:
        self.content: Content = load(data_dir)
        self.board = self.content.board
        self.buildings = self.content.buildings
        self.cards = self.content.cards
        # the choices are words, "none" or a number of rounds, so that every tool
        # (an OpenSpiel parameter, say) gives the option one type
        terms = tuple(str(t) for t in self.content.terms)
        self.option_list = (
            Option(
                "mode",
                ("basic", "advanced"),
                "advanced",
                "basic: 8 starter buildings face up, one sell and one relocate marker, 11 "
                "points; advanced: 13 buildings, two of each marker, the airport tile, 13 points",
            ),
            # CC-58: the book's game has no term; a table may choose one
            Option(
                "term",
                ("none", *terms),
                "none",
                "none: the game ends only with a Mayor or a government takeover (the book); "
                f"{', '.join(map(str, terms))}: after that many rounds without a Mayor the "
                "government takes over and nobody wins",
                tested=("none", str(self.content.machine_term)),
            ),
        )

    def unattended_options(self) -> dict[str, Any]:
        return {"term": str(self.content.machine_term)}  # CC-58: every bots' game ends

    # ------------------------------------------------------------- setup
    def _setup(self, players: int, seed: int, options: dict[str, Any]) -> CCState:
        c = self.content
        advanced = options["mode"] == "advanced"
        start = c.start["advanced" if advanced else "basic"]
        members = max(players, 3)  # CC-2: the automated member makes three
        rng = Rng.from_seed(seed)
        deck = list(range(len(c.cards)))
        rng.shuffle(deck)
        hands = [[deck.pop() for _ in range(DEAL)] for _ in range(players)]  # CC-3
        stacks: list[list[int]] = []
        for shape in range(len(SHAPES)):
            starters = [b.id for b in c.buildings[:TILE_COUNT]
                        if b.shape == shape and b.set == "starter"]
            advanced_tiles = [b.id for b in c.buildings[:TILE_COUNT]
                              if b.shape == shape and b.set == "advanced"]
            if advanced:  # CC-5: every building is available from the start
                mixed = advanced_tiles + starters
                rng.shuffle(mixed)
                stacks.append(mixed)
                continue
            rng.shuffle(starters)  # CC-5: basic starters come out before advanced tiles
            rng.shuffle(advanced_tiles)
            stacks.append(advanced_tiles + starters)
        board = [-1] * (c.board.rows * c.board.cols)
        site_of = [-1] * len(c.buildings)
        state = CCState(
            players=players, members=members, advanced=advanced, round=1, step=ASSIGN,
            current=0, chair=0, queue=[], office=[-1] * members, spot=[0] * members,
            marked=[0] * members, vacant_start=[], scores=[0] * players, funds=[0] * players,
            hands=hands, dealt=[[] for _ in range(players)], deck=deck, discard=[],
            discard_owner=[], removed=[], budget=start.budget, power=start.power,
            goods=start.goods, blue=start.blue[members], white=start.white[members],
            blue_free=start.blue[members], white_free=start.white[members],
            red=[0, 0, 0], grey=[0, 0, 0], pink=[0, 0, 0], board=board, site_of=site_of,
            display=[], stacks=stacks, gone=[], proposals=[], pending=-1,
            sells_left=start.sell_markers, relocates_left=start.relocate_markers, executed=0,
            zones_on=[0] * len(c.board.hood_names), activated=[0] * len(c.buildings),
            act_log=[], acts_left=0, unemployed=0, reached=False, outcome="", rng=rng,
            moves=0,
            # CC-7: the basic game opens part of the city only
            open_hoods=[0 if h in start.closed else 1 for h in range(len(c.board.hood_names))],
            passed=[[] for _ in range(players)], frames=[], due="",
            resolved=0, key_holder=-1,
            term=0 if options["term"] == "none" else int(options["term"]),
        )
        for bid, pid in c.printed_sites.items():  # CC-4: the printed centre buildings
            city.place(state, c, bid, pid)
        if advanced:
            # CC-4: the advanced airport tile covers the printed airport
            airport = c.buildings[c.airport_tile].upgrade_of
            city.place(state, c, c.airport_tile, c.printed_sites[airport])
        production.refill(c, state)
        chair = rng.below(members)  # CC-6: a random member chairs the Election Committee
        state.office[chair] = ELECTION
        state.chair = chair
        state.queue = [m for m in range(members) if m != chair]
        state.current = chair
        flow.settle(c, state, [])
        return state


    def num_seats(self, state: CCState) -> int:
        return state.players

    # ------------------------------------------------------------ turns
    def to_act(self, state: CCState) -> tuple[int, ...]:
        return steps.to_act(state)

    def prompt(self, state: CCState, seat: int) -> str:
        return prompts.prompt(self.content, state, seat)

    def is_over(self, state: CCState) -> bool:
        return state.step == OVER

    def legal_actions(self, state: CCState, seat: int) -> list[Action]:
        if step_now(state) == OVER or seat != seat_now(state):
            return []
        return steps.choices(self.content, state, seat)

    def is_legal(self, state: CCState, seat: int, action: Action) -> bool:
        return steps.allows(self.content, state, seat, action)

    def _apply(self, state: CCState, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        known = flow.do(self.content, state, seat, action, events)
        flow.settle(self.content, state, events, known)
        return events

    # ------------------------------------------------------------ result
    def result(self, state: CCState) -> Result:
        scores = list(state.scores)
        detail: dict[str, Any] = {"outcome": state.outcome, "rounds": state.round,
                                  "funds": list(state.funds)}
        detail["key_to_the_city"] = state.key_holder
        if state.outcome != "mayor":
            # CC-50: the government takes over; CC-58: a term that ran out without
            # anyone reaching the points of CC-57 elects nobody either
            detail["everyone_loses"] = True
            return Result(scores, [], detail)
        detail["mayor"] = production.mayors(state)  # CC-59: private funds break ties
        return Result(scores, list(detail["mayor"]), detail)

    def breakdown(self, state: CCState, record: MovesPlayed) -> Breakdown:
        return breakdown.breakdown(self, self.content, state, record)

    # ------------------------------------------------------- information
    def observe(self, state: CCState, seat: int | None) -> dict[str, Any]:
        return information.observe(self.content, state, seat, list(self.to_act(state)))

    def has_hidden_information(self, state: CCState, seat: int) -> bool:
        return information.has_hidden_information(self.content, state, seat)

    # a move is taken back only while nothing hidden could have shown (see RULES.md)
    chance_words = "the move drew a Favor card or a building tile"
    reveal_words = "a Favor card in another hand could have come into play"

    def generators(self, state: CCState) -> list[int]:
        return [state.rng.state]  # the state's one generator

    def hidden_parts(self, state: CCState) -> tuple[Any, ...]:
        """For undo: the Favor deck, every hand, dealt and let-pass card, the
        discards not seen by all and the order of the building stacks."""
        return information.hidden_parts(state, None)

    def hidden_from(self, state: CCState, seat: int) -> tuple[Any, ...]:
        return information.hidden_parts(state, seat)

    def reveals_nothing(self, before: CCState, seat: int, action: Action,
                        after: CCState) -> bool:
        """The hidden parts unchanged, and no Favor chance (CC-62) that a card the
        seat cannot see could have opened on the way: whether one opens rests on
        the others' hands even when nobody takes it."""
        if not super().reveals_nothing(before, seat, action, after):
            return False
        return not information.chance_could_open(self.content, self._apply, before, seat,
                                                 action, after, self.to_act)

    def determinize(self, state: CCState, seat: int, rng: random.Random) -> CCState:
        return information.determinize(self.content, state, seat, rng)

    def public_action(self, state: CCState, seat: int, action: Action) -> bool:
        return information.public_action(action)

    # ------------------------------------------------------------ plumbing
    def clone(self, state: CCState) -> CCState:
        return state.copy()

    def validate_state(self, state: CCState) -> None:
        checks.validate_state(self.content, state)

    def all_actions(self) -> Iterable[Action]:
        return checks.all_actions(self.content)

    def describe(self, action: Action, state: Any = None) -> str:
        return wording.describe(self.content, action, state)

    def what_it_uses(self, action: Action) -> str:
        return wording.what_it_uses(self.content, action)

    def step_rule(self, state: CCState, seat: int) -> tuple[str, str]:
        rule = refusals.STEP_RULES.get(step_now(state), "CC-8")
        return rule, self.rule_words[rule]

    def why_illegal(self, state: CCState, seat: int, action: Action) -> Refusal:
        return wording.why_illegal(self.content, state, seat, action)

    def max_decisions(self, players: int, options: dict[str, Any]) -> int:
        # per round at most: seating and changes, one embezzlement, keeps, proposals and
        # sites, votes, tie choices, Favor windows and production activations; without
        # a term (CC-58), NO_TERM_ROUNDS bounds the playouts (see RULES.md, CC-58)
        term = options.get("term", "none")
        rounds = NO_TERM_ROUNDS if term == "none" else int(term)
        return rounds * (40 + players * 60 + 2 * len(self.buildings))
