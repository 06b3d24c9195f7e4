"""At a desktop the other players' areas are one click away: a board that draws each
player an area of their own (Small City's boroughs) gives every other player a "Show"
button in the Players panel, which brings that area into the first screen."""

from __future__ import annotations

import pytest

from tests.web.conftest import screenshot
from tests.web.helpers import wait_ready
from tests.web.sizes import DESKTOP
from tests.web.test_board_play import start

pytestmark = pytest.mark.browser


def inside(page, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= DESKTOP["height"]


def test_each_other_borough_is_one_click_away(web_server, contexts):
    game = start(web_server.url, "smallcity", 4, {}, seed=3)
    page = contexts(DESKTOP).page()
    page.goto(game["url"])
    wait_ready(page)
    assert page.locator("[data-show-area='0']").count() == 0  # not for your own
    away = [s for s in (1, 2, 3) if not inside(page, f"[data-seat-area='{s}']")]
    assert away, "every borough was already in the first screen: nothing to prove"
    for seat in (1, 2, 3):
        page.click(f"[data-show-area='{seat}']")
        assert inside(page, f"[data-seat-area='{seat}']"), seat
    screenshot(page, "other-borough-shown")
