"""City Council rules: the forward model behind `borough.game("citycouncil")`.

Rule ids (CC-*) refer to RULES.md in this folder.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from borough.core.errors import CorruptData
from borough.core.game import Action, Event, Game, Option, Result
from borough.core.rng import Rng
from borough.games.citycouncil import bot, city, council, favors
from borough.games.citycouncil.data import DEFAULT_DIR, SHAPES, TILE_COUNT, Content, load
from borough.games.citycouncil.state import (
    ASSIGN,
    DONE,
    ELECT,
    ELECTION,
    EMBEZZLE,
    EXEC_VOTE,
    EXECUTE,
    EXECUTIVE,
    FAVOR,
    KEEP,
    MOVE,
    OFFICES,
    OVER,
    PENDING,
    PRODUCE,
    PROPOSE,
    REGARD,
    SITE,
    SPOT_A,
    SPOT_B,
    SWAP,
    TRANSPORT,
    TREASURY,
    TURN_END,
    UNION,
    VOTE,
    CCState,
    Proposal,
)

MAX_ROUNDS = 20  # CC-58 (our design): the council's term
HAND_LIMIT = 7  # CC-55
DEAL = 2  # CC-15
# Steps whose single option is played for the seat: their choices are public.
_AUTO = {
    ASSIGN, REGARD, MOVE, SWAP, ELECT, KEEP, PROPOSE, SITE, VOTE, EXEC_VOTE, EXECUTE, PRODUCE,
    FAVOR,
}
_ROTATION_STEPS = {"move": MOVE, "swap": SWAP, "elect": ELECT}


def player_name(seat: int) -> str:
    return f"Player {seat + 1}"


class CityCouncil(Game):
    name = "citycouncil"
    title = "City Council"
    seats = (2, 3, 4, 5)
    option_list = (
        Option(
            "mode",
            ("basic", "advanced"),
            "advanced",
            "basic: 8 starter buildings face up, one sell and one relocate marker, 11 points; "
            "advanced: 13 buildings, two of each marker, the airport tile, 13 points",
        ),
    )
    state_type = CCState

    def __init__(self, data_dir: Path = DEFAULT_DIR) -> None:
        self.content: Content = load(data_dir)
        self.board = self.content.board
        self.buildings = self.content.buildings
        self.cards = self.content.cards
        self._names = [b.name for b in self.buildings]

    # ------------------------------------------------------------- setup
    def _setup(self, players: int, seed: int, options: dict[str, Any]) -> CCState:
        c = self.content
        advanced = options["mode"] == "advanced"
        start = c.start["advanced" if advanced else "basic"]
        members = max(players, 3)  # CC-2: the automated member makes three
        rng = Rng.from_seed(seed)
        deck = list(range(len(self.cards)))
        rng.shuffle(deck)
        hands = [[deck.pop() for _ in range(DEAL)] for _ in range(players)]  # CC-3
        stacks: list[list[int]] = []
        for shape in range(len(SHAPES)):
            starters = [b.id for b in self.buildings[:TILE_COUNT]
                        if b.shape == shape and b.set == "starter"]
            advanced_tiles = [b.id for b in self.buildings[:TILE_COUNT]
                              if b.shape == shape and b.set == "advanced"]
            if advanced:  # CC-5: every building is available from the start
                mixed = advanced_tiles + starters
                rng.shuffle(mixed)
                stacks.append(mixed)
                continue
            rng.shuffle(starters)  # CC-5: basic starters come out before advanced tiles
            rng.shuffle(advanced_tiles)
            stacks.append(advanced_tiles + starters)
        board = [-1] * (self.board.rows * self.board.cols)
        site_of = [-1] * len(self.buildings)
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
            zones_on=[0] * len(self.board.hood_names), activated=[0] * len(self.buildings),
            act_log=[], acts_left=0, unemployed=0, reached=False, outcome="", rng=rng,
            moves=0,
            # CC-7: the basic game opens part of the city only
            open_hoods=[0 if h in start.closed else 1 for h in range(len(self.board.hood_names))],
            passed=[[] for _ in range(players)], offers=[], resume_step="", resume_current=0,
            resume_at="", resolved=0, key_holder=-1,
        )
        for bid, pid in c.printed_sites.items():  # CC-4: the printed centre buildings
            city.place(state, c, bid, pid)
        if advanced:
            # CC-4: the advanced airport tile covers the printed airport
            airport = self.buildings[c.airport_tile].upgrade_of
            city.place(state, c, c.airport_tile, c.printed_sites[airport])
        self._refill(state)
        chair = rng.below(members)  # CC-6: a random member chairs the Election Committee
        state.office[chair] = ELECTION
        state.chair = chair
        state.queue = [m for m in range(members) if m != chair]
        state.current = chair
        self._settle(state, [])
        return state

    def _targets(self, state: CCState) -> tuple[int, ...]:
        return self.content.start["advanced" if state.advanced else "basic"].display

    def _refill(self, state: CCState) -> None:
        """CC-5, CC-51: fill each shape's face-up row back to its count from its stack."""
        targets = self._targets(state)
        for shape, want in enumerate(targets):
            have = sum(1 for b in state.display if self.buildings[b].shape == shape)
            stack = state.stacks[shape]
            while have < want and stack:
                state.display.append(stack.pop())
                have += 1
        state.display.sort()

    def num_seats(self, state: CCState) -> int:
        return state.players

    # ------------------------------------------------------------ turns
    def to_act(self, state: CCState) -> tuple[int, ...]:
        if state.step == OVER or state.current >= state.players:
            return ()
        return (state.current,)

    def is_over(self, state: CCState) -> bool:
        return state.step == OVER

    def legal_actions(self, state: CCState, seat: int) -> list[Action]:
        if state.step == OVER or seat != state.current:
            return []
        return self._options(state, seat)

    def is_legal(self, state: CCState, seat: int, action: Action) -> bool:
        """The same answer as the legal list, without building it for the common steps."""
        if state.step == OVER or seat != state.current:
            return False
        c = self.content
        step, kind = state.step, action[0]
        if step == PRODUCE:
            target = action[1] if len(action) == 2 else -1
            if kind == "activate" and 0 <= target < len(self.buildings):
                return city.can_activate(c, state, target)
            if kind == "boost" and 0 <= target < len(self.buildings):
                return state.site_of[target] >= 0 and city.can_boost(c, state, target)
            if kind == "zone" and 0 <= target < len(state.zones_on):
                return city.can_zone(c, state, target)
            return False
        if step == PROPOSE and len(action) == 2:
            bid = action[1]
            if not 0 <= bid < TILE_COUNT or bid in council.targeted(state):
                return False
            if kind == "construct":
                return bid in state.display and city.can_build_any(c, state, bid, state.budget)
            standing = state.site_of[bid] >= 0
            if kind == "sell":
                return standing and state.sells_left > 0
            if kind == "relocate":
                return (
                    standing and state.relocates_left > 0 and city.movable(c, state, bid)
                    and city.can_move_any(c, state, bid, state.budget)
                )
            return False
        if step == SITE and kind == "site" and len(action) == 2:
            pid = action[1]
            if not 0 <= pid < len(self.board.place_cells):
                return False
            p = state.proposals[state.pending]
            if p.kind == "construct":
                cost = city.build_cost(c, state, p.building, pid)
            else:
                cost = city.move_cost(c, state, p.building, pid)
            return 0 <= cost <= state.budget
        return action in self._options(state, seat)

    def _options(self, s: CCState, m: int) -> list[Action]:
        """The choices of member `m` at the current step."""
        c = self.content
        step = s.step
        if step == PRODUCE:
            return city.activations(c, s)
        if step == VOTE:
            return council.vote_options(s, m, second=False)
        if step == EXEC_VOTE:
            return council.vote_options(s, m, second=True)
        if step == PROPOSE:
            return council.proposal_options(c, s)
        if step == SITE:
            return council.site_options(c, s)
        if step == KEEP:
            return [("keep", card) for card in sorted(s.dealt[m])]
        if step == FAVOR:  # CC-62: any general card that holds now, or let the chance pass
            return [("score", card) for card in sorted(favors.holding(c, s, m))] + [("done",)]
        if step == TURN_END:
            hand = sorted(s.hands[m])
            acts: list[Action] = [("score", card) for card in hand
                                  if favors.scorable(c, s, card, turn_end=True)]
            acts += [("discard", card) for card in hand]
            if len(hand) <= HAND_LIMIT:
                acts.append(("done",))
            return acts
        if step == EMBEZZLE:
            return [("embezzle",), ("decline",)]
        if step == EXECUTE:
            return [("execute", i) for i in s.queue]
        if step == ASSIGN:
            taken = set(s.office)
            return [("assign", o) for o in range(len(OFFICES)) if o not in taken]
        if step == REGARD:
            return [("regard", a) for a in range(s.members) if s.spot[a] == SPOT_A]
        if step in (MOVE, SWAP, ELECT):
            return council.rotation_options(s)[1]
        raise CorruptData(f"unknown step {step!r}")

    def _apply(self, state: CCState, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        known = self._do(state, seat, action, events)
        self._settle(state, events, known)
        return events

    def _settle(
        self, s: CCState, events: list[Event], known: list[Action] | None = None
    ) -> None:
        """Play the automated member's choices and every forced single choice.

        `known` is the list of choices of the step now, when the last action already
        had to work it out (production), so it is not worked out twice.
        """
        while s.step != OVER:
            m = s.current
            if m >= s.players:
                known = self._do(s, m, self._bot_choice(s, m), events)
                continue
            if s.step in _AUTO:
                only = self._forced(s, m, known)
                if only is not None:
                    known = self._do(s, m, only, events)
                    continue
            return

    def _forced(self, s: CCState, m: int, known: list[Action] | None) -> Action | None:
        """The single choice of the step, or None when there are several; the common
        steps stop looking once a second choice shows."""
        c = self.content
        if known is None and s.step == PROPOSE:
            taken = council.targeted(s)
            if s.sells_left > 0 and any(
                s.site_of[b] >= 0 and b not in taken for b in range(TILE_COUNT)
            ):
                return None  # a sale and no proposal at least
            free = city.FreeSites(c, s)
            if any(b not in taken and city.can_build_any(c, s, b, s.budget, free)
                   for b in s.display):
                return None  # a construction and no proposal at least
        if known is None and s.step == SITE:
            p = s.proposals[s.pending]
            find = city.build_sites if p.kind == "construct" else city.move_sites
            sites = find(c, s, p.building, s.budget, 2)
            return ("site", sites[0]) if len(sites) == 1 else None
        options = self._options(s, m) if known is None else known
        return options[0] if len(options) == 1 else None

    def _bot_choice(self, s: CCState, m: int) -> Action:
        c = self.content
        if s.step == PROPOSE:
            return bot.proposal(c, s, council.targeted(s))
        if s.step == SITE:
            return bot.site(c, s, self._options(s, m))
        if s.step in (VOTE, EXEC_VOTE):
            return bot.vote(c, s, self._options(s, m))
        if s.step == EMBEZZLE:
            return ("decline",)
        # chair duties: drawn at random, so no seat is favoured by a fixed order
        options = self._options(s, m)
        return options[s.rng.below(len(options))]

    # ---------------------------------------------------------- dispatch
    def _do(
        self, s: CCState, m: int, action: Action, events: list[Event]
    ) -> list[Action] | None:
        """Carry out one choice; return the choices of the next step if they are known."""
        s.moves += 1
        step = s.step
        c = self.content
        if step == ASSIGN:
            s.office[s.queue.pop(0)] = action[1]
            who = next(x for x in range(s.members) if s.office[x] == action[1])
            events.append(Event(
                f"{council.member_name(s, m)} seats {council.member_name(s, who)} on the "
                f"{OFFICES[action[1]]} Committee.", "committee",
            ))
            if not s.queue:
                self._begin_roles(s, events)
        elif step in (REGARD, MOVE, SWAP, ELECT):
            council.apply_rotation(s, action, events)
            self._rotate(s, events)
        elif step == EMBEZZLE:
            if action[0] == "embezzle":  # CC-14
                s.budget -= 1
                s.funds[m] += 1
                events.append(Event(
                    f"{player_name(m)} (Treasury) embezzles $1 from the City Budget.", "embezzle",
                ))
            else:
                events.append(Event(f"{player_name(m)} (Treasury) takes nothing.", "embezzle"))
            self._deal(s, events)
        elif step == KEEP:
            card = action[1]
            s.hands[m].append(card)
            for other in s.dealt[m]:
                if other != card:
                    s.discard.append(other)
                    s.discard_owner.append(m)
            s.dealt[m] = []
            events.append(Event(f"{player_name(m)} keeps one Favor card and discards the other.",
                                "draw", m))
            events.append(Event(f"You keep {self.cards[card].name}.", "draw", m, (m,)))
            self._next_keeper(s, events)
        elif step == PROPOSE:
            self._propose(s, m, action, events)
        elif step == SITE:
            p = s.proposals[s.pending]
            p.site = action[1]
            s.pending = -1
            events.append(Event(
                f"{council.member_name(s, m)} proposes plan {len(s.proposals)}: "
                f"{council.describe_proposal(c, s, len(s.proposals) - 1)}.", "propose",
            ))
            self._next_proposer(s, events)
        elif step in (VOTE, EXEC_VOTE):
            council.cast(s, m, action, events, second=step == EXEC_VOTE)
            if step == VOTE:
                self._next_voter(s, events)
            else:
                self._next_plan(s, events)
        elif step == EXECUTE:
            council.execute(c, s, action[1], events)
            self._next_plan(s, events)
        elif step in (FAVOR, TURN_END):
            self._favor_action(s, m, action, events)
        elif step == PRODUCE:
            return self._activate(s, m, action, events)
        else:
            raise CorruptData(f"unknown step {step!r}")
        return None

    # ------------------------------------------------- committees (CC-10..CC-13)
    def _begin_committees(self, s: CCState, events: list[Event]) -> None:
        s.chair = council.holder(s, ELECTION)
        s.marked = [1 if sp == SPOT_B else 0 for sp in s.spot]
        s.current = s.chair
        if not any(s.marked):  # step 1: at least one change
            s.step = REGARD
            return
        self._rotate(s, events)

    def _rotate(self, s: CCState, events: list[Event]) -> None:
        kind, _ = council.rotation_options(s)
        if kind:
            s.step = _ROTATION_STEPS[kind]
            s.current = s.chair
            return
        s.marked = [0] * s.members
        self._begin_roles(s, events)

    # ----------------------------------------------------- roles (CC-14..CC-16)
    def _begin_roles(self, s: CCState, events: list[Event]) -> None:
        order = ", ".join(
            f"{OFFICES[s.office[m]]}: {council.member_name(s, m)}" for m in council.turn_order(s)
        )
        events.append(Event(f"Round {s.round} committees: {order}.", "committee"))
        treasurer = council.holder(s, TREASURY)
        money_left = self.content.supply["money"] - sum(s.funds) - sum(
            len(p.funds) for p in s.proposals
        )
        if treasurer >= 0 and s.budget >= 1 and money_left > 0:
            s.step = EMBEZZLE
            s.current = treasurer
            return
        self._deal(s, events)

    def _deal(self, s: CCState, events: list[Event]) -> None:
        """CC-15: two Favor cards to each player; the Union chair keeps both."""
        union = council.holder(s, UNION)
        if not s.deck:
            events.append(Event("The Favor deck is empty; the game goes on.", "draw"))
        keepers = []
        for m in council.turn_order(s):
            if m >= s.players:
                continue
            for _ in range(DEAL):
                if s.deck:
                    s.dealt[m].append(s.deck.pop())
            if not s.dealt[m]:
                continue
            if m == union:
                s.hands[m].extend(s.dealt[m])
                events.append(Event(
                    f"{player_name(m)} (Union) keeps both Favor cards dealt.", "draw", m,
                ))
                s.dealt[m] = []
            else:
                keepers.append(m)
        s.queue = keepers
        self._next_keeper(s, events)

    def _next_keeper(self, s: CCState, events: list[Event]) -> None:
        while s.queue:
            m = s.queue.pop(0)
            if s.dealt[m]:
                s.step = KEEP
                s.current = m
                return
        if self._offer(s, events, "council"):  # CC-62: once the new cards are in hand
            return
        self._begin_council(s, events)

    # ---------------------------------------------------- council (CC-20..CC-35)
    def _begin_council(self, s: CCState, events: list[Event]) -> None:
        queue = []
        for m in council.turn_order(s):
            queue += [m] * (2 if s.office[m] == TRANSPORT else 1)  # CC-20
        s.queue = queue
        s.proposals = []
        s.executed = 0
        self._next_proposer(s, events)

    def _next_proposer(self, s: CCState, events: list[Event]) -> None:
        if s.queue:
            s.step = PROPOSE
            s.current = s.queue.pop(0)
            return
        if not s.proposals:
            events.append(Event("No plan is proposed this round.", "propose"))
            self._after_council(s, events)
            return
        s.queue = council.turn_order(s)
        self._next_voter(s, events)

    def _propose(self, s: CCState, m: int, action: Action, events: list[Event]) -> None:
        kind = action[0]
        who = council.member_name(s, m)
        if kind == "no_proposal":
            events.append(Event(f"{who} makes no proposal.", "propose"))
            self._next_proposer(s, events)
            return
        s.proposals.append(Proposal(m, kind, action[1], -1, [], [], PENDING))
        if kind == "sell":
            s.sells_left -= 1
            events.append(Event(
                f"{who} proposes plan {len(s.proposals)}: sell the "
                f"{self.buildings[action[1]].name} (sell marker).", "propose",
            ))
            self._next_proposer(s, events)
            return
        if kind == "relocate":
            s.relocates_left -= 1
        s.pending = len(s.proposals) - 1
        s.step = SITE

    def _next_voter(self, s: CCState, events: list[Event]) -> None:
        if s.queue:
            s.step = VOTE
            s.current = s.queue.pop(0)
            return
        executive = council.holder(s, EXECUTIVE)
        if executive >= 0:  # CC-26: the Executive's extra delegate comes last
            s.step = EXEC_VOTE
            s.current = executive
            return
        self._next_plan(s, events)

    def _next_plan(self, s: CCState, events: list[Event]) -> None:
        """CC-27..CC-29: carry out plans by votes, the chair ordering equal ones."""
        c = self.content
        while s.executed < council.plans_to_execute(s):
            if s.executed and self._offer(s, events, "plans"):  # CC-62: after each plan
                return
            top = council.top_plans(c, s, events)
            if not top:
                break
            if len(top) > 1:
                s.step = EXECUTE
                s.queue = top
                s.current = council.holder(s, ELECTION)
                return
            council.execute(c, s, top[0], events)
        for i, p in enumerate(s.proposals):
            if p.status == PENDING:
                council.drop(s, i)
        s.queue = []
        self._after_council(s, events)

    def _after_council(self, s: CCState, events: list[Event]) -> None:
        if self._offer(s, events, "production"):  # CC-62: after the last plan
            return
        self._begin_production(s, events)

    # ----------------------------------------------------------- Favor cards
    def _offer(self, s: CCState, events: list[Event], resume_at: str) -> bool:
        """CC-62: offer a Favor chance to every seat holding a general card that has come
        true and was not let pass; True if the round now waits for them.

        `resume_at` names the automatic part of the round to go on with afterwards;
        "" resumes the step that was interrupted.
        """
        if s.round < 2 or s.step == OVER:
            return False
        c = self.content
        seats = []
        for m in range(s.players):
            if not s.hands[m]:
                s.passed[m] = []
                continue
            hold = favors.holding(c, s, m)
            passed = s.passed[m]
            if passed:  # a card whose condition lapsed is offered again when it next holds
                passed = s.passed[m] = [x for x in passed if x in hold]
            if len(hold) > len(passed):
                seats.append(m)
        if not seats:
            return False
        seats.sort(key=s.office.__getitem__)  # in turn order (CC-11)
        s.resume_step, s.resume_current, s.resume_at = s.step, s.current, resume_at
        s.offers = seats
        self._next_offer(s, events)
        return True

    def _next_offer(self, s: CCState, events: list[Event]) -> None:
        while s.offers:
            m = s.offers.pop(0)
            if favors.holding(self.content, s, m):
                s.step = FAVOR
                s.current = m
                return
        at, s.resume_at = s.resume_at, ""
        step, s.resume_step = s.resume_step, ""
        if at == "plans":
            self._next_plan(s, events)
        elif at == "production":
            self._begin_production(s, events)
        elif at == "committees":
            self._begin_committees(s, events)
        elif at == "council":
            self._begin_council(s, events)
        elif at == "resolve":
            self._resolve_next(s, events)
        elif at == "turn_end":
            self._turn_end(s, events)
        else:
            s.step = step
            s.current = s.resume_current

    def _favor_queue(self, s: CCState) -> list[int]:
        """Seats offered the turn-end window: public facts only (round, hand sizes)."""
        out = []
        for m in council.turn_order(s):
            if m >= s.players:
                continue
            hand = len(s.hands[m])
            if (s.round >= 2 and hand) or hand > HAND_LIMIT:
                out.append(m)
        return out

    def _next_favor(self, s: CCState, events: list[Event]) -> None:
        if s.queue:
            s.step = TURN_END
            s.current = s.queue.pop(0)
            return
        self._end_round(s, events)

    def _favor_action(self, s: CCState, m: int, action: Action, events: list[Event]) -> None:
        c = self.content
        kind = action[0]
        step = s.step
        if kind == "score":  # CC-52..CC-54, CC-62
            card = self.cards[action[1]]
            points = favors.value(c, s, card)
            s.hands[m].remove(card.id)
            if card.id in s.passed[m]:
                s.passed[m].remove(card.id)
            if card.building:
                s.removed.append(card.id)
            else:
                s.discard.append(card.id)
                s.discard_owner.append(-1)
            events.append(Event(
                f"{player_name(m)} scores the Favor card {card.text(self._names)} "
                f"for {points} points (now {s.scores[m]}).", "score", m,
            ))
            self._add_points(s, m, points, events)
            if step == FAVOR and not favors.holding(c, s, m):
                self._next_offer(s, events)  # nothing more to play: the round goes on
            return
        if kind == "discard":  # CC-55
            s.hands[m].remove(action[1])
            if action[1] in s.passed[m]:
                s.passed[m].remove(action[1])
            s.discard.append(action[1])
            s.discard_owner.append(m)
            events.append(Event(f"{player_name(m)} discards a Favor card.", "discard", m))
            return
        if step == FAVOR:  # CC-62: the cards that hold now are let pass
            passed = s.passed[m]
            passed.extend(x for x in favors.holding(c, s, m) if x not in passed)
            events.append(Event(f"{player_name(m)} lets the Favor chance pass.", "favor", m))
            self._next_offer(s, events)
            return
        self._next_favor(s, events)

    def _add_points(self, s: CCState, seat: int, points: int, events: list[Event]) -> None:
        s.scores[seat] += points
        if s.scores[seat] >= self._end_points(s):  # CC-57
            s.reached = True
            if s.key_holder < 0:  # CC-66: the first to get there takes the Key to the City
                s.key_holder = seat
                events.append(Event(
                    f"{player_name(seat)} is the first to reach {self._end_points(s)} points and "
                    "takes the Key to the City; this round is the last.", "key",
                ))

    def _end_points(self, s: CCState) -> int:
        return self.content.start["advanced" if s.advanced else "basic"].end_points

    # --------------------------------------------------- production (CC-40..CC-46)
    def _production_order(self, s: CCState) -> list[int]:
        return [m for m in council.turn_order(s) if m < s.players]

    def _begin_production(self, s: CCState, events: list[Event]) -> None:
        order = self._production_order(s)
        s.queue = order
        s.current = order[0]
        s.acts_left = 2 if s.office[order[0]] == TRANSPORT else 1  # CC-40
        if city.any_activation(self.content, s):
            s.step = PRODUCE
            return
        self._end_production(s, events)

    def _activate(
        self, s: CCState, m: int, action: Action, events: list[Event]
    ) -> list[Action] | None:
        """CC-40..CC-44: one activation; returns the activations still open when the
        production goes on at once."""
        c = self.content
        kind, target = action
        if kind == "zone":  # CC-42
            s.zones_on[target] = 1
            s.power -= 1
            events.append(Event(
                f"{player_name(m)} activates zone {self.board.hood_names[target]} with a "
                "community cube and an energy marker.", "zone",
            ))
        elif kind == "activate":  # CC-41
            b = self.buildings[target]
            city.pay_inputs(c, s, target)
            s.blue_free -= b.blue
            s.activated[target] = 1
            s.act_log.append(target)
            events.append(Event(f"{player_name(m)} activates the {b.name}.", "activate"))
        else:  # CC-43
            b = self.buildings[target]
            city.pay_inputs(c, s, target)
            s.white_free -= b.white
            s.activated[target] = 2
            s.act_log.append(target)
            events.append(Event(
                f"{player_name(m)} puts white-collar workers on the {b.name} for a second "
                "action.", "boost",
            ))
        acts = city.activations(c, s)
        if not acts:  # CC-44
            self._end_production(s, events)
            return None
        s.acts_left -= 1
        if s.acts_left <= 0:
            order = s.queue
            nxt = order[(order.index(m) + 1) % len(order)]
            s.current = nxt
            s.acts_left = 2 if s.office[nxt] == TRANSPORT else 1
        if self._offer(s, events, ""):  # CC-62: after each activation
            return None
        return acts  # who acts next does not change what can be activated

    def _end_production(self, s: CCState, events: list[Event]) -> None:
        c = self.content
        events.append(Event("No more activation is possible: production ends.", "produce"))
        city.unemployment(c, s, events)  # CC-45
        s.resolved = 0
        self._resolve_next(s, events)

    def _resolve_next(self, s: CCState, events: list[Event]) -> None:
        """CC-46: resolve the activations one building at a time; a Favor chance may come
        after the unemployment report and after each building (CC-62)."""
        c = self.content
        if self._offer(s, events, "resolve"):
            return
        while s.resolved < len(s.act_log):
            city.resolve_one(c, s, s.act_log[s.resolved], events)
            s.resolved += 1
            if self._offer(s, events, "resolve"):
                return
        if city.monitor(c, s, events):  # CC-48..CC-50
            s.outcome = "government"
            s.step = OVER
            s.queue = []
            return
        if self._offer(s, events, "turn_end"):  # CC-62: after monitoring
            return
        self._turn_end(s, events)

    # ----------------------------------------------------- turn end (CC-51..CC-59)
    def _turn_end(self, s: CCState, events: list[Event]) -> None:
        c = self.content
        dropped = [p.building for p in s.proposals
                   if p.kind == "construct" and p.status != DONE and p.building in s.display]
        for bid in dropped:  # CC-51: buildings proposed but not built are discarded
            s.display.remove(bid)
            s.gone.append(bid)
        if dropped:
            names = ", ".join(self.buildings[b].name for b in dropped)
            events.append(Event(f"Buildings proposed but not built are discarded: {names}.",
                                "discard"))
        self._refill(s)
        city.expand(c, s, events)  # CC-64
        s.queue = self._favor_queue(s)
        self._next_favor(s, events)

    def _end_round(self, s: CCState, events: list[Event]) -> None:
        c = self.content
        start = c.start["advanced" if s.advanced else "basic"]
        city.clean_up(c, s)  # CC-56
        s.proposals = []
        s.executed = 0
        s.sells_left = start.sell_markers
        s.relocates_left = start.relocate_markers
        s.spot = [min(SPOT_B, sp + 1) for sp in s.spot]  # CC-12
        if s.reached:  # CC-57
            s.outcome = "mayor"
            s.step = OVER
            events.append(Event(f"Round {s.round} is over and the council elects a Mayor.",
                                "end"))
            return
        if s.round >= MAX_ROUNDS:  # CC-58
            s.outcome = "term"
            s.step = OVER
            events.append(Event("The council's term ends.", "end"))
            return
        s.round += 1
        s.vacant_start = [o for o in range(len(OFFICES)) if o not in s.office]
        events.append(Event(f"Round {s.round} begins.", "round"))
        if self._offer(s, events, "committees"):  # CC-62: cards may score from round 2 on
            return
        self._begin_committees(s, events)

    # ------------------------------------------------------------ result
    def result(self, state: CCState) -> Result:
        scores = list(state.scores)
        detail: dict[str, Any] = {"outcome": state.outcome, "rounds": state.round,
                                  "funds": list(state.funds)}
        if state.outcome == "government":  # CC-50: everyone loses
            detail["everyone_loses"] = True
            return Result(scores, [], detail)
        detail["key_to_the_city"] = state.key_holder
        best = max(scores)
        tied = [s for s in range(state.players) if scores[s] == best]
        if state.key_holder in tied:  # CC-66: the Key to the City decides first
            return Result(scores, [state.key_holder], detail)
        richest = max(state.funds[s] for s in tied)  # CC-59
        return Result(scores, [s for s in tied if state.funds[s] == richest], detail)

    # ------------------------------------------------------- information
    def observe(self, state: CCState, seat: int | None) -> dict[str, Any]:
        over = state.step == OVER
        hands = []
        for s in range(state.players):
            mine = over or s == seat
            hands.append({
                "seat": s,
                "hand": sorted(state.hands[s]) if mine else None,
                "hand_size": len(state.hands[s]),
                "dealt": sorted(state.dealt[s]) if mine else None,
                "dealt_size": len(state.dealt[s]),
                "passed": sorted(state.passed[s]) if mine else None,
            })
        visible_discards = [
            card for card, owner in zip(state.discard, state.discard_owner, strict=True)
            if over or owner == -1 or owner == seat
        ]
        return {
            "game": self.name,
            "mode": "advanced" if state.advanced else "basic",
            "players": state.players,
            "members": state.members,
            "round": state.round,
            "step": state.step,
            "current": state.current,
            "to_act": list(self.to_act(state)),
            "chair": state.chair,
            "office": list(state.office),
            "spot": list(state.spot),
            "marked": list(state.marked),
            "vacant_start": list(state.vacant_start),
            "scores": list(state.scores),
            "funds": list(state.funds),
            "seats": hands,
            "deck_size": len(state.deck),
            "discard_size": len(state.discard),
            "discards_seen": visible_discards,
            "removed": list(state.removed),
            "budget": state.budget,
            "power": state.power,
            "goods": state.goods,
            "blue": state.blue,
            "white": state.white,
            "blue_free": state.blue_free,
            "white_free": state.white_free,
            "red": list(state.red),
            "grey": list(state.grey),
            "pink": list(state.pink),
            "board": list(state.board),
            "site_of": list(state.site_of),
            "display": list(state.display),
            "stack_sizes": [len(st) for st in state.stacks],
            "gone": list(state.gone),
            "proposals": [
                {"member": p.member, "kind": p.kind, "building": p.building, "site": p.site,
                 "voters": list(p.voters), "funds": list(p.funds), "status": p.status}
                for p in state.proposals
            ],
            "pending": state.pending,
            "queue": list(state.queue),
            "sells_left": state.sells_left,
            "relocates_left": state.relocates_left,
            "executed": state.executed,
            "zones_on": list(state.zones_on),
            "activated": list(state.activated),
            "act_log": list(state.act_log),
            "acts_left": state.acts_left,
            "unemployed": state.unemployed,
            "reached": state.reached,
            "outcome": state.outcome,
            "open_hoods": list(state.open_hoods),
            # CC-62, CC-65: everyone sees that a Favor chance stopped the round, and where
            "interrupted": state.resume_step if state.step == FAVOR else "",
            "interruption": (
                favors.chance_moment(state.resume_step, state.resume_at)
                if state.step == FAVOR else ""
            ),
            "key_holder": state.key_holder,
            "viewer": seat,
        }

    def _hidden_pool(self, state: CCState, seat: int) -> list[int]:
        others = [s for s in range(state.players) if s != seat]
        pool = list(state.deck)
        for s in others:
            pool += state.hands[s] + state.dealt[s]
        pairs = zip(state.discard, state.discard_owner, strict=True)
        pool += [card for card, owner in pairs if owner not in (-1, seat)]
        return pool

    def has_hidden_information(self, state: CCState, seat: int) -> bool:
        if state.step == OVER:
            return False
        if len(self._hidden_pool(state, seat)) > 1:
            return True
        return any(len(st) > 1 for st in state.stacks)

    def determinize(self, state: CCState, seat: int, rng: random.Random) -> CCState:
        """Redeal what `seat` cannot see: the Favor deck, others' cards, unseen discards
        and the order of the building stacks."""
        out = state.copy()
        if out.step == OVER:
            return out
        # sorted first, so the sample depends only on what the seat can see
        pool = sorted(self._hidden_pool(out, seat))
        rng.shuffle(pool)
        others = [s for s in range(out.players) if s != seat]
        for s in others:
            n = len(out.hands[s])
            out.hands[s], pool = pool[:n], pool[n:]
            n = len(out.dealt[s])
            out.dealt[s], pool = pool[:n], pool[n:]
            # CC-62: the sampled cards that hold now count as let pass, so a sample
            # offers no chance the real table would not
            out.passed[s] = favors.holding(self.content, out, s)
        for i, owner in enumerate(out.discard_owner):
            if owner not in (-1, seat):
                out.discard[i] = pool.pop()
        out.deck = pool
        for st in out.stacks:  # CC-5: in basic, starters stay above advanced tiles
            if out.advanced:
                st.sort()
                rng.shuffle(st)
                continue
            adv = sorted(b for b in st if self.buildings[b].set == "advanced")
            start = sorted(b for b in st if self.buildings[b].set != "advanced")
            rng.shuffle(adv)
            rng.shuffle(start)
            st[:] = adv + start
        out.rng = Rng(rng.getrandbits(64))
        return out

    # ------------------------------------------------------------ plumbing
    def clone(self, state: CCState) -> CCState:
        return state.copy()

    def validate_state(self, state: CCState) -> None:
        cards = sorted(state.deck + state.discard + state.removed
                       + [c for h in state.hands for c in h] + [c for d in state.dealt for c in d])
        if cards != list(range(len(self.cards))):
            raise CorruptData("the Favor cards do not add up to the 52 of the game")
        tiles = sorted(
            [b for b in range(TILE_COUNT) if state.site_of[b] >= 0] + state.display
            + [b for st in state.stacks for b in st] + state.gone
        )
        if tiles != list(range(TILE_COUNT)):
            raise CorruptData("the building tiles do not add up to the 44 of the game")
        if state.members != max(state.players, 3) or len(state.office) != state.members:
            raise CorruptData("the council members do not fit the number of players")
        if state.players not in self.seats or len(state.scores) != state.players:
            raise CorruptData("the seats do not fit this game")
        if len(state.board) != self.board.rows * self.board.cols:
            raise CorruptData("the city grid has the wrong size")
        if len(state.site_of) != len(self.buildings) or len(state.activated) != len(
            self.buildings
        ):
            raise CorruptData("the building lists have the wrong size")
        if len(state.discard) != len(state.discard_owner):
            raise CorruptData("the discard pile and its owners differ in length")
        if len(state.open_hoods) != len(self.board.hood_names):
            raise CorruptData("the open neighbourhoods do not fit the city")
        if len(state.passed) != state.players or any(
            c not in h for p, h in zip(state.passed, state.hands, strict=True) for c in p
        ):
            raise CorruptData("a Favor card let pass is not in its holder's hand")
        if any(not 0 <= m < state.players for m in state.offers) or not (
            -1 <= state.key_holder < state.players
        ):
            raise CorruptData("the Favor chances or the Key to the City name no seat")
        if not 0 <= state.resolved <= len(state.act_log):
            raise CorruptData("more activations resolved than were made")
        cells = self.board.place_cells
        standing = 0
        for b, pid in enumerate(state.site_of):
            if pid < 0:
                continue
            if not 0 <= pid < len(cells) or any(state.board[x] != b for x in cells[pid]):
                raise CorruptData(f"the {self._names[b]} is not where the city grid shows it")
            standing += len(cells[pid])
        if standing != sum(1 for x in state.board if x >= 0):
            raise CorruptData("the city grid shows a building that is not in the city")
        known = {ASSIGN, REGARD, MOVE, SWAP, ELECT, EMBEZZLE, KEEP, PROPOSE, SITE, VOTE,
                 EXEC_VOTE, EXECUTE, FAVOR, PRODUCE, TURN_END, OVER}
        if state.step not in known or not 0 <= state.current < state.members:
            raise CorruptData(f"the step {state.step!r} or the member to act is unknown")

    def all_actions(self) -> Iterable[Action]:
        offices = range(len(OFFICES))
        members = range(5)
        cards = range(len(self.cards))
        tiles = range(TILE_COUNT)
        yield from (("assign", o) for o in offices)
        yield from (("regard", m) for m in members)
        yield from (("move", m, o) for m in members for o in offices)
        yield from (("swap", a, b) for a in members for b in members if a < b)
        yield from (("elect", m) for m in members)
        yield ("embezzle",)
        yield ("decline",)
        yield from (("keep", c) for c in cards)
        yield from (("construct", b) for b in tiles)
        yield from (("relocate", b) for b in tiles)
        yield from (("sell", b) for b in tiles)
        yield ("no_proposal",)
        yield from (("site", p) for p in range(len(self.board.place_cells)))
        yield from (("vote", i, f) for i in range(6) for f in (0, 1))
        yield ("abstain",)
        yield from (("execute", i) for i in range(6))
        yield from (("score", c) for c in cards)
        yield from (("discard", c) for c in cards)
        yield ("done",)
        yield from (("activate", b) for b in range(len(self.buildings)))
        yield from (("boost", b) for b in range(len(self.buildings)))
        yield from (("zone", h) for h in range(len(self.board.hood_names)))

    def describe(self, action: Action, state: Any = None) -> str:
        kind = action[0]
        names = self._names

        def who(m: int) -> str:
            if isinstance(state, CCState) and m >= state.players:
                return "the automated member"
            return f"Player {m + 1}"

        if kind == "assign":
            return f"Seat the next council member on the {OFFICES[action[1]]} Committee"
        if kind == "regard":
            return f"Treat the seat of {who(action[1])} as due to change"
        if kind == "move":
            return f"Move {who(action[1])} to the vacant {OFFICES[action[2]]} Committee"
        if kind == "swap":
            return f"Switch the committees of {who(action[1])} and {who(action[2])}"
        if kind == "elect":
            return f"Move {who(action[1])} to the empty Election Committee"
        if kind == "embezzle":
            return "Embezzle $1 from the City Budget"
        if kind == "decline":
            return "Take nothing from the City Budget"
        if kind == "keep":
            return f"Keep the Favor card {self.cards[action[1]].text(names)}"
        if kind == "construct":
            return f"Propose to construct the {names[action[1]]}"
        if kind == "relocate":
            return f"Propose to relocate the {names[action[1]]}"
        if kind == "sell":
            return f"Propose to sell the {names[action[1]]}"
        if kind == "no_proposal":
            return "Make no proposal"
        if kind == "site":
            return f"Choose the site {self.board.site(action[1])}"
        if kind == "vote":
            money = " and add $1 of private funds" if action[2] else ""
            return f"Place a delegate on plan {action[1] + 1}{money}"
        if kind == "abstain":
            return "Place no delegate"
        if kind == "execute":
            return f"Carry out plan {action[1] + 1} next"
        if kind == "score":
            return f"Score the Favor card {self.cards[action[1]].text(names)}"
        if kind == "discard":
            return f"Discard the Favor card {self.cards[action[1]].name}"
        if kind == "done":
            if isinstance(state, CCState) and state.step == FAVOR:
                return "Let the Favor chance pass"
            return "Finish with your Favor cards"
        if kind == "activate":
            return f"Activate the {names[action[1]]}"
        if kind == "boost":
            return f"Give the {names[action[1]]} a second action with white-collar workers"
        if kind == "zone":
            return f"Activate zone {self.board.hood_names[action[1]]}"
        return repr(action)

    def why_illegal(self, state: CCState, seat: int, action: Action) -> str | None:
        c = self.content
        kind = action[0]
        step = state.step
        if step == PROPOSE and kind == "construct":
            bid = action[1]
            if bid not in state.display:
                return f"The {self._names[bid]} is not face up in the planning area."
            if bid in council.targeted(state):
                return f"The {self._names[bid]} already carries a proposal."
            return f"The City Budget (${state.budget}) cannot pay for the {self._names[bid]}."
        if step == PROPOSE and kind in ("sell", "relocate"):
            left = state.sells_left if kind == "sell" else state.relocates_left
            if left <= 0:
                return f"No {kind} marker is left this round."
            return f"The {self._names[action[1]]} cannot be proposed for that."
        if step in (VOTE, EXEC_VOTE) and kind == "vote":
            i = action[1]
            if i >= len(state.proposals):
                return f"There is no plan {i + 1}."
            if step == VOTE and state.proposals[i].member == seat:
                return "Your delegate must go on someone else's plan."
            return "You have no private funds to add to that plan."
        if step == PRODUCE and kind == "activate":
            bid = action[1]
            if state.site_of[bid] < 0:
                return f"The {self._names[bid]} is not in the city."
            if state.activated[bid]:
                return f"The {self._names[bid]} has already been activated this round."
            if not city.eligible(c, state, bid):
                return f"The {self._names[bid]} is not in an activated zone or the centre."
            return f"The city lacks the workers or resources to run the {self._names[bid]}."
        if step == SITE and kind == "site":
            p = state.proposals[state.pending]
            b = self.buildings[p.building]
            if self.board.place_shape[action[1]] != b.shape:
                return f"That site does not have the shape of the {b.name}."
            if not city.site_open(c, state, action[1]):
                return (f"{self.board.site(action[1])} lies in a neighbourhood not yet open "
                        "for building.")
            return (f"The {b.name} cannot go on {self.board.site(action[1])}: the blocks are "
                    f"taken, in the centre, or the budget (${state.budget}) cannot pay.")
        if step == PRODUCE and kind == "zone":
            name = self.board.hood_names[action[1]]
            if not state.open_hoods[action[1]]:
                return f"Zone {name} is not open yet, so no building there could work."
            if state.zones_on[action[1]]:
                return f"Zone {name} is already activated this round."
            return (f"Zone {name} cannot be activated: it needs energy and a community cube, "
                    "and a building there that could then work.")
        if step == PRODUCE and kind == "boost":
            return (f"The {self._names[action[1]]} cannot take a second action now "
                    "(it must be active, have a white-collar job and its inputs).")
        if step == TURN_END and kind == "done":
            return f"Your hand holds more than {HAND_LIMIT} Favor cards: discard first."
        if kind == "score":
            if action[1] not in state.hands[seat]:
                return "That Favor card is not in your hand."
            if state.round < 2:
                return "No Favor card may be scored in the first round."
            if self.cards[action[1]].building and step != TURN_END:
                return "Building Favor cards score only at the end of the round."
            if step not in (FAVOR, TURN_END):
                return "A Favor card is played when the game offers the chance."
            return "That Favor card's condition does not hold now."
        return f"Now the step is {step}: {self.describe(action)} is not possible."

    def max_decisions(self, players: int, options: dict[str, Any]) -> int:
        # per round at most: seating and changes, one embezzlement, keeps, proposals and
        # sites, votes, tie choices, Favor windows and production activations
        return MAX_ROUNDS * (40 + players * 60 + 2 * len(self.buildings))
