"""Ekopolis at the table: the other players' last moves marked on the map, a map a
person can read at 1400 px, a board that fits a phone, and a whole game played by
clicking the board at both sizes.

Every Ekopolis choice is seen by the table once made (EKO-F8: what stays private is
only what is drawn), so every move is marked, and no mark may name a Building in
another player's hand or a kept Action card.
"""

from __future__ import annotations

import random

import borough
from borough.games.ekopolis.rules import OPEN_CHOICES
from borough.server.views import played, recent
from tests.web.conftest import screenshot
from tests.web.helpers import open_table
from tests.web.sizes import (
    DESKTOP,
    OWN_WIDTH,
    PHONE,
    assert_fits,
    assert_legible,
    assert_prompt_names_the_decision,
)
from tests.web.test_board_play import finish, play, start, texts

EKO = borough.game("ekopolis")
NAMES = ["Ann", "Bo", "Cy"]


def hidden_names(state, audience: int) -> list[str]:
    """What `audience` may not know by name: the others' hands (full version) and
    every kept Action card of the others (EKO-F8)."""
    out = []
    for s, data in enumerate(state.seats):
        if s == audience:
            continue
        if state.full:
            out += [EKO.tiles[t].name for t in data.hand]
        out += [EKO.cards[c].name for c in data.held]
    return out


def test_every_move_is_open_and_no_mark_names_a_hidden_tile_or_card():
    """EKO-F8: a whole random game per version; at every move each seat's `recent`
    holds only the others' moves, and none names what that seat cannot see."""
    assert {a[0] for a in EKO.all_actions()} <= OPEN_CHOICES
    for version in ("basic", "full"):
        state = EKO.setup(3, seed=7, options={"version": version})
        rng = random.Random(3)
        moves = []
        marked = 0
        face_up: set[str] = set()  # discarded face up (EKO-F7): public, even once drawn again
        while not EKO.is_over(state):
            seat = EKO.to_act(state)[0]
            action = rng.choice(EKO.legal_actions(state, seat))
            assert EKO.public_action(state, seat, action)
            before = EKO.clone(state)
            if action[0] == "discard":
                face_up.add(EKO.tiles[action[1]].name)
            EKO.apply(state, seat, action)
            moves.append(played(EKO, before, seat, action, state))
            for audience in range(3):
                shown = recent(moves, audience, NAMES)
                assert all(r["seat"] != audience for r in shown)
                secret = [n for n in hidden_names(state, audience) if n not in face_up]
                for r in shown:
                    assert not [name for name in secret if name in r["text"]], r
                marked += len(shown)
        assert marked > 0


# ------------------------------------------------------------ in the browser
def ekopolis_check(seen: dict, size: dict):
    def check(page, view: dict) -> None:
        obs = view["observation"]
        board = page.locator("#ekopolis-board")
        assert_prompt_names_the_decision(page)
        if size == PHONE:
            assert_fits(page)
            moves = page.locator("#moves").bounding_box()
            assert moves["x"] >= 0 and moves["x"] + moves["width"] <= PHONE["width"], moves
        else:
            assert_legible(page)
        # the map keeps its size however many Action cards pile up
        width = page.evaluate(OWN_WIDTH, "#map")  # in its own units, whatever the zoom
        seen.setdefault("width", width)
        assert abs(width - seen["width"]) < 1, (width, seen["width"])
        key = texts(page, "#map-key text")
        for words in ("grey: blocked", "endangered species", "red Building", "City hall",
                      "pollution token", "green zone token", "ring: the colour of the player"):
            assert words in key, words
        if obs["version"] == "full":
            assert "a faded block is one kept face down" in " ".join(key.split())
        # each Building is ringed in the colour of the player who built it, and its
        # letters are named in the key
        built = {}
        for e in view["events"]:
            if e["kind"] == "place":
                label = e["text"].split(" on ")[1].split(" ")[0]
                built[EKO.board.labels.index(label)] = e["seat"]
        short = texts(page, "#map-key .short-name")
        for hex_, seat in built.items():
            code = obs["board"][hex_]
            if 0 <= code < 100:
                ring = board.locator(f".hex[data-cell='{hex_}'] .owner")
                assert ring.get_attribute("data-owner") == str(seat)
                assert EKO.tiles[code].name in short
                seen["rings"] = seen.get("rings", 0) + 1
        # the Buildings in hand: whole names; the others' hands stay backs (full version)
        for t in obs["seats"][0]["hand"] or []:
            tile = board.locator(f".tile[data-hand='{t}'][data-hand-seat='0'] text").first
            assert tile.text_content() == EKO.tiles[t].name
        for s in obs["seats"][1:]:
            backs = board.locator(f".tile[data-hand-seat='{s['seat']}'][data-hand='back']")
            assert backs.count() == s["hand_size"]
        # the bots' moves since ours are marked where they happened, in their colour
        for r in view["recent"]:
            kind, seat = r["action"][0], r["seat"]
            node = None
            if kind in ("place", "pollute", "green", "remove"):
                h = r["action"][2] if kind == "place" else r["action"][1]
                node = board.locator(f".hex[data-cell='{h}']")
            elif kind == "play":
                node = board.locator(f".card[data-card='{r['action'][1]}']")
            elif kind in ("keep", "skip", "pass"):
                node = board.locator(f".seat-name[data-seat='{seat}']")
            if node is not None:
                assert "recent" in (node.get_attribute("class") or ""), r
                assert node.get_attribute("data-recent-seat") == str(seat)
                seen["recent"] = seen.get("recent", 0) + 1
        if view["recent"]:
            assert page.locator("#recent-key").count() == 1
    return check


def played_by_clicks(web_server, contexts, size: dict, name: str) -> None:
    game = start(web_server.url, "ekopolis", 3, {"version": "full"}, seed=11)
    page = open_table(contexts, game, size)
    screenshot(page, f"ekopolis-{name}-start")
    if size == PHONE:
        # the first place to click is on the first screen, without scrolling
        first = page.locator("#board .live").first.bounding_box()
        assert first["y"] + first["height"] <= PHONE["height"], first
    seen: dict = {}
    check = ekopolis_check(seen, size)
    middle = EKO.setup(3, options={"version": "full"}).rounds // 2 + 1

    def checked(page, view):
        check(page, view)
        if view["observation"]["round"] == middle and not seen.get("middle"):
            seen["middle"] = 1
            screenshot(page, f"ekopolis-{name}-middle")

    counts = play(page, game, checked, random.Random(4))
    assert seen.get("rings") and seen.get("recent") and seen.get("middle"), seen
    finish(page, game, f"ekopolis-{name}", counts, ("Keep", "Place no", "Pass", "Skip", "Draw",
                                                    "Discard"))
    if size == PHONE:
        assert_fits(page)


def test_ekopolis_played_by_clicking_the_board_at_1400(web_server, contexts):
    played_by_clicks(web_server, contexts, DESKTOP, "desktop")


def test_ekopolis_played_by_clicking_the_board_on_a_phone(web_server, contexts):
    played_by_clicks(web_server, contexts, PHONE, "phone")
