"""The guided first game in the browser: completed by clicking only the one place each
step points to, and a wrong click answered by a teaching sentence with nothing played."""

from __future__ import annotations

import pytest

import borough
from borough import tutorial
from tests.web.conftest import SCREENSHOTS
from tests.web.sizes import DESKTOP, PHONE

WITH_TUTORIAL = [g for g in borough.games() if tutorial.exists(g)]
SIZES = {"desktop": DESKTOP, "phone": PHONE}


def _at(page, decision: int) -> None:
    page.wait_for_function(
        f"document.body.dataset.tutorialStep === '{decision}' && !document.body.dataset.busy")


def _the_one_place(page):
    """The single place the step lets the person click: on the board, or one button."""
    live = page.locator("#board .live")
    buttons = page.locator("#moves button[data-move='main']")
    assert live.count() + buttons.count() == 1, (
        f"{live.count()} places and {buttons.count()} buttons offered, not one")
    return live.first if live.count() else buttons.first


def _where(page, step):
    """The place the step's text points to: the board place it names, else the only one."""
    if step.click == "button":
        buttons = page.locator("#moves button[data-move='main']")
        assert buttons.count() == 1
        return buttons.first
    if step.click:
        place = page.locator(f"#board [data-target='{step.click}']")
        assert "live" in (place.get_attribute("class") or "").split(), step.click
        return place
    return _the_one_place(page)


def _seen(page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


@pytest.mark.parametrize("game", WITH_TUTORIAL)
def test_a_tutorial_is_completed_by_clicking_where_its_text_points(web_server, contexts, game):
    tut = tutorial.load(game)
    page = contexts(DESKTOP).page()
    page.goto(f"{web_server.url}/learn/{game}")
    for decision, index in enumerate(tut.decisions):
        _at(page, decision)
        step = tut.steps[index]
        # the prompt above the board is the step's text, and the place is outlined
        assert page.inner_text("#prompt").strip() == step.text
        if decision in (0, len(tut.decisions) // 2):
            _seen(page, f"tutorial-{game}-{decision + 1}-desktop")
        _where(page, step).click()
    _at(page, len(tut.decisions))
    assert page.evaluate("document.body.dataset.tutorialDone") == "1"
    assert tut.ready in page.inner_text("#coach")
    _seen(page, f"tutorial-{game}-ready-desktop")
    # the way on: a real game against the easy bots, one click
    page.click("#real-game")
    page.wait_for_url("**/play/**")
    page.wait_for_selector("#players [data-player]")
    seats = page.locator("#players [data-player]").all_inner_texts()
    assert len(seats) == tut.players and all("(bot, easy)" in s for s in seats[1:])


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", WITH_TUTORIAL)
def test_a_wrong_click_teaches_and_plays_nothing(web_server, contexts, game, size):
    tut = tutorial.load(game)
    page = contexts(SIZES[size]).page()
    page.goto(f"{web_server.url}/learn/{game}")
    # the first decision with a place on the board that is not the one to click
    for decision in range(len(tut.decisions)):
        _at(page, decision)
        elsewhere = page.locator("#board [data-target]:not(.live):not(:has(.live))")
        if elsewhere.count():
            break
        _where(page, tut.steps[tut.decisions[decision]]).click()
    else:
        raise AssertionError("no step offers a wrong place to click")
    events = page.locator("#events li").count()
    elsewhere.first.click()
    message = page.locator("#message")
    message.wait_for()
    wrong = tut.steps[tut.decisions[decision]].wrong
    assert message.inner_text().strip().rstrip("✕").strip() == wrong
    # nothing was played: the same decision, the same log, the one place still offered
    assert page.evaluate("document.body.dataset.tutorialStep") == str(decision)
    assert page.locator("#events li").count() == events
    _seen(page, f"tutorial-{game}-wrong-{size}")
    _where(page, tut.steps[tut.decisions[decision]]).click()
    _at(page, decision + 1)
