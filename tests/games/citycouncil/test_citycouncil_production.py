"""Production, unemployment, resolution and monitoring."""

from __future__ import annotations

import pytest
from cc_helpers import GAME, act, bid, clear_city, hood, new, put, run_until

from borough.core.errors import IllegalAction
from borough.games.citycouncil import city, council, flow, production
from borough.games.citycouncil.state import OVER, PRODUCE, PROPOSE, TRANSPORT, seat_now, step_now

C = GAME.content


def producing(setup=None, players: int = 5, seed: int = 2):
    """A round-1 state entering production with a hand-made city."""
    s = run_until(new(players, seed=seed), PROPOSE, prefer=("decline",))
    clear_city(s)
    s.proposals = []
    s.queue = []
    if setup:
        setup(s)
    events = []
    production.begin_production(GAME.content, s, events)
    flow.settle(GAME.content, s, events)
    return s, events


def test_cc_40_transport_activates_twice_then_turn_order():
    """CC-40: the Transport chair starts and makes two activations; others one each."""
    def setup(s):
        s.blue = s.blue_free = 9
        for name, cell in (("Cottage", "A1"), ("Garden Plot", "A2"), ("Townhouse", "A3"),
                           ("Kiosk", "A6")):
            put(s, name, [cell])
        s.power = 6
    s, _ = producing(setup)
    transport = council.holder(s, TRANSPORT)
    assert step_now(s) == PRODUCE and seat_now(s) == transport
    act(s, ("zone", hood("R1")))
    assert seat_now(s) == transport
    act(s, ("activate", bid("Cottage")))
    order = [m for m in council.turn_order(s) if m < s.players]
    assert seat_now(s) == order[1]


def test_cc_41_buildings_work_in_activated_zones_or_the_centre():
    """CC-41: only buildings touching the centre or an activated zone; once a round."""
    def setup(s):
        s.blue = s.blue_free = 9
        put(s, "Cottage", ["A1"])
    s, _ = producing(setup)
    acts = GAME.legal_actions(s, seat_now(s))
    assert ("activate", bid("Cottage")) not in acts
    assert ("activate", bid("City Hall")) in acts
    with pytest.raises(IllegalAction, match="not in an activated zone"):
        act(s, ("activate", bid("Cottage")))
    act(s, ("zone", hood("R1")))
    assert ("activate", bid("Cottage")) in GAME.legal_actions(s, seat_now(s))
    free = s.blue_free
    act(s, ("activate", bid("Cottage")))
    assert s.blue_free == free - 1 and s.activated[bid("Cottage")] == 1
    assert ("activate", bid("Cottage")) not in GAME.legal_actions(s, seat_now(s))


def test_cc_41_inputs_are_paid_when_activating():
    """CC-41: goods, energy and money leave their tracks at activation."""
    def setup(s):
        s.blue = s.blue_free = 9
        s.goods, s.power, s.budget = 3, 5, 10
        put(s, "Corner Shop", ["A6"])
    s, _ = producing(setup)
    act(s, ("zone", hood("C1")))
    assert s.power == 4
    act(s, ("activate", bid("Corner Shop")))
    assert s.goods == 2 and s.budget == 10  # money comes only at resolution


def test_cc_42_zone_activation_costs_a_cube_and_energy_once_per_round():
    """CC-42: one community cube and one energy; once per zone; only when useful."""
    def setup(s):
        s.blue = s.blue_free = 9
        s.power = 4
        put(s, "Cottage", ["A1"])
    s, _ = producing(setup)
    pink = city.pink_supply(C, s)
    acts = GAME.legal_actions(s, seat_now(s))
    assert ("zone", hood("R1")) in acts
    assert ("zone", hood("R2")) not in acts  # nothing there to run
    act(s, ("zone", hood("R1")))
    assert s.power == 3 and city.pink_supply(C, s) == pink - 1
    assert ("zone", hood("R1")) not in GAME.legal_actions(s, seat_now(s))


def test_cc_42_no_zone_without_energy():
    """CC-42: without Power Supply no zone can be activated."""
    def setup(s):
        s.blue = s.blue_free = 9
        s.power = 0
        put(s, "Cottage", ["A1"])
    s, _ = producing(setup)
    assert not any(a[0] == "zone" for a in GAME.legal_actions(s, seat_now(s)))


def test_cc_43_white_collar_workers_give_a_second_action():
    """CC-43: an activated building with a white-collar job may act again, paying again."""
    def setup(s):
        s.blue = s.blue_free = 9
        s.white = s.white_free = 2
        s.budget = 10
        put(s, "Row Houses", ["A1", "A2"])
        put(s, "Cottage", ["A4"])
    s, _ = producing(setup)
    act(s, ("zone", hood("R1")))
    rows = bid("Row Houses")
    act(s, ("activate", rows))
    acts = GAME.legal_actions(s, seat_now(s))
    assert ("boost", rows) in acts
    assert ("boost", bid("Cottage")) not in acts  # no white-collar job on a Cottage
    act(s, ("boost", rows))
    assert s.white_free == 1 and s.activated[rows] == 2
    assert s.act_log.count(rows) == 2


