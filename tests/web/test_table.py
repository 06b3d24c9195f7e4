"""Two people at one table, the replay viewer, the rules pages, explanations and errors."""

from __future__ import annotations

import json
import random

import httpx

from tests.web.conftest import LAPTOP, PHONE, screenshot
from tests.web.helpers import click_a_move, create_in_lobby, wait_ready


def test_two_people_see_each_others_moves_live_but_not_their_hands(web_server, contexts):
    base = web_server.url
    first, second = contexts(LAPTOP), contexts(PHONE)
    lobby = first.page()
    created = create_in_lobby(lobby, base, "architectura", 2, {}, ["human", "human"], seed=21)
    pages = {0: first.page(), 1: second.page()}
    pushed: dict[int, list[dict]] = {0: [], 1: []}
    for seat, page in pages.items():
        def watch(ws, seat=seat):
            ws.on("framereceived", lambda payload: pushed[seat].append(json.loads(payload)))
        page.on("websocket", watch)
        page.goto(base + created["links"][seat])
        page.wait_for_selector("body[data-live]")
    tokens = {s: link.split("token=")[1] for s, link in created["links"].items()}
    watcher = contexts(LAPTOP).page()
    watcher.goto(f"{base}/play/{created['id']}")
    watcher.wait_for_selector("body[data-live]")
    assert "You are watching" in watcher.inner_text(".status-bar")
    rng = random.Random(3)
    for _ in range(8):
        public = httpx.get(f"{base}/api/games/{created['id']}").json()
        mover = public["to_act"][0]
        other = 1 - mover
        page = pages[mover]
        wait_ready(page)
        before = page.evaluate("document.body.dataset.move")
        followers = {p: p.evaluate("document.body.dataset.move") for p in (pages[other], watcher)}
        while page.evaluate("document.body.dataset.move") == before:
            wait_ready(page)
            click_a_move(page, rng)
        # the other person's page and the spectator's follow without a reload
        after = httpx.get(f"{base}/api/games/{created['id']}").json()["version"]
        watcher.wait_for_function(f"document.body.dataset.move === '{after}'")
        for follower, seen in followers.items():
            follower.wait_for_function(f"document.body.dataset.move !== '{seen}'")
        assert watcher.locator("#board .live").count() == 0
        hands = [h.get_attribute("data-hand") for h in watcher.locator("[data-hand-seat]").all()]
        assert hands and set(hands) == {"back"}, "a spectator saw a hand"
        last = httpx.get(f"{base}/api/games/{created['id']}/view",
                         params={"token": tokens[other]}).json()["events"][-1]["text"]
        assert last in pages[other].inner_text("#events")
        # each sees its own hand and only the backs of the other's
        for seat, page in pages.items():
            view = httpx.get(f"{base}/api/games/{created['id']}/view",
                             params={"token": tokens[seat]}).json()
            mine = page.locator(f"[data-hand-seat='{seat}']")
            theirs = page.locator(f"[data-hand-seat='{1 - seat}']")
            own_hand = view["observation"]["seats"][seat]["hand"]
            assert sorted(int(m.get_attribute("data-hand")) for m in mine.all()) == sorted(own_hand)
            backs = [t.get_attribute("data-hand") for t in theirs.all()]
            assert backs == ["back"] * view["observation"]["seats"][1 - seat]["hand_size"]
    assert all(pushed.values()), "no view was pushed over the WebSocket"
    for seat, views in pushed.items():
        for view in views:
            assert view["observation"]["seats"][1 - seat]["hand"] is None
            assert view["seat"] == seat
    screenshot(pages[0], "two-people-laptop")
    screenshot(pages[1], "two-people-phone")


def finished_bot_game(base: str, game: str, players: int, options: dict) -> str:
    r = httpx.post(f"{base}/api/games", json={
        "game": game, "players": players, "options": options, "seed": 4,
        "seats": [{"kind": "bot", "agent": "random"}] * players})
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    for _ in range(600):
        if httpx.get(f"{base}/api/games/{gid}").json()["status"] == "over":
            return gid
        __import__("time").sleep(0.05)
    raise AssertionError("the bots did not finish")


