"""Each board's own drawing: Rondel City's map, card texts, and refused clicks explained
(with the rule behind a refusal, linked into the rules page).

A position is reached by playing the human seat through the API (bots play the
others), then the page is opened and used by clicking or with the keyboard.
"""

from __future__ import annotations

import httpx
import pytest

import borough
from borough.games.rondelcity.layout import layout
from tests.web.conftest import LAPTOP, PHONE, screenshot
from tests.web.helpers import drive, wait_ready


def new_game(base: str, game: str, options: dict | None = None, seed: int = 3) -> dict:
    r = httpx.post(f"{base}/api/games", json={
        "game": game, "players": 2, "options": options or {}, "seed": seed,
        "seats": [{"kind": "human"}, {"kind": "bot", "agent": "greedy"}]})
    assert r.status_code == 201, r.text
    created = r.json()
    return {"id": created["id"], "token": created["seats"][0]["token"],
            "url": base + created["seats"][0]["join_url"]}


def prefer(*kinds: str):
    """Choose the first legal move of the first kind listed that has one."""
    def choose(view: dict) -> dict:
        moves = view["legal_actions"]
        for kind in kinds:
            for m in moves:
                if m["action"][0] == kind:
                    return m
        return moves[0]
    return choose


def at_step(step: str):
    return lambda view: view["observation"]["step"] == step


def click_refused(page, selector: str) -> str:
    """Click a place with no legal move; answers the explanation the page shows."""
    before = page.evaluate("document.body.dataset.move")
    page.locator(selector).first.click()
    page.wait_for_selector("#message .notice.error")
    assert page.evaluate("document.body.dataset.move") == before, "a refused move changed the game"
    return page.inner_text("#message")


def test_rondelcity_city_is_a_map_whose_spaces_are_played_by_click(web_server, contexts):
    base = web_server.url
    game = new_game(base, "rondelcity")
    view = drive(base, game["id"], game["token"], prefer("buy", "place"), at_step("go"))
    city = borough.game("rondelcity").city
    page = contexts(LAPTOP).page()
    page.goto(game["url"])
    wait_ready(page)
    # every street space and square has its place on the map, the pieces on theirs
    assert page.locator("#city-map .space").count() == len(city.numbers)
    assert page.locator("#city-map .square").count() == len(city.square_labels)
    walls = layout(borough.game("rondelcity"))["walls"]
    assert page.locator("#city-map .wall").count() == len(walls)
    for seat in view["observation"]["seats"]:
        for piece in ("citizen", "banker"):
            where = page.locator(f"[data-piece='{seat['seat']}-{piece}']")
            assert where.count() == 1
            on = where.locator("xpath=..").get_attribute("data-space")
            assert int(on) == seat[piece]
    # the spaces the moving piece may end on are the highlighted ones
    ends = sorted(m["action"][1] for m in view["legal_actions"])
    live = page.locator("#city-map .space.live")
    assert sorted(int(s.get_attribute("data-space")) for s in live.all()) == ends
    # each space's number is drawn on it
    assert page.locator(f"[data-space='{city.start}'] text").first.text_content() == "25"
    screenshot(page, "rondelcity-map")
    target = ends[-1]
    page.locator(f"#city-map .space[data-space='{target}']").click()
    page.wait_for_function(f"document.body.dataset.move !== '{view['version']}'")
    after = httpx.get(f"{base}/api/games/{game['id']}/view",
                      params={"token": game["token"]}).json()
    me = after["observation"]["seats"][0]
    assert target in (me["citizen"], me["banker"]), "the piece did not end where clicked"


def test_rondelcity_refused_square_is_explained(web_server, contexts):
    base = web_server.url
    game = new_game(base, "rondelcity", seed=5)
    drive(base, game["id"], game["token"], prefer("place", "buy"), at_step("square"))
    page = contexts(LAPTOP).page()
    page.goto(game["url"])
    wait_ready(page)
    assert page.locator("#city-map .square.live").count() > 0
    text = click_refused(page, "#city-map .square[data-attempt]")
    assert "not allowed" in text and "Square" in text, text
    assert "beside an allowed" in text or "is not empty" in text or "Banker" in text, text


