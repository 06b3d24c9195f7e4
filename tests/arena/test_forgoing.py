"""A level that forgoes components: `LEVEL without NAME` in an arena."""

import json
import random

import pytest
from typer.testing import CliRunner

from borough.arena import forgoing, jobs
from borough.cli import app
from borough.games import content

runner = CliRunner()
SEEDS = range(12)


def test_a_spec_names_the_level_and_the_components():
    assert forgoing.parse("medium without Museum") == ("medium", ("Museum",))
    assert forgoing.parse("hard without Medium Park+Metro Station") == (
        "hard", ("Medium Park", "Metro Station"))
    assert forgoing.parse("medium") is None
    assert forgoing.parse("mypackage.bots:MyBot") is None
    with pytest.raises(ValueError, match="empty component"):
        forgoing.parse("medium without Museum+")


def test_an_unknown_component_is_refused_with_the_nearest_names():
    names = content.component_names("smallcity", None)
    with pytest.raises(ValueError, match="did you mean Museum"):
        forgoing.check_names(("Musem",), names, "Small City")
    forgoing.check_names(("museum", "Metro Station"), names, "Small City")  # any case


def _used(seats):
    watch = content.component_names("smallcity", None)
    return [jobs.run(jobs.Job(f"g{seed}", "smallcity", 2, seed, seats, {}, None, watch))["used"]
            for seed in SEEDS]


def test_the_forgoing_seat_never_uses_the_component_and_the_other_seat_still_may():
    plain = _used(("random", "random"))
    # on these deals a random seat 2 does build a Large Park, so the test can fail
    assert any("Large Park" in used[1] for used in plain)
    forgone = _used(("random", "random without Large Park"))
    assert not any("Large Park" in used[1] for used in forgone)
    assert all(used[1] for used in forgone)  # it still plays its other components


def test_a_forgoing_seat_moves_only_within_the_real_rules():
    game = content.game_with("smallcity", None)
    names = content.component_names("smallcity", None)
    view = forgoing.forgoing_game(game, 1, ("School",), names)
    assert isinstance(view, type(game)) and view.title == game.title
    rng = random.Random(5)
    state = game.setup(2, seed=3)
    cut = 0
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        legal, kept = game.legal_actions(state, seat), view.legal_actions(state, seat)
        if seat == 0:
            assert kept == legal  # the other seat's moves are untouched
        else:
            assert set(kept) <= set(legal)
            school = [a for a in legal if "School" in content.named_in(game.what_it_uses(a), names)]
            assert not set(school) & set(kept) or set(kept) == set(legal)
            cut += len(school)
        game.apply(state, seat, rng.choice(kept))
    assert cut  # the seat was offered the School and never had it
    assert type(game).__name__ == "SmallCity"  # the real game object is unchanged


def test_an_arena_against_a_level_without_a_component():
    result = runner.invoke(app, ["arena", "--game", "smallcity", "--agents",
                                 "random,random without Large Park", "--games", "2",
                                 "--workers", "1", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)["arenas"][0]["standings"]
    assert {r["agent"] for r in rows} == {"random", "random without Large Park"}
    assert all(r["games"] == 4 for r in rows)


@pytest.mark.parametrize(("agents", "said"), [
    ("random,random without Larg Park", "did you mean Large Park"),
    ("random,champion without Museum", "registered one"),
])
def test_a_bad_forgoing_agent_gets_a_clear_error(agents, said):
    result = runner.invoke(app, ["arena", "--game", "smallcity", "--agents", agents,
                                 "--games", "1", "--workers", "1"])
    assert result.exit_code != 0
    assert said in result.output
