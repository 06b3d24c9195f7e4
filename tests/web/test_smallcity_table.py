"""Small City played to its end against a bot by clicking its board, at a desktop's
size and at a phone's: at every decision of the person the line above the board
names it and the board draws what the rules let the person know (Promise texts,
tiles with footprint and cost, the placement ghost, what a citizen's move would
do); the desktop's letters are all at least 11 px, the phone's page never
scrolls sideways; the other player's open moves are marked on the board.
Screenshots at the start, the middle and the end of each game (artifacts/).
"""

from __future__ import annotations

import random

import borough
from tests.web.helpers import open_table, point, shots
from tests.web.sizes import (
    DESKTOP,
    PHONE,
    assert_fits,
    assert_legible,
    assert_prompt_names_the_decision,
)
from tests.web.test_board_play import LOOSE, finish, play, start, texts, words

SC = borough.game("smallcity")
# moves with no place on the board, clicked in the move list (how their words begin)
LOOSE_MOVES = ("Grow the Constructible Zone", "Pass", "Finish", "Leave the station",
               "Send the citizen home", "Take ", "Sell a", "Buy ", "Trade a")
# In the Build phase both seats build at once (SC-25): a click sent just as the bot
# finishes carries the view's old version and the server answers 409 (the table then
# shows the new view); the browser logs that answer as a failed resource.
RACE = ("the server responded with a status of 409",)
MARKED = ("card", "mayor", "place", "pick", "to", "house", "kill", "bury", "enter", "advance",
          "store")


# The facts every decision checks on the board, read as a locator reads them: the only
# match of its selector (none, or several, reads as null and fails the check), but the
# row labels' first.
HEAD = """() => {
  const board = document.querySelector('#smallcity-board');
  const one = (sel) => {
    const all = board.querySelectorAll(sel);
    return all.length === 1 ? all[0] : null;
  };
  const head = ".borough-head[data-borough='0'] ";
  const gauge = (label) => one(`${head}.gauge[data-gauge='${label}']`)?.getAttribute('data-value');
  return {
    row: board.querySelector('.row-label')?.textContent,
    b3: one(".plot[data-borough='0'][data-cell='12']")?.getAttribute('data-name'),
    Votes: gauge('Votes'), Money: gauge('Money'), Pollution: gauge('Pollution'),
    score: one(head + '.score-now')?.getAttribute('data-score-now'),
    rating: one(head + '.solo-rating')?.textContent,
  };
}"""


def smallcity_check(seen: dict):
    def check(page, view: dict) -> None:
        obs = view["observation"]
        legal = [m["action"] for m in view["legal_actions"]]
        step = obs["step"]
        me = obs["seats"][0]
        board = page.locator("#smallcity-board")
        seen[step] = seen.get(step, 0) + 1
        # read in one round trip (a locator's read is one each)
        head = page.evaluate(HEAD)
        # the grid names its rows and columns as the log does ("B3")
        assert head["row"] == "A"
        assert head["b3"] == "B3"
        # votes, money and pollution are gauges with their values
        for label, value in (("Votes", me["votes"]), ("Money", me["money"]),
                             ("Pollution", me["pollution"])):
            assert int(head[label]) == value
        if me["standing"] is not None:
            assert int(head["score"]) == me["standing"]["score"]
            if obs["players"] == 1:
                assert "Solo rating" in head["rating"]
        if step == "promise":
            cards = board.locator("#promises .promise-card[data-offer]")
            assert cards.count() == len(me["offered"]) == len(legal)
            for k, n in enumerate(me["offered"]):
                shown = words(" ".join(cards.nth(k).locator(".promise-text").all_text_contents()))
                assert shown == SC.content.promises[n - 1].text
                assert "live" in (cards.nth(k).get_attribute("class") or "")
        if me["promise"] and me["promise"] > 0:
            kept = board.locator(f"#promises [data-kept-promise='{me['promise']}'] .promise-text")
            assert words(" ".join(kept.all_text_contents())) == \
                SC.content.promises[me["promise"] - 1].text
            progress = board.locator(f"#promises [data-kept-promise='{me['promise']}'] "
                                     ".promise-progress")
            assert progress.count() == len(me["standing"]["promise"])
        if step == "keep":
            cards = board.locator("#promises .promise-card[data-offer]")
            for k, n in enumerate(obs["draw"]):
                assert words(" ".join(cards.nth(k).locator(".promise-text")
                                      .all_text_contents())) == SC.content.specials[n - 1].text
        tiles = [a for a in legal if a[0] == "tile"]
        if tiles:
            # every tile on offer: its name, level, cost and each face's footprint
            for _, t, face in tiles:
                kind = SC.types[t]
                card = board.locator(f"#tile-offers .offer-tile[data-type='{kind.key}']")
                assert card.count() == 1, kind.name
                cost = card.locator(".offer-cost").text_content()
                assert f"Level {kind.level}" in cost and "$" in cost, cost
                for m, n in enumerate(kind.materials):
                    if n:
                        assert f"{n} {('wood', 'stone', 'metal')[m]}" in cost, cost
                foot = card.locator(f".footprint[data-face='{face}'] rect:not(.shape)")
                assert foot.count() == len(kind.faces[face][0]), kind.name
            family = SC.types[tiles[0][1]].family
            assert board.locator(f"#tile-offers .family-text[data-family='{family}']").count()
        if step in ("place", "hall", "warehouse") and any(a[0] == "place" for a in legal):
            assert board.locator("#placing #rotate").count() == 1
            live = board.locator(".plot.live[data-borough='0']")
            assert live.count() > 0
            point(page, "#smallcity-board .plot.live[data-borough='0']")
            ghost = board.locator("#ghost")
            assert ghost.get_attribute("data-legal") == "1"
            assert ghost.locator(".ghost-space").count() == len(
                SC.types[SC.tables.warehouse if step == "warehouse" else obs["sel"][0]].faces[
                    0 if step == "warehouse" else obs["sel"][1]][0])
            # a spot where it does not fit: red, with the reason
            if me["zone_size"] < 10:
                point(page, "#smallcity-board .plot[data-borough='0'][data-cell='99']")
                assert ghost.get_attribute("data-legal") == "0"
                reason = ghost_reason(page)
                assert "outside your Constructible Zone" in reason or "off the grid" in reason
            else:
                point(page, "#smallcity-board .plot[data-borough='0']:not(.live)")
                assert ghost.get_attribute("data-legal") == "0"
                assert "not here" in ghost_reason(page)
            seen["ghost"] = seen.get("ghost", 0) + 1
            placing = board.locator("#placing")
            if int(placing.get_attribute("data-fitting")) > 1 and not seen.get("rotated"):
                # R turns the tile, and so does the Rotate button
                for turn in (lambda: page.keyboard.press("r"),
                             lambda: page.locator("#rotate").click()):
                    before = page.locator("#placing").get_attribute("data-orientation")
                    turn()
                    page.wait_for_function(
                        "document.querySelector('#placing').dataset.orientation !== "
                        f"'{before}'")
                seen["rotated"] = 1
        if step == "card":
            for node in board.locator(".circle-card.live").all():
                assert node.get_attribute("data-detail")
        if step == "to" and any(a[0] == "to" for a in legal):
            # what the move would do, drawn under the borough of the pointed destination
            live = board.locator(".plot.live")
            last = live.count() - 1
            target = live.nth(last)
            borough, cell = target.get_attribute("data-borough"), target.get_attribute("data-cell")
            point(page, "#smallcity-board .plot.live", last)
            preview = board.locator(f"#move-preview-{borough}")
            assert preview.get_attribute("data-cell") == cell
            said = words(" ".join(preview.locator("tspan").all_text_contents()))
            text = next(m["text"] for m in view["legal_actions"]
                        if m["action"] == ["to", int(borough), int(cell)])
            assert said.startswith("If it goes to") and words(text.split(": ", 1)[1]) in said
            seen["preview"] = seen.get("preview", 0) + 1
    return check