def test_citycouncil_refused_favor_card_is_explained(web_server, contexts):
    base = web_server.url
    game = new_game(base, "citycouncil", {"mode": "basic"})
    drive(base, game["id"], game["token"], prefer(), lambda view: True)
    page = contexts(LAPTOP).page()
    page.goto(game["url"])
    wait_ready(page)
    text = click_refused(page, "[data-hand-seat='0'][data-attempt]")
    assert "not allowed" in text and "first round" in text, text
    # the refusal names its rule in a player's words and links to it in the rules
    words = borough.game("citycouncil").rule_words["CC-52"]
    assert words in text, text
    link = page.locator("#message a[data-rule='CC-52']")
    assert link.get_attribute("href") == "/rules/citycouncil#CC-52"
    screenshot(page, "refusal-rule-link")
    # the view names the rule of the decision the seat faces, for clicks no move fits
    view = httpx.get(f"{base}/api/games/{game['id']}/view",
                     params={"token": game["token"]}).json()
    step_rule = view["rule"]
    assert step_rule["words"] == borough.game("citycouncil").rule_words[step_rule["id"]]
    assert step_rule["href"] == f"/rules/citycouncil#{step_rule['id']}"
    page.goto(base + link.get_attribute("href"))
    page.wait_for_selector("#rules strong#CC-52")


def test_smallcity_refused_plot_is_explained(web_server, contexts):
    base = web_server.url
    game = new_game(base, "smallcity")
    drive(base, game["id"], game["token"], prefer(), at_step("hall"))
    page = contexts(LAPTOP).page()
    page.goto(game["url"])
    wait_ready(page)
    # the far corner of the borough lies outside the Constructible Zone
    text = click_refused(page, ".plot[data-borough='0'][data-cell='99'][data-attempt]")
    assert "not allowed" in text and "J10" in text and "Constructible Zone" in text, text


def test_smallcity_action_cards_show_their_names_and_effects(web_server, contexts):
    base = web_server.url
    game = new_game(base, "smallcity")
    cards = httpx.get(f"{base}/api/content/smallcity").json()["data"]["action_cards"]
    page = contexts(PHONE).page()
    page.goto(game["url"])
    page.wait_for_selector(".circle-card")
    shown = page.locator(".circle-card")
    view = httpx.get(f"{base}/api/games/{game['id']}/view", params={"token": game["token"]}).json()
    circle = [c for c in view["observation"]["circle"] if c >= 0]
    assert shown.count() == len(circle)
    for k, card in enumerate(circle):
        node = shown.nth(k)
        assert node.locator("text").text_content() == cards[card]["name"]
        assert "card" not in node.locator("text").text_content().lower().split()
        assert cards[card]["text"] in node.get_attribute("data-detail")
    legend = page.locator("#action-cards").text_content()
    for card in cards:
        assert card["name"] in legend
    # a card's effect is read by focusing it with the keyboard
    page.focus("#guide-button")
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('circle-card')"):
            break
    else:
        raise AssertionError("Tab never reached an Action card")
    card = int(page.evaluate("document.activeElement.dataset.card"))
    assert cards[card]["text"] in page.inner_text("#hint")
    screenshot(page, "smallcity-action-cards-phone")


def test_citycouncil_full_card_texts_are_shown_and_reached_by_keyboard(web_server, contexts):
    base = web_server.url
    game = new_game(base, "citycouncil", {"mode": "basic"})
    texts = httpx.get(f"{base}/api/content/citycouncil").json()["data"]
    page = contexts(LAPTOP).page()
    page.goto(game["url"])
    page.wait_for_selector("[data-hand-seat='0']")
    hand = page.locator("[data-hand-seat='0']")
    assert hand.count() > 0
    for node in hand.all():
        c = int(node.get_attribute("data-hand"))
        full = texts["card_texts"][c]
        # the whole text is drawn on the card, line by line
        assert " ".join(node.locator("text").all_text_contents()) == full
    # the others' cards stay backs
    theirs = page.locator("[data-hand-seat='1']").all()
    assert {n.get_attribute("data-hand") for n in theirs} <= {"back"}
    # the buildings on offer: the whole name drawn, the whole tile text on focus
    page.focus("#guide-button")
    seen = set()
    for _ in range(120):
        page.keyboard.press("Tab")
        kind = page.evaluate("document.activeElement.getAttribute('class') || ''")
        if "favor" in kind and "favor" not in seen:
            c = int(page.evaluate("document.activeElement.dataset.hand"))
            assert texts["card_texts"][c] in page.inner_text("#hint")
            seen.add("favor")
        if "offer" in kind and "offer" not in seen:
            b = int(page.evaluate("document.activeElement.dataset.building"))
            assert texts["building_texts"][b] in page.inner_text("#hint")
            seen.add("offer")
        if seen == {"favor", "offer"}:
            break
    assert seen == {"favor", "offer"}, f"Tab reached only {seen}"
    screenshot(page, "citycouncil-cards")


@pytest.mark.parametrize("game", ["rondelcity", "citycouncil", "smallcity"])
def test_board_fits_a_phone(game, web_server, contexts):
    created = new_game(web_server.url, game, {"mode": "basic"} if game == "citycouncil" else {})
    page = contexts(PHONE).page()
    page.goto(created["url"])
    page.wait_for_selector("#board svg")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"] + 1, f"the page is {width}px wide on a phone"
