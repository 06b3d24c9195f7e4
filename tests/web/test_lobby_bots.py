"""Choosing an opponent in the lobby: each bot level is said in a sentence,
for the game chosen, under its seat."""

from __future__ import annotations

from tests.web.conftest import PHONE, screenshot


def test_the_lobby_says_what_the_chosen_bot_does(web_server, contexts):
    page = contexts(PHONE).page()
    page.goto(web_server.url + "/")
    page.select_option("#game", "rondelcity")
    help_line = page.locator("[data-seat-help='1']")
    assert help_line.inner_text().startswith("medium: plays the move that looks best")
    page.select_option("[data-seat-agent='1']", "expert")
    assert "learned from self-play" in help_line.inner_text()
    page.select_option("#game", "ekopolis")  # the seats are dealt again for this game
    page.select_option("[data-seat-agent='1']", "expert")
    assert help_line.inner_text() == (
        "expert: plays the 12 moves its values learned from self-play rank best three turns "
        "on, with a quick plan for every seat, on 64 guesses at what it cannot see, and "
        "keeps the one that leads to the best position")
    assert page.locator("[data-seat-help='0']").inner_text() == ""  # a person's seat
    page.select_option("[data-seat-kind='0']", "bot")
    assert page.locator("[data-seat-help='0']").inner_text().startswith("medium:")
    screenshot(page, "lobby-bot-levels-phone")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"] + 1
