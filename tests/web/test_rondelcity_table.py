"""Rondel City at the table: the other players' last moves marked on the board, a
board a person can read at 1400 px, the whole map on a phone with the rondel first,
and a whole game played by clicking the board at both sizes.

Every Rondel City choice is made in the open (tiles are held face up, RON-12; a
taken Amenity is held face up and a chosen Event is in effect, RON-V2, RON-V6), so
every move is marked; no mark may name an Event or an Amenity nobody has seen.
"""

from __future__ import annotations

import random

import borough
from borough.games.rondelcity.rules import OPEN_CHOICES
from borough.server.views import played, recent
from tests.web.conftest import screenshot
from tests.web.helpers import open_table
from tests.web.sizes import (
    DESKTOP,
    PHONE,
    assert_fits,
    assert_legible,
    assert_prompt_names_the_decision,
)
from tests.web.test_board_play import finish, play, start, words

RON = borough.game("rondelcity")
NAMES = ["Ann", "Bo", "Cy"]


def test_every_move_is_open_and_no_mark_names_an_unseen_event_or_amenity():
    """RON-V2, RON-V6: random moves with both variants on; at every move each seat's
    `recent` holds only the others' moves and names no Event or Amenity still unseen
    (the Events drawn but put back, the Amenities face down in the Blocks)."""
    assert {a[0] for a in RON.all_actions()} <= OPEN_CHOICES
    events = [e.name for e in RON.variants.events]
    amenities = list(RON.variants.amenities)
    kinds: set[str] = set()
    for seed in (1, 2, 3):
        state = RON.setup(3, seed=seed, options={"events": "on", "amenities": "on"})
        rng = random.Random(seed)
        moves = []
        seen_events = {state.event}
        seen_amenities: set[int] = set()
        for _ in range(700):
            if RON.is_over(state):
                break
            seat = RON.to_act(state)[0]
            legal = RON.legal_actions(state, seat)
            # fewer passes and paid rondel steps than pure chance: the game moves on
            useful = [a for a in legal if a[0] not in ("pass",) and a != ("rondel", 4)]
            action = rng.choice(useful or legal)
            kinds.add(action[0])
            assert RON.public_action(state, seat, action)
            before = RON.clone(state)
            RON.apply(state, seat, action)
            moves.append(played(RON, before, seat, action, state))
            seen_events.add(state.event)
            for s in range(3):
                seen_amenities.update(state.held_amenities[s])
            seen_amenities.update(c - 100 for c in state.board if c >= 100)
            unseen = [events[e] for e in range(len(events)) if e not in seen_events]
            unseen += [amenities[a] for a in range(len(amenities)) if a not in seen_amenities]
            for audience in range(3):
                for r in recent(moves, audience, NAMES):
                    assert r["seat"] != audience
                    assert not [name for name in unseen if name in r["text"]], r
    # the variants' choices were among the moves checked
    assert {"event", "take", "score", "go", "buy", "square"} <= kinds, kinds


# ------------------------------------------------------------ in the browser
RON_READ = """async () => ({
  names: (await import('/static/js/api.js')).COLOUR_NAMES,
  key: [...document.querySelectorAll('#rondel-key text')].map((t) => t.textContent).join(' '),
  lines: Object.fromEntries([...document.querySelectorAll('#rondelcity-board .seat-line')]
    .map((n) => [n.dataset.seat, n.textContent])),
  fills: Object.fromEntries([...document.querySelectorAll("[data-piece$='-citizen']")]
    .map((n) => [n.dataset.piece.split('-')[0], n.getAttribute('fill')])),
  prompt: (document.querySelector('#go-prompt') || {}).textContent || '',
  live: [...document.querySelectorAll('#city-map .space.live')].map((n) => Number(n.dataset.space)),
  recent: [...document.querySelectorAll('#rondelcity-board .recent')].map((n) => ({
    cls: n.getAttribute('class'), seat: n.dataset.recentSeat,
    id: n.dataset.space || n.dataset.square || n.dataset.rondel || n.dataset.line
      || n.dataset.seat })),
  map: document.querySelector('#city-map').getBoundingClientRect().toJSON(),
})"""


