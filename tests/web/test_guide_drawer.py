"""The player's guide in the browser: a drawer beside the table that leaves the board in
view, its pictures drawn by the board's own code, "Full rules" one click further; the
lobby's game cards with the guide, the goal, the facts and a one-click game against bots."""

from __future__ import annotations

import httpx
import pytest

import borough
from borough import guide
from tests.web.conftest import SCREENSHOTS, screenshot
from tests.web.sizes import DESKTOP, PHONE

SIZES = {"desktop": DESKTOP, "phone": PHONE}


def _table(base: str, game: str) -> str:
    """A new game of `game`: a person at seat 1, easy bots at the others; the seat's link."""
    players = guide.about(game).usual_players
    seats = [{"kind": "human"}] + [{"kind": "bot", "agent": "easy"}] * (players - 1)
    created = httpx.post(f"{base}/api/games", json={
        "game": game, "players": players, "seats": seats, "seed": 7}, timeout=30).json()
    return created["seats"][0]["join_url"]


def _seen(page, name: str) -> None:
    """What the screen shows (the drawer is fixed to it, so not the whole page)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def _board_in_view(page) -> float:
    """How much of the board's area is on screen and not under the drawer (0 to 1)."""
    return page.evaluate("""() => {
      const b = document.querySelector('#board').getBoundingClientRect();
      const d = document.querySelector('#guide-drawer').getBoundingClientRect();
      const w = window.innerWidth, h = window.innerHeight;
      // the part of the viewport the drawer leaves free: left of it, or above it
      const freeRight = d.left > 0 ? d.left : w, freeBottom = d.left > 0 ? h : d.top;
      const x = Math.max(0, Math.min(b.right, freeRight) - Math.max(b.left, 0));
      const y = Math.max(0, Math.min(b.bottom, freeBottom) - Math.max(b.top, 0));
      return (x * y) / (Math.min(b.width, w) * Math.min(b.height, h));
    }""")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", borough.games())
def test_the_guide_opens_beside_the_table_and_the_board_stays_in_view(
        web_server, contexts, game, size):
    watched = contexts(SIZES[size])
    page = watched.page()
    page.goto(web_server.url + _table(web_server.url, game))
    page.wait_for_selector("#board svg, #board > *")
    page.click("#guide-button")
    drawer = page.locator("#guide-drawer")
    page.wait_for_selector("#guide-drawer #guide-text")
    assert drawer.is_visible()
    assert page.locator("#guide-title").inner_text().startswith("How to play")
    # every picture of the guide is drawn by the board module, nothing fell back to words
    expected = len(guide.figures(guide.guide_text(game)))
    assert page.locator("#guide-drawer figure.guide-figure svg").count() == expected
    assert page.locator("#guide-drawer figcaption").count() == expected
    # the goal is there, the rule ids lead to the full rules, one click further
    assert "The goal:" in page.inner_text("#guide-text")
    assert page.get_attribute("#full-rules", "href") == f"/rules/{game}"
    first_rule = page.locator("#guide-text a[data-rule]").first
    assert first_rule.get_attribute("href").startswith(f"/rules/{game}#")
    # no new tab: the table's page is still the only page, and its board is in view
    assert len(watched.context.pages) == 1
    assert page.url.startswith(web_server.url + "/play/")
    in_view = _board_in_view(page)
    assert in_view >= 0.3, f"only {in_view:.0%} of the board is in view beside the guide"
    _seen(page, f"guide-{game}-{size}")
    page.click("#guide-close")
    assert drawer.is_hidden()
    assert page.evaluate("document.activeElement.id") == "guide-button"


@pytest.mark.parametrize("size", SIZES)
def test_the_lobby_sells_each_game_and_plays_it_in_one_click(web_server, contexts, size):
    page = contexts(SIZES[size]).page()
    page.goto(web_server.url + "/")
    page.wait_for_selector("[data-game-card]")
    for name in borough.games():
        about = guide.about(name)
        card = page.locator(f"[data-game-card='{name}']")
        text = card.inner_text()
        assert about.goal in text and f"{about.minutes[0]}-{about.minutes[1]} minutes" in text
        assert about.weight in text and "players" in text
        card.locator("svg").first.wait_for()  # the board's picture
    # options in players' words
    page.select_option("#game", "architectura")
    words = page.locator("#opt-replacements option").all_inner_texts()
    assert "Swap up to 2 basic cards for advanced ones" in words
    assert "Advanced cards" in page.inner_text("label[for='opt-replacements']")
    page.select_option("#game", "rondelcity")
    screenshot(page, f"lobby-cards-{size}")
    # Learn to play: the guide in the drawer, the lobby still there
    page.click("[data-guide='ekopolis']")
    page.wait_for_selector("#guide-drawer #guide-text")
    assert "Ekopolis" in page.inner_text("#guide-title")
    _seen(page, f"lobby-guide-{size}")
    page.click("#guide-close")
    # Learn to play: the guided first game
    page.click("[data-learn='rondelcity']")
    page.wait_for_url("**/learn/rondelcity**")
    page.wait_for_function("document.body.dataset.tutorialStep === '0'")
    page.go_back()
    page.wait_for_selector("[data-game-card]")
    # Play now: you and medium bots at the usual count, in one click
    page.click("[data-play-now='citycouncil']")
    page.wait_for_url("**/play/**")
    page.wait_for_selector("#players [data-player]")
    seats = page.locator("#players [data-player]").all_inner_texts()
    assert len(seats) == guide.about("citycouncil").usual_players
    assert "you" in seats[0] and all("(bot, medium)" in s for s in seats[1:])
