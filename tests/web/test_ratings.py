"""Ratings in the browser: the lobby says before a game starts whether it will be
rated, a finished rated game changes the account's rating on the leaderboard and
the profile, and a user name of markup is shown there as text."""

from __future__ import annotations

import random
import secrets
import shutil
import time
from pathlib import Path

from tests.server.client import Client
from tests.web.conftest import PHONE, screenshot
from tests.web.test_accessibility import axe, violations  # noqa: F401 - axe: a fixture
from tests.web.test_accounts import PASSWORD

WIDE = {"width": 1400, "height": 900}
SHOTS = Path("/work/shots/ratings42")


def keep(page, name: str) -> None:
    path = screenshot(page, name)
    if SHOTS.parent.is_dir():  # a copy beside the other review shots, where they exist
        SHOTS.mkdir(exist_ok=True)
        shutil.copy(path, SHOTS / path.name)


def test_a_rated_game_changes_the_rating_the_leaderboard_shows(web_server, contexts, axe):  # noqa: F811
    base = web_server.url
    name = f"<script>window.x=1</script>{secrets.token_hex(2)}"
    page = contexts(WIDE).page()
    page.goto(base + "/")
    # The form says before the game starts whether it will be rated.
    page.select_option("#game", "architectura")
    note = page.locator("#rated-note")
    assert note.inner_text() == "Not rated: suggestions are on."  # on against bots
    page.uncheck("#hints")
    assert note.inner_text().startswith("Rated:")
    page.fill("#seed", "12")
    assert note.inner_text() == "Not rated: the creator chose the seed."

    signed = page.request.post(
        base + "/api/account/signup", data={"name": name, "password": PASSWORD}
    )
    assert signed.status == 201, signed.text()
    csrf = signed.json()["csrf"]
    page.goto(base + "/leaderboards/architectura")
    page.wait_for_selector("#leaderboard, #leaderboard-empty")
    assert page.locator(f"[data-player='{name}']").count() == 0

    changes: list[dict] = []
    seed = 5
    while len(changes) < 2:  # two rated games: the profile draws the rating's course
        seed += 1
        assert seed < 10, "games kept ending with every seat in one place"
        created = Client(base).create("architectura", 2, ["human", "random"], hints=False)
        assert created["rated"] is True
        token = created["seats"][0]["token"]
        claimed = page.request.post(
            base + "/api/account/seats",
            data={"seats": [{"game_id": created["id"], "token": token, "opened": True}]},
            headers={"X-CSRF-Token": csrf},
        )
        assert claimed.ok, claimed.text()
        Client(base).play(created["id"], {0: token}, random.Random(seed))
        deadline = time.monotonic() + 30
        rating = f"{base}/api/games/{created['id']}/rating"
        while (verdict := page.request.get(rating).json())["outcome"] is None:
            assert time.monotonic() < deadline, "the game was not rated"
            time.sleep(0.1)
        changes += verdict["changes"]  # none if both seats shared a place (not rated)
    assert changes[0]["before"] == 0.0 and changes[1]["before"] == changes[0]["after"]
    assert changes[1]["after"] != changes[1]["before"]
    change = changes[1]

    page.reload()
    row = page.locator(f"[data-player='{name}']")
    row.wait_for()
    assert row.locator(".who").inner_text() == name  # the markup as text
    assert row.locator(".rating").inner_text() == f"{change['after']:.1f}"
    assert page.locator("#leaderboard script").count() == 0
    assert page.evaluate("window.x") is None
    assert violations(page, axe) == []  # serious or critical ones, as for every page
    keep(page, "leaderboard-1400")

    row.locator(".who a").click()
    page.wait_for_selector("#ratings")
    assert page.inner_text("#player-name") == name
    assert page.locator("[data-game='architectura'] .rating").inner_text() == (
        f"{change['after']:.1f}"
    )
    assert page.locator("#history tbody tr").count() == 2
    assert page.locator(".rating-chart circle").count() == 2
    assert page.locator("main script").count() == 0
    assert page.evaluate("window.x") is None
    assert violations(page, axe) == []
    keep(page, "profile-1400")
    page.goto(base + "/")  # the lobby's account panel leads to the same page
    page.click("#account-profile")
    page.wait_for_selector("#ratings")
    assert page.inner_text("#player-name") == name

    phone = contexts(PHONE).page()
    phone.goto(page.url)
    phone.wait_for_selector("#ratings")
    keep(phone, "profile-390")
    phone.goto(base + "/leaderboards/architectura")
    phone.wait_for_selector("#leaderboard")
    keep(phone, "leaderboard-390")
