"""`borough arena` over several games and player counts, and its ladder (the strength table)."""

import json

import pytest
from typer.testing import CliRunner

from borough.arena import ladder, tournament
from borough.cli import app

runner = CliRunner()


def run(*args):
    result = runner.invoke(app, ["arena", *args])
    return result


def test_one_run_plays_an_arena_per_game_player_count_and_option_value(tmp_path):
    result = run("--game", "ekopolis,architectura", "--players", "3", "--players", "4",
                 "-o", "version=basic", "-o", "version=full", "--agents", "random,easy",
                 "--format", "gauntlet", "--games", "1", "-w", "1", "--json",
                 "--resume", str(tmp_path / "r.jsonl"))
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    names = [a["name"] for a in summary["arenas"]]
    # Ekopolis: each count, each version; Architectura has no version option.
    assert names == ["ekopolis 3p basic", "ekopolis 3p full", "ekopolis 4p basic",
                     "ekopolis 4p full", "architectura 3p", "architectura 4p"]
    assert [a["games"] for a in summary["arenas"]] == [3, 3, 4, 4, 3, 4]
    assert summary["games"] == 21
    assert {a["options"].get("version") for a in summary["arenas"][:4]} == {"basic", "full"}
    again = run("--game", "ekopolis,architectura", "--players", "3,4", "-o", "version=basic",
                "-o", "version=full", "--agents", "random,easy", "--format", "gauntlet",
                "--games", "1", "-w", "1", "--json", "--resume", str(tmp_path / "r.jsonl"))
    assert again.exit_code == 0, again.output
    assert json.loads(again.stdout)["played_now"] == 0


def test_settings_that_no_game_takes_are_refused_by_name():
    result = run("--game", "architectura", "--agents", "random,easy", "-o", "version=full")
    assert result.exit_code == 1 and "'version'" in result.output
    result = run("--game", "architectura", "--players", "7", "--agents", "random,easy")
    assert result.exit_code == 1 and "not 7" in result.output
    result = run("--game", "ekopolis", "--agents", "random,easy", "-o", "version=huge")
    assert result.exit_code == 1 and "huge" in result.output
    result = run("--game", "ekopolis,architectura", "--agents", "random,easy",
                 "--content", "anywhere")
    assert result.exit_code == 1 and "one --game" in result.output


def test_a_ladder_pairs_each_agent_with_the_next_seats_rotated():
    arena = tournament.Arena("architectura", 3, ("hard", "medium", "easy"), deals=2,
                             format="ladder")
    assert arena.lineups() == [("hard", "medium", "medium"), ("medium", "easy", "easy")]
    assert len(arena.jobs()) == 2 * 2 * 3  # two steps, two deals, three seats each
    together = tournament.Arena("ekopolis", 4, ("a:A", "b:B", "c:C"), deals=2,
                                options={"version": "basic"}, format="ladder",
                                cooperative=True)
    # Whole tables of each agent, on the same deals; nothing to rotate.
    assert together.lineups() == [("a:A",) * 4, ("b:B",) * 4, ("c:C",) * 4]
    assert len(together.jobs()) == 6


def fake(arena, outcome):
    """A result for every job of the arena: outcome(seats, seed) -> (scores, winners)."""
    out = []
    for job in arena.jobs():
        scores, winners = outcome(job.seats, job.seed)
        out.append({"key": job.key, "seed": job.seed, "seats": list(job.seats),
                    "scores": scores, "winners": winners})
    return out


def test_ladder_verdicts_follow_win_share_group_score_or_margin():
    seated = tournament.Arena("architectura", 2, ("strong:S", "weak:W"), deals=20,
                              format="ladder")
    # The stronger wins 36 of 40 by 3 points.
    results = fake(seated, lambda seats, seed: (
        [10 + 3 * (a == "strong:S") for a in seats],
        [seats.index("weak:W" if seed < 2 else "strong:S")]))
    (row,) = ladder.steps(seated, results)
    assert row["games"] == 40 and row["win_share"] == pytest.approx(0.9)
    assert row["win_share_low"] > 0.5 and row["beats"]
    assert "win 90.0% [" in ladder.markdown(row) and row["judged_by"] == "win share"
    # Wins all shared: no better than a fair seat, so no verdict for the first.
    even = fake(seated, lambda seats, seed: ([5, 5], [0, 1]))
    assert ladder.steps(seated, even)[0]["beats"] is False

    # City Council: the table always loses, but the first scores 2 more.
    council = tournament.Arena("citycouncil", 2, ("strong:S", "weak:W"), deals=10,
                               format="ladder")
    lost = fake(council, lambda seats, seed: ([4 + 2 * (a == "strong:S") + seed % 3
                                               for a in seats], []))
    (row,) = ladder.steps(council, lost)
    assert row["judged_by"] == "score margin" and row["margin"] == pytest.approx(2)
    assert row["beats"] and "score margin +2.0" in ladder.markdown(row)

    # Ekopolis basic: group scores of whole tables on the same deals.
    group = tournament.Arena("ekopolis", 3, ("strong:S", "weak:W"), deals=10,
                             options={"version": "basic"}, format="ladder",
                             cooperative=True)
    tables = fake(group, lambda seats, seed: ([30 + seed + 5 * (seats[0] == "strong:S")] * 3,
                                              [0, 1, 2]))
    (row,) = ladder.steps(group, tables)
    assert row["judged_by"] == "group score" and row["games"] == 10
    assert row["group_score"] == pytest.approx(5) and row["beats"]
    assert ladder.markdown(row).startswith("| ekopolis 3p | strong:S vs weak:W | 10 tables each")


def test_ladder_prints_the_strength_table_rows(tmp_path):
    table = tmp_path / "steps.csv"
    result = run("--game", "ekopolis", "--players", "3", "-o", "version=basic",
                 "--agents", "easy,random", "--format", "ladder", "--games", "2", "-w", "1",
                 "--csv", str(table))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "| game | pairing | games | measure [95% interval] | beats |"
    assert lines[2].startswith("| ekopolis 3p basic | easy vs random | 2 tables each | "
                               "group score ")
    assert table.read_text().startswith("setting,a,b,judged_by,games,group_score")
