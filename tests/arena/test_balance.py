"""`borough balance` and `borough content`: a report end to end, and a designer's edit."""

import json
import re
import shlex

from typer.testing import CliRunner

from borough.cli import app
from borough.games import content as contents

runner = CliRunner()


def invoke(*args):
    result = runner.invoke(app, list(args))
    return result


def test_small_balance_report_has_its_plots_and_summary(tmp_path):
    result = invoke("balance", "smallcity", "--players", "2", "--games", "4", "--agent",
                    "random", "--chain", "random,easy", "--chain-games", "1", "-w", "1",
                    "--out", str(tmp_path), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    page = (tmp_path / "index.html").read_text()
    # Seats, scores, length, settled, lead changes, skill chain, components: all drawn.
    assert len(re.findall(r'<img alt="plot" src="data:image/png;base64,', page)) == 7
    assert "src=\"http" not in page and "<script" not in page  # self-contained
    # every table scrolls inside its own frame: the page keeps a phone's width
    assert page.count("<table>") == page.count('<div class="wide"><table>') > 0
    assert data["summary"] in page.replace("&#x27;", "'")
    assert data["first_player"]["verdict"] in page
    # what a component is worth, beside who used it: the arena that tells
    command = next(line for line in page.replace("&#x27;", "'").split("<code>")[1:]
                   if "without NAME" in line).split("</code>")[0]
    assert command.startswith("borough arena --game smallcity --players 2 -o ")
    assert command.endswith("--agents 'random,random without NAME' --format gauntlet")
    played = invoke(*shlex.split(command.replace("NAME", "School"))[1:], "-n", "1", "-w", "1")
    assert played.exit_code == 0, played.output
    assert [s["seat"] for s in data["seats"]] == [1, 2] and data["games"] == 4
    assert sum(s["wins"] for s in data["seats"]) <= 4
    assert data["chain"][0]["games"] == 2 and data["chain"][0]["stronger"] == "easy"
    assert data["components"] and all(c["low"] <= c["difference"] <= c["high"]
                                      for c in data["components"])
    assert len(data["lengths"]) == 4 and all(n > 0 for n in data["lead"]["changes"]) is not None


def test_content_export_check_and_a_designers_change_in_the_report(tmp_path):
    mine = tmp_path / "mine"
    assert invoke("content", "export", "ekopolis", str(mine)).exit_code == 0
    assert contents.game_of(mine) == "ekopolis"
    ok = invoke("content", "check", str(mine), "--json")
    assert json.loads(ok.stdout) == {"ok": True, "game": "ekopolis",
                                     "digest": contents.digest_of("ekopolis", None),
                                     "changes": []}
    cards = mine / "cards.toml"
    text = cards.read_text()
    # A wrong kind of value is named by file, entry and field.
    cards.write_text(text.replace("points = 3", 'points = "three"', 1))
    bad = invoke("content", "check", str(mine))
    assert bad.exit_code == 1
    assert ("cards.toml, card 'Jobs boom' (entry 2), field 'points': expected a whole "
            "number, got 'three'") in bad.output
    # The game's own checks come after, named by the folder.
    cards.write_text(text.replace('colour = "red"', 'colour = "blue"', 1))
    counts = invoke("content", "check", str(mine))
    assert counts.exit_code == 1 and "20 red Action cards" in counts.output
    # One value edited: Jobs boom pays 30 points instead of 3.
    cards.write_text(text.replace("points = 3", "points = 30", 1))
    ok = invoke("content", "check", str(mine), "--json")
    changed = json.loads(ok.stdout)
    assert changed["ok"] and changed["digest"] != contents.digest_of("ekopolis", None)
    assert changed["changes"] == ["cards.toml, card 'Jobs boom' (entry 2), field 'points': "
                                  "3 → 30"]
    out = tmp_path / "cmp"
    result = invoke("balance", "ekopolis", "--games", "4", "--agent", "random", "--chain", "",
                    "--content", str(mine), "--against", "default", "-w", "1",
                    "--out", str(out), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["content"] == changed["digest"]
    assert data["against"]["content"] == contents.digest_of("ekopolis", None)
    assert data["comparison"]["changes"] == changed["changes"]
    page = (out / "index.html").read_text()
    assert "Against the default content" in page and "3 → 30" in page
    rows = {r["measure"]: r for r in data["comparison"]["rows"]}
    # Same deals, same random players: the only difference is the card, and it pays.
    moved = [rows[f"seat {s} mean score"]["difference"] for s in (1, 2, 3)]
    assert all(d >= 0 for d in moved) and sum(moved) > 0


def test_play_simulate_and_replay_with_a_content_folder_and_its_digest(tmp_path):
    mine = tmp_path / "mine"
    assert invoke("content", "export", "ekopolis", str(mine)).exit_code == 0
    cards = mine / "cards.toml"
    cards.write_text(cards.read_text().replace("points = 3", "points = 30", 1))
    digest = contents.digest(mine)
    save = tmp_path / "game.json"
    played = invoke("play", "ekopolis", "--agents", "random", "--seed", "3", "--content",
                    str(mine), "--save", str(save), "--json")
    assert played.exit_code == 0, played.output
    assert json.loads(played.stdout)["content"] == digest
    assert json.loads(save.read_text())["content"] == digest
    # The replay needs the same content, and says which.
    refused = invoke("replay", str(save))
    assert refused.exit_code == 1 and f"content {digest}" in refused.output
    again = invoke("replay", str(save), "--content", str(mine), "--json")
    assert again.exit_code == 0, again.output
    assert json.loads(again.stdout)["scores"] == json.loads(played.stdout)["scores"]
    simulated = invoke("simulate", "ekopolis", "-n", "1", "--content", str(mine), "--json")
    assert json.loads(simulated.stdout)["content"] == digest
    # An unedited copy is the game's own content: its records carry no digest.
    plain = tmp_path / "plain"
    assert invoke("content", "export", "ekopolis", str(plain)).exit_code == 0
    same = invoke("play", "ekopolis", "--agents", "random", "--seed", "3", "--content",
                  str(plain), "--json")
    assert "content" not in json.loads(same.stdout)


def test_a_result_names_the_own_content_its_process_loaded(tmp_path, monkeypatch):
    """A process keeps the game's own content as it first loaded it: editing the data
    files during a run must not put the edited content's digest on its later games."""
    own = tmp_path / "own"
    contents.export("ekopolis", own)
    monkeypatch.setattr(contents, "default_dir", lambda game: own)
    monkeypatch.setattr(contents, "_own", {})
    contents.game_with("ekopolis", None)
    loaded = contents.played_digest("ekopolis", None)
    assert loaded == contents.digest(own)
    (own / "tiles.toml").write_text((own / "tiles.toml").read_text() + "\n# edited\n")
    assert contents.digest_of("ekopolis", None) != loaded
    assert contents.played_digest("ekopolis", None) == loaded
    edited = tmp_path / "edited"
    contents.export("ekopolis", edited)
    assert contents.played_digest("ekopolis", str(edited)) == contents.digest(edited)


def test_a_game_the_whole_table_loses_is_nobodys_when_judging_seats():
    from borough.arena import balance

    study = balance.Study("citycouncil", 2, 4, chain=())
    lost = {"winners": [], "scores": [0, 0], "length": 9, "content": "x", "used": [[], []],
            "lead": {"changes": 0, "settled": None}, "seats": ["medium"] * 2}
    won = {**lost, "winners": [1], "scores": [3, 5], "lead": {"changes": 1, "settled": 0.5}}
    results = [{**lost, "key": "g0"}, {**lost, "key": "g1"}, {**won, "key": "g2"},
               {**won, "key": "g3"}]
    report = balance.analyse(study, results)
    assert report["first_player"]["fair"] == 0.25  # half the games decided, two seats
    assert report["seats"][1]["share"] == 0.5 and report["seats"][0]["share"] == 0.0


def test_components_are_judged_against_rivals_at_the_same_table():
    """A component seen only in games the table won looks strong over all seat-games,
    but its holders do no better than their rivals at the same table; one whose holder
    beats the rival beside it is flagged."""
    from borough.arena import balance

    games = []
    for i in range(60):
        won = i % 2 == 0  # the table wins every other game, and then seat i % 4 // 2 wins
        winner = (i // 2) % 2
        games.append({"scores": [1, 1], "winners": [winner] if won else [],
                      # Both seats build the Stadium in the games the table wins;
                      # only the winner (or seat 0 in a lost game) takes the Key.
                      "used": [["Stadium"] * won + ["Key"] * (winner == 0 if won else 1),
                               ["Stadium"] * won + ["Key"] * (winner == 1 if won else 0)]})
    rows = {c["component"]: c for c in balance._components(("Stadium", "Key"), games, 2)}
    stadium, key = rows["Stadium"], rows["Key"]
    assert stadium["difference"] == 0.5 and stadium["low"] > 0  # looks strong overall
    assert stadium["table_games"] == 0 and not stadium["outlier"]  # nobody to compare
    assert key["table_games"] == 60 and key["table_difference"] == 0.5
    assert key["outlier"]


def test_a_component_named_inside_another_is_counted_only_where_it_stands_alone():
    """'Orchard' is part of 'Community orchard' and 'Airport' of 'Airport Terminal':
    a move naming the longer component does not count as using the shorter one."""
    from borough.games.content import named_in

    names = ("Orchard", "Community orchard", "Airport", "Airport Terminal")
    assert named_in("Build the Community orchard on C4", names) == ["Community orchard"]
    assert named_in("Propose the Airport Terminal", names) == ["Airport Terminal"]
    both = "Build the Orchard on B2\nBuild the Community orchard on C4"
    assert named_in(both, names) == ["Orchard", "Community orchard"]
    assert named_in("Upgrade the airport", names) == ["Airport"]


def test_a_resumed_balance_report_equals_the_uninterrupted_one(tmp_path):
    base = ("balance", "architectura", "--players", "2", "--games", "3", "--agent", "random",
            "--chain", "random,easy", "--chain-games", "1", "-w", "1", "--json",
            "--against", "default")
    mine = tmp_path / "mine"
    assert invoke("content", "export", "architectura", str(mine)).exit_code == 0
    whole, cut = tmp_path / "whole.jsonl", tmp_path / "cut.jsonl"
    full = invoke(*base, "--content", str(mine), "--out", str(tmp_path / "a"),
                  "--resume", str(whole))
    assert full.exit_code == 0, full.output
    lines = whole.read_text().splitlines()
    # the plan, then each side's 3 games and 2 chain games
    assert len(lines) == 11 and sum('"key":"against/' in line for line in lines) == 5
    # Both contents are played deal by deal (with one worker, in turn), so a run
    # cut short compares the same deals.
    keys = [json.loads(line)["key"] for line in lines[1:]]
    assert [k.startswith("against/") for k in keys] == [False, True] * 5
    assert [k.removeprefix("against/") for k in keys[1::2]] == keys[0::2]
    # Interrupted after four games, the fifth cut off mid-line.
    cut.write_text("\n".join(lines[:5]) + "\n" + lines[5][:30])
    again = invoke(*base, "--content", str(mine), "--out", str(tmp_path / "b"),
                   "--resume", str(cut))
    assert again.exit_code == 0, again.output
    assert len(cut.read_text().splitlines()) == 11
    first, second = json.loads(full.stdout), json.loads(again.stdout)
    for key in ("seats", "scores", "lengths", "components", "chain", "comparison", "against"):
        assert json.dumps(first[key]) == json.dumps(second[key])  # NaN as text
    # Another report's file is refused, and nothing is written to it.
    other = invoke(*base, "--content", str(mine), "--games", "4",
                   "--out", str(tmp_path / "c"), "--resume", str(cut))
    assert other.exit_code == 1 and "another run" in other.output
    assert len(cut.read_text().splitlines()) == 11
    # Results counted another way (an older format) are refused too, not mixed in.
    lines = cut.read_text().splitlines()
    old = json.loads(lines[0])
    old["plan"]["format"] -= 1
    cut.write_text("\n".join([json.dumps(old), *lines[1:]]) + "\n")
    mixed = invoke(*base, "--content", str(mine), "--out", str(tmp_path / "d"),
                   "--resume", str(cut))
    assert mixed.exit_code == 1 and "counted another way" in mixed.output
    assert f"format {old['plan']['format']}," in mixed.output


def test_a_move_the_game_says_does_not_use_a_component_does_not_count_as_using_it():
    """A balance report credits a component to the seats whose moves use it, in the
    game's words for what a move uses (`what_it_uses`): in Ekopolis a discarded Building
    (EKO-F7) is named by the discard but not used; the seat that built one used it."""
    import borough
    from borough.arena.jobs import _used

    game = borough.game("ekopolis")
    tile = {t.name: t.id for t in game.tiles}
    names = ("Brewery", "Wind farm", "City park")
    moves = [(0, ("place", tile["Brewery"], 20)), (1, ("discard", tile["Wind farm"])),
             (2, ("discard", tile["City park"])), (2, ("place", tile["Wind farm"], 30))]
    assert _used(game, _played(3, moves), names) == [["Brewery"], [], ["Wind farm"]]
    assert "Brewery" in game.what_it_uses(("place", tile["Brewery"], 20))
    assert game.what_it_uses(("discard", tile["Brewery"])) == ""
    # A game that says nothing counts every name in the move's description.
    from borough.core.game import Game

    assert "Brewery" in Game.what_it_uses(game, ("discard", tile["Brewery"]))


def test_a_city_council_favor_card_move_uses_the_card_not_the_buildings_it_names():
    """Keeping or scoring a City Council Favor card names, in its words, the buildings
    the card pays for (or the one it asks for); the card is used, the buildings are
    not: they count for the seats that proposed, built or activated them."""
    import borough
    from borough.arena.jobs import _used

    game = borough.game("citycouncil")
    card = {c.name: c.id for c in game.content.cards}
    building = {b.name: b.id for b in game.buildings}
    big, hospital = card["Big Business"], card["A Hospital at Last"]
    assert "Office Tower" in game.describe(("keep", big))  # what the old count read
    names = ("Big Business", "Office Tower", "Business Park", "Convention Centre",
             "A Hospital at Last", "Hospital")
    moves = [(0, ("keep", big)), (1, ("keep", hospital)), (0, ("score", big)),
             (1, ("construct", building["Office Tower"])), (1, ("discard", hospital))]
    assert _used(game, _played(2, moves), names) == [
        ["Big Business"], ["Office Tower", "A Hospital at Last"]]
    assert game.what_it_uses(("keep", big)) == "Big Business"
    assert "Office Tower" in game.what_it_uses(("construct", building["Office Tower"]))


def _played(players: int, moves: list) -> object:
    """Just what `_used` reads of a match: the seats and their moves."""
    from types import SimpleNamespace

    return SimpleNamespace(record=SimpleNamespace(players=players, moves=moves))
