// A game's player's guide: its Markdown, with each picture drawn by the game's own
// board module (the code that draws the table), shown in a side drawer beside the
// table or the lobby, so the game stays in view.
import { api, el, svg, seatName, playerColour, playerColourName } from "./api.js";
import { render } from "./markdown.js";
import { loadGame, wrapLines } from "./table.js";

const FIGURE = /<!--\s*figure:[^|]*\|([\s\S]*?)-->/g;
const RULE_ID = /\b([A-Z]{2,4}-[A-Z]?\d+)\b/g;
const pages = new Map();

export function guidePage(game) {
  if (!pages.has(game)) {
    const loading = api(`/api/guide/${encodeURIComponent(game)}`);
    loading.catch(() => pages.delete(game)); // a failed read may be tried again
    pages.set(game, loading);
  }
  return pages.get(game);
}

// The board module's drawing of one picture's position, with nothing to click, framed on
// the parts the picture's `focus` selects (the whole board without one).
export async function drawFigure(game, figure) {
  const { content, board } = await loadGame(game);
  const view = figure.view;
  const ctx = {
    view,
    obs: view.observation,
    data: content.data,
    content,
    viewer: view.seat,
    players: view.players,
    el,
    svg,
    colour: (seat) => playerColour(view, seat),
    colourName: (seat) => playerColourName(view, seat),
    name: (seat) => seatName(view, seat),
    your_turn: false,
    narrow: false,
    picked: false,
    bind(node, pred, opts = {}) {
      node.dataset.target = opts.key || "";
      return node;
    },
    detail(node) {
      return node;
    },
    lines: wrapLines,
    redraw: () => {},
  };
  const drawing = board.draw(ctx);
  const box = el(
    "figure",
    { class: "guide-figure" },
    drawing,
    el("figcaption", {}, figure.caption),
  );
  return { box, drawing, focus: figure.focus };
}

// Once the drawing is in the page its size is known: frame the focused parts.
export function frame({ drawing, focus }) {
  if (!(drawing instanceof SVGSVGElement)) return;
  const parts = focus ? [...drawing.querySelectorAll(focus)] : [];
  const boxes = (parts.length ? parts : [drawing]).map((n) => n.getBBox());
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  if (!(right > x && bottom > y)) return;
  drawing.setAttribute(
    "viewBox",
    `${Math.floor(x - 6)} ${Math.floor(y - 6)} ${Math.ceil(right - x + 12)} ${Math.ceil(bottom - y + 12)}`,
  );
  // a small part stays near the size it has on the table instead of filling the width
  drawing.style.maxWidth = `${Math.ceil((right - x + 12) * 1.6)}px`;
  drawing.removeAttribute("width");
  drawing.removeAttribute("height");
  drawing.setAttribute("role", "img");
}

// Rule ids in the text become links to their paragraph of the full rules.
function linkRules(root, game) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    RULE_ID.lastIndex = 0;
    if (RULE_ID.test(n.nodeValue) && !n.parentElement.closest("a")) nodes.push(n);
  }
  for (const node of nodes) {
    const parts = node.nodeValue.split(RULE_ID);
    node.replaceWith(
      ...parts.map((p, i) =>
        i % 2
          ? el(
              "a",
              { href: `/rules/${game}#${p}`, target: "_blank", rel: "noopener", "data-rule": p },
              p,
            )
          : p,
      ),
    );
  }
}

// The guide as an element: Markdown between the pictures, each picture drawn in place.
export async function guideBody(game) {
  const page = await guidePage(game);
  const body = el("div", { class: "guide rules", id: "guide-text" });
  const chunks = page.markdown.replace(/^# .*\n/, "").split(FIGURE); // the drawer has its title
  const figures = [];
  for (let i = 0; i < chunks.length; i++) {
    if (i % 2 === 0) {
      const part = render(chunks[i]);
      body.append(...part.childNodes);
      continue;
    }
    const figure = page.figures[(i - 1) / 2];
    try {
      const drawn = await drawFigure(game, figure);
      figures.push(drawn);
      body.append(drawn.box);
    } catch (err) {
      console.info("a guide picture could not be drawn", err);
      body.append(el("p", { class: "help" }, `[Picture: ${figure.caption}]`));
    }
  }
  linkRules(body, game);
  return { page, body, figures };
}

let drawer = null;

function closeDrawer() {
  if (!drawer) return;
  drawer.hidden = true;
  document.body.classList.remove("guide-open");
  // the table may have drawn its bar again meanwhile: then its new guide button
  const back = drawer.opener && drawer.opener.isConnected ? drawer.opener : null;
  const again =
    drawer.opener && drawer.opener.id ? document.getElementById(drawer.opener.id) : null;
  if (back || again) (back || again).focus();
}

// Opens (or fills again) the guide drawer; `opener` gets the focus back on closing.
export async function openGuide(game, opener = null) {
  if (!drawer) {
    drawer = el("aside", {
      id: "guide-drawer",
      class: "drawer",
      "aria-labelledby": "guide-title",
      hidden: true,
      tabindex: -1,
    });
    document.body.append(drawer);
    document.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && drawer && !drawer.hidden) closeDrawer();
    });
  }
  drawer.opener = opener;
  // named as what the button controls once the drawer exists (an id that names
  // nothing yet is an error for assistive technology)
  if (opener) opener.setAttribute("aria-controls", "guide-drawer");
  const close = el(
    "button",
    {
      type: "button",
      class: "close",
      id: "guide-close",
      "aria-label": "Close the guide",
      onclick: closeDrawer,
    },
    "✕",
  );
  drawer.replaceChildren(
    el("div", { class: "drawer-head" }, el("h2", { id: "guide-title" }, "How to play"), close),
    el("p", {}, "Loading the guide…"),
  );
  drawer.hidden = false;
  document.body.classList.add("guide-open");
  drawer.dataset.game = game;
  try {
    const { page, body, figures } = await guideBody(game);
    if (drawer.dataset.game !== game) return; // another game's guide was asked for since
    drawer.replaceChildren(
      el(
        "div",
        { class: "drawer-head" },
        el("h2", { id: "guide-title" }, `How to play ${page.title}`),
        close,
      ),
      el(
        "p",
        { class: "drawer-links" },
        el(
          "a",
          { href: `/rules/${game}`, target: "_blank", rel: "noopener", id: "full-rules" },
          "Full rules",
        ),
        " — every rule with its id, as the game plays it",
      ),
      body,
    );
    for (const f of figures) frame(f);
    drawer.scrollTop = 0;
    drawer.focus({ preventScroll: true });
    // on a phone the guide is a sheet over the lower part of the screen: the board goes
    // to the top, above it, so the game stays in view
    const board = document.getElementById("board");
    if (board && window.matchMedia("(max-width: 900px)").matches) {
      window.scrollTo({ top: window.scrollY + board.getBoundingClientRect().top - 4 });
    }
  } catch (err) {
    drawer.replaceChildren(
      el("div", { class: "drawer-head" }, el("h2", { id: "guide-title" }, "How to play"), close),
      el("p", { class: "notice error" }, `The guide could not be read: ${err.message}`),
      el("p", {}, el("a", { href: `/rules/${game}`, id: "full-rules" }, "Full rules")),
    );
  }
}
