"""The `borough` command line: every verb, and clear failures."""

import json

from typer.testing import CliRunner

from borough.cli import app

runner = CliRunner()


def run(*args, input=None):
    return runner.invoke(app, list(args), input=input)


def test_games_lists_players_and_options():
    result = run("games", "--json")
    assert result.exit_code == 0
    data = {g["name"]: g for g in json.loads(result.stdout)}
    assert data["ekopolis"]["players"] == [3, 4, 5]
    assert data["ekopolis"]["options"]["version"]["choices"] == ["basic", "full"]
    table = run("games")
    assert table.exit_code == 0 and "Ekopolis" in table.stdout


def test_play_all_bots_json_and_replay(tmp_path):
    save = tmp_path / "game.json"
    result = run("play", "ekopolis", "--players", "4", "--seed", "5", "--agents", "random",
                 "--save", str(save), "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert {"game", "seed", "players", "options", "scores", "winners", "actions"} <= set(summary)
    assert summary["players"] == 4 and summary["options"] == {"version": "full"}
    again = run("replay", str(save), "--json")
    assert again.exit_code == 0, again.output
    replayed = json.loads(again.stdout)
    assert replayed["scores"] == summary["scores"] and replayed["actions"] == summary["actions"]
    same_seed = run("play", "ekopolis", "--players", "4", "--seed", "5", "--agents", "random",
                    "--json")
    assert json.loads(same_seed.stdout) == summary


def test_play_prints_the_event_log_and_scores():
    result = run("play", "ekopolis", "--players", "3", "-o", "version=basic", "--seed", "2")
    assert result.exit_code == 0, result.output
    assert "Player 1 builds the" in result.stdout and "final scores" in result.stdout


def test_human_seat_at_the_terminal():
    answers = ["help", "?1", '? ["keep"]', "nonsense", "99"] + ["1"] * 200
    result = run("play", "ekopolis", "--players", "3", "--agents", "human,random,random",
                 "-o", "version=basic", input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    assert "Commands:" in result.stdout  # help
    assert "would do this" in result.stdout and "Written as an action" in result.stdout  # ?1
    assert "Now you must" in result.stdout  # ? ["keep"] explained as illegal
    assert "is not a move" in result.stdout
    assert "[1]" in result.stdout  # the board was drawn
    assert "final scores" in result.stdout


def test_human_quitting_saves_the_game(tmp_path):
    save = tmp_path / "partial.json"
    result = run("play", "ekopolis", "--players", "3", "--agents", "human,random,random",
                 "--save", str(save), input="1\n1\nquit\n")
    assert result.exit_code == 130
    replay = run("replay", str(save), "--json")
    assert replay.exit_code == 0 and json.loads(replay.stdout)["over"] is False


def test_simulate_summarises_many_games():
    result = run("simulate", "ekopolis", "--games", "6", "--players", "5", "--seed", "3",
                 "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["games"] == 6 and abs(sum(summary["wins"]) - 6) < 1e-9
    assert len(summary["mean_scores"]) == 5 and summary["decisions_per_second"] > 0
    table = run("simulate", "ekopolis", "--games", "2")
    assert table.exit_code == 0 and "Win share" in table.stdout


def test_bad_input_is_a_message_not_a_traceback(tmp_path):
    cases = [
        ("play", "nogame"),
        ("play", "ekopolis", "--players", "9"),
        ("play", "ekopolis", "-o", "version=weird"),
        ("play", "ekopolis", "-o", "novalue"),
        ("play", "ekopolis", "--agents", "robot"),
        ("simulate", "ekopolis", "--agents", "human"),
        ("play",),
        ("play", "ekopolis", "--agents", "random,random,random,random,random,random"),
        ("replay", str(tmp_path / "missing.json")),
    ]
    for args in cases:
        result = run(*args)
        assert result.exit_code == 1, args
        assert "error:" in result.output and "Traceback" not in result.output, args
    flag = run("play", "ekopolis", "--bogus")
    assert flag.exit_code == 2 and "No such option" in flag.output


def test_tampered_and_corrupt_records_are_refused(tmp_path):
    save = tmp_path / "g.json"
    assert run("play", "ekopolis", "--seed", "1", "--save", str(save), "--json").exit_code == 0
    data = json.loads(save.read_text())
    data["moves"][3][1] = ["keep"]
    (tmp_path / "edited.json").write_text(json.dumps(data))
    result = run("replay", str(tmp_path / "edited.json"))
    assert result.exit_code == 1 and "digest" in result.output
    (tmp_path / "broken.json").write_text("{ nope")
    result = run("replay", str(tmp_path / "broken.json"))
    assert result.exit_code == 1 and "not valid JSON" in result.output
    # A forged record with a recomputed digest but an illegal move.
    from borough.core import record

    body = {k: v for k, v in json.loads(save.read_text()).items() if k != "digest"}
    body["moves"][0] = [1, body["moves"][0][1]]
    body.pop("result")
    body["digest"] = record.digest(body)
    (tmp_path / "forged.json").write_text(json.dumps(body))
    result = run("replay", str(tmp_path / "forged.json"))
    assert result.exit_code == 1 and "move 1" in result.output
