"""The game review: each seat's dearest decisions, judged from what the seat
could see, with the better move, within a CPU budget."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

import borough
from borough.agents.base import SeatView
from borough.agents.registry import make_agent
from borough.agents.review import KEPT, as_json, choices, judge, review
from borough.cli import app
from borough.core import record as records
from borough.core.record import Record


def played(name: str, players: int, agents: list[str], seed: int = 1) -> Record:
    """A finished game's record, each seat played by the named agent."""
    game = borough.game(name)
    options = game.resolve_options(players, {})
    state = game.setup(players, seed=seed, options=options)
    record = Record.start(game, players, seed, options)
    bots = [make_agent(a, seed + i) for i, a in enumerate(agents)]
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        action = bots[seat].choose(SeatView(game, state, seat))
        record.moves.append((seat, action))
        game.apply(state, seat, action)
    return record


def test_the_dearest_decisions_name_the_move_played_and_a_better_legal_one():
    game = borough.game("rondelcity")
    record = played("rondelcity", 2, ["random", "greedy"])
    found = review(game, record, seconds=600)
    assert found.complete and found.seats == [0, 1]
    assert found.decisions[0] == choices(game, record, [0])
    state = game.setup(record.players, seed=record.seed, options=record.options)
    at = {}
    for number, (seat, action) in enumerate(record.moves, start=1):
        at[number] = (game.clone(state), seat, action)
        game.apply(state, seat, action)
    for seat in (0, 1):
        marks = found.mistakes[seat]
        assert len(marks) <= KEPT
        assert [m.cost for m in marks] == sorted((m.cost for m in marks), reverse=True)
        for m in marks:
            before, who, action = at[m.number]
            view = SeatView(game, before, who)
            assert who == seat and m.played == view.describe(action)
            assert m.better in {view.describe(a) for a in view.legal_actions}
            assert m.better != m.played and m.cost > 0
    # random play loses more than the greedy level's own choices
    assert sum(m.cost for m in found.mistakes[0]) > sum(m.cost for m in found.mistakes[1])
    assert len(found.mistakes[0]) == KEPT


def test_a_decision_is_judged_only_on_what_its_seat_could_see():
    game = borough.game("ekopolis")
    record = played("ekopolis", 3, ["random"] * 3)
    state = game.setup(record.players, seed=record.seed, options=record.options)
    compared = 0
    for number, (seat, action) in enumerate(record.moves[:60], start=1):
        if len(game.legal_actions(state, seat)) > 1 and number % 5 == 0:
            other = game.determinize(state, seat, random.Random(number))
            if game.to_json(other) != game.to_json(state):
                assert judge(game, state, seat, action, number, 2, 7) == judge(
                    game, other, seat, action, number, 2, 7)
                compared += 1
        game.apply(state, seat, action)
    assert compared >= 3


def test_the_budget_stops_the_review_and_says_how_far_it_got():
    game = borough.game("architectura")
    record = played("architectura", 2, ["random", "random"])
    ticks = iter(range(10_000))
    progress = []
    found = review(game, record, [1], seconds=5, clock=lambda: float(next(ticks)),
                   progress=lambda done, total: progress.append((done, total)))
    total = choices(game, record, [1])
    assert found.seats == [1] and found.decisions == {1: total}
    assert 0 < found.judged[1] < total and not found.complete
    assert progress == [(k, total) for k in range(1, found.judged[1] + 1)]
    with pytest.raises(ValueError, match="no seat 3"):
        review(game, record, [2])


def test_borough_review_prints_each_seats_dearest_decisions(tmp_path):
    game = borough.game("rondelcity")
    record = played("rondelcity", 2, ["random", "random"], seed=3)
    path = tmp_path / "game.json"
    records.save(path, record)
    runner = CliRunner()
    shown = runner.invoke(app, ["review", str(path), "--seat", "2"])
    assert shown.exit_code == 0, shown.output
    assert "Player 2:" in shown.output and "Player 1:" not in shown.output
    assert "better:" in shown.output
    data = json.loads(runner.invoke(app, ["review", str(path), "--json"]).stdout)
    assert data == json.loads(json.dumps(as_json(review(game, record))))
    refused = runner.invoke(app, ["review", str(path), "--seat", "3"])
    assert refused.exit_code != 0 and "no seat 3" in refused.output
    (tmp_path / "bad.json").write_text("{}")
    bad = runner.invoke(app, ["review", str(tmp_path / "bad.json")])
    assert bad.exit_code != 0 and "not a Borough game record" in bad.output
