"""End screens that explain: every scoring part of every seat, as the game's own
scoring tells it (Game.breakdown, sent as the view's `breakdown`), is on the end
screen of a finished game, and each seat's parts add up to the score shown. The
parts: Small City's votes, Promise, Special Promises and pollution (SC-88 to
SC-90) or the chosen victory's (SC-A7); Ekopolis's Buildings, endangered
species, Action cards and triplets (EKO-8, EKO-14, EKO-F3, EKO-F6) or the group's
balanced city (EKO-15); Architectura's card values, end effects and Graveyard
(ARC-33, ARC-C5, ARC-C11); City Council's building and general Favor cards
(CC-53, CC-54); Rondel City's start, own and others' tiles, Rainbow payments and
Amenity bonuses (RON-3, RON-21, RON-19, RON-23, RON-V10). A decided tie says
how (ARC-34, CC-59, EKO-F9, RON-31, SC-90); a solo score is drawn on the book's
scale with its thresholds and no winner's star (SC-S6)."""

from __future__ import annotations

import httpx
import pytest

from tests.web.conftest import LAPTOP, PHONE, screenshot
from tests.web.test_end_screen import finished_bot_game

CASES = [
    ("smallcity", 2, {}, 5),
    ("smallcity", 1, {}, 6),
    ("smallcity", 2, {"mode": "economic"}, 7),
    ("ekopolis", 3, {"version": "full"}, 9),
    ("ekopolis", 3, {"version": "basic"}, 9),
    ("architectura", 3, {}, 12),
    ("citycouncil", 3, {"mode": "basic"}, 4),
    ("rondelcity", 3, {"amenities": "on"}, 8),
]


@pytest.mark.parametrize(("game", "players", "options", "seed"), CASES,
                         ids=[f"{c[0]}-{c[1]}-{'-'.join(c[2].values()) or 'default'}"
                              for c in CASES])
def test_the_end_screen_shows_every_part_of_every_seat(game, players, options, seed,
                                                       web_server, contexts):
    base = web_server.url
    gid = finished_bot_game(base, game, players, options, seed=seed)
    view = httpx.get(f"{base}/api/games/{gid}").json()
    told, scores = view["breakdown"], view["result"]["scores"]
    page = contexts(LAPTOP).page()
    page.goto(f"{base}/play/{gid}")
    page.wait_for_selector("#endscreen:not([hidden])")
    shown: dict[int, dict[str, int]] = {}
    for row in page.locator("#final-scores tbody tr").all():
        shown[int(row.get_attribute("data-seat"))] = {
            c.get_attribute("data-part"): int(c.inner_text())
            for c in row.locator("[data-part]").all()}
    total = {int(c.get_attribute("data-final-score")): int(c.inner_text())
             for c in page.locator("#final-scores [data-final-score]").all()}
    assert total == dict(enumerate(scores))
    for seat in range(players):
        # every part the engine summed, and nothing else, with its points
        assert shown[seat] == {p["title"]: p["values"][seat] for p in told["parts"]}, seat
        assert sum(shown[seat].values()) == total[seat], (seat, shown[seat])
    if told["tiebreak"]:
        assert page.inner_text("#tie-break") == told["tiebreak"]
    if players == 1:
        scale = told["scale"]
        steps = page.locator("#solo-scale li").all_inner_texts()
        assert len(steps) == len(scale["steps"]) + 1
        for (low, title), step in zip(scale["steps"], steps[1:], strict=True):
            assert f"{low}+" in step and title in step
        if scale["reached"]:
            reached = page.inner_text("#solo-scale li[aria-current='true']")
            assert scale["reached"] in reached and f"{scores[0]} point" in reached
        assert "★" not in page.inner_text("#final-scores")
    name = f"end-breakdown-{game}-{players}-{'-'.join(options.values()) or 'default'}"
    screenshot(page, name)
    page.set_viewport_size(PHONE)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"] + 1


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
