"""Every game played to its end by taps on a phone (390x844, touch, device scale 3) and
by clicks at 1400x900, measuring at every decision what a person sees:

- the page never scrolls sideways;
- the board's letters on screen are at least 11 CSS px (font size times the drawing's
  current scale: on a phone a board too large for that pans and zooms in its frame);
- every move that is a button (finish, pass, confirm, suggest, take back...) is inside
  the screen, in the action bar;
- on the phone, every place to choose is at least 44x44 CSS px as drawn (a board whose
  places are smaller opens zoomed for them);
- at 1400x900 with the page unscrolled, every place the prompt asks for is wholly in the
  first screen, inside the board's frame, at every decision (the board is drawn smaller
  when they do not fit it together).

On a touch screen the first tap on a place selects it (and shows what it would do); a
second tap, or Confirm in the bar, plays it. Both ways are used.
"""

from __future__ import annotations

import random

import pytest

from tests.web.helpers import offered, press, wait_ready
from tests.web.sizes import DESKTOP, PHONE, SMALLEST_TEXT_PX
from tests.web.test_board_play import settle, start

TOUCH = {"has_touch": True, "is_mobile": True, "device_scale_factor": 3}

# The fewest seats each game allows, bots in the others, and options for a short game.
GAMES = {
    "smallcity": (1, {}, 3),
    "ekopolis": (3, {"version": "basic"}, 11),
    "rondelcity": (2, {}, 16),
    "citycouncil": (2, {"mode": "basic"}, 7),
    "architectura": (2, {}, 11),
}

# What a person sees at a decision, measured in the page: sideways scroll, the board's
# smallest letters among those on screen, the bar's buttons outside the screen, and the
# board's places to choose (how many, how many on the screen).
MEASURE = """async (smallest) => {
  // after the frame the page drew last: a new decision scrolls and sizes its board there
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const vw = window.innerWidth, vh = window.innerHeight;
  const frame = document.querySelector('#board').getBoundingClientRect();
  const seen = (r) => r.width > 0 && r.height > 0 && r.right > Math.max(0, frame.left)
    && r.left < Math.min(vw, frame.right) && r.bottom > Math.max(0, frame.top)
    && r.top < Math.min(vh, frame.bottom);
  const small = [];
  let least = Infinity;
  for (const t of document.querySelectorAll('#board svg text')) {
    if (!t.textContent.trim() || !t.checkVisibility()) continue;
    const r = t.getBoundingClientRect();
    if (!seen(r)) continue;
    const m = t.getScreenCTM();
    const px = parseFloat(getComputedStyle(t).fontSize) * (m ? Math.hypot(m.a, m.b) : 1);
    least = Math.min(least, px);
    if (px < smallest - 0.05) small.push(`${t.textContent.trim()} at ${px.toFixed(1)}px`);
  }
  const inside = (r) => r.left >= -0.5 && r.top >= -0.5 && r.right <= vw + 0.5
    && r.bottom <= vh + 0.5;
  const buttons = [...document.querySelectorAll('#bar-moves button, #bar-tools button')]
    .filter((b) => b.checkVisibility());
  const out = buttons.filter((b) => !inside(b.getBoundingClientRect()))
    .map((b) => `${b.textContent.slice(0, 40)} at ${JSON.stringify(b.getBoundingClientRect())}`);
  const small44 = [...document.querySelectorAll('#moves button, #zoom-tools button')]
    .filter((b) => b.checkVisibility())
    .map((b) => b.getBoundingClientRect())
    .filter((r) => r.width < 43.5 || r.height < 43.5).length;
  const places = [...document.querySelectorAll('#board .live')];
  const live = places.map((n) => n.getBoundingClientRect());
  // a place's size to a finger: its outline (its shape) as drawn now, at the board's zoom
  const tiny = places.map((n) => [n, (n.matches('.shape') ? n
      : n.querySelector(':scope > .shape') || n).getBoundingClientRect()])
    .filter(([, r]) => r.width < 43.5 || r.height < 43.5)
    .map(([n, r]) => `${(n.getAttribute('aria-label') || '').slice(0, 30)} `
      + `${r.width.toFixed(0)}x${r.height.toFixed(0)}`);
  const fr = document.querySelector('#board');
  const fb = fr.getBoundingClientRect();
  // the frame's inside (its scrolled part), within the screen
  const inner = { left: Math.max(0, fb.left + fr.clientLeft),
    top: Math.max(0, fb.top + fr.clientTop),
    right: Math.min(vw, fb.left + fr.clientLeft + fr.clientWidth),
    bottom: Math.min(vh, fb.top + fr.clientTop + fr.clientHeight) };
  const whole = (r) => r.left >= inner.left - 1 && r.top >= inner.top - 1
    && r.right <= inner.right + 1 && r.bottom <= inner.bottom + 1;
  return {
    sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    least, small, out, buttons: buttons.length, small44,
    live: live.length, liveSeen: live.filter(seen).length,
    liveInside: live.filter(whole).length, tiny,
  };
}"""


