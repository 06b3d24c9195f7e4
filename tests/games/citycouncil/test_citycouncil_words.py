"""The words the game gives the table: building tiles, closed neighbourhoods, and where
a Favor chance stopped the round (CC-7, CC-62, CC-64, CC-65, CC-C2)."""

from __future__ import annotations

import pytest
from cc_helpers import GAME, act, bid, empty_hands, give, hood, new, reach
from test_citycouncil_favor_timing import small_city

from borough.games.citycouncil import council, data, favors
from borough.games.citycouncil.state import FAVOR, PRODUCE, TURN_END, seat_now, step_now

C = GAME.content
NAMES = [b.name for b in GAME.buildings]


def test_cc_c2_every_output_of_a_tile_has_words():
    """CC-C2: a tile's text names every output the data allows, so none is shown raw."""
    assert set(data.OUTPUT_TEXT) == set(data.OUTPUTS)
    assert set(data.CUBE_OUTPUTS) <= set(data.OUTPUTS)


def test_cc_c2_a_tile_text_reads_its_cost_jobs_inputs_outputs_and_upgrade():
    """CC-C2, CC-30, CC-33, CC-41, CC-43, CC-46: the whole tile in one sentence."""
    for b in GAME.buildings:
        text = b.text(NAMES)
        assert text.startswith(f"{b.name} ({data.ZONES[b.zone]}, {data.SHAPES[b.shape]} tile)")
        assert f"costs ${b.cost}" in text and text.endswith(".")
        assert (f"{b.blue} blue-collar" in text) == (b.blue > 0)
        assert ("white-collar for a second action" in text) == (b.white > 0)
        for key, n in b.out.items():
            assert data.OUTPUT_TEXT[key].format(n=n) in text, (b.name, key)
        if b.upgrade_of >= 0:
            assert f"upgrades the {NAMES[b.upgrade_of]}" in text
        if any(k in data.CUBE_OUTPUTS for k in b.out):
            assert f" in {data.SECTIONS[b.section]}" in text
    cuts = [b for b in GAME.buildings if b.inputs[2]]
    assert cuts and all(f"${b.inputs[2]}" in b.text(NAMES).split("uses ")[1] for b in cuts)


def test_cc_64_a_closed_neighbourhood_says_what_opens_it():
    """CC-64: the text of a closed neighbourhood gives the blocks its neighbour needs."""
    names = GAME.board.hood_names
    for h, base, blocks in C.expansion:
        text = C.growth_text(h)
        assert names[h] in text and names[base] in text and str(blocks) in text
        assert ("1 block of" in text) == (blocks == 1)
    always = next(h for h in range(len(names)) if h not in {e[0] for e in C.expansion})
    assert C.growth_text(always) == f"Neighbourhood {names[always]} is closed to building."


def test_cc_7_a_zone_in_a_closed_neighbourhood_is_refused_with_a_reason():
    """CC-7: activating a closed neighbourhood's zone is refused, and the reason says so."""
    s = reach(new(3, "basic", seed=2), PRODUCE, 2)
    r2 = hood("R2")
    assert not s.open_hoods[r2]
    reason = GAME.explain(s, seat_now(s), ("zone", r2))
    assert reason and "not open yet" in reason


def test_cc_62_a_favor_chance_tells_the_table_where_it_stopped_the_round():
    """CC-62, CC-65: everyone's observation names the moment a Favor chance interrupted."""
    s = reach(new(4, seed=3), PRODUCE, 2)
    empty_hands(s)
    small_city(s)
    producer = seat_now(s)
    holder = next(m for m in council.turn_order(s) if m != producer)
    give(s, holder, "Corner Economy")
    assert GAME.observe(s, producer)["interruption"] == ""
    act(s, ("activate", bid("Workshop")))
    assert step_now(s) == FAVOR
    for seat in (None, producer, holder):
        seen = GAME.observe(s, seat)
        assert seen["interrupted"] == PRODUCE
        assert seen["interruption"] == "production, just after an activation"


@pytest.mark.parametrize("then, words", [
    ("committees", "before the committee changes"),
    ("council", "before the council meeting"),
    ("plans", "after a plan"),
    ("production", "before production"),
    ("resolve", "resolution of production"),
    ("turn_end", "monitoring"),
])
def test_cc_62_each_moment_of_a_favor_chance_has_its_words(then, words):
    """CC-62: the parts of the round a chance can stop are each named."""
    assert words in favors.chance_moment("vote", then)


def test_cc_62_a_step_without_a_moment_is_named_by_the_step():
    assert favors.chance_moment(TURN_END, "") == "the turn end step"
