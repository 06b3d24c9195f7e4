"""A game's own counts in a balance report (`arena.counts`): Small City declares them."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from borough.arena import counts
from borough.cli import app

runner = CliRunner()

SMALL_CITY = ["promises kept", "cemeteries", "players eliminated", "cards taken",
              "tiles chosen", "decisions"]


def test_a_small_city_balance_report_shows_its_own_counts(tmp_path):
    base = ["balance", "smallcity", "--players", "2", "--games", "2", "--agent", "random",
            "--chain", "", "-w", "1"]
    result = runner.invoke(app, [*base, "--out", str(tmp_path / "a"), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    rows = {row["count"]: row for row in data["counts"]}
    assert list(rows) == SMALL_CITY
    for name in SMALL_CITY[:3]:
        row = rows[name]
        assert row["games"] == 2 and len(row["values"]) == 2
        assert row["total"] == sum(row["values"]) and 0 <= row["games_with"] <= 2
        assert 0 <= row["low"] <= row["mean"] <= row["high"]
    assert rows["players eliminated"]["total"] <= 2 * 2  # two seats in each of two games
    # every decision of the two games is counted once, by its kind
    assert rows["decisions"]["total"] == sum(data["lengths"])
    taken = rows["cards taken"]["by_name"]
    assert taken and [k["total"] for k in taken] == sorted((k["total"] for k in taken),
                                                            reverse=True)
    page = (tmp_path / "a" / "index.html").read_text()
    assert "<h2>The game's own counts</h2>" in page and "<h3>Cards taken</h3>" in page
    assert f"<td>{taken[0]['name']}</td><td>{taken[0]['total']}</td>" in page
    said = runner.invoke(app, [*base, "--out", str(tmp_path / "b")])
    assert said.exit_code == 0, said.output
    text = said.stdout
    assert "Small City Deluxe's own counts, over the whole table:" in text
    for line in counts.lines(data["counts"]):  # the same two deals: the same counts
        assert f"  {line}\n" in text
    assert "  promises kept: " in text and "  cards taken: " in text


def test_a_game_without_counts_of_its_own_adds_none():
    assert counts.hook("ekopolis") is None
    assert counts.hook("smallcity") is not None
    assert counts.summarise([{"key": "g0"}, {"key": "g1"}]) == []
    assert counts.lines([]) == []


def test_counts_are_summed_over_the_games_that_hold_them():
    results = [{"counts": {"kept": 2, "cards": {"Mayor": 1}}},
               {"counts": {"kept": 0, "cards": {"Mayor": 2, "Opponent": 4}}},
               {"counts": {"kept": 0}}, {"key": "a game counted before counts"}]
    kept, cards = counts.summarise(results)
    assert kept["count"] == "kept" and kept["games"] == 3 and kept["total"] == 2
    assert kept["values"] == [2.0, 0.0, 0.0] and kept["games_with"] == 1
    assert abs(kept["mean"] - 2 / 3) < 1e-9 and kept["low"] == 0.0  # never below nothing
    assert cards["total"] == 7 and cards["by_name"] == [
        {"name": "Opponent", "total": 4, "per_game": 4 / 3},
        {"name": "Mayor", "total": 3, "per_game": 1.0}]
    assert counts.lines([kept, cards]) == [
        "kept: 2 in 3 games (0.67 a game, 95% interval 0.00–1.97; in 1 of 3 games)",
        "cards: Opponent 4, Mayor 3"]