def test_cc_44_production_goes_on_until_nothing_is_possible():
    """CC-44: no passing while an activation exists; the phase ends by itself."""
    def setup(s):
        s.blue = s.blue_free = 2
        s.white = s.white_free = 0
        put(s, "Cottage", ["A1"])
        put(s, "Garden Plot", ["A2"])
        put(s, "Kiosk", ["A6"])
    s, _ = producing(setup)
    steps = 0
    events = []
    while step_now(s) == PRODUCE:
        acts = GAME.legal_actions(s, seat_now(s))
        assert acts and all(a[0] in ("activate", "boost", "zone") for a in acts)
        events = act(s, acts[0])
        steps += 1
    assert any("0 idle" in e.text for e in events)  # every worker employed
    assert steps >= 2


def test_cc_44_no_workers_means_no_production():
    """CC-44: with every worker gone the phase ends at once."""
    def setup(s):
        s.blue = s.blue_free = 0
        s.white = s.white_free = 0
    s, events = producing(setup)
    assert step_now(s) != PRODUCE
    assert any("production ends" in e.text for e in events)


def test_cc_45_unemployment_report_adds_criminality():
    """CC-45: idle blue-collar workers are counted; 3+ idle bring criminality."""
    s = new(4)
    for idle, crime in ((0, 0), (1, 0), (2, 0), (3, 1), (4, 1), (5, 2), (9, 2)):
        s.red = [0, 0, 0]
        s.blue_free = idle
        events = []
        city.unemployment(C, s, events)
        assert s.unemployed == idle and s.red == [crime, 0, 0]
        assert f"{idle} idle" in events[0].text


def test_cc_46_resolution_in_activation_order():
    """CC-46: outputs arrive at resolution, one building at a time, in order."""
    s = new(4)
    clear_city(s)
    s.goods, s.budget, s.power = 0, 5, 2
    s.act_log = [bid("Workshop"), bid("Solar Array"), bid("Kiosk")]
    events = []
    city.resolve(C, s, events)
    assert s.goods == 1 and s.power == 4 and s.budget == 6
    assert s.grey == [0, 0, 1] and s.red == [0, 1, 0]
    assert [e.text.split(" produces")[0] for e in events] == [
        "The Workshop", "The Solar Array", "The Kiosk",
    ]


def test_cc_46_tracks_stop_at_their_maximum_and_workers_move_in():
    """CC-46 and CC-37: outputs stop at a track's top; workers come from the reserve."""
    s = new(4)
    s.budget, s.blue = 39, 4
    s.act_log = [bid("Housing Estate")]
    city.resolve(C, s, [])
    assert s.budget == 40 and s.blue == 5


def test_cc_48_lifestyle_indicator_moves_workers():
    """CC-48: red + grey - pink per section; 3+ sends a worker away, 0 or less with full
    employment brings one in."""
    s = new(4)
    s.blue = 4
    s.unemployed = 0
    s.red, s.grey, s.pink = [2, 0, 1], [1, 0, 0], [0, 3, 0]
    assert city.lifestyle(s, 0) == 3 and city.lifestyle(s, 1) == -3
    assert city.lifestyle(s, 2) == 1
    events = []
    assert not city.monitor(C, s, events)
    assert s.blue == 4  # one left (residential), one arrived (commercial)
    assert len(events) == 2 and "leaves" in events[0].text and "moves in" in events[1].text
    s.unemployed = 1  # idle workers: nobody comes for jobs
    events = []
    city.monitor(C, s, events)
    assert s.blue == 3 and len(events) == 1


def test_cc_48_a_nearly_empty_city_draws_a_worker():
    """CC-48 (our design): below two blue-collar workers one newcomer arrives."""
    s = new(4)
    s.blue, s.unemployed = 0, 3
    s.red, s.grey, s.pink = [1, 1, 1], [0, 0, 0], [0, 0, 0]
    events = []
    city.monitor(C, s, events)
    assert s.blue == 1 and "new blue-collar worker" in events[-1].text
    city.monitor(C, s, [])
    assert s.blue == 2
    city.monitor(C, s, [])
    assert s.blue == 2


def test_cc_49_clearing_takes_own_section_first_then_the_fullest():
    """CC-49: a Police Post clears commercial first, then the fullest section."""
    s = new(4)
    s.red = [2, 1, 0]
    s.act_log = [bid("Police Post")]  # clears two, section commercial
    city.resolve(C, s, [])
    assert s.red == [1, 0, 0]


def test_cc_50_full_criminality_or_pollution_ends_the_game_for_everyone():
    """CC-50: seven crime (or pollution) cubes in the city: the government takes over."""
    s = new(4)
    s.red = [3, 4, 0]
    events = []
    assert city.monitor(C, s, events)
    assert "government" in events[-1].text
    s.red, s.grey = [0, 0, 0], [0, 2, 5]
    assert city.monitor(C, s, [])
    s.grey = [0, 2, 4]
    assert not city.monitor(C, s, [])


def test_cc_50_in_play_nobody_wins():
    """CC-50: a game the government takes over has no winner."""
    def setup(s):
        s.red = [3, 3, 0]
        s.blue = s.blue_free = 2
        put(s, "Kiosk", ["A6"])
    s, _ = producing(setup)
    act(s, ("zone", hood("C1")))
    act(s, ("activate", bid("Kiosk")))
    act(s, ("activate", bid("City Hall")))
    assert step_now(s) == OVER and s.outcome == "government"
    assert GAME.result(s).winners == []
