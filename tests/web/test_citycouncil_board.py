"""City Council's board: the basic game's closed neighbourhoods, the Key to the City and
Favor chances, as a player sees them and clicks on them (CC-7, CC-62, CC-64, CC-66)."""

from __future__ import annotations

import time

import httpx

import borough
from tests.web.conftest import LAPTOP, screenshot
from tests.web.helpers import drive, wait_ready
from tests.web.test_boards import at_step, click_refused, new_game, prefer

CC = borough.game("citycouncil")


def test_citycouncil_closed_neighbourhoods_are_shown_and_a_click_there_is_explained(
    web_server, contexts
):
    """CC-7, CC-64: closed blocks are drawn as closed, say when they open, and a click on
    one while choosing a site brings the server's reason for refusing it."""
    base = web_server.url
    game = new_game(base, "citycouncil", {"mode": "basic"})
    view = drive(base, game["id"], game["token"], prefer("construct"), at_step("site"))
    obs = view["observation"]
    closed = {h for h, o in enumerate(obs["open_hoods"]) if not o}
    assert closed, "the basic game starts with closed neighbourhoods"
    closed_cells = sorted(i for i, h in enumerate(CC.board.cell_hood) if h in closed)
    page = contexts(LAPTOP).page()
    page.goto(game["url"])
    wait_ready(page)
    # exactly the blocks of the closed neighbourhoods are drawn as closed, none of them live
    drawn = page.locator("#citycouncil-board .block.closed")
    assert sorted(int(n.get_attribute("data-cell")) for n in drawn.all()) == closed_cells
    assert page.locator("#citycouncil-board .block.closed.live").count() == 0
    assert page.locator("#citycouncil-board .block.live").count() > 0  # open sites are offered
    legend = page.text_content("#closed-legend")
    assert all(CC.board.hood_names[h] in legend for h in closed)
    # focusing a closed block tells when it opens, in the game's words
    texts = httpx.get(f"{base}/api/content/citycouncil").json()["data"]["closed_texts"]
    target = next(i for i in closed_cells if obs["board"][i] < 0)
    hood = CC.board.cell_hood[target]
    page.focus(f".block[data-cell='{target}']")
    assert texts[hood] in page.inner_text("#hint")
    assert "opens" in texts[hood]
    screenshot(page, "citycouncil-closed")
    text = click_refused(page, f".block.closed[data-cell='{target}'][data-attempt]")
    assert "not allowed" in text and "not yet open" in text, text
    assert CC.board.label(target) in text, text


def test_citycouncil_advanced_city_has_no_closed_blocks(web_server, contexts):
    """CC-7: in the advanced game every neighbourhood is open, and nothing is hatched."""
    game = new_game(web_server.url, "citycouncil", {"mode": "advanced"})
    page = contexts(LAPTOP).page()
    page.goto(game["url"])
    page.wait_for_selector("#citycouncil-board .block")
    assert page.locator("#citycouncil-board .block.closed").count() == 0
    assert page.locator("#closed-legend").count() == 0
    assert "nobody yet" in page.text_content("#key-holder")


def test_citycouncil_favor_chance_says_where_it_stopped_the_round(web_server, contexts):
    """CC-62, CC-65: a Favor chance says whose it is and where it stopped the round;
    the seat whose chance it is may score or let it pass."""
    base = web_server.url
    game = new_game(base, "citycouncil", {"mode": "basic"}, seed=4)
    # play on, scoring whenever possible, until a Favor chance of ours stops the round
    # ("done" keeps the cards at a turn end, which now also offers discards in round 1)
    view = drive(base, game["id"], game["token"],
                 prefer("score", "construct", "keep", "done"), at_step("favor"), limit=600)
    obs = view["observation"]
    assert obs["interrupted"] and obs["interruption"]
    page = contexts(LAPTOP).page()
    page.goto(game["url"])
    wait_ready(page)
    banner = page.text_content("#favor-chance")
    assert "Favor chance" in banner and obs["interruption"] in banner, banner
    assert page.get_attribute("#favor-chance", "data-interrupted") == obs["interrupted"]
    # the score buttons of the chance and letting it pass are offered
    kinds = {m["action"][0] for m in view["legal_actions"]}
    assert kinds == {"score", "done"}, kinds
    screenshot(page, "citycouncil-favor-chance")


def finished_bot_game(base: str, seed: int) -> tuple[str, dict]:
    """A two-player basic game between computer players, played to its end on the server."""
    r = httpx.post(f"{base}/api/games", json={
        "game": "citycouncil", "players": 2, "options": {"mode": "basic"}, "seed": seed,
        "seats": [{"kind": "bot", "agent": "greedy"}, {"kind": "bot", "agent": "greedy"}]})
    assert r.status_code == 201, r.text
    game_id = r.json()["id"]
    for _ in range(600):
        view = httpx.get(f"{base}/api/games/{game_id}").json()
        if view["status"] == "over":
            return game_id, view
        time.sleep(0.2)
    raise AssertionError("the computer players did not finish the game")


def test_citycouncil_key_to_the_city_names_its_holder(web_server, contexts):
    """CC-66: once someone reaches the winning points, the board names the Key's holder."""
    base = web_server.url
    for seed in (3, 1, 2):  # games the greedy players end with a Mayor
        game_id, view = finished_bot_game(base, seed)
        if view["observation"]["key_holder"] >= 0:
            break
    else:
        raise AssertionError("no game ended with a Mayor")
    holder = view["observation"]["key_holder"]
    assert view["result"]["detail"]["key_to_the_city"] == holder
    page = contexts(LAPTOP).page()
    page.goto(f"{base}/play/{game_id}")
    page.wait_for_selector("#key-holder")
    assert page.get_attribute("#key-holder", "data-key-holder") == str(holder)
    key = page.text_content("#key-holder")
    assert "nobody" not in key and view["seats"][holder]["name"] in key, key
    assert "Key to the City" in page.text_content(f"[data-seat-line='{holder}']")
    assert "Key to the City" not in page.text_content(f"[data-seat-line='{1 - holder}']")