def measure(page) -> dict:
    return page.evaluate(MEASURE, SMALLEST_TEXT_PX)


def tap_a_move(page, rng: random.Random, touch: bool, counts: dict) -> None:
    """One move, as a person makes it: a place on the board (on a touch screen a tap to
    select, then a second tap or Confirm) or a button of the bar."""
    live, buttons = "#board .live", "#bar-moves button[data-move='main']"
    before, (n_live, n_buttons, cancel) = offered(page, live, buttons, "#cancel-choice")
    if cancel and n_buttons:
        press(page, buttons, rng.randrange(n_buttons), touch)
        counts["button"] += 1
    elif n_live and (not n_buttons or rng.random() < 0.8):
        k = rng.randrange(n_live) if rng.random() < 0.5 else 0
        if touch:
            sent = page.evaluate("document.body.dataset.sent || '0'")  # moves, either way
            press(page, live, k, touch)
            # the first tap only selects: nothing is sent, the bar offers Confirm (a view
            # may still arrive meanwhile: in Small City's Build phase a bot builds too)
            page.wait_for_selector("#confirm")
            assert page.evaluate("""(sent) => [
              document.querySelectorAll('#board .selected').length,
              (document.body.dataset.sent || '0') === sent]""", sent) == [1, True]
            if rng.random() < 0.5:
                press(page, "#confirm", 0, touch)
                counts["confirm"] += 1
            else:
                press(page, "#board .selected", 0, touch)
                counts["second tap"] += 1
        else:
            press(page, live, k)
            counts["board"] += 1
    else:
        assert n_buttons, "it is our turn but the page offers no move"
        press(page, buttons, rng.randrange(n_buttons), touch)
        counts["button"] += 1
    settle(page, before)


