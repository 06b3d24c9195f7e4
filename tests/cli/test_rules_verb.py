"""`borough rules` reads a game's rulebook anywhere; `borough coverage` needs a checkout."""

import json
import os
import subprocess
import sys
from itertools import pairwise
from pathlib import Path

import pytest
from typer.testing import CliRunner

import borough
from borough import rulebook, rules_coverage
from borough.cli import app
from borough.cli import rules as cli_rules

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


def run(*args):
    return runner.invoke(app, list(args))


def test_rules_of_a_game_work_from_a_folder_outside_the_checkout(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for args, expected in ((["smallcity", "SC-25"], "sealed and simultaneous"),
                           (["ekopolis", "--toc"], "Scoring a Building")):
        done = subprocess.run([sys.executable, "-m", "borough", "rules", *args], cwd=tmp_path,
                              env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        assert expected in done.stdout and "Traceback" not in done.stderr
    assert list(tmp_path.iterdir()) == []  # nothing was looked for or left here


@pytest.mark.parametrize("name", borough.games())
def test_every_rule_can_be_shown_by_its_id(name):
    text = rulebook.rules_text(name)
    ids = rulebook.rule_ids(text)
    assert set(rulebook.rules(text)) == set(ids)  # each bold id opens a rule we can show
    first, last = ids[0], ids[-1]
    for rule_id in (first, last, last.lower()):
        shown = run("rules", name, rule_id, "--json")
        assert shown.exit_code == 0, shown.output
        data = json.loads(shown.stdout)
        assert data["id"] == rule_id.upper() and data["text"].count(f"**{data['id']}**") == 1


def test_a_rule_is_its_own_paragraph_under_its_section():
    result = run("rules", "smallcity", "SC-25")
    assert result.exit_code == 0, result.output
    assert "Phase 2: Build" in result.stdout and "sealed and simultaneous" in result.stdout
    assert "SC-26" not in result.stdout  # the next rule is not shown


def test_contents_list_every_section_with_its_rule_ids():
    result = run("rules", "smallcity", "--toc")
    assert result.exit_code == 0, result.output
    for title in ("Setup", "Phase 2: Build", "Final scoring", "Solo"):
        assert title in result.stdout
    assert "SC-20 … SC-43" in result.stdout
    whole = json.loads(run("rules", "smallcity", "--json").stdout)
    assert [s["title"] for s in whole["sections"]][1] == "Setup"


def test_a_section_by_its_number_or_a_word_of_its_heading():
    by_number = run("rules", "architectura", "3", "--no-pager")
    assert by_number.exit_code == 0 and "Comparing values" in by_number.stdout
    assert "ARC-13" in by_number.stdout and "ARC-17" not in by_number.stdout
    by_word = json.loads(run("rules", "ekopolis", "scoring", "--json").stdout)
    assert [s["title"] for s in by_word] == ["Scoring a Building"]


def test_the_whole_rulebook_after_its_contents():
    result = run("rules", "ekopolis", "--no-pager")
    assert result.exit_code == 0
    contents = result.stdout.index("Contents")
    assert contents < result.stdout.index("EKO-8") < result.stdout.index("EKO-F10")


def test_at_a_terminal_the_rules_go_through_the_pager(monkeypatch):
    import io
    import pydoc

    from rich.console import Console

    paged = []
    monkeypatch.setattr(pydoc, "pager", paged.append)
    monkeypatch.setattr(cli_rules, "out", Console(file=io.StringIO(), force_terminal=True))
    assert run("rules", "rondelcity").exit_code == 0
    assert len(paged) == 1 and "RON-31" in paged[0]
    assert run("rules", "rondelcity", "--no-pager").exit_code == 0 and len(paged) == 1


def test_unknown_games_and_parts_are_clear_errors():
    result = run("rules", "chess")
    assert result.exit_code == 1 and "unknown game" in result.output
    result = run("rules", "smallcity", "SC-999")
    assert result.exit_code == 1 and "--toc" in result.output
    listed = json.loads(run("rules", "--json").stdout)
    assert {row["game"] for row in listed} == set(borough.games())


def test_coverage_is_its_own_verb_and_needs_a_checkout(monkeypatch, tmp_path):
    result = run("coverage", "ekopolis", "--json")
    (report,) = json.loads(result.stdout)
    (expected,) = [c for c in rules_coverage.coverage(ROOT / "tests") if c.game == "ekopolis"]
    assert report["rules"] == expected.rules and report["missing"] == expected.missing
    assert result.exit_code == (1 if expected.missing else 0)
    monkeypatch.setattr(rules_coverage, "CHECKOUT", tmp_path)
    outside = run("coverage")
    assert outside.exit_code == 1
    assert "source checkout" in outside.output and "borough rules GAME" in outside.output


def test_a_section_comes_with_the_headings_under_it():
    whole = json.loads(run("rules", "citycouncil", "--json").stdout)["sections"]
    (top,) = [s for s, after in pairwise(whole)
              if s["level"] == 2 and after["level"] == 3][:1]
    steps = json.loads(run("rules", "citycouncil", str(top["number"]), "--json").stdout)
    deeper = [s["title"] for s in whole[top["number"] + 1:]]
    assert steps[0]["title"] == top["title"] and len(steps) > 1
    assert [s["title"] for s in steps[1:]] == deeper[: len(steps) - 1]
    assert all(s["level"] == 3 for s in steps[1:])
    only = json.loads(run("rules", "citycouncil", "council meeting", "--json").stdout)
    assert [s["title"] for s in only] == ["Council meeting"]


@pytest.mark.parametrize("name", borough.games())
def test_the_guide_flag_prints_the_players_guide_with_pictures_as_words(name):
    result = run("rules", name, "--guide", "--no-pager")
    assert result.exit_code == 0, result.output
    assert "player's guide" in result.stdout and "The goal:" in result.stdout
    assert "[Picture: " in result.stdout and "<!--" not in result.stdout
    assert f"borough rules {name}" in result.stdout  # the way on to the full rules


def test_the_guide_flag_as_json_and_its_refusals():
    shown = run("rules", "architectura", "--guide", "--json")
    data = json.loads(shown.stdout)
    assert data["game"] == "architectura" and data["markdown"].startswith("# Architectura")
    assert data["about"]["usual_players"] == 2
    no_game = run("rules", "--guide")
    assert no_game.exit_code != 0 and "needs a game" in no_game.output
    with_part = run("rules", "architectura", "ARC-4", "--guide")
    assert with_part.exit_code != 0 and "whole guide" in with_part.output
