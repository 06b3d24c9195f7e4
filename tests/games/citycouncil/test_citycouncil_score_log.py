"""The log's running score after a Favor card is the score with its points added (CC-52)."""

from __future__ import annotations

import re

import borough
from borough.agents.base import SeatView
from borough.agents.random_agent import RandomAgent

GAME = borough.game("citycouncil")


def test_cc52_scored_favor_card_logs_the_score_after_its_points():
    checked = 0
    for seed in range(6):
        state = GAME.setup(2, seed=seed, options={"mode": "basic"})
        agents = [RandomAgent(seed * 3 + s) for s in range(2)]
        while not GAME.is_over(state) and checked < 3:
            s = GAME.to_act(state)[0]
            before = list(state.scores)
            for e in GAME.apply(state, s, agents[s].choose(SeatView(GAME, state, s))):
                m = re.search(
                    r"Player (\d) scores the Favor card .* for (\d+) points \(now (\d+)\)", e.text)
                if m:
                    seat, points, now = int(m.group(1)) - 1, int(m.group(2)), int(m.group(3))
                    assert now == before[seat] + points, e.text
                    checked += 1
        if checked >= 3:
            break
    assert checked >= 3, "no Favor card was scored"


def test_cc29_a_skipped_plan_says_what_stops_it():
    from borough.games.citycouncil import council

    for seed in range(10):
        state = GAME.setup(2, seed=seed, options={"mode": "basic"})
        agents = [RandomAgent(seed + s) for s in range(2)]
        while not GAME.is_over(state):
            plans = [p for p in state.proposals if p.kind == "construct" and p.status == 0]
            if plans and council.executable(GAME.content, state, plans[0]):
                p = plans[0]
                state.budget = 0
                cost = council.city.build_cost(GAME.content, state, p.building, p.site)
                assert council.why_stuck(GAME.content, state, p) == \
                    f"it costs ${cost - len(p.funds)} and the City Budget holds $0"
                state.display.remove(p.building)
                assert council.why_stuck(GAME.content, state, p) == \
                    "the building is no longer on offer"
                return
            s = GAME.to_act(state)[0]
            GAME.apply(state, s, agents[s].choose(SeatView(GAME, state, s)))
    raise AssertionError("no game reached a plan to carry out")
