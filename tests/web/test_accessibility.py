"""axe-core's checks of every kind of page: the lobby, each game's table (at the first
decision and at the end) and the replay, at 1400x900 and on a touch phone. No
violation rated serious or critical may remain.

axe-core comes from npm (package.json, installed by `npm ci` with Prettier); the
scan injects it into the page under test.
"""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import httpx
import pytest

from tests.web.helpers import wait_ready
from tests.web.sizes import DESKTOP, PHONE
from tests.web.test_board_play import start
from tests.web.test_phones import GAMES, TOUCH

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SIZES = {"desktop": (DESKTOP, None), "phone": (PHONE, TOUCH)}

SCAN = """async () => {
  const result = await axe.run(document, { resultTypes: ['violations'] });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at `
      + v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', '));
}"""


@pytest.fixture(scope="session")
def axe() -> Path:
    if not AXE.exists():  # the test setup installs the npm packages (package.json)
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"],
                       cwd=ROOT, check=False, timeout=300)
    if not AXE.exists():
        pytest.fail("axe-core is missing: run `npm ci` at the project's root (needs npm)")
    return AXE


def violations(page, axe: Path) -> list[str]:
    page.add_script_tag(path=str(axe))
    return page.evaluate(SCAN)


def finished_game(base: str) -> str:
    """A short game of bots, played to its end: its id."""
    r = httpx.post(f"{base}/api/games", json={
        "game": "architectura", "players": 2, "options": {}, "seed": 3,
        "seats": [{"kind": "bot", "agent": "greedy"}] * 2})
    assert r.status_code == 201, r.text
    game_id = r.json()["id"]
    for _ in range(600):
        if httpx.get(f"{base}/api/games/{game_id}").json()["status"] == "over":
            return game_id
        time.sleep(0.1)
    raise AssertionError("the bots' game did not end")


@pytest.mark.parametrize("size", list(SIZES))
def test_no_serious_or_critical_violation_on_any_page(web_server, contexts, axe, size):
    viewport, device = SIZES[size]
    base = web_server.url
    page = contexts(viewport, device=device).page()
    found: dict[str, list[str]] = {}
    page.goto(base + "/")
    page.wait_for_selector("#create-button")
    found["lobby"] = violations(page, axe)
    for name, (players, options, seed) in GAMES.items():
        game = start(base, name, players, options, seed)
        page.goto(game["url"])
        wait_ready(page)
        found[name] = violations(page, axe)
    # two people at one table: its chat, with a message in it
    people = httpx.post(f"{base}/api/games", json={
        "game": "architectura", "players": 2, "seed": 5,
        "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    token = people["seats"][0]["token"]
    httpx.post(f"{base}/api/games/{people['id']}/chat", json={"token": token, "text": "Hello"})
    page.goto(base + people["seats"][0]["join_url"])
    page.wait_for_selector("#chat-log li")
    found["a table with its chat"] = violations(page, axe)
    game_id = finished_game(base)
    page.goto(f"{base}/play/{game_id}")
    page.wait_for_selector("#endscreen:not([hidden])")
    found["the end of a game"] = violations(page, axe)
    page.goto(f"{base}/replay/{game_id}")
    page.wait_for_function("Number(document.body.dataset.renders || 0) > 0")
    found["replay"] = violations(page, axe)
    bad = {where: v for where, v in found.items() if v}
    assert not bad, "\n".join(f"{where}: {v}" for where, vs in bad.items() for v in vs)
