"""The table's chat in the browser: two people at one game, each in a browser of
their own, write to each other; markup in a message is shown as its text and
never runs."""

from __future__ import annotations

import httpx
import pytest

from tests.web.conftest import LAPTOP, PHONE, screenshot

# Markup that would show an image, run a script or set a flag if it were ever read as HTML.
PAYLOAD = ('<img src=x onerror="window.__ran=1"><script>window.__ran=2</script>'
           '<b>bold</b> & </li><li>not an item')


@pytest.mark.browser
def test_two_people_chat_and_markup_stays_text(web_server, contexts):
    r = httpx.post(f"{web_server.url}/api/games", json={
        "game": "architectura", "players": 2, "seed": 11,
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bram"}]})
    assert r.status_code == 201, r.text
    seats = r.json()["seats"]
    pages = []
    for seat, size in zip(seats, (LAPTOP, PHONE), strict=True):
        page = contexts(size).page()
        page.goto(web_server.url + seat["join_url"])
        page.wait_for_selector("#chat:not([hidden]) #chat-input")
        pages.append(page)
    ada, bram = pages
    assert ada.locator("#chat-empty").is_visible()
    # Ada writes the markup; Bram's page shows it, live, as the very characters she typed
    ada.fill("#chat-input", PAYLOAD)
    ada.press("#chat-input", "Enter")
    for page in pages:
        page.wait_for_selector("#chat-log li[data-number='1']")
    for page in pages:
        item = page.locator("#chat-log li")
        assert item.count() == 1
        assert page.locator("#chat-log li .chat-text").text_content() == PAYLOAD
        assert page.locator("#chat-log li .chat-name").text_content() == "Ada"
        assert page.locator("#chat-log img, #chat-log script, #chat-log b").count() == 0
        assert page.evaluate("window.__ran") is None
    assert ada.input_value("#chat-input") == ""
    # on the phone the chat is far below the board: a button at the top tells of it
    bram.locator("#chat").scroll_into_view_if_needed()  # what came so far is seen
    bram.wait_for_selector("#chat-new", state="hidden")
    bram.evaluate("window.scrollTo(0, 0)")
    bram.wait_for_timeout(500)  # the page notices the chat went out of sight
    ada.fill("#chat-input", "Your move")
    ada.press("#chat-input", "Enter")
    bram.wait_for_selector("#chat-new:not([hidden])")
    assert bram.locator("#chat-new").text_content() == "New chat message from Ada"
    bram.click("#chat-new")
    bram.wait_for_selector("#chat-new", state="hidden")
    assert bram.evaluate("document.activeElement.id") == "chat-input"
    # Bram answers from the phone; Ada sees it come
    bram.fill("#chat-input", "Good luck, Ada")
    bram.click("#chat-send")
    ada.wait_for_selector("#chat-log li[data-number='3']")
    assert ada.locator("#chat-log li[data-number='3'] .chat-text").text_content() == \
        "Good luck, Ada"
    # the page's own refusal: an empty message is not sent
    ada.fill("#chat-input", "   ")
    ada.press("#chat-input", "Enter")
    ada.wait_for_function("document.getElementById('chat-status').textContent !== ''")
    assert ada.locator("#chat-log li").count() == 3
    # each person's switch for spectators says how many have not let them read yet
    assert "1 of 2" not in ada.locator("#chat-readers").text_content()
    ada.check("#chat-spectators")
    ada.wait_for_function(
        "document.getElementById('chat-readers').textContent.includes('1 of 2')")
    for page, name in ((ada, "chat-laptop"), (bram, "chat-phone")):
        page.locator("#chat").scroll_into_view_if_needed()
        screenshot(page, name)
    width = bram.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"] + 1