def recent_check(seen: dict):
    """The bot's open moves since the person's last are outlined on the board in the
    bot's colour, and its secret ones (the kept Promise, the Build phase) never show."""
    def check(page, view: dict) -> None:
        recent = view["recent"]
        assert all(m["seat"] == 1 for m in recent)
        assert not any(m["action"][0] in ("promise", "keep") for m in recent), recent
        board = page.locator("#smallcity-board")
        if recent:
            shown = words(texts(page, "#recent-moves .recent-move text"))
            for m in recent[-6:]:
                assert words(m["text"]) in shown
        if any(m["action"][0] in MARKED for m in recent):
            assert board.locator(".recent[data-recent-seat='1']").count() > 0, recent
            assert page.locator("#recent-key").count() == 1
            seen["marked"] = seen.get("marked", 0) + 1
    return check


def prefer(view):
    """Tiles first when building, so the game shows many placements."""
    step = view["observation"]["step"]
    if step == "build":
        return "#tile-offers .live"
    if step in ("place", "hall", "warehouse"):
        return ".plot.live"
    return None



def ghost_reason(page) -> str:
    """The red ghost's reason, its lines joined, once it is written: the ghost
    turns red a moment before its reason is drawn."""
    page.wait_for_function(
        "() => (document.querySelector('#ghost-reason')?.textContent || '').trim() !== ''")
    return texts(page, "#ghost-reason tspan")

def test_smallcity_against_a_bot_at_a_desktop(web_server, contexts):
    LOOSE.clear()
    game = start(web_server.url, "smallcity", 2, {}, seed=5)
    page = open_table(contexts, game, DESKTOP, allowed=RACE)
    seen: dict[str, int] = {}
    board_check, marks, shot = smallcity_check(seen), recent_check(seen), shots(
        "smallcity-desktop", 60)

    def check(page, view):
        assert_prompt_names_the_decision(page)
        assert_legible(page)
        marks(page, view)
        board_check(page, view)
        shot(page)

    counts = play(page, game, check, random.Random(3), prefer=prefer)
    assert seen.get("promise") and seen.get("ghost", 0) >= 3 and seen.get("rotated"), seen
    assert seen.get("marked") and seen.get("preview"), seen
    finish(page, game, "smallcity-desktop", counts, LOOSE_MOVES)
    assert_legible(page)


def test_smallcity_against_a_bot_on_a_phone(web_server, contexts):
    LOOSE.clear()
    game = start(web_server.url, "smallcity", 2, {}, seed=8)
    page = open_table(contexts, game, PHONE, allowed=RACE)
    shot = shots("smallcity-phone", 50)

    def check(page, view):
        assert_prompt_names_the_decision(page)
        assert_fits(page)
        # the places to click first are on the first screen of the board: the first
        # highlighted place lies within a screen's height of the board's top
        first = page.evaluate("""() => {
          const board = document.querySelector('#board').getBoundingClientRect();
          const live = [...document.querySelectorAll('#board .live')]
            .map((n) => n.getBoundingClientRect().top - board.top);
          return live.length ? Math.min(...live) : null; }""")
        assert first is None or first < PHONE["height"], first
        shot(page)

    counts = play(page, game, check, random.Random(4), prefer=prefer)
    finish(page, game, "smallcity-phone", counts, LOOSE_MOVES)
    assert_fits(page)
    page.locator("#moves").scroll_into_view_if_needed()
    assert page.locator("#moves").is_visible()
