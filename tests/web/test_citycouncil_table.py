"""City Council at the table: a full game against a bot, played by clicking the board at
a desktop's size and a phone's, checking at every decision of the person that the board
shows what the rules let them know (CC-61), in letters a person can read, and that the
other players' open moves are marked while a sealed choice never is."""

from __future__ import annotations

import random

import httpx
import pytest

import borough
from tests.web.helpers import open_table, shots
from tests.web.sizes import (
    DESKTOP,
    PHONE,
    assert_fits,
    assert_legible,
    assert_prompt_names_the_decision,
)
from tests.web.test_board_play import LOOSE, finish, play, start, words

CC = borough.game("citycouncil")

# everything the City Council checks read from the page, in one call
CC_READ = """() => {
  const b = document.querySelector('#citycouncil-board');
  const all = (sel) => [...b.querySelectorAll(sel)];
  const words = (n, sel) => [...n.querySelectorAll(sel)].map((t) => t.textContent).join(' ');
  return {
    // a word broken over two lines (its line ends in a hyphen) is read whole again
    names: Object.fromEntries(all('.building-name').map((n) => [n.dataset.building,
      [...n.querySelectorAll('text')].map((t) => t.dataset.broken ? t.textContent.slice(0, -1)
        : t.textContent + ' ').join('')])),
    // a name line wider than the blocks it is written on would be cut off by its neighbours
    cut: all('.building-name text').filter((t) => t.getBBox().width > Number(t.dataset.width))
      .map((t) => t.textContent),
    plans: all('.plan').map((n) => ({ what: words(n, '.plan-what'), why: words(n, '.plan-why') })),
    offers: Object.fromEntries(all('.offer').map((n) => [n.dataset.building,
      { text: [...n.querySelectorAll('text')].map((t) => t.textContent),
        label: n.getAttribute('aria-label') }])),
    hand: Object.fromEntries(all("[data-hand-seat='0']")
      .map((n) => [n.dataset.hand, words(n, 'text')])),
    gauges: Object.fromEntries(all('.gauge')
      .map((n) => [n.dataset.gauge, Number(n.dataset.value)])),
    key: words(b, '#map-key text'),
    closedKey: b.querySelectorAll('#closed-legend').length,
    closed: all('.block.closed').length,
    header: b.querySelector('text').textContent,
    recent: all('.recent').length,
    // the board's own width: a desktop draws it smaller for a decision whose places do
    // not fit the first screen together (the frame's data-shrink)
    width: b.getBoundingClientRect().width
      / Number(document.querySelector('#board').dataset.shrink || 1),
  };
}"""

# a live place on screen (a phone brings the first one into view)
LIVE_ON_SCREEN = """() => [...document.querySelectorAll('#board .live')].some((n) => {
  const r = n.getBoundingClientRect(); return r.bottom > 0 && r.top < window.innerHeight; })
  || !document.querySelector('#board .live')"""


