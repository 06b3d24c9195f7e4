"""Small City's stores on the board: City Hall and each Warehouse show the materials
they hold and are the places a player clicks to pay a material from (SC-38, SC-64) or
to store a new one in (SC-65, SC-82); the Architect's waiver is offered as labelled
choices (SC-10).

Both seats are played by people, so the position a test needs is found by playing the
game here (seeded random players) and then sending the same moves to the server.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import httpx

import borough
from borough.agents.base import SeatView
from borough.agents.random_agent import RandomAgent
from borough.games.smallcity.data import MATERIALS
from borough.games.smallcity.stores import HALL
from tests.web.conftest import LAPTOP, screenshot
from tests.web.helpers import wait_ready
from tests.web.test_boards import click_refused

GAME = borough.game("smallcity")
Action = tuple


def reach(step: str, seeds: Iterable[int], fits: Callable[[Any], bool],
          limit: int = 400) -> tuple[int, list[tuple[int, Action]]]:
    """A seed and the moves after which seat 0 must answer `step` in a position that
    `fits`. The first seed is the one known to work; the others are tried only if a
    change of the rules moved that position."""
    for seed in seeds:
        state = GAME.setup(2, seed=seed, options={})
        agents = [RandomAgent(seed * 10 + s) for s in range(2)]
        moves: list[tuple[int, Action]] = []
        for _ in range(limit):
            if GAME.is_over(state):
                break
            s = GAME.to_act(state)[0]
            if s == 0 and GAME.observe(state, 0)["step"] == step and fits(state):
                return seed, moves
            action = agents[s].choose(SeatView(GAME, state, s))
            GAME.apply(state, s, action)
            moves.append((s, action))
    raise AssertionError(f"no seed reached a {step} decision of seat 0")


def replay(base: str, seed: int, moves: list[tuple[int, Action]]) -> dict:
    """A two-person game on the server, brought to the same position move by move."""
    r = httpx.post(f"{base}/api/games", json={
        "game": "smallcity", "players": 2, "options": {}, "seed": seed,
        "seats": [{"kind": "human"}, {"kind": "human"}]})
    assert r.status_code == 201, r.text
    created = r.json()
    tokens = [created["seats"][s]["token"] for s in range(2)]
    view_url = f"{base}/api/games/{created['id']}/view"
    with httpx.Client() as client:
        for s, action in moves:
            number = client.get(view_url, params={"token": tokens[s]}).json()["version"]
            r = client.post(f"{base}/api/games/{created['id']}/actions", json={
                "token": tokens[s], "version": number, "action": list(action)})
            assert r.status_code == 200, r.text
    return {"id": created["id"], "token": tokens[0],
            "url": base + created["seats"][0]["join_url"],
            "view": lambda: httpx.get(view_url, params={"token": tokens[0]}).json()}


def warehouses(state: Any, s: int = 0) -> dict[int, list[int]]:
    """Each Warehouse of a seat by its top-left space: what it holds (-1: free)."""
    return {min(t.cells): t.stock for t in state.seats[s].tiles if t is not None and t.stock}


def stores_list(board) -> str:
    """The words under seat 0's borough, its wrapped lines joined again."""
    parts = board.locator(".stores-list[data-borough='0'] text")
    return " ".join(parts.evaluate_all("ns => ns.map((n) => n.textContent)"))


def wait_move_after(page, before: str) -> None:
    page.wait_for_function(
        f"document.body.dataset.move !== '{before}' && !document.body.dataset.busy")


