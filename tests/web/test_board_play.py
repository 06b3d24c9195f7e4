"""Each game played to its end by clicking its board (not the move list), checking at
every decision that the choices are drawn with what the rules let the player know.

One person, the fewest seats (bots for the rest); at each of the person's turns the
test reads the same position from the server and checks the board against it, then
clicks a highlighted place on the board (a button only when a half-made choice asks
which of several moves a place means, or a move has no place on the board).
"""

from __future__ import annotations

import random

import httpx

from tests.web.conftest import screenshot
from tests.web.helpers import HTTP, offered, press, wait_ready


def start(base: str, game: str, players: int, options: dict, seed: int) -> dict:
    seats = [{"kind": "human"}] + [{"kind": "bot", "agent": "greedy"}] * (players - 1)
    r = httpx.post(f"{base}/api/games", json={
        "game": game, "players": players, "options": options, "seed": seed, "seats": seats})
    assert r.status_code == 201, r.text
    created = r.json()
    token = created["seats"][0]["token"]
    url = f"{base}/api/games/{created['id']}/view"
    return {"id": created["id"], "url": base + created["seats"][0]["join_url"],
            "view": lambda: HTTP.get(url, params={"token": token}).json()}


def settle(page, before: str) -> None:
    page.wait_for_function(
        f"document.body.dataset.renders !== '{before}' && !document.body.dataset.busy")


LOOSE: list[str] = []  # the texts of the move buttons clicked, for the check at the end


def click_board(page, rng: random.Random, prefer: str | None = None) -> str:
    """Click a highlighted place of the board (the `prefer` ones first), or a move button
    when the page asks which of several moves a place means; answers which it was."""
    narrowed = "#moves button[data-move='main']"
    before, (preferred, n_live, n_narrowed, cancel) = offered(
        page, prefer, "#board .live", narrowed, "#cancel-choice")
    live = prefer if prefer and preferred else "#board .live"
    n_live = preferred if prefer and preferred else n_live
    if cancel and n_narrowed:
        press(page, narrowed, rng.randrange(n_narrowed))
        kind = "list"
    elif n_live:
        # half of the time the first place, as a hurried player would: games end sooner
        press(page, live, rng.randrange(n_live) if rng.random() < 0.5 else 0)
        kind = "board"
    else:
        assert n_narrowed, "it is our turn but the page offers no move"
        LOOSE.append(press(page, narrowed, rng.randrange(n_narrowed)))
        kind = "button"
    settle(page, before)
    return kind


def play(page, game: dict, check, rng: random.Random, limit: int = 1500,
         prefer=None) -> dict[str, int]:
    """Check and click until the game is over; answers how the moves were made."""
    counts = {"board": 0, "list": 0, "button": 0}
    for _ in range(limit):
        if wait_ready(page) == "over":
            return counts
        view = game["view"]()
        shown_at, choosing = page.evaluate(
            "[document.body.dataset.move, !!document.querySelector('#cancel-choice')]")
        if str(view.get("move_number", view.get("version"))) != shown_at:
            continue  # the page is a push behind the server: read both again
        if not choosing:
            check(page, view)
        counts[click_board(page, rng, prefer(view) if prefer else None)] += 1
    raise AssertionError(f"the game did not end in {limit} clicks")


def finish(page, game: dict, name: str, counts: dict[str, int], loose: tuple[str, ...]) -> None:
    """`loose`: how the moves with no place on the board begin (finish, pass, ...)."""
    assert counts["board"] > 0
    # a move button is clicked only for a move that has no place on the board
    stray = [t for t in LOOSE if not t.startswith(loose)]
    assert not stray, stray
    LOOSE.clear()
    result = game["view"]()["result"]
    page.wait_for_selector("#endscreen:not([hidden])")
    shown = {int(c.get_attribute("data-final-score")): int(c.inner_text())
             for c in page.locator("#final-scores [data-final-score]").all()}
    assert shown == dict(enumerate(result["scores"]))
    screenshot(page, f"{name}-played-end")


def texts(page, selector: str) -> str:
    return " ".join(page.locator(selector).all_text_contents())


def words(text: str) -> str:
    return " ".join(text.split())


# ------------------------------------------------------------------ Small City
# tests/web/test_smallcity_table.py plays Small City by clicks at 1400 px and on a phone.


# -------------------------------------------------------------------- Ekopolis
# tests/web/test_ekopolis_table.py plays Ekopolis by clicks at 1400 px and on a phone.


# ----------------------------------------------------------------- Rondel City
# tests/web/test_rondelcity_table.py plays Rondel City by clicks at 1400 px and on a phone.
