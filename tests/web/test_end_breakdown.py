"""End screens that explain: every scoring part of every seat, as the engine
summed it (Result.detail), is on the end screen and the parts add up to the score
shown. Small City: votes, Promise, Special Promises and pollution (SC-88 to
SC-90), or the parts of the chosen victory (SC-A7); solo, the rating on the
book's scale (SC-S6)."""

from __future__ import annotations

import httpx
import pytest

from tests.web.conftest import LAPTOP, PHONE, screenshot
from tests.web.test_end_screen import finished_bot_game


def shown_parts(page) -> dict[int, dict[str, int]]:
    parts: dict[int, dict[str, int]] = {}
    for row in page.locator("#final-scores tbody tr").all():
        seat = int(row.get_attribute("data-seat"))
        parts[seat] = {c.get_attribute("data-part"): int(c.inner_text())
                       for c in row.locator("[data-part]").all() if c.inner_text() != "—"}
    return parts


@pytest.mark.parametrize(("players", "options", "seed"), [
    (2, {}, 5), (1, {}, 6), (2, {"mode": "economic"}, 7)])
def test_small_city_end_screen_shows_every_part(players, options, seed, web_server, contexts):
    base = web_server.url
    gid = finished_bot_game(base, "smallcity", players, options, seed=seed)
    result = httpx.get(f"{base}/api/games/{gid}").json()["result"]
    page = contexts(LAPTOP).page()
    page.goto(f"{base}/play/{gid}")
    page.wait_for_selector("#endscreen:not([hidden])")
    parts = shown_parts(page)
    scores = {int(c.get_attribute("data-final-score")): int(c.inner_text())
              for c in page.locator("#final-scores [data-final-score]").all()}
    assert scores == dict(enumerate(result["scores"]))
    for row in result["detail"]["rows"]:
        seat = row["seat"]
        assert parts[seat] == {title: value for title, value in row["parts"]}
        assert sum(parts[seat].values()) == scores[seat], (seat, parts[seat])
    wanted = {"Money", "Revenue", "Promise"} if options else {"Votes", "Promise", "Pollution"}
    assert wanted <= set(parts[0])
    text = page.inner_text("#endscreen")
    if players == 1:
        scale = result["detail"]["scale"]
        assert f"Solo rating for {result['scores'][0]} points" in text
        for low, title in scale["ratings"]:
            assert f"{low}+: {title}" in text
        # the rating reached is the one marked on the scale
        assert f"{result['detail']['rating']}]" in text
    name = f"end-breakdown-smallcity-{players}-{options.get('mode', 'basic')}"
    screenshot(page, name)
    page.set_viewport_size(PHONE)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"] + 1
    screenshot(page, name + "-phone")


def test_city_council_end_screen_names_the_mayor(web_server, contexts):
    """CC-57 and CC-59: the end screen names the Mayor the engine's result names
    (detail.mayor), one seat or the seats that share the office."""
    page = contexts(LAPTOP).page()
    page.goto(web_server.url + "/")
    explain = """async ([mayor]) => {
        const { explainResult } = await import("/static/js/results.js");
        const view = { game: "citycouncil",
          seats: [{ seat: 0, name: "Ada" }, { seat: 1, name: "Bo" }],
          result: { scores: [13, 13], winners: mayor,
                    detail: { outcome: "mayor", rounds: 7, funds: [2, 2], mayor,
                              key_to_the_city: 1, everyone_loses: false } } };
        return explainResult(view).lines;
    }"""
    assert "Bo is elected Mayor." in page.evaluate(explain, [[1]])
    assert "Ada and Bo share the office of Mayor." in page.evaluate(explain, [[0, 1]])


@pytest.mark.parametrize("version", ["full", "basic"])
def test_ekopolis_end_screen_shows_every_part(version, web_server, contexts):
    """Ekopolis: Buildings placed (EKO-8 to EKO-14), endangered species tokens
    (EKO-14), Action cards and card triplets (EKO-F6) in the full game, the balanced
    city in the basic one (EKO-15): each seat's parts add up to its score."""
    base = web_server.url
    gid = finished_bot_game(base, "ekopolis", 3, {"version": version}, seed=9)
    result = httpx.get(f"{base}/api/games/{gid}").json()["result"]
    detail = result["detail"]
    engine = detail["parts"] if version == "full" else [detail["parts"]] * 3
    page = contexts(LAPTOP).page()
    page.goto(f"{base}/play/{gid}")
    page.wait_for_selector("#endscreen:not([hidden])")
    parts = shown_parts(page)
    scores = {int(c.get_attribute("data-final-score")): int(c.inner_text())
              for c in page.locator("#final-scores [data-final-score]").all()}
    assert scores == dict(enumerate(result["scores"]))
    wanted = {"Buildings placed", "Endangered species"} | (
        {"Action cards", "Card triplets"} if version == "full" else {"Balanced city"})
    for seat in range(3):
        assert parts[seat] == {title: value for title, value in engine[seat]}
        assert set(parts[seat]) == wanted
        assert sum(parts[seat].values()) == scores[seat], (seat, parts[seat])
    screenshot(page, f"end-breakdown-ekopolis-{version}")
    page.set_viewport_size(PHONE)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"] + 1
    screenshot(page, f"end-breakdown-ekopolis-{version}-phone")


def test_architectura_end_screen_shows_every_part(web_server, contexts):
    """Architectura: card values, end-of-game effects and the Graveyard are the
    parts the engine sums (Result.detail); cards in the city only part ties."""
    base = web_server.url
    gid = finished_bot_game(base, "architectura", 3, {}, seed=12)
    result = httpx.get(f"{base}/api/games/{gid}").json()["result"]
    detail = result["detail"]
    page = contexts(LAPTOP).page()
    page.goto(f"{base}/play/{gid}")
    page.wait_for_selector("#endscreen:not([hidden])")
    parts = shown_parts(page)
    scores = {int(c.get_attribute("data-final-score")): int(c.inner_text())
              for c in page.locator("#final-scores [data-final-score]").all()}
    assert scores == dict(enumerate(result["scores"]))
    for seat in range(3):
        assert parts[seat] == {"Card values": detail["values"][seat],
                               "End effects": detail["end_effects"][seat],
                               "Graveyard": detail["graveyard"][seat]}
        assert sum(parts[seat].values()) == scores[seat], (seat, parts[seat])
    screenshot(page, "end-breakdown-architectura")
