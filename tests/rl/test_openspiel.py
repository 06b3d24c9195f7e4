"""The OpenSpiel registration: OpenSpiel's own random simulation test, and search on it."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import borough
import borough.rl.openspiel  # registers the games

COUNTS = [(name, n) for name in borough.games() for n in borough.game(name).player_counts()]


@pytest.mark.parametrize(("name", "players"), COUNTS, ids=[f"{g}-{n}p" for g, n in COUNTS])
def test_random_simulation_passes_for_every_game_and_player_count(name, players):
    game = pyspiel.load_game(f"borough_{name}", {"players": players})
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("name", borough.games())
def test_every_option_set_loads_as_parameters(name):
    g = borough.game(name)
    players = min(g.player_counts())
    for options in g.option_sets():
        params = borough.rl.openspiel.parameters(g, options)
        game = pyspiel.load_game(f"borough_{name}", {"players": players, **params})
        state = game.new_initial_state()
        state.apply_action(3)
        assert state.borough_state is not None
        expected = g.setup(players, seed=3, options=options)
        assert g.to_json(state.borough_state) == g.to_json(expected)
    with pytest.raises((pyspiel.SpielError, ValueError), match="players"):
        pyspiel.load_game(f"borough_{name}", {"players": max(g.player_counts()) + 1})


def test_options_are_checked_by_the_game():
    with pytest.raises((pyspiel.SpielError, ValueError), match="not allowed"):
        pyspiel.load_game("borough_ekopolis", {"players": 3, "version": "nonsense"})


def test_chance_draws_the_seed_and_the_rest_is_the_borough_game():
    game = pyspiel.load_game("borough_architectura", {"players": 2, "seeds": 5})
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(s, 0.2) for s in range(5)]
    state.apply_action(4)
    g = borough.game("architectura")
    twin = g.setup(2, seed=4)
    rng = np.random.RandomState(0)
    while not state.is_terminal():
        seat = state.current_player()
        assert seat == g.to_act(twin)[0]
        assert state.legal_actions() == sorted(g.encode(a) for a in g.legal_actions(twin, seat))
        action = int(rng.choice(state.legal_actions()))
        state.apply_action(action)
        g.apply(twin, seat, g.decode(action))
    result = g.result(twin)
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
    assert state.returns()[result.winners[0]] >= 0


def test_tensors_come_from_the_encoder_and_hide_what_a_seat_cannot_see():
    game = pyspiel.load_game("borough_ekopolis", {"players": 3, "version": "full"})
    state = game.new_initial_state()
    state.apply_action(11)
    for _ in range(10):
        state.apply_action(state.legal_actions()[0])
    g = borough.game("ekopolis")
    encoder = state.get_game().encoder
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for seat in range(3):
        view = g.observe(state.borough_state, seat)
        assert np.array_equal(state.observation_tensor(seat), encoder.encode(view))
        assert np.array_equal(state.information_state_tensor(seat), encoder.encode(view))
        for _ in range(4):
            sample = state.resample_from_infostate(seat, sampler)
            assert sample.information_state_string(seat) == state.information_state_string(seat)
            assert sample.observation_tensor(seat) == state.observation_tensor(seat)
            assert sample.current_player() == state.current_player()


def test_information_state_strings_have_perfect_recall_of_own_actions():
    """Equal histories give equal strings; a different own action gives a different one."""
    game = pyspiel.load_game("borough_architectura", {"players": 2})
    a, b = game.new_initial_state(), game.new_initial_state()
    a.apply_action(1)
    b.apply_action(1)
    while len(a.legal_actions()) < 2:
        step = a.legal_actions()[0]
        a.apply_action(step)
        b.apply_action(step)
    actor = a.current_player()
    assert a.information_state_string(actor) == b.information_state_string(actor)
    first, second = a.legal_actions()[:2]
    a.apply_action(first)
    b.apply_action(second)
    assert a.information_state_string(actor) != b.information_state_string(actor)
    c = a.clone()
    assert c.information_state_string(actor) == a.information_state_string(actor)


def test_openspiel_search_bots_play_a_whole_game():
    game = pyspiel.load_game("borough_architectura", {"players": 2})
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bots = [
        ismcts.ISMCTSBot(game, evaluator, 1.0, 20, random_state=np.random.RandomState(1)),
        mcts.MCTSBot(game, 1.4, 20, evaluator, random_state=np.random.RandomState(2)),
    ]
    state = game.new_initial_state()
    state.apply_action(5)
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_a_term_of_none_or_rounds_is_a_whole_number_parameter():
    # CC-58: OpenSpiel reads a game string's "20" back as a number, so the term is
    # an integer parameter (0: no term), and the game's options get their words back
    g = borough.game("citycouncil")
    assert borough.rl.openspiel.parameters(g, {})["term"] == 0
    game = pyspiel.load_game("borough_citycouncil", {"players": 3})
    assert game.options["term"] == "20"  # games that bots play alone take the term
    again = pyspiel.load_game(str(game))
    assert again.options == game.options
    none = pyspiel.load_game("borough_citycouncil", {"players": 3, "term": 0})
    assert none.options["term"] == "none"
