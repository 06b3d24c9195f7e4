"""A sensible council member: simple priorities, to check the designed content.

It plays from its own observation-level knowledge (its hand and the open
board). `test_sensible_councils_mostly_elect_a_mayor` pits such members against
each other: with sensible play most games elect a Mayor and some cities fall
(CC-C1..CC-C4). Fairness between seats and components is measured by
`borough balance citycouncil` with the computer opponents.
"""

from __future__ import annotations

import random

from borough.core.game import Action
from borough.games.citycouncil import city, favors, flow
from borough.games.citycouncil.rules import CityCouncil
from borough.games.citycouncil.state import (
    EMBEZZLE,
    EXEC_VOTE,
    EXECUTE,
    FAVOR,
    KEEP,
    PRODUCE,
    PROPOSE,
    SITE,
    TURN_END,
    VOTE,
    CCState,
    step_now,
)


class Sensible:
    """Priorities: keep the city alive when it is in danger, otherwise chase own Favors."""

    def __init__(self, game: CityCouncil, rng: random.Random) -> None:
        self.g = game
        self.c = game.content
        self.rng = rng

    # -------------------------------------------------------------- helpers
    def danger(self, s: CCState) -> int:
        return max(sum(s.red), sum(s.grey))

    def wanted(self, s: CCState, seat: int) -> dict[int, int]:
        """Buildings named by the seat's building Favor cards, with their points."""
        out: dict[int, int] = {}
        for cid in s.hands[seat]:
            card = self.c.cards[cid]
            for bid, p in card.points.items():
                out[bid] = out.get(bid, 0) + p
        return out

    def city_value(self, s: CCState, bid: int) -> float:
        """How much a building helps the city right now."""
        b = self.c.buildings[bid]
        d = self.danger(s)
        out = b.out
        value = out.get("money", 0) * (1.5 if s.budget < 8 else 0.7)
        value += out.get("goods", 0) * (0.8 if s.goods < 3 else 0.2)
        value += out.get("energy", 0) * (0.8 if s.power < 4 else 0.2)
        value += (out.get("workers", 0) + out.get("white", 0)) * 1.0
        value += out.get("pink", 0) * 0.5
        value += (out.get("clear_red", 0) + out.get("clear_grey", 0)) * (0.4 + 0.4 * d)
        value -= (out.get("red", 0) + out.get("grey", 0)) * (0.3 + 0.5 * d)
        return value

    # --------------------------------------------------------------- choose
    def choose(self, s: CCState, seat: int) -> Action:
        acts = self.g.legal_actions(s, seat)
        step = step_now(s)
        if step == EMBEZZLE:
            return ("embezzle",) if s.budget >= 7 else ("decline",)
        if step == KEEP:
            return max(acts, key=lambda a: self.card_hope(s, seat, a[1]))
        if step == PROPOSE:
            return self.propose(s, seat, acts)
        if step == SITE:
            p = s.proposals[s.pending]
            cost = city.build_cost if p.kind == "construct" else city.move_cost
            best = min(cost(self.c, s, p.building, a[1]) for a in acts)
            cheap = [a for a in acts if cost(self.c, s, p.building, a[1]) == best]
            return self.rng.choice(cheap)
        if step in (VOTE, EXEC_VOTE):
            return self.vote(s, seat, acts)
        if step == EXECUTE:
            return max(acts, key=lambda a: (s.proposals[a[1]].member == seat, -a[1]))
        if step in (FAVOR, TURN_END):
            return self.favor(s, seat, acts)
        if step == PRODUCE:
            return max(acts, key=lambda a: self.activation_value(s, a))
        return self.rng.choice(acts)

    def card_hope(self, s: CCState, seat: int, cid: int) -> float:
        card = self.c.cards[cid]
        if card.building:
            here = favors.building_points(self.c, s, card)
            near = sum(p for b, p in card.points.items() if b in s.display)
            return here + 0.6 * near
        return card.value * (1.5 if favors.condition(self.c, s, card) else 0.6)

    def propose(self, s: CCState, seat: int, acts: list[Action]) -> Action:
        wanted = self.wanted(s, seat)
        d = self.danger(s)

        def score(a: Action) -> float:
            if a[0] == "no_proposal":
                return 0.1
            b = self.c.buildings[a[1]]
            if a[0] == "construct":
                return 3 * wanted.get(a[1], 0) + self.city_value(s, a[1]) - 0.2 * b.cost
            if a[0] == "sell":
                dirty = b.out.get("red", 0) + b.out.get("grey", 0)
                if d >= 5 and dirty:
                    return 2.0 * dirty
                return -1 - 3 * wanted.get(a[1], 0)
            return -0.5  # relocating seldom helps this simple member

        return max(acts, key=lambda a: (score(a), self.rng.random()))

    def vote(self, s: CCState, seat: int, acts: list[Action]) -> Action:
        if acts == [("abstain",)]:
            return acts[0]
        wanted = self.wanted(s, seat)
        d = self.danger(s)

        def score(a: Action) -> float:
            p = s.proposals[a[1]]
            if p.kind == "construct":
                base = 3 * wanted.get(p.building, 0) + self.city_value(s, p.building)
            elif p.kind == "sell":
                b = self.c.buildings[p.building]
                base = (b.out.get("red", 0) + b.out.get("grey", 0)) * (1 if d >= 5 else -1)
                base -= 3 * wanted.get(p.building, 0)
            else:
                base = 0.0
            if p.member == seat:
                base += 2
            if a[2]:
                base += 0.5 if (wanted.get(p.building, 0) >= 2 or p.member == seat) else -5
            return base

        return max(acts, key=lambda a: (score(a), self.rng.random()))

    def favor(self, s: CCState, seat: int, acts: list[Action]) -> Action:
        scores = [a for a in acts if a[0] == "score"]
        general = [a for a in scores if not self.c.cards[a[1]].building]
        if general:
            return general[0]
        late = s.scores[seat] + 4 >= flow.end_points(self.c, s) or s.round >= 8
        for a in scores:
            pts = favors.value(self.c, s, self.c.cards[a[1]])
            if pts >= 3 or late:
                return a
        if ("done",) in acts:
            return ("done",)
        discards = [a for a in acts if a[0] == "discard"]
        return min(discards, key=lambda a: self.card_hope(s, seat, a[1]))

    def activation_value(self, s: CCState, a: Action) -> float:
        if a[0] == "zone":
            best = 0.0
            for bid, pid in enumerate(s.site_of):
                if pid >= 0 and a[1] in self.c.board.place_hoods[pid] and not s.activated[bid]:
                    best = max(best, self.city_value(s, bid))
            return best - 0.5
        return self.city_value(s, a[1]) + (0.3 if a[0] == "activate" else 0.0)
