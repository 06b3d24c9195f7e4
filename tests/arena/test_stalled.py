"""A game its agents never finish is a clear error, not a traceback, and the
games already played stay in the results file."""

import json

from typer.testing import CliRunner

from borough.cli import app


class Passer:
    """Passes whenever Rondel City allows it (RON-11: as often as one likes)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view):
        legal = view.legal_actions
        return next((a for a in legal if a[0] == "pass"), legal[0])


class OtherPasser(Passer):
    pass


def test_a_stalled_game_is_named_and_the_finished_ones_kept(tmp_path):
    results = tmp_path / "arena.jsonl"
    agents = "tests.arena.test_stalled:Passer,tests.arena.test_stalled:OtherPasser"
    outcome = CliRunner().invoke(app, ["arena", "--game", "rondelcity", "--agents", agents,
                                       "--games", "1", "-w", "1", "--resume", str(results)])
    assert outcome.exit_code == 1
    assert "Traceback" not in outcome.output
    assert "Rondel City did not end within" in outcome.output
    assert "seed 0" in outcome.output and "stalled" in outcome.output
    lines = results.read_text().splitlines()
    assert json.loads(lines[0])["plan"]  # the run's plan is kept for a later resume
