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
