"""The table-wide helps of the play page: "Suggest a move" (the medium level's move,
what it does now and why it beats the next best, its place marked on the board)
and the pacing of bot moves, so a person sees each one."""

from __future__ import annotations

import itertools
import random

import httpx
import pytest

from tests.web.conftest import screenshot
from tests.web.helpers import click_a_move, create_in_lobby, wait_ready
from tests.web.sizes import DESKTOP, PHONE, assert_fits


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_suggestion_says_why_and_marks_its_place(size, web_server, contexts):
    base = web_server.url
    page = contexts(size).page()
    page.goto(base + "/")
    page.select_option("#game", "ekopolis")
    page.select_option("[data-seat-kind='1']", "human")
    assert not page.is_checked("#hints")  # two people: off unless they choose it
    page.select_option("[data-seat-kind='1']", "bot")
    assert page.is_checked("#hints")  # against bots: on
    created = create_in_lobby(page, base, "ekopolis", 3, {"version": "basic"},
                              ["human", "random", "random"], seed=3)
    assert "on" in page.inner_text("#created-hints")
    page.goto(base + created["links"][0])
    wait_ready(page)
    assert page.locator("#hints-on").count() == 1
    assert "Suggestions are on" in page.inner_text("#hints-status")
    page.click("#suggest")
    page.wait_for_selector("#suggestion")
    sentence = page.inner_text("#suggestion")
    token = created["links"][0].split("token=")[1]
    view = httpx.get(f"{base}/api/games/{created['id']}/view", params={"token": token}).json()
    texts = [m["text"] for m in view["legal_actions"]]
    assert sentence.startswith("Medium suggests: "), sentence
    first = next(t for t in texts if sentence.startswith(f"Medium suggests: {t}."))
    assert "Next best: " in sentence, sentence
    lines = page.locator("#suggestion .reasons p")
    assert lines.count() >= 3  # the move, what it does now, the next best and why
    assert lines.nth(1).inner_text().startswith("Now: "), sentence  # the preview's effect
    assert page.locator("#all-moves button.suggested").first.text_content() == first
    marked = page.locator("#board .suggested")
    assert marked.count() >= 1, "the suggested place is not marked on the board"
    assert page.locator("#suggested-key").count() == 1
    assert_fits(page)
    screenshot(page, f"suggest-{'phone' if size is PHONE else 'desktop'}")
    before = page.evaluate("document.body.dataset.renders")
    page.click("#all-moves summary")
    page.click("#all-moves button.suggested")  # take the advice
    page.wait_for_function(
        f"document.body.dataset.renders !== '{before}' && !document.body.dataset.busy")
    wait_ready(page)
    assert page.locator("#suggestion").count() == 0  # advice is for one position only
    assert page.locator("#board .suggested").count() == 0
    assert page.locator("#suggest").count() == 1


def test_no_suggestions_between_people_who_did_not_choose_them(web_server, contexts):
    base = web_server.url
    page = contexts(DESKTOP).page()
    created = create_in_lobby(page, base, "rondelcity", 2, {}, ["human", "human"], seed=4)
    assert "off" in page.inner_text("#created-hints")
    page.goto(base + created["links"][0])
    wait_ready(page)
    assert page.locator("#suggest").count() == 0 and page.locator("#hints-on").count() == 0
    assert "Suggestions are off" in page.inner_text("#hints-status")


RECORD = """() => {
  window.shown = [];
  new MutationObserver(() => window.shown.push([Number(document.body.dataset.version),
                                                performance.now()]))
    .observe(document.body, { attributes: true, attributeFilter: ["data-version"] });
}"""


def test_bot_moves_are_shown_one_by_one_at_normal_speed(web_server, contexts):
    """Rondel City with two bots: after the person's move, each bot move is put on the
    table on its own, at least the pace apart, none skipped."""
    base = web_server.url
    watched = contexts(DESKTOP)
    watched.context.add_init_script(
        "try { localStorage.setItem('borough.botSpeed', 'normal'); } catch (e) {}")
    page = watched.page()
    created = create_in_lobby(page, base, "rondelcity", 3, {}, ["human", "random", "random"],
                              seed=6)
    page.goto(base + created["links"][0])
    wait_ready(page)
    assert page.input_value("#bot-speed") == "normal"
    page.evaluate(RECORD)
    start = int(page.evaluate("document.body.dataset.version"))
    rng = random.Random(1)
    mine = set()  # the versions our own moves led to: shown at once, not paced
    for _ in range(12):  # until the bots have answered a move of ours
        mine.add(int(page.evaluate("document.body.dataset.version")) + 1)
        click_a_move(page, rng)
        wait_ready(page)
        page.wait_for_function("!document.body.dataset.pacing")
        shown = page.evaluate("window.shown")
        versions = [v for v, _ in shown]
        if len(set(versions) - mine - {start}) >= 2:
            break
    else:
        raise AssertionError("the bots never moved twice between our moves")
    distinct = sorted(set(versions))
    # none skipped
    assert distinct == list(range(distinct[0], distinct[-1] + 1)), (shown, sorted(mine))
    firsts: dict[int, float] = {}
    for v, t in shown:
        firsts.setdefault(v, t)
    gaps = [firsts[b] - firsts[a] for a, b in itertools.pairwise(distinct)
            if b not in mine]
    # the pace is 700 ms; the margin covers timers and drawing on a busy machine
    assert gaps and min(gaps) >= 600, (gaps, shown, sorted(mine))
