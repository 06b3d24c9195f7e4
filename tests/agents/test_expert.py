"""The expert level: learned position values inside hard's search."""

import math
import random

import numpy as np
import pytest

import borough
from borough import match as matches
from borough.agents import SeatView, make_agent
from borough.agents import registry as agent_registry
from borough.agents.evaluation import result_values, values
from borough.agents.expert import agent as expert_agent
from borough.agents.expert import features, model, train
from borough.agents.expert.agent import ExpertAgent, learned_values
from borough.agents.greedy import GreedyAgent
from borough.agents.rollout import RolloutAgent
from borough.games.registry import part
from tests.conformance.trajectories import key, playout

TRAINED = ("architectura", "rondelcity", "citycouncil", "ekopolis")
ALL = (*TRAINED, "smallcity")
LEARNED = TRAINED  # expert judges by them (Small City's are tried apart)


def players(name):
    return min(n for n in borough.game(name).player_counts() if n >= 2)


@pytest.fixture(autouse=True)
def iteration_budgets_only(monkeypatch):
    """The time cap would make results depend on machine speed; tests use iterations."""
    monkeypatch.setattr(agent_registry, "HARD_SECONDS", None)


def states(name, count=4, options=None):
    g = borough.game(name)
    traj = playout(name, players(name), key(options or {}), 11)
    picks = [len(traj.moves) * k // (count + 1) for k in range(1, count + 1)]
    return g, [g.from_json(traj.snapshots[i]) for i in picks]


@pytest.mark.parametrize("name", TRAINED)
def test_inputs_have_one_row_per_seat_of_the_model_width_and_repeat(name):
    g, found = states(name)
    for state in found:
        rows = model.inputs(g, state)
        assert len(rows) == players(name)
        assert all(len(row) == features.width(name) for row in rows)
        assert all(math.isfinite(x) for row in rows for x in row)
        assert rows == model.inputs(g, g.clone(state))
        # the leads over the rivals' mean sum to nothing; the table's numbers are shared
        k = len(features.names(name))
        for i in range(1, 1 + k):
            assert sum(row[i] for row in rows) == pytest.approx(0.0, abs=1e-9)
        shared = len(features.table_names(name))
        assert all(row[len(row) - shared:] == rows[0][len(row) - shared:] for row in rows)


@pytest.mark.parametrize("name", TRAINED)
def test_a_seats_lead_is_over_its_strongest_rival_by_the_weights(name):
    """With weights, each seat's weighted lead is its own weighted sum less the
    highest of its rivals' (as the hand values judge the lead over the best
    rival); the strongest seat's rival is the second strongest."""
    g, found = states(name)
    w = model.load(name)
    k = 2 * len(features.names(name))
    for state in found:
        raw, _ = features.parts(g, state)
        own = [sum(a * b for a, b in zip(w[1:1 + k], row, strict=True)) for row in raw]
        rows = model.inputs(g, state, w)
        for s, row in enumerate(rows):
            lead = sum(a * b for a, b in zip(w[1:1 + k], row[1:1 + k], strict=True))
            best = max(own[r] for r in range(len(own)) if r != s)
            assert lead == pytest.approx(own[s] - best, abs=1e-9)


@pytest.mark.parametrize("name", ALL)
def test_the_shipped_weights_load_and_fit_the_features(name):
    w = model.load(name)
    assert w is not None and len(w) == features.width(name)
    assert any(abs(x) > 1e-6 for x in w[1:])
    assert expert_agent.has_weights(name)


def test_a_game_without_weights_has_no_learned_values(monkeypatch, tmp_path):
    monkeypatch.setattr(model, "WEIGHTS", tmp_path)
    model.load.cache_clear()
    try:
        assert model.load("citycouncil") is None and learned_values("ekopolis") is None
        assert not expert_agent.has_weights("citycouncil")
    finally:
        model.load.cache_clear()


def test_city_council_values_fall_with_the_danger_for_every_seat():
    """The government's takeover is everyone's loss: the learned weight on
    the table's danger lowers both seats' values at once."""
    g, found = states("citycouncil", 6)
    state = max(found, key=lambda s: features.table(g, s)[0])
    assert features.table(g, state)[0] > 0
    w = list(model.load("citycouncil"))
    k = len(features.names("citycouncil"))
    calm = model.predict(tuple(w), g, state)
    w[2 + 2 * k] -= 5.0  # more weight against the danger
    assert all(a < b for a, b in zip(model.predict(tuple(w), g, state), calm, strict=True))


def test_city_councils_values_are_taught_the_final_margin():
    """A finished City Council game teaches each seat its margin over the rival
    on the hand values' curve, a mayor at least a point ahead, and a city the
    council lost (CC-50, CC-58) teaches nothing to anyone; other games are
    taught their result values."""
    g = borough.game("citycouncil")
    seen = set()
    for seed in range(12):
        state = g.setup(2, seed=seed)
        agents = [GreedyAgent(seed * 7 + s, samples=1, noise=0.2) for s in range(2)]
        while not g.is_over(state):  # greedy tables elect a mayor now and then
            seat = g.to_act(state)[0]
            g.apply(state, seat, agents[seat].choose(SeatView(g, state, seat)))
        result = g.result(state)
        taught = features.target(g, state)
        if not result.winners:
            assert taught == [0.0, 0.0]
            seen.add("lost")
            continue
        for seat in range(2):
            margin = result.scores[seat] - result.scores[1 - seat]
            margin = max(margin, 1.0) if seat in result.winners else min(margin, -1.0)
            assert taught[seat] == pytest.approx(1.0 / (1.0 + math.exp(-margin / 4.0)))
        seen.add("mayor")
        if seen == {"lost", "mayor"}:
            break
    assert seen == {"lost", "mayor"}
    other = borough.game("architectura")
    assert features.target(other, other.setup(2, seed=1)) is None


def test_ekopolis_values_are_taught_the_final_margin_over_the_best_rival():
    """A finished full game teaches each seat its margin over the best of its
    rivals on the hand values' 6-point curve, a winner at least a point ahead."""
    for seed in (1, 2):
        g, state = finished_game("ekopolis", seed)
        result = g.result(state)
        taught = features.target(g, state)
        for seat, value in enumerate(taught):
            margin = result.scores[seat] - max(x for s, x in enumerate(result.scores) if s != seat)
            margin = max(margin, 1.0) if seat in result.winners else min(margin, -1.0)
            assert value == pytest.approx(1.0 / (1.0 + math.exp(-margin / 6.0)))
        assert sum(seat in result.winners for seat in range(3)) >= 1


def finished_game(name, seed, options=None):
    g = borough.game(name)
    state = g.setup(players(name), seed=seed, options=options)
    agents = [GreedyAgent(seed * 7 + s, samples=1, noise=0.2) for s in range(players(name))]
    while not g.is_over(state):
        seat = g.to_act(state)[0]
        g.apply(state, seat, agents[seat].choose(SeatView(g, state, seat)))
    return g, state


@pytest.mark.parametrize("name", ("architectura", "citycouncil", "ekopolis"))
def test_learned_values_judge_a_finished_game_as_they_were_taught(name):
    """The search's finished leaves and its forecasts share one scale: a game
    taught its own target (City Council: the final margin) ends at that
    target, the others at their result values, and the search asks the
    learned values, not the result, for a finished game."""
    g, state = finished_game(name, 3)
    judged = learned_values(name)(g, state)
    taught = features.target(g, state)
    assert (taught is not None) == (name in ("citycouncil", "ekopolis"))
    assert judged == (taught or result_values(g, state))
    agent = ExpertAgent(1)
    agent.evaluator = lambda game, s: [0.25] * players(name)
    assert agent._values(g, state) == [0.25] * players(name)


def test_ekopolis_basic_tables_are_judged_by_the_hand_values():
    g, found = states("ekopolis", options={"version": "basic"})
    learned = learned_values("ekopolis")
    g, over = finished_game("ekopolis", 2, {"version": "basic"})
    for state in (*found, over):
        assert not features.covers(g, state)
        assert learned(g, state) == values(g, state, random.Random(0))


@pytest.mark.parametrize("name", TRAINED)
def test_learned_values_follow_the_weights_not_the_hand_values(name):
    """The leaf the search gets is sigmoid(w . x), computed here with numpy."""
    g, found = states(name)
    w = np.array(model.load(name))
    learned = learned_values(name)
    differs = False
    for state in found:
        x = np.array(model.inputs(g, state, tuple(w)))
        expected = 1.0 / (1.0 + np.exp(-(x @ w)))
        got = learned(g, state)
        assert got == pytest.approx(expected.tolist(), abs=1e-12)
        differs |= max(abs(a - b) for a, b in zip(got, values(g, state, random.Random(0)),
                                                     strict=True)) > 1e-3
    assert differs


def test_expert_search_judges_its_leaves_by_the_learned_values(monkeypatch):
    """With the weights negated every value becomes one minus itself: the
    search must see that (it would not if it used the hand values)."""
    g, found = states("architectura")
    seen = []

    def spy(name):
        w = model.load(name)

        def judge(game, state):
            out = model.predict(w, game, state)
            seen.append(out)
            return out
        return judge

    monkeypatch.setattr(expert_agent, "learned_values", spy)
    state = found[1]
    seat = g.to_act(state)[0]
    agent = ExpertAgent(3, iterations=40)
    agent.choose(SeatView(g, state, seat))
    assert len(seen) >= 40
    assert agent.evaluator is not None
    leaf = g.clone(state)
    assert agent._values(g, leaf) == model.predict(model.load("architectura"), g, leaf)


def assert_moves_as_hard(name):
    """On positions of game `name`, expert chooses hard's moves, with no evaluator of its own."""
    g, found = states(name, 2)
    for state in found:
        seat = g.to_act(state)[0]
        expert = ExpertAgent(5, iterations=30)
        hard = agent_registry.hard(5, iterations=30)
        assert expert.choose(SeatView(g, state, seat)) == hard.choose(SeatView(g, state, seat))
        assert expert.evaluator is None


def test_expert_plays_as_hard_where_it_has_no_weights(monkeypatch, tmp_path):
    monkeypatch.setattr(model, "WEIGHTS", tmp_path)
    model.load.cache_clear()
    assert_moves_as_hard("architectura")  # a game whose expert uses its weights when it has them
    model.load.cache_clear()
    assert isinstance(make_agent("expert", 1), RolloutAgent)  # Small City: its script's playouts


def moves_of_a_game(name, make):
    """The moves of one game, every seat played by `make(seed)`."""
    g = borough.game(name)
    n = players(name)
    state = matches.start(g, n, 8, {}).state
    agents = [make(matches.seat_seed(8, s)) for s in range(n)]
    moves = []
    while not g.is_over(state):
        seat = g.to_act(state)[0]
        move = agents[seat].choose(SeatView(g, state, seat))
        moves.append(move)
        g.apply(state, seat, move)
    return moves


def test_expert_plays_as_hard_where_the_game_sets_its_learned_values_aside(monkeypatch):
    """A game whose learned values were measured to play worse than hard's own
    judgement sets them aside (EXPERT_LEARNED = False): its weights still load,
    but expert moves as hard, at hard's budget, and tells players so."""
    module = part("architectura", "evaluation")
    monkeypatch.setattr(module, "EXPERT", {"iterations": 37}, raising=False)
    monkeypatch.setattr(module, "EXPERT_LEARNED", False, raising=False)
    assert expert_agent.has_weights("architectura")
    assert not expert_agent.uses_learned("architectura")
    assert expert_agent.budget("architectura") == {}
    assert_moves_as_hard("architectura")
    said = agent_registry.describe("expert", borough.game("architectura"))
    assert said == agent_registry._SET_ASIDE
    monkeypatch.setattr(module, "EXPERT_LEARNED", True)
    assert expert_agent.uses_learned("architectura")


def test_city_councils_values_learn_from_the_search_s_own_games(monkeypatch):
    """City Council's self-play games are all the search's (TRAINING_PLAYERS):
    values learned from weaker players' games lost to hard, these beat it
    (docs/measurements/expert.md); other games keep the mix of players."""
    assert features.training_players("citycouncil", train.PLAYERS) == {"search": 1.0}
    assert features.training_players("architectura", train.PLAYERS) == train.PLAYERS
    assert expert_agent.uses_learned("citycouncil")
    made = []
    monkeypatch.setitem(train.MAKERS, "search",
                        lambda seed: made.append(seed) or GreedyAgent(seed, samples=1))
    train.self_play("citycouncil", 1, 2, 5)
    assert len(made) == 2  # every seat of the game


@pytest.mark.parametrize("name", LEARNED)
def test_expert_differs_from_hard_where_it_uses_learned_values(name):
    """Same deal, seeds and budget: the learned values change some move."""
    expert = moves_of_a_game(name, lambda seed: ExpertAgent(seed, iterations=15))
    hard = moves_of_a_game(name, lambda seed: agent_registry.hard(seed, iterations=15))
    assert expert != hard


@pytest.mark.parametrize("name", TRAINED)
def test_expert_plays_legal_full_games(name):
    g = borough.game(name)
    n = players(name)
    m = matches.start(g, n, 4, {})
    agents = [ExpertAgent(matches.seat_seed(4, s), iterations=15) for s in range(n)]
    matches.play(m, agents)  # every move is checked as it is applied
    assert m.over


def test_training_is_reproducible_and_saves_what_it_fits(tmp_path):
    first = train.train("architectura", 3, 2, 21, tmp_path / "a.npz")
    second = train.train("architectura", 3, 2, 21, None)
    assert first["weights"] == second["weights"]
    assert first["positions"] > 30
    with np.load(tmp_path / "a.npz") as data:
        assert data["weights"].tolist() == first["weights"]
        assert tuple(data["features"]) == features.names("architectura")
    other = train.train("architectura", 3, 2, 22, None)
    assert other["weights"] != first["weights"]


@pytest.mark.parametrize(("name", "seats"), [
    pytest.param("citycouncil", 2, marks=pytest.mark.slow), ("ekopolis", 3)])
def test_training_runs_end_to_end_for_the_new_games(tmp_path, name, seats):
    report = train.train(name, 3, seats, 5, tmp_path / "w.npz")
    assert report["positions"] > 30
    with np.load(tmp_path / "w.npz") as data:
        assert len(data["weights"]) == features.width(name)
        assert tuple(data["features"]) == model.trained_on(name)


def test_the_training_command_picks_the_smallest_table(tmp_path, capsys):
    train.main(["ekopolis", "--games", "2", "--out", str(tmp_path / "e.npz")])
    assert "wrote" in capsys.readouterr().out
    with np.load(tmp_path / "e.npz") as data:
        assert int(data["players"]) == 3


def test_the_rival_fit_recovers_a_lead_over_the_best_rival():
    """Three seats whose results follow each one's lead over its best rival:
    the fit on the strongest rivals finds that weight, and forecasts better
    than the first fit, on leads over the rivals' mean."""
    rng = np.random.default_rng(1)
    raw = rng.normal(size=(3000, 3, 1))
    shared = np.zeros((3000, 0))
    best = np.stack([np.max(np.delete(raw[:, :, 0], s, axis=1), axis=1) for s in range(3)], 1)
    p = 1.0 / (1.0 + np.exp(-(2.0 * (raw[:, :, 0] - best) + 0.5)))
    y = (rng.random(p.shape) < p).astype(float)
    w = model.fit_rivals(raw, shared, y)
    assert w[1] == pytest.approx(2.0, abs=0.2) and w[0] == pytest.approx(0.5, abs=0.2)
    first = model.fit(model.leads(raw, shared), y.reshape(-1))

    def loss(weights, x):
        q = 1.0 / (1.0 + np.exp(-(x @ weights)))
        return -np.mean(y.reshape(-1) * np.log(q) + (1 - y.reshape(-1)) * np.log(1 - q))

    assert loss(w, model.leads(raw, shared, w)) < loss(first, model.leads(raw, shared)) - 0.01
    two = raw[:, :2]
    assert model.fit_rivals(two, shared, y[:, :2]).tolist() == \
        model.fit(model.leads(two, shared), y[:, :2].reshape(-1)).tolist()


def test_fit_recovers_known_weights():
    rng = np.random.default_rng(0)
    x = np.column_stack([np.ones(4000), rng.normal(size=(4000, 2))])
    true = np.array([0.3, 1.5, -0.7])
    y = 1.0 / (1.0 + np.exp(-(x @ true)))
    assert model.fit(x, y) == pytest.approx(true, abs=0.02)
