"""Architectura at the table: a full game against a bot, played by clicking the board at
a desktop's size and a phone's. At every decision of the person the hand cards show the
values printed on them and their effect (ARC-17, ARC-18), the destroyed cards under a
space's top card are drawn (ARC-6, ARC-31), the letters are large enough to read, and
the other player's open moves are marked while a sealed choice never is (ARC-36)."""

from __future__ import annotations

import random

import httpx
import pytest

import borough
from tests.web.helpers import open_table, shots
from tests.web.sizes import (
    DESKTOP,
    OWN_WIDTH,
    PHONE,
    assert_fits,
    assert_legible,
    assert_prompt_names_the_decision,
)
from tests.web.test_board_play import LOOSE, finish, play, start, words

ARC = borough.game("architectura")
PER_COLOUR = 18

# the sizes the hand cards' effect texts are drawn at on screen
CARD_TEXT_PX = """() => [...document.querySelectorAll('#architectura-board .card-text')]
  .map((t) => {
  const m = t.getScreenCTM();
  return parseFloat(getComputedStyle(t).fontSize) * (m ? Math.hypot(m.a, m.b) : 1); })"""

LIVE_ON_SCREEN = """() => [...document.querySelectorAll('#board .live')].some((n) => {
  const r = n.getBoundingClientRect(); return r.bottom > 0 && r.top < window.innerHeight; })
  || !document.querySelector('#board .live')"""


def printed_sides(card) -> list[str]:
    """A card's values as the printed card shows them (ARC-17, ARC-18)."""
    if card.kind == "grave":
        return ["cards beside it"]
    prefix = {"x": "X", "no": "No."}.get(card.kind, "")
    if not prefix:
        return [str(v) for v in card.sides]
    return [f"{prefix}{'+' if v > 0 else '−'}{abs(v)}" if v else prefix for v in card.sides]


def architectura_check(seen: dict, size: dict):
    def check(page, view: dict) -> None:
        obs = view["observation"]
        assert_prompt_names_the_decision(page)
        if size == DESKTOP:
            assert_legible(page)
        else:
            assert_fits(page)
            page.wait_for_function(LIVE_ON_SCREEN)
            # the hand cards' effects are readable on the phone too
            small = [px for px in page.evaluate(CARD_TEXT_PX) if px < 10]
            assert not small, small
        # the city keeps its size whatever piles up (cards under cards, a Graveyard), in
        # its own units (on a phone the reader's zoom is another matter)
        width = page.evaluate(OWN_WIDTH, "#board svg")
        seen.setdefault("width", width)
        assert abs(width - seen["width"]) < 1, (width, seen["width"])
        me = obs["seats"][0]
        for card_id in me["hand"] or []:
            card = ARC.cards[card_id]
            node = page.locator(f"#architectura-board [data-hand='{card_id}']"
                                "[data-hand-seat='0']").first
            values = node.locator(".side-value").all_text_contents()
            assert values == printed_sides(card), (card.name, values)
            start = node.locator(".side.start")
            assert start.count() == 1
            assert int(start.get_attribute("data-side")) == (0 if card.kind == "grave"
                                                               else card.basic)
            assert words(" ".join(node.locator(".card-text").all_text_contents())) == card.text
            assert words(" ".join(node.locator(".card-name").all_text_contents())) == card.name
            seen["cards"] = seen.get("cards", 0) + 1
        # the others' hands stay backs
        assert page.locator("#architectura-board [data-hand-seat='1'] .side-value").count() == 0
        # ARC-6: every destroyed card under a top card is drawn, nearest first, by name
        for i, under in enumerate(obs["under"]):
            drawn = page.locator(f"#architectura-board .space[data-cell='{i}'] .under-card")
            assert drawn.count() == len(under), (i, under)
            assert [int(n.get_attribute("data-under")) for n in drawn.all()] == under[::-1]
            if under:
                names = [ARC.cards[u % PER_COLOUR].name for u in under[::-1]]
                # a place's texts are kept apart by a space for its spoken name
                assert [t.strip() for t in drawn.all_text_contents()] == names
                seen["under"] = seen.get("under", 0) + 1
        # a key for the city's marks
        key = " ".join(page.locator("#city-key text").all_text_contents())
        assert "destroyed card" in key and "protected" in key and "Fountain" in key
        # the other player's open moves are marked where they happened
        if any(r["action"][0] in ("play", "target", "to", "rotate", "lab")
               and (r["action"][2] if r["action"][0] in ("play", "lab") else r["action"][1]) < 32
               for r in view["recent"]):
            assert page.locator("#architectura-board .space.recent").count() > 0
            seen["recent"] = seen.get("recent", 0) + 1
        # a recent move by the other player never marks a card of the viewer's hand
        assert page.locator("#architectura-board .card.recent").count() == 0
    return check


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_architectura_full_game_by_clicks(web_server, contexts, size):
    LOOSE.clear()
    game = start(web_server.url, "architectura", 2, {}, seed=11)
    page = open_table(contexts, game, size)
    tag = "desktop" if size == DESKTOP else "phone"
    seen: dict = {}
    check = architectura_check(seen, size)
    shot = shots(f"architectura-{tag}", 8)

    def checked(page, view):
        shot(page)
        check(page, view)

    counts = play(page, game, checked, random.Random(4))
    assert seen.get("cards") and seen.get("recent") and seen.get("under"), seen
    finish(page, game, f"architectura-{tag}", counts, (
        "Use no more", "Pass", "Stop", "Skip", "Draw", "Keep", "End", "Do not", "No "))
    if size == PHONE:
        assert_fits(page)


