"""Each game played to its end by clicking its board (not the move list), checking at
every decision that the choices are drawn with what the rules let the player know.

One person, the fewest seats (bots for the rest); at each of the person's turns the
test reads the same position from the server and checks the board against it, then
clicks a highlighted place on the board (a button only when a half-made choice asks
which of several moves a place means, or a move has no place on the board).
"""

from __future__ import annotations

import random

import httpx

import borough
from tests.web.conftest import LAPTOP, PHONE, screenshot
from tests.web.helpers import wait_ready


def start(base: str, game: str, players: int, options: dict, seed: int) -> dict:
    seats = [{"kind": "human"}] + [{"kind": "bot", "agent": "greedy"}] * (players - 1)
    r = httpx.post(f"{base}/api/games", json={
        "game": game, "players": players, "options": options, "seed": seed, "seats": seats})
    assert r.status_code == 201, r.text
    created = r.json()
    token = created["seats"][0]["token"]
    url = f"{base}/api/games/{created['id']}/view"
    return {"id": created["id"], "url": base + created["seats"][0]["join_url"],
            "view": lambda: httpx.get(url, params={"token": token}).json()}


def settle(page, before: str) -> None:
    page.wait_for_function(
        f"document.body.dataset.renders !== '{before}' && !document.body.dataset.busy")


LOOSE: list[str] = []  # the texts of the move buttons clicked, for the check at the end


def click_board(page, rng: random.Random, prefer: str | None = None) -> str:
    """Click a highlighted place of the board (the `prefer` ones first), or a move button
    when the page asks which of several moves a place means; answers which it was."""
    before = page.evaluate("document.body.dataset.renders")
    live = page.locator(prefer) if prefer and page.locator(prefer).count() else \
        page.locator("#board .live")
    narrowed = page.locator("#moves button[data-move='main']")
    if page.locator("#cancel-choice").count() and narrowed.count():
        narrowed.nth(rng.randrange(narrowed.count())).click()
        kind = "list"
    elif live.count():
        # half of the time the first place, as a hurried player would: games end sooner
        live.nth(rng.randrange(live.count()) if rng.random() < 0.5 else 0).click()
        kind = "board"
    else:
        assert narrowed.count(), "it is our turn but the page offers no move"
        button = narrowed.nth(rng.randrange(narrowed.count()))
        LOOSE.append(button.inner_text())
        button.click()
        kind = "button"
    settle(page, before)
    return kind


def play(page, game: dict, check, rng: random.Random, limit: int = 1500,
         prefer=None) -> dict[str, int]:
    """Check and click until the game is over; answers how the moves were made."""
    counts = {"board": 0, "list": 0, "button": 0}
    for _ in range(limit):
        if wait_ready(page) == "over":
            return counts
        view = game["view"]()
        shown_at = page.evaluate("document.body.dataset.move")
        if str(view.get("move_number", view.get("version"))) != shown_at:
            continue  # the page is a push behind the server: read both again
        if page.locator("#cancel-choice").count() == 0:
            check(page, view)
        counts[click_board(page, rng, prefer(view) if prefer else None)] += 1
    raise AssertionError(f"the game did not end in {limit} clicks")


def finish(page, game: dict, name: str, counts: dict[str, int], loose: tuple[str, ...]) -> None:
    """`loose`: how the moves with no place on the board begin (finish, pass, ...)."""
    assert counts["board"] > 0
    # a move button is clicked only for a move that has no place on the board
    stray = [t for t in LOOSE if not t.startswith(loose)]
    assert not stray, stray
    LOOSE.clear()
    result = game["view"]()["result"]
    page.wait_for_selector("#endscreen:not([hidden])")
    shown = {int(c.get_attribute("data-final-score")): int(c.inner_text())
             for c in page.locator("#final-scores [data-final-score]").all()}
    assert shown == dict(enumerate(result["scores"]))
    screenshot(page, f"{name}-played-end")


def texts(page, selector: str) -> str:
    return " ".join(page.locator(selector).all_text_contents())


def words(text: str) -> str:
    return " ".join(text.split())


# ------------------------------------------------------------------ Small City
SC = borough.game("smallcity")