def citycouncil_check(seen: dict, size: dict):
    names = [b.name for b in CC.buildings]
    content = None

    def check(page, view: dict) -> None:
        nonlocal content
        if content is None:
            base = page.url.split("/play/")[0]
            content = httpx.get(f"{base}/api/content/citycouncil").json()["data"]
        obs = view["observation"]
        seen[obs["step"]] = seen.get(obs["step"], 0) + 1
        assert_prompt_names_the_decision(page)
        if size == DESKTOP:
            assert_legible(page)
        else:
            assert_fits(page)
            page.wait_for_function(LIVE_ON_SCREEN)
        shown = page.evaluate(CC_READ)
        # no internal step names on the board
        assert "step" not in shown["header"] and "_" not in shown["header"], shown["header"]
        # the board keeps its size whatever piles up
        seen.setdefault("width", shown["width"])
        assert abs(shown["width"] - seen["width"]) < 1, (shown["width"], seen["width"])
        # every building in the city carries its whole name, none of it cut off
        assert not shown["cut"], shown["cut"]
        for bid in {b for b in obs["board"] if b >= 0}:
            assert words(shown["names"][str(bid)]) == names[bid], (shown["names"], names[bid])
            seen["named"] = seen.get("named", 0) + 1
        # the plans say the whole building name, and a dropped one says why
        for p, plan in zip(obs["proposals"], shown["plans"], strict=True):
            assert names[p["building"]] in words(plan["what"]), plan
            if p["status"] == 2:
                assert plan["why"], plan
                seen["dropped"] = seen.get("dropped", 0) + 1
        # the buildings on offer: whole name and cost, what they do on hover
        for b in obs["display"]:
            offer = shown["offers"][str(b)]
            assert words(" ".join(offer["text"][:-1])) == names[b]
            assert offer["text"][-1] == f"${CC.buildings[b].cost}"
            assert content["building_texts"][b] in offer["label"]
        # the Favor cards in the hand: their whole text
        for c, text in shown["hand"].items():
            assert words(text) == content["card_texts"][int(c)]
        # the city's tracks are labelled gauges with their values
        for label, key in (("City Budget", "budget"), ("Power Supply", "power"),
                           ("Goods Depot", "goods"), ("Blue-collar free", "blue_free"),
                           ("White-collar free", "white_free"), ("Unemployment", "unemployed")):
            assert shown["gauges"][label] == obs[key], label
        # a key for the map's colours and marks
        for word in ("residential", "commercial", "industrial", "closed to building",
                     "zone activated this round"):
            assert word in shown["key"], word
        if any(o == 0 for o in obs["open_hoods"]):
            assert shown["closedKey"] == 1 and shown["closed"] > 0
        # the other player's open moves are marked on the board
        if any(r["action"][0] in ("assign", "vote", "construct", "site", "activate", "zone")
               for r in view["recent"]):
            assert shown["recent"] > 0, view["recent"]
            seen["recent"] = seen.get("recent", 0) + 1
        # CC-54: a Favor card the other player scored is shown face up, marked
        for r in view["recent"]:
            if r["action"][0] == "score":
                card = page.locator(f"#citycouncil-board [data-hand='scored-{r['action'][1]}']")
                assert card.count() == 1 and "recent" in card.get_attribute("class")
                assert content["card_texts"][r["action"][1]] in words(
                    " ".join(card.locator("text").all_text_contents()))
                seen["scored"] = seen.get("scored", 0) + 1
    return check


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_citycouncil_full_game_by_clicks(web_server, contexts, size):
    LOOSE.clear()
    game = start(web_server.url, "citycouncil", 2, {"mode": "basic"}, seed=7)
    page = open_table(contexts, game, size)
    tag = "desktop" if size == DESKTOP else "phone"
    seen: dict = {}
    check = citycouncil_check(seen, size)
    shot = shots(f"citycouncil-{tag}", 20)

    def checked(page, view):
        shot(page)
        check(page, view)

    counts = play(page, game, checked, random.Random(4))
    assert seen.get("named") and seen.get("keep") and seen.get("recent"), seen
    finish(page, game, f"citycouncil-{tag}", counts, (
        "Take nothing", "Make no proposal", "Place no delegate", "Let the Favor chance pass",
        "Finish with your Favor cards"))
    if size == PHONE:
        assert_fits(page)


def test_citycouncil_open_moves_are_recent_and_kept_cards_are_not(web_server):
    """CC-61, CC-54: a seat's view lists the other players' open moves (their votes,
    plans, committee seats, scored cards) but never which Favor card one kept or
    discarded."""
    state = CC.setup(2, seed=3, options={"mode": "basic"})
    assert CC.public_action(state, 0, ("keep", 5)) is False
    assert CC.public_action(state, 0, ("discard", 5)) is False
    for action in (("score", 5), ("vote", 0, 1), ("construct", 3), ("site", 2), ("assign", 1),
                   ("embezzle",), ("activate", 4), ("done",), ("no_proposal",)):
        assert CC.public_action(state, 0, action) is True, action
    # on the server: two people; what seat 0 is shown of seat 1's moves
    base = web_server.url
    r = httpx.post(f"{base}/api/games", json={
        "game": "citycouncil", "players": 2, "options": {"mode": "basic"}, "seed": 5,
        "seats": [{"kind": "human"}, {"kind": "human"}]})
    assert r.status_code == 201, r.text
    created = r.json()
    tokens = [s["token"] for s in created["seats"]]
    url = f"{base}/api/games/{created['id']}"
    kinds_seen: set[str] = set()
    sealed = 0
    with httpx.Client() as client:
        for _ in range(150):
            views = [client.get(f"{url}/view", params={"token": t}).json() for t in tokens]
            if views[0]["status"] == "over":
                break
            for v in views:
                for entry in v["recent"]:
                    assert entry["seat"] != v["seat"]
                    assert entry["action"][0] not in ("keep", "discard"), entry
                    kinds_seen.add(entry["action"][0])
            mover = next(v for v in views if v["your_turn"])
            # a sealed choice whenever there is one, else the last move offered
            legal = mover["legal_actions"]
            move = next((m for m in legal if m["action"][0] in ("keep", "discard")), legal[-1])
            sealed += move["action"][0] in ("keep", "discard")
            r = client.post(f"{url}/actions", json={
                "token": tokens[mover["seat"]], "version": mover["version"],
                "action": move["action"]})
            assert r.status_code == 200, r.text
    assert sealed >= 2 and {"assign", "activate"} <= kinds_seen, (sealed, kinds_seen)
