"""`borough play`: a fresh seed each time, medium opponents, saving as you go, resuming."""

import json
import re

from typer.testing import CliRunner

from borough.cli import app, play
from borough.core import record as records

runner = CliRunner()


def run(*args, input=None):
    return runner.invoke(app, list(args), input=input)


def test_a_fresh_seed_each_game_printed_so_it_can_be_dealt_again():
    first = json.loads(run("play", "architectura", "--agents", "random", "--json").stdout)
    second = json.loads(run("play", "architectura", "--agents", "random", "--json").stdout)
    assert first["seed"] != second["seed"]
    shown = run("play", "architectura", "--agents", "random")
    assert shown.exit_code == 0, shown.output
    seed = int(re.search(r"seed (\d+) \(play this deal again with --seed \1\)",
                         shown.stdout).group(1))
    again = json.loads(run("play", "architectura", "--agents", "random", "--seed", str(seed),
                           "--json").stdout)
    final = re.search(r"(\d+) decisions; seed (\d+)", shown.stdout)
    assert int(final.group(2)) == seed and again["actions"] == int(final.group(1))
    dealt = json.loads(run("play", "architectura", "--agents", "random", "--seed", str(seed),
                           "--json").stdout)
    assert dealt == again


def test_medium_opponents_for_the_seats_not_given():
    assert play.seat_names(None, 3, interactive=True) == ["human", "medium", "medium"]
    assert play.seat_names(None, 2, interactive=False) == ["medium", "medium"]
    assert play.seat_names("human,hard", 4, interactive=True) == [
        "human", "hard", "medium", "medium"]
    assert play.seat_names("random", 3, interactive=False) == ["random"] * 3
    summary = json.loads(run("play", "ekopolis", "--players", "3", "-o", "version=basic",
                             "--json").stdout)
    assert summary["agents"] == ["medium", "medium", "medium"]
    summary = json.loads(run("play", "ekopolis", "--players", "3", "-o", "version=basic",
                             "--agents", "random,easy", "--json").stdout)
    assert summary["agents"] == ["random", "easy", "medium"]


HUMAN_GAME = ("ekopolis", "--players", "3", "--seed", "8", "-o", "version=basic")


def test_resume_continues_a_game_saved_halfway_to_the_same_end(tmp_path):
    whole, part = tmp_path / "whole.json", tmp_path / "part.json"
    # Seat 1 is typed at the terminal (always the first move on offer); the others are bots.
    answers = "1\n" * 400
    one_go = run("play", *HUMAN_GAME, "--agents", "human,medium,random", "--save", str(whole),
                 input=answers)
    assert one_go.exit_code == 0, one_go.output
    finished, result = records.load(whole)
    assert result is not None
    human_moves = sum(1 for seat, _ in finished.moves if seat == 0)
    half = human_moves // 2
    stopped = run("play", *HUMAN_GAME, "--agents", "human,medium,random", "--save", str(part),
                  input="1\n" * half + "quit\n")
    assert stopped.exit_code == 130 and f"--resume {part}" in stopped.output
    saved, no_result = records.load(part)
    assert no_result is None and saved.moves == finished.moves[: len(saved.moves)]
    assert sum(1 for seat, _ in saved.moves if seat == 0) == half  # every move was saved
    resumed = run("play", "--resume", str(part), "--agents", "human,medium,random",
                  input=answers)
    assert resumed.exit_code == 0, resumed.output
    assert "resuming" in resumed.stdout
    again, again_result = records.load(part)  # it kept saving to the file it resumed
    assert again.moves == finished.moves and again_result == result
    assert re.search(r"final scores", resumed.stdout)


def watch_saves(monkeypatch):
    """The number of moves in the file after each save."""
    saved_after = []
    real_save = records.save

    def watch(path, record, result=None):
        real_save(path, record, result)
        saved_after.append(len(records.load(path)[0].moves))

    monkeypatch.setattr(records, "save", watch)
    return saved_after


def test_with_a_person_at_the_table_every_move_is_saved(tmp_path, monkeypatch):
    save = tmp_path / "game.json"
    saved_after = watch_saves(monkeypatch)
    result = run("play", "architectura", "--players", "3", "--agents", "random,human,random",
                 "--save", str(save), input="1\n" * 300)
    assert result.exit_code == 0, result.output
    record, final = records.load(save)
    assert saved_after == list(range(len(record.moves) + 1))  # at the start and every move
    assert final is not None and final["scores"] == records.load(save)[1]["scores"]
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary files left


def test_an_all_bot_game_is_saved_as_it_goes_and_at_its_end(tmp_path, monkeypatch):
    save = tmp_path / "game.json"
    saved_after = watch_saves(monkeypatch)
    result = run("play", "architectura", "--agents", "random", "--save", str(save), "--json")
    assert result.exit_code == 0, result.output
    actions = json.loads(result.stdout)["actions"]
    assert saved_after[0] == 0 and saved_after[-1] == actions
    assert saved_after == sorted(set(saved_after))
    assert records.load(save)[1]["scores"] == json.loads(result.stdout)["scores"]


def test_resume_refuses_what_contradicts_the_saved_game(tmp_path):
    save = tmp_path / "g.json"
    assert run("play", "architectura", "--agents", "random", "--save", str(save),
               "--json").exit_code == 0
    for extra in (["--seed", "3"], ["ekopolis"], ["--players", "3"], ["-o", "replacements=2"]):
        result = run("play", "--resume", str(save), *extra)
        assert result.exit_code == 1 and "--resume takes the game" in result.output, extra
    missing = run("play", "--resume", str(tmp_path / "none.json"))
    assert missing.exit_code == 1 and "cannot read" in missing.output
    over = run("play", "--resume", str(save), "--agents", "random", "--json")
    assert over.exit_code == 0  # a finished game resumes straight to its result
    assert json.loads(over.stdout)["scores"] == records.load(save)[1]["scores"]
    nowhere = run("play", "architectura", "--save", str(tmp_path / "no" / "dir.json"))
    assert nowhere.exit_code == 1 and "cannot save" in nowhere.output
