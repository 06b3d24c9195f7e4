"""The end screen explains the result: each game's breakdown and the tie-break
that decided a tie, in the game's own words (City Council's: test_citycouncil_end)."""

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
    # the tie-break's count stands beside the score, marked as no part of it
    extra = page.locator("#final-scores th.not-scored").all_inner_texts()
    assert [t.split("\n")[0] for t in extra] == ["Cards in the city"], extra
    assert "not scored" in extra[0]
    shown = {int(c.get_attribute("data-final-score")): int(c.inner_text())
             for c in page.locator("#final-scores [data-final-score]").all()}
    assert shown == {0: 25, 1: 25}
    screenshot(page, "tie-break-laptop")
