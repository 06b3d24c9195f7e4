// Moves you can follow: when the table shows another player's move (a bot's, one at a
// time at the chosen pace), the places that move touched settle into position with a
// short animation, and the move's lines in the log are marked while it is the one
// shown. No movement when the person's system asks for reduced motion, nor at the
// instant pace (the table jumps to the newest move then).

const REDUCED = "(prefers-reduced-motion: reduce)";
const LONGEST = 450; // ms: an animation never outlasts most of the pace
const MOST_NODES = 8; // places animated for one move
export const ANIMATION_ID = "follow-move";

function reduced() {
  return Boolean(window.matchMedia && window.matchMedia(REDUCED).matches);
}

function sameMove(a, b) {
  return (
    a.seat === b.seat && a.text === b.text && JSON.stringify(a.action) === JSON.stringify(b.action)
  );
}

// Whether `view` shows an open move of another player that `before` did not.
export function newMove(before, view) {
  if (!before || before.version === view.version) return false;
  const now = view.recent || [];
  if (!now.length) return false;
  const then = before.recent || [];
  if (now.length !== then.length) return true;
  return !sameMove(now[now.length - 1], then[then.length - 1]);
}

// The node's own transform as a CSS value, so the animation moves it from a little
// above its place to exactly its place.
function baseTransform(node) {
  if (node instanceof SVGGraphicsElement) {
    const list = node.transform && node.transform.baseVal;
    const whole = list && list.numberOfItems ? list.consolidate() : null;
    if (!whole) return "";
    const m = whole.matrix;
    return `matrix(${m.a}, ${m.b}, ${m.c}, ${m.d}, ${m.e}, ${m.f})`;
  }
  const own = getComputedStyle(node).transform;
  return own && own !== "none" ? own : "";
}

export class Follow {
  constructor(table) {
    this.table = table;
    this.version = null; // the view version whose move is being shown
    // the log is drawn again with every render: its marks are put back each time
    new MutationObserver(() => this.markLog()).observe(table.eventsBox, { childList: true });
  }

  // Called once `view` is on the table (the view before it was `before`); `pace` is
  // the time in ms each move stays in sight before the next.
  shown(before, view, pace) {
    this.version = newMove(before, view) ? view.version : null;
    this.markLog();
    if (this.version === null || pace <= 0 || reduced()) return;
    const duration = Math.min(LONGEST, Math.round(pace * 0.6));
    const nodes = [...this.table.boardWrap.querySelectorAll("[data-recent-newest]")];
    for (const node of nodes.slice(0, MOST_NODES)) {
      if (typeof node.animate !== "function") continue;
      const base = baseTransform(node);
      node.animate(
        [
          { transform: `${base} translate(0px, -14px)`.trim(), opacity: 0.2 },
          { transform: base || "none", opacity: 1 },
        ],
        { duration, easing: "cubic-bezier(.2, .8, .3, 1)", id: ANIMATION_ID },
      );
    }
  }

  markLog() {
    const items = this.table.eventsBox.querySelectorAll("#events li");
    for (const item of items) {
      const showing = this.version !== null && item.value === this.version;
      item.classList.toggle("showing", showing);
      if (showing) item.setAttribute("aria-current", "step");
      else item.removeAttribute("aria-current");
    }
  }
}