def test_smallcity_store_a_new_material_by_clicking_a_warehouse(web_server, contexts):
    """SC-65: with room in City Hall and in a Warehouse, both are highlighted; a click
    on the Warehouse stores the material there, as the log and the board then say."""
    def fits(state: Any) -> bool:
        targets = {a[3] for a in GAME.legal_actions(state, 0)}
        return HALL in targets and len(targets) >= 2

    seed, moves = reach("store", [29, *range(100)], fits)
    game = replay(web_server.url, seed, moves)
    view = game["view"]()
    legal = [m["action"] for m in view["legal_actions"]]
    assert legal and all(a[0] == "store" for a in legal), legal
    kind = legal[0][1]
    target = next(a[3] for a in legal if a[3] != HALL)
    free = warehouses_in_view(view)[target].count(-1)

    page = contexts(LAPTOP).page()
    page.goto(game["url"])
    wait_ready(page)
    board = page.locator("#smallcity-board")
    # City Hall and the Warehouse are places on the board, lit where a move is offered
    hall = board.locator(".plot.store[data-borough='0'][data-store='100']")
    shed = board.locator(f".plot.store[data-borough='0'][data-store='{target}']")
    assert hall.count() == 4 and shed.count() == 2
    assert board.locator(".plot.store.live[data-borough='0'][data-store='100']").count() == 4
    assert board.locator(f".plot.store.live[data-store='{target}']").count() == 2
    # the Warehouse's free storage spaces are drawn, and the list says what waits
    assert shed.locator(".material[data-material='empty']").count() == free
    stores_text = stores_list(board)
    name = MATERIALS[kind]
    assert f"To store: {name}" in stores_text, stores_text
    assert "Click City Hall or a Warehouse with room" in stores_text, stores_text
    number = view["version"]
    before = page.evaluate("document.body.dataset.move")
    shed.first.click()
    wait_move_after(page, before)
    after = game["view"]()
    assert after["version"] > number
    label = GAME.describe(("store", kind, 0, target)).split(" on the ")[1]
    event = f"Player 1 stores a {name} on the {label}."
    assert any(e["text"] == event for e in after["events"]), after["events"][-5:]
    page.wait_for_selector(f"#events li:has-text('{event}')")
    assert warehouses_in_view(after)[target].count(kind) >= 1
    # the board draws the stored material on the Warehouse
    page.wait_for_selector(
        f".plot.store[data-borough='0'][data-store='{target}'] .material[data-material='{name}']")


def warehouses_in_view(view: dict) -> dict[int, list[int]]:
    seat = view["observation"]["seats"][0]
    return {min(t["cells"]): t["stock"] for t in seat["tiles"] if t and t["stock"]}


