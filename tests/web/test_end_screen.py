"""The end screen explains the result: each game's breakdown and the tie-break
that decided a tie."""

from __future__ import annotations

import time

import httpx

from tests.web.conftest import LAPTOP, screenshot


def finished_bot_game(base: str, game: str, players: int, options: dict, seed: int) -> str:
    r = httpx.post(f"{base}/api/games", json={
        "game": game, "players": players, "options": options, "seed": seed,
        "seats": [{"kind": "bot", "agent": "random", "name": n}
                  for n in ("Ada", "Bo", "Cy")[:players]]})
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    for _ in range(1200):
        if httpx.get(f"{base}/api/games/{gid}").json()["status"] == "over":
            return gid
        time.sleep(0.05)
    raise AssertionError("the bots did not finish")


def test_the_end_screen_explains_a_tie_break(web_server, contexts):
    """Architectura, seed 22, two random bots: both end on 25 points; Bo has more
    cards in the city, which decides it (ARC-34)."""
    base = web_server.url
    gid = finished_bot_game(base, "architectura", 2, {}, seed=22)
    result = httpx.get(f"{base}/api/games/{gid}").json()["result"]
    assert result["scores"] == [25, 25] and result["winners"] == [1], result
    page = contexts(LAPTOP).page()
    page.goto(f"{base}/play/{gid}")
    page.wait_for_selector("#endscreen:not([hidden])")
    text = page.inner_text("#tie-break")
    assert "Ada and Bo tied on 25 points" in text and "most cards" in text, text
    assert page.inner_text("#winners") == "Bo wins!"
    assert "Cards in the city" in page.locator("#final-scores th").all_inner_texts()
    shown = {int(c.get_attribute("data-final-score")): int(c.inner_text())
             for c in page.locator("#final-scores [data-final-score]").all()}
    assert shown == {0: 25, 1: 25}
    screenshot(page, "tie-break-laptop")


def test_city_council_ties_are_parted_by_private_funds_not_the_key(web_server, contexts):
    """CC-59 and CC-66: a tie for the most points goes to the most private
    funds, never to the Key to the City; equal funds share the win. The page's
    explanation is read from a result as the engine sends it."""
    page = contexts(LAPTOP).page()
    page.goto(web_server.url + "/")
    explain = """async ([winners]) => {
        const { explainResult } = await import("/static/js/results.js");
        const view = { game: "citycouncil",
          seats: [{ seat: 0, name: "Ada" }, { seat: 1, name: "Bo" }],
          result: { scores: [13, 13], winners,
                    detail: { outcome: "mayor", rounds: 7, funds: [4, 2], key_to_the_city: 1,
                              everyone_loses: false } } };
        return explainResult(view);
    }"""
    decided = page.evaluate(explain, [[0]])
    assert decided["tiebreak"] == ("Ada and Bo tied on 13 points; "
                                   "the most private funds decided it.")
    shared = page.evaluate(explain, [[0, 1]])
    assert shared["tiebreak"] == ("Ada and Bo tied on 13 points and private funds: "
                                  "they share the win.")
    assert "Key" not in decided["tiebreak"] + shared["tiebreak"]
    assert decided["columns"] == [{"title": "Private funds", "values": [4, 2]}]