def smallcity_check(seen: dict):
    def check(page, view: dict) -> None:
        obs = view["observation"]
        legal = [m["action"] for m in view["legal_actions"]]
        step = obs["step"]
        me = obs["seats"][0]
        board = page.locator("#smallcity-board")
        seen[step] = seen.get(step, 0) + 1
        # the grid names its rows and columns as the log does ("B3")
        assert board.locator(".row-label").first.text_content() == "A"
        assert board.locator(".plot[data-borough='0'][data-cell='12']").get_attribute(
            "data-name") == "B3"
        # votes, money and pollution are gauges with their values
        for label, value in (("Votes", me["votes"]), ("Money", me["money"]),
                             ("Pollution", me["pollution"])):
            gauge = board.locator(f".borough-head[data-borough='0'] .gauge[data-gauge='{label}']")
            assert int(gauge.get_attribute("data-value")) == value
        if me["standing"] is not None:
            score = board.locator(".borough-head[data-borough='0'] .score-now")
            assert int(score.get_attribute("data-score-now")) == me["standing"]["score"]
            if obs["players"] == 1:
                rating = board.locator(".borough-head[data-borough='0'] .solo-rating")
                assert "Solo rating" in rating.text_content()
        if step == "promise":
            cards = board.locator("#promises .promise-card[data-offer]")
            assert cards.count() == len(me["offered"]) == len(legal)
            for k, n in enumerate(me["offered"]):
                shown = words(" ".join(cards.nth(k).locator(".promise-text").all_text_contents()))
                assert shown == SC.content.promises[n - 1].text
                assert "live" in (cards.nth(k).get_attribute("class") or "")
        if me["promise"] and me["promise"] > 0:
            kept = board.locator(f"#promises [data-kept-promise='{me['promise']}'] .promise-text")
            assert words(" ".join(kept.all_text_contents())) == \
                SC.content.promises[me["promise"] - 1].text
            progress = board.locator(f"#promises [data-kept-promise='{me['promise']}'] "
                                     ".promise-progress")
            assert progress.count() == len(me["standing"]["promise"])
        if step == "keep":
            cards = board.locator("#promises .promise-card[data-offer]")
            for k, n in enumerate(obs["draw"]):
                assert words(" ".join(cards.nth(k).locator(".promise-text")
                                      .all_text_contents())) == SC.content.specials[n - 1].text
        tiles = [a for a in legal if a[0] == "tile"]
        if tiles:
            # every tile on offer: its name, level, cost and each face's footprint
            for _, t, face in tiles:
                kind = SC.types[t]
                card = board.locator(f"#tile-offers .offer-tile[data-type='{kind.key}']")
                assert card.count() == 1, kind.name
                cost = card.locator(".offer-cost").text_content()
                assert f"Level {kind.level}" in cost and "$" in cost, cost
                for m, n in enumerate(kind.materials):
                    if n:
                        assert f"{n} {('wood', 'stone', 'metal')[m]}" in cost, cost
                foot = card.locator(f".footprint[data-face='{face}'] rect:not(.shape)")
                assert foot.count() == len(kind.faces[face][0]), kind.name
            family = SC.types[tiles[0][1]].family
            assert board.locator(f"#tile-offers .family-text[data-family='{family}']").count()
        if step in ("place", "hall", "warehouse") and any(a[0] == "place" for a in legal):
            assert board.locator("#placing #rotate").count() == 1
            live = board.locator(".plot.live[data-borough='0']")
            assert live.count() > 0
            live.first.hover()
            ghost = board.locator("#ghost")
            assert ghost.get_attribute("data-legal") == "1"
            assert ghost.locator(".ghost-space").count() == len(
                SC.types[SC.warehouse if step == "warehouse" else obs["sel"][0]].faces[
                    0 if step == "warehouse" else obs["sel"][1]][0])
            # a spot where it does not fit: red, with the reason
            if me["zone_size"] < 10:
                board.locator(".plot[data-borough='0'][data-cell='99']").hover()
                assert ghost.get_attribute("data-legal") == "0"
                assert "outside your Constructible Zone" in texts(page, "#ghost-reason tspan") or \
                    "off the grid" in texts(page, "#ghost-reason tspan")
            else:
                board.locator(".plot[data-borough='0']:not(.live)").first.hover()
                assert ghost.get_attribute("data-legal") == "0"
                assert "not here" in texts(page, "#ghost-reason tspan")
            seen["ghost"] = seen.get("ghost", 0) + 1
            placing = board.locator("#placing")
            if int(placing.get_attribute("data-fitting")) > 1 and not seen.get("rotated"):
                # R turns the tile, and so does the Rotate button
                for turn in (lambda: page.keyboard.press("r"),
                             lambda: page.locator("#rotate").click()):
                    before = page.locator("#placing").get_attribute("data-orientation")
                    turn()
                    page.wait_for_function(
                        "document.querySelector('#placing').dataset.orientation !== "
                        f"'{before}'")
                seen["rotated"] = 1
        if step == "card":
            for node in board.locator(".circle-card.live").all():
                assert node.get_attribute("data-detail")
    return check


def test_smallcity_played_by_clicking_the_board(web_server, contexts):
    LOOSE.clear()
    game = start(web_server.url, "smallcity", 1, {}, seed=5)
    page = contexts(LAPTOP).page()
    page.goto(game["url"])
    wait_ready(page)
    seen: dict[str, int] = {}
    check = smallcity_check(seen)
    shots = {"promise", "build", "place"}

    def checked(page, view):
        check(page, view)
        step = view["observation"]["step"]
        if step in shots:
            shots.discard(step)
            if step == "place":
                page.locator(".plot.live[data-borough='0']").first.hover()
            screenshot(page, f"smallcity-played-{step}")

    # tiles first when building, so the game shows many placements
    def prefer(view):
        step = view["observation"]["step"]
        if step == "build":
            return "#tile-offers .live"
        if step in ("place", "hall", "warehouse"):
            return ".plot.live"
        return None

    counts = play(page, game, checked, random.Random(3), prefer=prefer)
    assert seen.get("promise") and seen.get("ghost", 0) >= 3 and seen.get("rotated"), seen
    finish(page, game, "smallcity", counts, (
        "Grow the Constructible Zone", "Pass", "Finish this step", "Leave the station",
        "Send the citizen home", "Take benefit option", "Sell a", "Buy ", "Trade a"))
    page.set_viewport_size(PHONE)
    screenshot(page, "smallcity-played-phone")


# -------------------------------------------------------------------- Ekopolis
# tests/web/test_ekopolis_table.py plays Ekopolis by clicks at 1400 px and on a phone.


# ----------------------------------------------------------------- Rondel City
# tests/web/test_rondelcity_table.py plays Rondel City by clicks at 1400 px and on a phone.
