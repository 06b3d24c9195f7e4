"""The log a seat reads names each of its builds once, and its Promise standing is its own.

Rules SC-25 (the sealed Build phase announces builds when the screens go down) and
SC-88 (the score a Promise would add): the observation's `standing` is the seat's
score if the game ended now.
"""

from __future__ import annotations

from collections import Counter

from borough.agents.base import SeatView
from borough.agents.random_agent import RandomAgent
from borough.games.smallcity import scoring
from tests.games.smallcity.helpers import GAME


def _play(seed: int, moves: int):
    state = GAME.setup(2, seed=seed, options={})
    agents = [RandomAgent(seed + s) for s in range(2)]
    seen: list[list[str]] = [[], []]
    for _ in range(moves):
        if GAME.is_over(state):
            break
        s = GAME.to_act(state)[0]
        for e in GAME.apply(state, s, agents[s].choose(SeatView(GAME, state, s))):
            for viewer in (0, 1):
                if e.visible_to(viewer):
                    seen[viewer].append(e.text)
    return state, seen


def test_sc25_each_build_reaches_each_seats_log_once():
    _, seen = _play(4, 400)
    for viewer in (0, 1):
        builds = Counter(t for t in seen[viewer] if " builds a " in t)
        assert builds, "no build was logged"
        # a City Hall is built once per seat; any other line twice would be a repeat
        twice = {t: n for t, n in builds.items() if n > 1}
        assert not twice, twice


def test_sc88_standing_is_the_seats_own_score_now_and_hidden_from_others():
    state, _ = _play(7, 60)
    assert not GAME.is_over(state)
    rows = scoring.final(GAME.tables, state)["rows"]
    for s in (0, 1):
        mine = GAME.observe(state, s)["seats"][s]["standing"]
        assert mine["score"] == rows[s]["score"]
        assert mine["promise_delta"] == rows[s]["promise_delta"]
        card = GAME.content.promises[state.seats[s].promise - 1]
        assert [tuple(x) for x in mine["promise"]] == [
            scoring.measure(GAME.tables, state, s, t) for t in card.test]
        assert GAME.observe(state, 1 - s)["seats"][s]["standing"] is None
        assert GAME.observe(state, None)["seats"][s]["standing"] is None
