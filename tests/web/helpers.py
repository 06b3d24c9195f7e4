"""Driving the Borough pages the way a person does: with clicks."""

from __future__ import annotations

import random

import httpx

# The tests' own reads of the server. httpx.get() builds a client, and with it an SSL
# context, on every call: about 20 ms of CPU, against under 1 ms through one client,
# and the play loops read the view at every decision.
HTTP = httpx.Client()

READY = ("document.body.dataset.status === 'over' || "
         "(document.body.dataset.turn === 'you' && !document.body.dataset.busy)")


def create_in_lobby(page, base: str, game: str, players: int, options: dict,
                    seats: list[str], seed: int, names: dict[int, str] | None = None) -> dict:
    """Fill in the lobby's form and submit it; answers the join links by seat."""
    page.goto(base + "/")
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    for key, value in options.items():
        page.select_option(f"[data-option='{key}']", str(value))
    for i, kind in enumerate(seats):
        if kind == "human":
            page.select_option(f"[data-seat-kind='{i}']", "human")
        else:
            page.select_option(f"[data-seat-kind='{i}']", "bot")
            page.select_option(f"[data-seat-agent='{i}']", kind)
    for i, name in (names or {}).items():
        page.fill(f"[data-seat-name='{i}']", name)
    page.fill("#seed", str(seed))
    page.click("#create-button")
    page.wait_for_selector("#created ul.joins")
    links = {}
    for i, kind in enumerate(seats):
        if kind == "human":
            links[i] = page.get_attribute(f"[data-join='{i}']", "href")
    spectate = page.get_attribute("[data-spectate]", "href")
    return {"links": links, "id": spectate.rsplit("/", 1)[1]}


def wait_ready(page, timeout: float = 30_000) -> str:
    page.wait_for_function(READY, timeout=timeout)
    return page.evaluate("document.body.dataset.status")


# What a decision offers, read in one round trip: the page's render count and how many
# nodes match each selector (a locator's count() is a round trip of its own each).
_COUNTS = """(selectors) => ({
  renders: document.body.dataset.renders,
  counts: selectors.map((s) => s ? document.querySelectorAll(s).length : 0),
})"""

# The k-th node of a selector scrolled into view, and the middle of its box if a pointer
# there reaches that node (nothing covers it): where Playwright's click would press.
_AIM = """([selector, k]) => {
  const node = document.querySelectorAll(selector)[k];
  if (!node) return null;
  node.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  const box = node.getBoundingClientRect();
  if (!box.width || !box.height) return null;
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  const hit = document.elementFromPoint(x, y);
  if (!hit || !(hit === node || node.contains(hit))) return null;
  return { x, y, text: node.innerText ?? node.textContent };
}"""


def offered(page, *selectors: str | None) -> tuple[str, list[int]]:
    """The page's render count and the number of nodes matching each selector."""
    got = page.evaluate(_COUNTS, list(selectors))
    return got["renders"], got["counts"]


def press(page, selector: str, k: int, touch: bool = False) -> str:
    """Click (or tap) the k-th node of `selector` with the pointer, at the middle of its
    box, as Playwright's click does; answers the node's text. One round trip finds the
    spot and checks that nothing covers it and a second presses, against about ten for
    a locator's click with its waits; a node that is moving or covered is left to the
    locator's click, which waits until it can be pressed."""
    spot = page.evaluate(_AIM, [selector, k])
    if spot is None:
        node = page.locator(selector).nth(k)
        text = node.evaluate("(n) => n.innerText ?? n.textContent")
        node.tap() if touch else node.click()
        return text
    if touch:
        page.touchscreen.tap(spot["x"], spot["y"])
    else:
        page.mouse.click(spot["x"], spot["y"])
    return spot["text"]


def point(page, selector: str, k: int = 0) -> None:
    """Move the pointer onto the k-th node of `selector`, at the middle of its box, as
    Playwright's hover does (two round trips against a hover's waits; a moving or
    covered node is left to the locator's hover)."""
    spot = page.evaluate(_AIM, [selector, k])
    if spot is None:
        page.locator(selector).nth(k).hover()
    else:
        page.mouse.move(spot["x"], spot["y"])


def click_a_move(page, rng: random.Random) -> str:
    """Click a highlighted place on the board or a move button; answers which kind."""
    live, buttons = "#board .live", "#moves button[data-move='main']"
    before, (n, m) = offered(page, live, buttons)
    assert n + m > 0, "it is our turn but the page offers no move"
    # half of the time the first place on the board, as a hurried player would: games end
    # sooner than with random moves alone
    k = rng.randrange(n + m) if rng.random() < 0.5 else 0
    if k < n:
        press(page, live, k)
        kind = "board"
    else:
        press(page, buttons, k - n)
        kind = "button"
    # the page drew itself again: the move was sent and answered, or the choice narrowed
    page.wait_for_function(
        f"document.body.dataset.renders !== '{before}' && !document.body.dataset.busy")
    return kind


def play_to_end(page, rng: random.Random, max_clicks: int = 3000,
                on_click=None) -> dict[str, int]:
    counts = {"board": 0, "button": 0}
    for _ in range(max_clicks):
        if wait_ready(page) == "over":
            return counts
        counts[click_a_move(page, rng)] += 1
        if on_click:
            on_click(sum(counts.values()))
    raise AssertionError(f"the game did not end in {max_clicks} clicks")


def drive(base: str, game_id: str, token: str, choose, until, limit: int = 400) -> dict:
    """Play one seat's moves through the API until `until(view)` holds at its turn.

    `choose(view)` picks one of the legal moves (a list entry of the view); bots play
    the other seats on their own, so this waits for the seat's turn between moves.
    """
    import time

    url = f"{base}/api/games/{game_id}/view"
    for _ in range(limit * 20):
        view = HTTP.get(url, params={"token": token}).json()
        if view["status"] == "over":
            raise AssertionError("the game ended before the wanted position")
        if not view["your_turn"]:
            time.sleep(0.05)
            continue
        if until(view):
            return view
        move = choose(view)
        r = HTTP.post(f"{base}/api/games/{game_id}/actions", json={
            "token": token, "version": view["version"], "action": move["action"]})
        assert r.status_code in (200, 409), r.text
        limit -= 1
        if limit <= 0:
            break
    raise AssertionError("the wanted position was not reached")


def open_table(contexts, game: dict, size: dict, allowed: tuple[str, ...] = ()):
    """The person's page of `game` (from test_board_play.start) at the viewport `size`,
    ready for its first decision."""
    page = contexts(size, allowed=allowed).page()
    page.goto(game["url"])
    wait_ready(page)
    return page


def shots(name: str, middle: int):
    """A check to call at each of the person's turns: screenshots at the first one and
    at turn `middle` (test_board_play.finish takes the one at the end)."""
    from tests.web.conftest import screenshot

    taken = {"count": 0}

    def take(page) -> None:
        taken["count"] += 1
        if taken["count"] == 1:
            screenshot(page, f"{name}-start")
        elif taken["count"] == middle:
            screenshot(page, f"{name}-middle")
    return take