def node_of(action: list, seat: int, obs: dict) -> tuple[str, str] | None:
    """Where the board marks another seat's move: (class, id), or None for a move
    whose place is gone (a tile placed, then its square marked by the next move)."""
    kind = action[0]
    if kind == "rondel":
        return "rondel-space", str(obs["rondel"][seat])
    if kind in ("buy", "amenity_buy"):
        return "line", str(RON.market.rondel_buildings[obs["rondel"][seat]])
    if kind in ("square", "site"):
        return "square", str(action[1])
    if kind == "go":
        return "space", str(action[1])
    if kind in ("pass", "bonus", "skip", "take", "score"):
        return "seat-line", str(seat)
    return None


def rondel_check(seen: dict, size: dict):
    def check(page, view: dict) -> None:
        obs = view["observation"]
        assert_prompt_names_the_decision(page)
        shown = page.evaluate(RON_READ)
        if size == PHONE:
            assert_fits(page)
            # the map's frame is inside the screen's width, and the map in it is zoomed so
            # its letters are readable (it pans: at the screen's width they were 6 px)
            assert_legible(page)
            moves = page.locator("#moves").bounding_box()
            assert moves["x"] >= 0 and moves["x"] + moves["width"] <= PHONE["width"], moves
        else:
            assert_legible(page)
        key = words(shown["key"])
        assert "your gold" in key and "is how you pay" in key and "Square codes" in key
        assert "white: corners" in key
        for seat in obs["seats"]:
            said = shown["lines"][str(seat["seat"])]
            # the colour named is the one the board draws the seat's pieces in
            name = shown["names"].get(shown["fills"][str(seat["seat"])])
            assert name and f"{name} pieces" in said and f"{seat['colour']} in the rules" in said
            assert f"{seat['gold']} gp (Banker on" in said
        if obs["step"] == "go":
            assert "click the highlighted space" in shown["prompt"]
            ends = sorted(m["action"][1] for m in view["legal_actions"])
            assert sorted(shown["live"]) == ends
            seen["go"] = seen.get("go", 0) + 1
        # the other player's moves since ours are marked where they happened
        marked = {(c, r["id"]): r["seat"] for r in shown["recent"] for c in r["cls"].split()}
        for r in view["recent"]:
            where = node_of(r["action"], r["seat"], obs)
            if where is None:
                continue
            assert where in marked, (r, shown["recent"])
            seen["recent"] = seen.get("recent", 0) + 1
    return check


def prefer(view: dict) -> str | None:
    """A player who builds: the free rondel step, then placing, then buying."""
    obs = view["observation"]
    step = obs["step"]
    if step == "rotate":
        return f".rondel-space.live[data-rondel='{(obs['rondel'][0] + 1) % 5}']"
    if step in ("action", "final"):
        legal = [m["action"][0] for m in view["legal_actions"]]
        return ".tile.live" if "place" in legal else ".line.live"
    return None


def played_by_clicks(web_server, contexts, size: dict, name: str) -> None:
    # a seed whose game against the greedy bot ends in about forty of the person's turns
    game = start(web_server.url, "rondelcity", 2, {}, seed=16)
    page = open_table(contexts, game, size)
    screenshot(page, f"rondelcity-{name}-start")
    if size == PHONE:
        # the rondel, the first place to click in a turn, is on the first screen
        first = page.locator("#board .rondel-space.live").first.bounding_box()
        assert first["y"] + first["height"] <= PHONE["height"], first
    seen: dict = {}
    check = rondel_check(seen, size)
    turns = {"n": 0}

    def checked(page, view):
        check(page, view)
        turns["n"] += 1
        if turns["n"] == 20:
            screenshot(page, f"rondelcity-{name}-middle")

    counts = play(page, game, checked, random.Random(4), prefer=prefer)
    assert seen.get("recent") and seen.get("go") and turns["n"] >= 20, (seen, turns)
    finish(page, game, f"rondelcity-{name}", counts, ("Pass", "Buy", "Skip", "Stay"))
    if size == PHONE:
        assert_fits(page)


def test_rondelcity_played_by_clicking_the_board_at_1400(web_server, contexts):
    played_by_clicks(web_server, contexts, DESKTOP, "desktop")


def test_rondelcity_played_by_clicking_the_board_on_a_phone(web_server, contexts):
    played_by_clicks(web_server, contexts, PHONE, "phone")
