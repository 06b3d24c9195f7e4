"""The line above the board names each decision in the engine's words, and the
names chosen in the lobby replace "Player 1" in the log."""

from __future__ import annotations

import random

import pytest

from tests.web.conftest import PHONE, screenshot
from tests.web.helpers import HTTP, click_a_move, create_in_lobby, wait_ready

WIDE = {"width": 1400, "height": 900}
GENERIC = ("click", "highlighted", "your decision")


@pytest.mark.parametrize("size", ["wide", "phone"])
def test_the_prompt_names_the_decision_at_every_step(size, web_server, contexts):
    base = web_server.url
    page = contexts(WIDE if size == "wide" else PHONE).page()
    created = create_in_lobby(page, base, "ekopolis", 3, {"version": "basic"},
                              ["human", "greedy", "greedy"], seed=11, names={0: "Ada"})
    token = created["links"][0].split("token=")[1]
    page.goto(base + created["links"][0])
    rng = random.Random(5)
    said = set()
    for _ in range(400):
        if wait_ready(page) == "over":
            break
        view = HTTP.get(f"{base}/api/games/{created['id']}/view",
                        params={"token": token}).json()
        shown_version = page.evaluate("document.body.dataset.move")
        if view["your_turn"] and str(view["version"]) == shown_version:
            shown = page.inner_text("#prompt")
            assert view["prompt"] and shown.startswith(view["prompt"]), (shown, view["prompt"])
            assert not any(w in shown.lower() for w in GENERIC), shown
            said.add(view["prompt"])
        click_a_move(page, rng)
    else:
        raise AssertionError("the game did not end")
    assert len(said) >= 2, said
    assert "Ada" in page.inner_text("#players")
    assert "Player 1" not in page.inner_text("#events") and "Ada" in page.inner_text("#events")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert size == "wide" or width <= PHONE["width"] + 1
    screenshot(page, f"prompt-{size}-end")