def test_replay_steps_and_scrubs_through_a_finished_game(web_server, contexts):
    base = web_server.url
    gid = finished_bot_game(base, "ekopolis", 3, {"version": "basic"})
    record = httpx.get(f"{base}/api/games/{gid}/record").json()
    total = len(record["moves"])
    page = contexts(LAPTOP).page()
    page.goto(f"{base}/replay/{gid}")
    page.wait_for_selector("body[data-frame='0']")
    assert page.locator("#replay-moves li").count() == total
    empty = page.locator("#board [data-cell] text").count()
    page.click("#next")
    page.wait_for_selector("body[data-frame='1']")
    assert page.locator("#board [data-cell] text").count() > empty, "the first move is not drawn"
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("body[data-frame='2']")
    page.click("#prev")
    page.wait_for_selector("body[data-frame='1']")
    page.fill("#scrub", str(total // 2))
    page.wait_for_selector(f"body[data-frame='{total // 2}']")
    assert page.inner_text("#position") == f"after move {total // 2} of {total}"
    screenshot(page, "replay-middle")
    page.click("#last")
    page.wait_for_selector(f"body[data-frame='{total}']")
    shown = {int(c.get_attribute("data-final-score")): int(c.inner_text())
             for c in page.locator("[data-final-score]").all()}
    assert shown == dict(enumerate(record["result"]["scores"]))


def test_a_game_still_playing_has_no_replay_yet(web_server, contexts):
    base = web_server.url
    r = httpx.post(f"{base}/api/games", json={"game": "architectura", "players": 2,
                                              "seats": [{"kind": "human"}, {"kind": "human"}]})
    gid = r.json()["id"]
    # the refused record answers 409, which Chromium logs as a failed load
    page = contexts(LAPTOP, allowed=("status of 409",)).page()
    page.goto(f"{base}/replay/{gid}")
    page.wait_for_selector(".notice.error")
    assert "still being played" in page.inner_text("main")


def test_rules_pages_show_each_games_rules(web_server, contexts):
    base = web_server.url
    page = contexts(PHONE).page()
    for game in httpx.get(f"{base}/api/meta").json()["games"]:
        page.goto(f"{base}/rules/{game['name']}")
        page.wait_for_selector("#rules h1")
        assert game["title"] in page.inner_text("#rules h1")
        assert page.locator("#rules h2").count() >= 2
        assert page.locator("#rules strong[id]").count() >= 5, "rule ids are not anchors"
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"] + 1, f"{game['name']}'s rules scroll sideways"
    screenshot(page, "rules-phone")
    assert httpx.get(f"{base}/rules/chess").status_code == 404
    assert "no game 'chess'" in httpx.get(f"{base}/api/rules/chess").json()["error"]


def test_board_by_keyboard_and_a_place_with_no_legal_move_explained(web_server, contexts):
    base = web_server.url
    r = httpx.post(f"{base}/api/games", json={
        "game": "ekopolis", "players": 3, "options": {"version": "basic"}, "seed": 2,
        "seats": [{"kind": "human"}, {"kind": "bot", "agent": "random"},
                  {"kind": "bot", "agent": "random"}]}).json()
    # the refused place is explained by the server: no failed request in the console
    page = contexts(LAPTOP).page()
    page.goto(base + r["seats"][0]["join_url"])
    wait_ready(page)
    # the board's places are reached with Tab and chosen with Enter
    page.focus("#guide-button")  # the status bar's last control
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('live')"):
            break
    else:
        raise AssertionError("Tab never reached a place on the board")
    page.keyboard.press("Enter")
    page.wait_for_selector("#cancel-choice")
    page.click("#cancel-choice")
    page.locator("[data-hand-seat='0'].live").first.click()
    page.wait_for_selector("#cancel-choice")
    live = page.locator("#board .hex.live").count()
    assert live > 0
    page.locator("#board .hex[data-attempt]").first.click()
    page.wait_for_selector("#message .notice.error")
    text = page.inner_text("#message")
    assert "not allowed" in text and ("next to your city" in text or "marked X" in text
                                      or "already holds" in text), text
    assert page.evaluate("document.body.dataset.move") == "0", "the refused move changed the game"
    page.click("#cancel-choice")
    assert page.locator("#cancel-choice").count() == 0


def test_lobby_explains_bad_input_and_works_by_keyboard(web_server, contexts):
    base = web_server.url
    page = contexts(PHONE).page()
    page.goto(base + "/")
    page.wait_for_selector("#create")
    page.select_option("#game", "architectura")
    page.fill("#seed", "-3")
    page.click("#create-button")
    assert "whole number" in page.inner_text("#create-message")
    page.fill("#seed", "")
    # every control of the form is reached with Tab, and Enter on the button creates the game
    page.focus("#game")
    reached = []
    for _ in range(30):
        page.keyboard.press("Tab")
        reached.append(page.evaluate("document.activeElement.id"))
        if reached[-1] == "create-button":
            break
    assert {"players", "seat-0-kind", "seat-1-kind", "seed", "create-button"} <= set(reached)
    page.keyboard.press("Enter")
    page.wait_for_selector("#created ul.joins")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"] + 1
    screenshot(page, "lobby-phone")


def test_take_back_a_move_and_leave_the_table_to_a_bot(web_server, contexts):
    base = web_server.url
    r = httpx.post(f"{base}/api/games", json={
        # Rondel City's first decision (how far to turn the rondel) draws nothing
        # and hides nothing, so it may be taken back.
        "game": "rondelcity", "players": 2, "seed": 1,
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}]}).json()
    gid = r["id"]
    first = httpx.get(f"{base}/api/games/{gid}").json()["to_act"][0]
    page = contexts(LAPTOP).page()
    page.goto(base + r["seats"][first]["join_url"])
    wait_ready(page)
    assert page.is_disabled("#undo")  # nothing to take back yet, and it says so
    assert "no move" in page.inner_text("#undo")
    rng = random.Random(1)
    while page.evaluate("document.body.dataset.move") == "0":
        wait_ready(page)
        click_a_move(page, rng)
    assert httpx.get(f"{base}/api/games/{gid}").json()["version"] == 1
    other = contexts(LAPTOP).page()
    other.goto(base + r["seats"][1 - first]["join_url"])
    other.wait_for_selector("#seat-controls #leave")
    assert other.is_disabled("#undo")  # only the mover is offered the take-back
    page.wait_for_function("!document.querySelector('#undo').disabled")
    page.click("#undo")
    page.wait_for_function("document.body.dataset.move === '2'")  # a new view: the old one
    # the push of the new view may land before the answer that says so
    page.wait_for_function(
        "document.querySelector('#message').innerText.includes('taken back')")
    page.wait_for_function("document.querySelector('#undo').disabled")  # nothing earlier
    assert httpx.get(f"{base}/api/games/{gid}").json()["version"] == 2
    # leaving asks first, then a bot plays the seat and the page only watches it
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#leave")
    me = r["seats"][first]["name"]
    page.wait_for_function(
        f"document.querySelector('[data-player=\"{first}\"]').textContent.includes('bot')")
    assert me in page.inner_text(f"[data-player='{first}']")
    assert page.evaluate("document.body.dataset.turn") == "wait"
    assert not page.is_visible("#undo")  # a bot plays the seat: nothing to take back
    assert "now plays your seat" in page.inner_text("#moves")
    assert page.locator("#seat-controls").count() == 0
    seats = httpx.get(f"{base}/api/games/{gid}").json()["seats"]
    assert seats[first]["kind"] == "bot" and seats[first]["agent"] == "medium"
