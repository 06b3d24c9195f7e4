"""The scripted reference player (`planner/`): legal, reproducible, and it
follows its plan (SC-31 homes upgraded beside Cultural buildings, SC-38 paid in
materials, SC-62 Factories as doors for new citizens)."""

import borough
from borough import match as matches
from borough.agents import SeatView, make_agent
from borough.games.smallcity.planner import Planner

SEED = 50_000


def play(players: int, seed: int, rivals: str = "") -> tuple[object, list, list[Planner]]:
    g = borough.game("smallcity")
    m = matches.start(g, players, seed, {"level": "mayor"})
    planners = [Planner(matches.seat_seed(seed, s)) for s in range(players)]
    agents = [planners[s] if s == 0 or not rivals else make_agent(rivals, s)
              for s in range(players)]
    state, moves = m.state, []
    while not g.is_over(state):
        seat = g.to_act(state)[0]
        action = agents[seat].choose(SeatView(g, state, seat))
        assert g.is_legal(state, seat, action)
        moves.append(action)
        g.apply(state, seat, action)
    return state, moves, planners


def test_solo_game_is_legal_and_reproducible():
    _, moves, planners = play(1, SEED)
    _, moves_again, _ = play(1, SEED)
    assert moves == moves_again
    assert planners[0].unplanned == 0  # every decision came from the plan


def test_plan_builds_culture_and_upgraded_homes():
    g = borough.game("smallcity")
    state, _, _ = play(1, SEED)
    seat = state.seats[0]
    kinds = [g.types[t.type] for t in seat.tiles if t is not None]
    # City Hall and at least two Cultural buildings paid in materials (SC-38)
    assert sum(1 for t in kinds if t.cultural) >= 3
    # a home grown past level 2 beside them (SC-31, SC-40)
    assert max(t.level for t in kinds if t.family == "residential") >= 3
    # a Factory, kept as a door for new citizens (SC-62)
    assert any(t.family == "factory" for t in kinds)
    # concentrated citizens: some home holds three or more
    full = [sum(1 for c in t.cells if seat.occ[c] == 0)
            for t in seat.tiles if t is not None and g.types[t.type].family == "residential"]
    assert max(full) >= 3
    assert g.result(state).scores[0] > 0


def test_plays_a_table_seat_too():
    state, _, planners = play(2, SEED + 1, rivals="random")
    g = borough.game("smallcity")
    assert g.is_over(state)
    assert planners[0].unplanned == 0


def play_until(seed: int, stop) -> tuple[object, object]:
    """A solo planner game up to the first state where `stop(state)` holds."""
    g = borough.game("smallcity")
    m = matches.start(g, 1, seed, {"level": "mayor"})
    planner, state = Planner(seed), m.state
    while not g.is_over(state) and not stop(state):
        g.apply(state, 0, planner.choose(SeatView(g, state, 0)))
    assert not g.is_over(state)
    return g, state


def test_no_council_climb_but_economy_in_the_last_two_rounds():
    """Materials bought in the round before the last come too late to build a
    Cultural building the homes could grow by: the plan keeps its votes."""
    for seed in (SEED, SEED + 2, SEED + 5):
        g, state = play_until(seed, lambda s: s.round == 7 and s.phase == "council"
                              and s.step == "council")
        state.seats[0].money, state.seats[0].votes = 30, 30
        choice = Planner(0).choose(SeatView(g, state, 0))
        assert choice[0] in ("enter", "advance", "pass")
        if choice[0] != "pass":
            seat = state.seats[0]
            row = choice[2] if choice[0] == "enter" else seat.disc_row[choice[1]]
            assert row == 2  # the Economy row


def test_parks_against_the_last_rounds_pollution():
    """In the last round money left over buys Parks: each space is a point of
    pollution the final score keeps (SC-68, SC-89)."""
    g, state = play_until(SEED + 2, lambda s: s.round == 8 and s.phase == "build"
                          and s.seats[0].bstep == "build")
    seat = state.seats[0]
    seat.money = 6
    choice = Planner(0).choose(SeatView(g, state, 0))
    assert choice[0] == "tile" and g.types[choice[1]].family == "park"


def test_at_a_table_parks_keep_pollution_under_the_dirtiest_rival():
    """Once deaths may come (SC-70), the seat generating the most pollution
    loses a citizen (SC-71): the plan's limit is one less than the rival's."""
    from borough.games.smallcity import pollution
    from borough.games.smallcity.planner.look import Look

    g = borough.game("smallcity")
    m = matches.start(g, 2, SEED + 3, {"level": "mayor"})
    state = m.state
    planners = [Planner(s) for s in range(2)]
    look = Look(g, state, 0)
    assert look.death_limit() == -1  # nobody near 10% yet: no limit
    while not (state.round == 4 and state.phase == "build"):
        seat = g.to_act(state)[0]
        g.apply(state, seat, planners[seat].choose(SeatView(g, state, seat)))
    state.seats[1].pollution = pollution.DEADLY
    rival = pollution.generated(g.tables, state, 1)
    assert Look(g, state, 0).death_limit() == max(0, rival - 1)


def test_at_a_table_the_clinic_comes_right_after_the_school():
    """SC-72: a staffed Clinic keeps its owner's citizens from the deaths,
    and there is one for the whole table."""
    from borough.games.smallcity.planner.look import Look

    g = borough.game("smallcity")
    solo = Look(g, matches.start(g, 1, SEED, {"level": "mayor"}).state, 0)
    table = Look(g, matches.start(g, 2, SEED, {"level": "mayor"}).state, 0)
    assert [t.key for t in solo.culture_left()][:2] == ["school", "library"]
    assert [t.key for t in table.culture_left()][:2] == ["school", "clinic"]


def test_sc31_home_worth_reads_culture_industry_and_the_hall():
    # Rules SC-31, SC-32: a space is worth the Cultural buildings reaching it,
    # nothing where an Industrial building reaches, with a small pull towards
    # City Hall (minus the king-step distance), as worked out space by space.
    from borough.games.smallcity.data import SIZE
    from borough.games.smallcity.planner.look import Look

    g = borough.game("smallcity")
    state, _, _ = play(1, SEED)
    look = Look(g, state, 0)
    assert look.hall_cells
    for cell in range(SIZE * SIZE):
        r, c = divmod(cell, SIZE)
        near = -min(max(abs(r - h // SIZE), abs(c - h % SIZE)) for h in look.hall_cells)
        plain = 0.0 if look.inf.industrial[cell] else look.inf.cultural[cell] + 0.1 * (near + 3)
        assert look.near_hall(cell) == near
        assert look.home_worth(cell) == plain
    assert any(look.home_worth(c) >= 1 for c in range(SIZE * SIZE))
    assert any(look.home_worth(c) == 0 for c in range(SIZE * SIZE))
