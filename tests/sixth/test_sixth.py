"""A sixth game from `tests/` alone: Terrace (tests/sixth) is registered here through
`borough.games.registry.register` and passes what every listed game passes.

Every check of the conformance suite and of the RL adapters' suites that is
parametrised over the games runs here on Terrace, found by its parametrisation
(so a check added there is run here too); then the server, as its own process,
and `borough play` in the terminal play it through; the optional modules it gives
(`preview.py`) are used and those it leaves out are gone without.
"""

from __future__ import annotations

import itertools
import json
import random
import warnings
from collections.abc import Iterator

import pytest
from typer.testing import CliRunner

import borough
from borough.cli import app
from borough.games.registry import register, unregister
from tests.conformance import (
    test_conformance,
    test_encoders,
    test_prompts,
    test_trusted_apply,
    test_undo,
)
from tests.rl import test_encoding, test_gym, test_pettingzoo
from tests.server import test_server
from tests.server.client import Client
from tests.server.conftest import Server
from tests.sixth.rules import Terrace

GAME = "terrace"
SUITES = (
    test_conformance,
    test_encoders,
    test_prompts,
    test_trusted_apply,
    test_undo,
    test_encoding,
    test_gym,
    test_pettingzoo,
)
CASES = [(GAME, n, o) for n in Terrace.seats for o in Terrace().option_sets()]
# What each way a suite is parametrised over the games becomes for Terrace alone.
OURS = {
    ("case",): [(c,) for c in CASES],
    ("name",): [(GAME,)],
    ("name", "players"): [(GAME, n) for n in Terrace.seats],
}


def _argnames(names: str | tuple[str, ...]) -> tuple[str, ...]:
    if isinstance(names, str):
        return tuple(n.strip() for n in names.split(","))
    return tuple(names)


def game_checks() -> Iterator[tuple[str, object, dict]]:
    """(id, check, arguments) for every check of SUITES run over the games."""
    for suite in SUITES:
        for fname, check in vars(suite).items():
            marks = [m for m in getattr(check, "pytestmark", []) if m.name == "parametrize"]
            if not fname.startswith("test_") or not callable(check):
                continue
            grids, over_games = [], False
            for mark in marks:
                names = _argnames(mark.args[0])
                if names in OURS:
                    over_games, rows = True, OURS[names]
                else:  # its own values (seeds): kept
                    rows = [tuple(v) if len(names) > 1 else (v,) for v in mark.args[1]]
                grids.append([dict(zip(names, row, strict=True)) for row in rows])
            if not over_games:
                continue
            for combo in itertools.product(*grids):
                args = {k: v for part in combo for k, v in part.items()}
                label = "-".join(str(v) for k, v in args.items() if k not in ("case", "name"))
                name = f"{suite.__name__.rsplit('.', 1)[1]}.{fname}"
                yield (f"{name}-{label}" if label else name), check, args


CHECKS = list(game_checks())


@pytest.fixture(scope="module", autouse=True)
def terrace() -> Iterator[None]:
    """Terrace is registered for this module's tests alone."""
    register(GAME, "tests.sixth.rules:Terrace")
    try:
        yield
    finally:
        unregister(GAME)


def test_the_registry_lists_it_and_refuses_a_taken_name():
    assert GAME in borough.games() and borough.game(GAME).title == "Terrace"
    with pytest.raises(ValueError, match="registered already"):
        register(GAME, "tests.sixth.rules:Terrace")
    with pytest.raises(ValueError, match="form"):
        register("elsewhere", "tests.sixth.rules")
    # every suite contributes, and the checks over cases run on each of Terrace's cases
    assert {c[0].split(".")[0] for c in CHECKS} == {s.__name__.rsplit(".", 1)[1] for s in SUITES}


@pytest.mark.parametrize(("check", "args"), [c[1:] for c in CHECKS], ids=[c[0] for c in CHECKS])
def test_terrace_passes_the_suites(check, args, monkeypatch):
    # the least share of within-turn moves a take-back may undo: Terrace's picks and
    # builds hide nothing new, so all but a build that ends the game
    monkeypatch.setitem(test_undo.WITHIN_TURN_SHARE, GAME, 0.9)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pettingzoo's advice (as its suite's fixture does)
        check(**args)


@pytest.fixture(scope="module")
def server(tmp_path_factory, terrace) -> Iterator[Server]:
    """A real server process that registers Terrace as it starts (tests/sixth/serve.py)."""
    url = f"sqlite:///{tmp_path_factory.mktemp('db') / 'borough.db'}"
    srv = Server("", url, module="tests.sixth.serve").start()
    try:
        yield srv
    finally:
        srv.stop()


def test_the_server_plays_it_through_the_api(server):
    assert GAME in {g["name"] for g in Client(server.url).http.get("/api/meta").json()["games"]}
    test_server.test_a_full_game_of_every_game_through_the_api(server, GAME)


def test_a_server_bot_takes_a_seat(server):
    """Bots think in processes of their own, which learn of Terrace as they start."""
    client = Client(server.url)
    created = client.create(GAME, 2, ["human", "easy"], seed=8)
    final = client.play(created["id"], {0: created["seats"][0]["token"]}, random.Random(2))
    assert final["status"] == "over"
    assert {e["seat"] for e in final["events"] if e["kind"] == "build"} == {0, 1}


def test_the_terminal_plays_it_with_bots_and_a_person():
    runner = CliRunner()
    bots = runner.invoke(app, ["play", GAME, "--agents", "random,easy", "--seed", "3", "--json"])
    assert bots.exit_code == 0, bots.output
    summary = json.loads(bots.stdout)
    assert summary["agents"] == ["random", "easy"] and summary["actions"] > 8
    person = runner.invoke(
        app, ["play", GAME, "--agents", "human,random", "--seed", "3"], input="1\n" * 40
    )
    assert person.exit_code == 0, person.output
    assert "Player 1: Pick a tile from your hand to build" in person.stdout
    assert "Open tiles:" in person.stdout  # the game's own drawing (tests/sixth/render.py)


def test_the_optional_modules_it_declares_are_used_and_the_others_left_out():
    """Terrace gives `preview.py` (its hands and bag in words) but no `extras.py` or
    `aims.py`: a move's preview, in the terminal too, counts its hand and the bag
    beside its score and no goals, and its board gets no extras."""
    from borough.agents.base import SeatView
    from borough.agents.preview import SCORE, goals, tally
    from borough.cli.preview import preview
    from borough.games.registry import part
    from borough.web.content import content

    assert [part(GAME, hook) is None for hook in ("preview", "extras", "aims")] == [
        False, True, True]
    game = borough.game(GAME)
    state = game.setup(2, seed=3)
    seat = game.to_act(state)[0]
    counted = tally(game, state, seat)
    assert list(counted) == ["tiles in hand", "tiles in the bag", SCORE]
    assert counted["tiles in hand"] == len(state.hands[seat])
    assert counted["tiles in the bag"] == len(state.bag)
    assert goals(game, state, seat) == {}
    view = SeatView(game, state, seat)
    pick = next(a for a in view.legal_actions if game.describe(a).startswith("Pick"))
    assert any("tiles in hand" in line for line in preview(view, pick))
    data = content(GAME)["data"]
    assert not {"layout", "action_cards", "card_texts"} & set(data)
    typed = CliRunner().invoke(
        app, ["play", GAME, "--agents", "human,random", "--seed", "3"], input="?1\n" + "1\n" * 40
    )
    assert typed.exit_code == 0, typed.output
    assert "would do this:" in typed.stdout and "tiles in hand" in typed.stdout
