"""CC-58: the term is a table's choice; games that bots play alone take one.

People's tables get the book's game (no term); the arena, balance reports,
simulations and the RL environments take the data's machine term, and their
records name it like any other option.
"""

from __future__ import annotations

import json

from cc_helpers import GAME
from typer.testing import CliRunner

import borough
from borough import match as matches
from borough.arena.jobs import Job, run
from borough.cli import app
from borough.games.citycouncil.data import load as load_content

MACHINE = str(load_content().machine_term)  # the option's choices are words


def test_cc_58_people_get_the_book_and_bots_alone_the_machine_term():
    assert GAME.resolve_options(3, {})["term"] == "none"
    assert GAME.resolve_options(3, {}, unattended=True)["term"] == MACHINE == "20"
    # a term chosen by name wins over the machine default, "none" included
    assert GAME.resolve_options(3, {"term": "none"}, unattended=True)["term"] == "none"
    people = matches.start(GAME, 3, 5, {})
    assert people.record.options["term"] == "none" and people.state.term == 0
    bots = matches.start(GAME, 3, 5, {}, unattended=True)
    assert bots.record.options["term"] == MACHINE and bots.state.term == 20


def test_cc_58_the_term_is_in_every_seats_view():
    for term, shown in (("none", None), ("30", 30), (50, 50)):
        state = GAME.setup(2, 4, {"term": term})
        assert {GAME.observe(state, s)["term"] for s in (0, 1, None)} == {shown}


def test_cc_58_an_arena_game_records_its_term():
    summary = run(Job("g0", "citycouncil", 3, 7, ("random", "random", "random")))
    assert summary["options"] == {"mode": "advanced", "term": MACHINE}
    chosen = run(Job("g1", "citycouncil", 3, 7, ("random",) * 3, {"term": 50}))
    assert chosen["options"]["term"] == "50"


def test_cc_58_simulate_and_an_all_bot_play_record_the_term():
    runner = CliRunner()
    done = runner.invoke(app, ["simulate", "citycouncil", "--players", "3", "--games", "2",
                               "--agents", "random", "--json"])
    assert done.exit_code == 0, done.output
    assert json.loads(done.output)["options"]["term"] == MACHINE
    done = runner.invoke(app, ["play", "citycouncil", "--players", "2", "--agents", "random",
                               "--seed", "3", "--json"])
    assert done.exit_code == 0, done.output
    assert json.loads(done.output.splitlines()[-1])["options"]["term"] == MACHINE


def test_cc_58_rl_environments_take_the_machine_term():
    from borough.rl.aec import BoroughAEC
    from borough.rl.gym import BoroughGym

    assert BoroughGym("citycouncil", 3).options["term"] == MACHINE
    assert BoroughAEC("citycouncil", 3).options["term"] == MACHINE
    assert BoroughGym("citycouncil", 3, options={"term": 50}).options["term"] == "50"
    assert borough.game("citycouncil").max_decisions(3, {"term": "20"}) < \
        borough.game("citycouncil").max_decisions(3, {"term": "50"})