def test_architectura_open_moves_are_recent_and_sealed_ones_are_not(web_server):
    """ARC-36, ARC-C13: a replacement before the deal and the card an Obelisk player puts
    under their deck stay secret; plays, effects and Laboratory plays are open."""
    state = ARC.setup(2, seed=3, options={"replacements": 2})
    for action in (("replace", 14, 2), ("tutor", 3)):
        assert ARC.public_action(state, 0, action) is False, action
    for action in (("ready",), ("play", 3, 0), ("lab", 3, 9), ("target", 4), ("to", 5),
                   ("rotate", 2, 1), ("pay", 4), ("pass",), ("swap_hand",), ("affect",)):
        assert ARC.public_action(state, 0, action) is True, action
    base = web_server.url
    r = httpx.post(f"{base}/api/games", json={
        "game": "architectura", "players": 2, "options": {"replacements": 2}, "seed": 5,
        "seats": [{"kind": "human"}, {"kind": "human"}]})
    assert r.status_code == 201, r.text
    created = r.json()
    tokens = [s["token"] for s in created["seats"]]
    url = f"{base}/api/games/{created['id']}"
    kinds_seen: set[str] = set()
    sealed = 0
    replaced: set[int] = set()
    with httpx.Client() as client:
        for _ in range(40):
            views = [client.get(f"{url}/view", params={"token": t}).json() for t in tokens]
            if views[0]["status"] == "over":
                break
            for v in views:
                for entry in v["recent"]:
                    assert entry["seat"] != v["seat"]
                    assert entry["action"][0] not in ("replace", "tutor"), entry
                    kinds_seen.add(entry["action"][0])
            mover = next(v for v in views if v["your_turn"])
            legal = mover["legal_actions"]
            # one sealed replacement each, then ready; afterwards the first move offered
            kinds = {m["action"][0]: m for m in reversed(legal)}
            if "replace" in kinds and mover["seat"] not in replaced:
                move = kinds["replace"]
                replaced.add(mover["seat"])
                sealed += 1
            else:
                move = kinds.get("ready", legal[0])
            r = client.post(f"{url}/actions", json={
                "token": tokens[mover["seat"]], "version": mover["version"],
                "action": move["action"]})
            assert r.status_code == 200, r.text
    assert sealed >= 2 and {"ready", "play"} <= kinds_seen, (sealed, kinds_seen)


def test_the_terminal_names_the_cards_under_a_top_card_and_the_step_in_words():
    """ARC-6: the terminal shows the covered cards as the board does; no step ids."""
    from borough.games.architectura.render import STEP_WORDS, render

    for seed in range(60):
        state = ARC.setup(2, seed=seed, options={})
        rng = random.Random(seed)
        while not ARC.is_over(state):
            if any(state.under):
                break
            seat = rng.choice(ARC.to_act(state))
            ARC.apply(state, seat, rng.choice(ARC.legal_actions(state, seat)))
        else:
            continue
        text = render(ARC, ARC.observe(state, 0))
        i = next(k for k, u in enumerate(state.under) if u)
        names = ", ".join(ARC.cards[u % PER_COLOUR].name for u in reversed(state.under[i]))
        assert f"under the card on street {i // 8 + 1}, block {i % 8 + 1}: {names}" in text
        assert STEP_WORDS[state.step] in text
        return
    raise AssertionError("no seed covered a destroyed card")
