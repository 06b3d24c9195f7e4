"""Every verb explains itself with examples that work, and prints JSON on request."""

import json
import re
import shlex

import pytest
import uvicorn
from rich.progress import Task
from typer.testing import CliRunner

from borough.cli import app
from borough.cli.progress import RateAndTimeLeft, rate_and_time_left

runner = CliRunner()
VERBS = [c.name for c in app.registered_commands]


def run(*args, input=None):
    return runner.invoke(app, list(args), input=input)


def examples(*verb: str) -> list[str]:
    shown = run(*verb, "--help")
    assert shown.exit_code == 0, shown.output
    return re.findall(r"^\s*borough (.+?)\s*$", shown.stdout.split("Examples:")[1], re.M)


def test_the_verbs():
    assert set(VERBS) == {"games", "play", "replay", "simulate", "rules", "coverage", "serve",
                           "arena", "balance", "review"}
    overview = examples()  # `borough --help`: each example is one a verb's help shows too
    assert overview and all(line in examples(line.split()[0]) for line in overview)


@pytest.mark.parametrize("verb", VERBS)
def test_every_example_in_a_verbs_help_works(verb, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    started = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: started.append(kw))
    if verb in ("replay", "review"):  # their examples read a game someone saved
        assert run("play", "ekopolis", "--agents", "random", "--save", "game.json",
                   "--json").exit_code == 0
    lines = examples(verb)
    assert lines, f"`borough {verb} --help` shows no example"
    for line in lines:
        args = shlex.split(line)
        assert args[0] == verb
        result = run(*args, input="1\n" * 500)  # a person at a seat always takes move 1
        # coverage exits 1 while a rule has no test; that is its report, not a failure
        assert result.exit_code in ((0, 1) if verb == "coverage" else (0,)), (line, result.output)
        assert "error" not in result.output and "Traceback" not in result.output, line
    if verb == "serve":
        assert started[-1]["port"] == 8080


@pytest.mark.parametrize("verb", [v for v in VERBS if v != "serve"])
def test_every_verb_that_prints_a_result_has_json(verb):
    assert "--json" in run(verb, "--help").stdout


def test_games_wraps_long_option_lists_instead_of_cutting_them():
    result = run("games")
    assert result.exit_code == 0
    assert "…" not in result.stdout
    data = json.loads(run("games", "--json").stdout)
    words = set(re.findall(r"[\w-]+", result.stdout))
    for game in data:
        for option in game["options"].values():
            for choice in option["choices"]:
                assert str(choice) in words, choice


def test_simulate_shows_games_per_second_and_time_left():
    assert rate_and_time_left(4, 10, 2.0) == (2.0, 3.0)
    clock = iter([0.0])
    task = Task(0, "Ekopolis", 10, 0, _get_time=lambda: next(clock, 0.0))
    task.start_time = 0.0
    column = RateAndTimeLeft()
    assert "timing the first game" in column.render(task).plain
    task.completed = 4
    task._get_time = lambda: 8.0
    assert column.render(task).plain == "0.5 games/s, about 0:12 left"
    task._get_time = lambda: 400.0
    assert column.render(task).plain == "100 s/game, about 10:00 left"
