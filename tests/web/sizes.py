"""What a person must be able to read and reach, measured in the page itself: the
board's smallest text as drawn on screen, and the phone's width."""

from __future__ import annotations

DESKTOP = {"width": 1400, "height": 900}
PHONE = {"width": 390, "height": 844}
SMALLEST_TEXT_PX = 11

# Every <text> of the board drawn under `smallest` px, with the size it is drawn at: its
# font size times the scale from its own coordinates to the screen (an SVG shrunk into
# its box shrinks its letters too). Hidden text (display:none, or nothing on screen) is
# left out. Only the small ones come back: the board has hundreds of texts, and this
# runs at every decision of several tests.
_TEXT_SIZES = """(smallest) => [...document.querySelectorAll('#board svg text')]
  .filter((t) => t.getClientRects().length && t.textContent.trim())
  .map((t) => {
    const m = t.getScreenCTM();
    const scale = m ? Math.hypot(m.a, m.b) : 1;
    return { px: parseFloat(getComputedStyle(t).fontSize) * scale, text: t.textContent.trim() };
  })
  .filter((t) => t.px < smallest - 0.05)"""


# The width of a drawing or a part of it in the drawing's own units: its width on screen
# over the drawing's current scale.
OWN_WIDTH = """(selector) => {
  const node = document.querySelector(selector);
  const drawing = node.ownerSVGElement || node;
  return node.getBoundingClientRect().width / drawing.getScreenCTM().a;
}"""


def small_texts(page, smallest: float = SMALLEST_TEXT_PX) -> list[str]:
    """The board's texts drawn smaller than `smallest` px, with their sizes."""
    return [f"{t['text']!r} at {t['px']:.1f}px" for t in page.evaluate(_TEXT_SIZES, smallest)]


def assert_legible(page) -> None:
    small = small_texts(page)
    assert not small, f"board text under {SMALLEST_TEXT_PX}px: " + "; ".join(small[:12])


def overflow(page) -> dict:
    """How far the page and the board's frame reach past the viewport's width (0 when
    they fit). A board zoomed to stay legible pans inside its frame."""
    return page.evaluate("""() => {
      const width = document.documentElement.clientWidth;
      const board = document.querySelector('#board');
      const right = board ? board.getBoundingClientRect().right : 0;
      return { page: Math.max(0, document.documentElement.scrollWidth - width),
               board: Math.max(0, Math.ceil(right - width)) };
    }""")


def assert_fits(page) -> None:
    """No sideways scrolling of the page, and the board's frame inside the viewport's width."""
    over = overflow(page)
    assert over == {"page": 0, "board": 0}, f"wider than the screen by {over}"


def assert_prompt_names_the_decision(page) -> None:
    """At the person's turn the line above the board says what is being chosen."""
    text = page.inner_text("#prompt").strip()
    assert text and text not in ("Your decision", "Your decision."), f"prompt {text!r}"
