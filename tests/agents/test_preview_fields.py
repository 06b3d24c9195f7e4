"""Each game's preview fields (`games/<game>/preview.py`), found through the registry:
what a move's preview counts of a seat's resources besides its score and goals."""

from __future__ import annotations

import pytest

import borough
from borough.agents.preview import PARTS, SCORE, fields, tally
from borough.games.registry import part, register, unregister


@pytest.mark.parametrize("name", borough.games())
def test_every_resource_a_game_names_is_counted_from_the_start(name):
    own = fields(name)
    words = {w for key in ("SEAT_FIELDS", "PER_SEAT_LISTS", "SHARED_FIELDS")
             for w in own[key].values()} | set(own["SEAT_COUNTS"])
    assert words, f"{name} names no resource for its preview"
    game = borough.game(name)
    for players in game.player_counts():
        state = game.setup(players, seed=3)
        seat = game.to_act(state)[0]
        counted = tally(game, state, seat)
        assert set(counted) == words | {SCORE}, name
        assert all(isinstance(v, int | float) for v in counted.values())


def test_a_count_worked_out_from_the_seats_part_follows_the_game():
    """Small City's materials held: those in City Hall and in its tiles' stocks."""
    game = borough.game("smallcity")
    count = fields("smallcity")["SEAT_COUNTS"]["materials held"]
    assert count({"hall_mats": ["wood", "steel"], "tiles": [None, {"stock": ["wood"]}]}) == 3
    state = game.setup(2, seed=3)
    assert tally(game, state, 0)["materials held"] == 0


def test_a_hook_that_fails_to_import_is_not_taken_for_a_missing_one(tmp_path, monkeypatch):
    """A game without `preview.py` previews its score alone; one whose `extras.py`
    exists but breaks raises the error instead of drawing its board without them."""
    package = tmp_path / "brokenhooks"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "rules.py").write_text("")
    (package / "extras.py").write_text("import brokenhooks.nowhere\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    register("brokenhooks", "brokenhooks.rules:Game")
    try:
        assert part("brokenhooks", "preview") is None
        assert fields("brokenhooks") == {key: {} for key in PARTS}
        with pytest.raises(ModuleNotFoundError, match="nowhere"):
            part("brokenhooks", "extras")
    finally:
        unregister("brokenhooks")
        fields.cache_clear()