def play_measured(contexts, base: str, game_name: str, size: dict, limit: int = 2000) -> dict:
    players, options, seed = GAMES[game_name]
    game = start(base, game_name, players, options, seed)
    touch = size == PHONE
    page = contexts(size, device=TOUCH if touch else None).page()
    page.goto(game["url"])
    rng = random.Random(seed)
    counts = {"board": 0, "confirm": 0, "second tap": 0, "button": 0}
    figures = {"decisions": 0, "choices": 0, "least": float("inf"), "live": 0, "liveInside": 0}
    figures["all_inside"] = 0
    problems: list[str] = []
    for _ in range(limit):
        if wait_ready(page) == "over":
            break
        if page.locator("#cancel-choice").count():
            # a place that fits several moves: they are buttons of the bar, all in view
            m = measure(page)
            figures["choices"] += 1
            if m["out"]:
                where = f"{game_name} after decision {figures['decisions']}"
                problems.append(f"{where}: moves of a place outside the screen: {m['out'][:3]}")
        else:
            if not touch:
                page.evaluate("window.scrollTo(0, 0)")  # the first screen
            m = measure(page)
            figures["decisions"] += 1
            figures["least"] = min(figures["least"], m["least"])
            figures["live"] += m["live"]
            figures["liveInside"] += m["liveInside"]
            figures["all_inside"] += m["live"] == m["liveInside"]
            where = f"{game_name} decision {figures['decisions']}"
            if m["sideways"] > 0:
                problems.append(f"{where}: the page scrolls sideways by {m['sideways']}px")
            if m["small"]:
                problems.append(f"{where}: board text under 11px: {m['small'][:5]}")
            if m["out"]:
                problems.append(f"{where}: buttons outside the screen: {m['out'][:3]}")
            if touch and m["small44"]:
                problems.append(f"{where}: {m['small44']} buttons smaller than 44x44")
            if touch and m["tiny"]:
                problems.append(f"{where}: places smaller than 44x44 px: {m['tiny'][:3]}")
            if m["live"] and not m["liveSeen"]:
                problems.append(f"{where}: none of the {m['live']} places to choose is on screen")
            if not touch and m["liveInside"] < m["live"]:
                problems.append(
                    f"{where}: {m['live'] - m['liveInside']} of the {m['live']} "
                    "places to choose are not wholly in the first screen"
                )
        tap_a_move(page, rng, touch, counts)
    else:
        raise AssertionError(f"{game_name} did not end in {limit} moves")
    assert not problems, "\n".join(problems[:20])
    assert counts["board"] + counts["confirm"] + counts["second tap"] > 0
    if touch:
        assert counts["confirm"] > 0 and counts["second tap"] > 0, counts
    page.wait_for_selector("#endscreen:not([hidden])")
    return {"counts": counts, "figures": figures, "game": game}


@pytest.mark.slow
@pytest.mark.parametrize("game_name", list(GAMES))
def test_a_whole_game_by_taps_on_a_phone(web_server, contexts, game_name):
    played = play_measured(contexts, web_server.url, game_name, PHONE)
    print(game_name, "phone", played["counts"], played["figures"])


@pytest.mark.slow
@pytest.mark.parametrize("game_name", list(GAMES))
def test_a_whole_game_by_clicks_at_1400x900(web_server, contexts, game_name):
    played = play_measured(contexts, web_server.url, game_name, DESKTOP)
    figures = played["figures"]
    # every place to choose and every button move in the first screen at every decision
    # (play_measured), the places wholly inside the board's frame
    print(game_name, "desktop", played["counts"], figures)
    assert figures["all_inside"] == figures["decisions"] > 0, figures


# A card or place that is not a move now, on each board that explains it only in a
# tooltip (a touch screen has none): a City Council building on the grid, a Small City
# Special Action card, a Building in another Ekopolis player's hand.
READ_BY_TAP = {
    "citycouncil": "#board [data-detail]:not(.live)",
    "smallcity": "#board [data-detail]:not(.live)",
    "ekopolis": "#board [data-hand-seat='1']",
}


@pytest.mark.slow
def test_a_tap_reads_what_a_desktop_shows_on_hover(web_server, contexts):
    """No information is hover-only: on a phone a tap on a card or place you cannot
    choose now shows its whole text over the page, and plays nothing."""
    for game_name, selector in READ_BY_TAP.items():
        players, options, seed = GAMES[game_name]
        game = start(web_server.url, game_name, players, options, seed)
        page = contexts(PHONE, device=TOUCH).page()
        page.goto(game["url"])
        wait_ready(page)
        node = page.locator(selector).first
        words = node.evaluate(
            "(n) => n.dataset.detail || n.querySelector(':scope > title').textContent.trim()"
        )
        assert words
        assert page.locator("#message .notice").count() == 0
        node.tap()
        page.wait_for_selector("#message .notice")
        assert words in page.inner_text("#message"), (game_name, words)
        assert page.locator("#confirm").count() == 0
        assert page.evaluate("document.body.dataset.turn") == "you"
