"""`borough arena`: a tournament end to end, resumed runs, and the same games on Ray."""

import json

import pytest
from typer.testing import CliRunner

from borough.arena import stats, tournament
from borough.cli import app

runner = CliRunner()
ARENA = ("arena", "--game", "architectura", "--players", "2", "--agents", "random,easy",
         "--games", "3", "--seed", "7")


def arena(*extra):
    result = runner.invoke(app, [*ARENA, *extra, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_small_arena_rates_agents_over_paired_seeds_and_rotated_seats(tmp_path):
    table = tmp_path / "table.csv"
    summary = arena("--workers", "1", "--csv", str(table))
    # One lineup, three deals, each played in both seat orders.
    assert summary["games"] == 6
    rows = {r["agent"]: r for r in summary["arenas"][0]["standings"]}
    assert set(rows) == {"random", "easy"}
    for r in rows.values():
        assert r["games"] == 6 and r["sigma"] > 0
        assert r["rating"] == pytest.approx(r["mu"] - 3 * r["sigma"])
        assert r["win_share_low"] <= r["win_share"] <= r["win_share_high"]
        assert r["margin_low"] <= r["margin"] <= r["margin_high"]
    assert rows["easy"]["wins"] + rows["random"]["wins"] == pytest.approx(6)
    assert table.read_text().splitlines()[0].startswith("setting,agent,games,wins")
    text = runner.invoke(app, [*ARENA, "--workers", "1"])
    assert text.exit_code == 0 and "OpenSkill" in text.stdout and "easy" in text.stdout


def test_seats_rotate_on_the_same_deals():
    plan = tournament.Arena("ekopolis", 3, ("a:A", "b:B"), deals=2, seed=5,
                            format="gauntlet")
    jobs = plan.jobs()
    assert [j.seats for j in jobs[:3]] == [("a:A", "b:B", "b:B"), ("b:B", "b:B", "a:A"),
                                            ("b:B", "a:A", "b:B")]
    assert {j.seed for j in jobs} == {5, 6} and len(jobs) == 6
    four = tournament.Arena("smallcity", 2, ("x:X", "y:Y", "z:Z"), deals=1).lineups()
    assert four == [("x:X", "y:Y"), ("x:X", "z:Z"), ("y:Y", "z:Z")]


def test_placings_put_winners_first_and_tie_a_lost_game():
    assert tournament.placings({"scores": [5, 9, 7], "winners": [1]}) == [3, 1, 2]
    assert tournament.placings({"scores": [0, 0], "winners": []}) == [1, 1]


def test_wilson_interval_matches_the_textbook_value():
    low, high = stats.wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4) and high == pytest.approx(0.9433, abs=1e-4)


def test_resumed_arena_ends_with_the_uninterrupted_table(tmp_path):
    whole, cut = tmp_path / "whole.jsonl", tmp_path / "cut.jsonl"
    full = arena("--workers", "1", "--resume", str(whole))
    lines = whole.read_text().splitlines()
    assert len(lines) == 7  # the plan, then one line per game
    # An interrupted run: two games written, the third cut off mid-line.
    cut.write_text("\n".join(lines[:3]) + "\n" + lines[3][:20])
    resumed = arena("--workers", "2", "--resume", str(cut))
    assert resumed["played_now"] == 4 and resumed["arenas"] == full["arenas"]
    assert len(cut.read_text().splitlines()) == 7
    other = runner.invoke(app, [*ARENA, "--games", "4", "--resume", str(cut)])
    assert other.exit_code == 1 and "another run" in other.output


def test_bad_agents_are_refused_by_name():
    result = runner.invoke(app, ["arena", "--game", "smallcity", "--agents", "random,nosuch"])
    assert result.exit_code == 1 and "nosuch" in result.output
    result = runner.invoke(app, ["arena", "--game", "smallcity",
                                 "--agents", "random,tests.arena:Missing"])
    assert result.exit_code == 1 and "Missing" in result.output


class FirstChoice:
    """A user's agent given as module:Class: always the first legal action."""

    def __init__(self, seed):
        self.name = "first"

    def choose(self, view):
        return view.legal_actions[0]


def test_agents_given_as_module_and_class_play():
    result = runner.invoke(app, ["arena", "--game", "architectura", "--agents",
                                 "random,tests.arena.test_arena:FirstChoice", "--games", "1",
                                 "--workers", "1", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)["arenas"][0]["standings"]
    assert {r["agent"] for r in rows} == {"random", "tests.arena.test_arena:FirstChoice"}


def test_ray_plays_the_same_games_as_local_workers():
    local = arena("--workers", "2")
    on_ray = arena("--ray", "local", "--workers", "2")  # starts Ray here, stops it after
    assert on_ray["arenas"] == local["arenas"] and on_ray["games"] == 6
