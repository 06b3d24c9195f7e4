"""The end screen's game review: its progress while the decisions are judged in
the background, then each person's dearest decisions with the better move."""

from __future__ import annotations

import random
import time

import pytest

from tests.server.client import Client
from tests.web.conftest import screenshot
from tests.web.sizes import DESKTOP, PHONE, assert_fits


def finished_with_a_person(base: str, seed: int) -> tuple[str, str]:
    """An Architectura game a person (seat 0, moves at random) finished against a bot."""
    client = Client(base)
    created = client.create("architectura", 2, ["human", "random"], seed=seed)
    gid, token = created["id"], created["seats"][0]["token"]
    rng = random.Random(seed)
    deadline = time.monotonic() + 120
    view = client.view(gid, token)
    while view["status"] != "over":
        assert time.monotonic() < deadline, "the game did not finish"
        if view["your_turn"]:
            move = rng.choice(view["legal_actions"])["action"]
            assert client.act(gid, token, view["version"], move).status_code == 200
        else:
            time.sleep(0.02)
        view = client.view(gid, token)
    return gid, token


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_end_screen_shows_the_review(size, web_server, contexts):
    gid, token = finished_with_a_person(web_server.url, seed=4 if size is DESKTOP else 5)
    page = contexts(size).page()
    page.goto(f"{web_server.url}/play/{gid}?token={token}")
    page.wait_for_selector("#endscreen:not([hidden]) #review")
    page.wait_for_selector(
        "#review .review-marks, #review p:has-text('No decision cost')", timeout=120_000
    )
    marks = page.locator("#review .review-marks li")
    assert 1 <= marks.count() <= 3
    text = page.inner_text("#review")
    assert "the decisions that cost the most" in text and "Better: " in text, text
    assert page.locator("#review h4").count() == 1  # the person, not the bot
    assert page.locator("#review-progress").count() == 0  # done: the bar is gone
    page.locator("#review").scroll_into_view_if_needed()
    assert_fits(page)
    screenshot(page, f"review-{'phone' if size is PHONE else 'desktop'}")


def test_the_review_shows_its_progress_while_it_runs(web_server, contexts):
    gid, token = finished_with_a_person(web_server.url, seed=6)
    page = contexts(PHONE).page()
    running = {
        "status": "running",
        "done": 12,
        "total": 40,
        "complete": False,
        "reviewer": "the greedy level's values one move ahead",
        "seats": [{"seat": 0, "name": "Player 1", "decisions": 40, "judged": 12, "mistakes": []}],
    }
    page.route("**/api/games/*/review", lambda route: route.fulfill(json=running))
    page.goto(f"{web_server.url}/play/{gid}?token={token}")
    page.wait_for_selector("#review-progress")
    bar = page.locator("#review-progress")
    assert bar.get_attribute("value") == "12" and bar.get_attribute("max") == "40"
    assert "12 of 40 decisions" in page.inner_text("#review")
    page.locator("#review").scroll_into_view_if_needed()
    assert_fits(page)
    screenshot(page, "review-running-phone")


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_replay_marks_the_reviewed_decisions(size, web_server, contexts):
    """The replay shows each person's dearest decisions as marks on the moves they
    judge, with the better move and its cost, and going to one stands the table
    at that decision with the mark above it."""
    gid, _ = finished_with_a_person(web_server.url, seed=4 if size is DESKTOP else 5)
    review = Client(web_server.url).http.get(f"/api/games/{gid}/review").json()
    deadline = time.monotonic() + 120
    while review["status"] == "running":
        assert time.monotonic() < deadline, "the review did not finish"
        time.sleep(0.5)
        review = Client(web_server.url).http.get(f"/api/games/{gid}/review").json()
    (seat,) = review["seats"]
    mistakes = seat["mistakes"]
    assert mistakes, "this deal's random play has costly decisions to mark"
    page = contexts(size).page()
    page.goto(f"{web_server.url}/replay/{gid}")
    page.wait_for_selector("#replay-review .review-marks li")
    listed = page.locator("#replay-review .review-marks li")
    assert listed.count() == len(mistakes)
    for m in mistakes:  # each on its move in the list, with the better move and cost
        item = page.locator(f"#replay-moves li[data-number='{m['number']}']")
        assert "reviewed" in (item.get_attribute("class") or "")
        mark = item.locator(".review-mark").inner_text()
        assert m["better"] in mark and f"about {m['cost']:g} of 100" in mark, mark
    assert page.locator("#replay-moves li.reviewed").count() == len(mistakes)
    # at the start, a mark above the table only if the first decision is marked
    assert page.locator("#review-here").is_hidden() == all(m["number"] != 1 for m in mistakes)
    dearest = mistakes[0]
    page.click(f"#replay-review a[data-decision='{dearest['number']}']")
    page.wait_for_selector(f"body[data-frame='{dearest['number'] - 1}']")
    here = page.inner_text("#review-here")
    assert f"decision {dearest['number']}: " in here, here
    assert f"Played: {dearest['played']}" in here, here
    assert dearest["better"] in here and f"about {dearest['cost']:g} of 100" in here, here
    page.click("#next")  # past the decision: its mark above the table goes
    page.wait_for_selector(f"body[data-frame='{dearest['number']}']")
    assert f"decision {dearest['number']}:" not in page.inner_text("body > #app")
    page.click("#prev")
    page.wait_for_selector("#review-here:not([hidden])")
    assert_fits(page)
    screenshot(page, f"replay-review-{'phone' if size is PHONE else 'desktop'}")