def test_smallcity_pay_a_material_from_a_warehouse_and_refused_warehouse_is_explained(
    web_server, contexts
):
    """SC-38, SC-64: the stores holding the owed material are lit; a click on a
    Warehouse without it brings the server's refusal, a click on one with it pays."""
    def fits(state: Any) -> bool:
        owed = next(m for m in range(3) if state.seats[0].owe[m])
        stocks = warehouses(state)
        return any(owed not in st for st in stocks.values()) and any(
            a[2] != HALL for a in GAME.legal_actions(state, 0))

    seed, moves = reach("spend", [57, *range(200)], fits)
    game = replay(web_server.url, seed, moves)
    view = game["view"]()
    me = view["observation"]["seats"][0]
    owed = next(m for m in range(3) if me["owe"][m])
    name = MATERIALS[owed]
    legal = [m["action"] for m in view["legal_actions"]]
    assert legal and all(a[0] == "spend" and a[1] == owed for a in legal), legal
    stocks = warehouses_in_view(view)
    payer = next(a[2] for a in legal if a[2] != HALL)
    empty = next(cell for cell, st in stocks.items() if owed not in st)

    page = contexts(LAPTOP).page()
    page.goto(game["url"])
    wait_ready(page)
    board = page.locator("#smallcity-board")
    # every material in City Hall and the Warehouses is drawn where it lies
    hall_mats = board.locator(".plot.store[data-borough='0'][data-store='100'] .material")
    assert sorted(hall_mats.evaluate_all("ns => ns.map((n) => n.dataset.material)")) == sorted(
        MATERIALS[m] for m in me["hall_mats"])
    for cell, stock in stocks.items():
        drawn = board.locator(f".plot.store[data-borough='0'][data-store='{cell}'] .material")
        assert drawn.count() == len(stock)
        assert drawn.evaluate_all("ns => ns.map((n) => n.dataset.material)").count(name) == \
            stock.count(owed)
    stores_text = stores_list(board)
    assert f"To pay: 1 {name}" in stores_text or f"To pay: {me['owe'][owed]} {name}" in stores_text
    # the stores holding it are lit; the Warehouse without it is not
    lit = {int(n.get_attribute("data-store"))
           for n in board.locator(".plot.store.live[data-borough='0']").all()}
    assert lit == {a[2] for a in legal}, lit
    screenshot(page, "smallcity-materials")

    # the Warehouse without the material: the click asks the server, which refuses
    text = click_refused(page, f".plot.store[data-borough='0'][data-store='{empty}'][data-attempt]")
    place = GAME.describe(("spend", owed, empty)).split(" from ")[1]
    assert "not allowed" in text and place in text and name in text, text
    assert game["view"]()["version"] == view["version"]

    # the Warehouse holding it pays
    before = page.evaluate("document.body.dataset.move")
    board.locator(f".plot.store.live[data-store='{payer}']").first.click()
    wait_move_after(page, before)
    after = game["view"]()
    assert after["version"] > view["version"]
    assert warehouses_in_view(after)[payer].count(owed) == stocks[payer].count(owed) - 1
    assert page.locator("#message .notice.error").count() == 0
    left = board.locator(f".plot.store[data-borough='0'][data-store='{payer}'] .material")
    assert left.evaluate_all("ns => ns.map((n) => n.dataset.material)").count(name) == \
        stocks[payer].count(owed) - 1


def test_smallcity_architect_waiver_choices_say_what_the_building_then_costs(
    web_server, contexts
):
    """SC-10: the waiver's choices are labelled with the building's cost after each;
    choosing one plays it and the log says what was waived."""
    seed, moves = reach("waive", [1, *range(100)], lambda state: True)
    game = replay(web_server.url, seed, moves)
    view = game["view"]()
    legal = [m["action"] for m in view["legal_actions"]]
    waivable = [a[1] for a in legal if a[0] == "waive"]
    assert waivable and ["pass"] in legal, legal
    obs = view["observation"]
    tile = obs["seats"][0]["tiles"][obs["sel"][2]]
    kind = GAME.content.by_key[tile["type"]]
    cost = list(GAME.types[kind].materials)

    page = contexts(LAPTOP).page()
    page.goto(game["url"])
    wait_ready(page)
    panel = page.locator("#architect-waiver")
    heading = panel.locator("text").first.text_content()
    assert GAME.types[kind].name in heading, heading
    m = waivable[0]
    name = MATERIALS[m]
    rest = cost[:]
    rest[m] -= 1
    rest_text = ", ".join(f"{n} {w}" for n, w in zip(rest, MATERIALS, strict=True) if n)
    rest_text = rest_text or "nothing"
    choice = panel.locator(f".waiver-choice.live[data-waive='{name}']")
    assert choice.locator("text").text_content() == f"Waive 1 {name}: pay {rest_text}"
    keep = panel.locator(".waiver-choice.live[data-waive='pass'] text").text_content()
    assert keep.startswith("Pay in full") and "keep the waiver" in keep, keep
    # the choices are on the board, so no loose button repeats them
    assert page.locator("#moves button[data-move='main']").count() == 0
    screenshot(page, "smallcity-waiver")
    before = page.evaluate("document.body.dataset.move")
    choice.click()
    wait_move_after(page, before)
    after = game["view"]()
    assert after["version"] > view["version"]
    assert any(f"the Architect waives a {name}" in e["text"] for e in after["events"])
    page.wait_for_selector(f"#events li:has-text('the Architect waives a {name}')")
