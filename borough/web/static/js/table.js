// The game table shared by the play page and the replay viewer: the board drawn
// by the game's own module (or the generic drawing), the moves, seats, scores,
// the event log and the end screen.
import { api, el, svg, seatName, playerColour, playerColourName } from "./api.js";
import * as generic from "./generic.js";
import { explainResult } from "./results.js";

const contentCache = new Map();
// Below this width a board draws its phone layout (one column, parts to click first).
const NARROW = "(max-width: 700px)";
const narrowScreen = () => Boolean(window.matchMedia && window.matchMedia(NARROW).matches);

// Board letters are drawn at least this many CSS pixels high (the drawing zooms for it).
const READABLE_PX = 11;

// The smallest font size (in the drawing's own units) of the text shown in `drawing`.
function smallestFont(drawing) {
  let least = Infinity;
  for (const t of drawing.querySelectorAll("text")) {
    if (!t.textContent.trim() || !t.getClientRects().length) continue;
    least = Math.min(least, parseFloat(getComputedStyle(t).fontSize) || Infinity);
  }
  return Number.isFinite(least) ? least : 0;
}

// A place to tap is at least this many CSS pixels wide and high on a touch screen.
const TOUCH_PX = 44;

// The least width or height (in the drawing's own units) of the places to choose now in
// `drawing` (0: none).
function smallestPlace(drawing) {
  let least = Infinity;
  for (const node of drawing.querySelectorAll(".live")) {
    const shape = node.matches(".shape") ? node : node.querySelector(":scope > .shape") || node;
    const box = shape.getBBox();
    if (box.width > 0 && box.height > 0) least = Math.min(least, box.width, box.height);
  }
  return Number.isFinite(least) ? least : 0;
}

// The board's zoom controls (+, -, Fit) and its gestures: a drag pans the frame (it
// scrolls), two fingers pinch it; a touch anywhere marks the page as used by touch.
function zoomable(table) {
  table.zoom = 1;
  // beside the board on a desktop: the drawing made smaller so a decision's places are
  // all seen together in the first screen (1: not made smaller)
  table.shrink = 1;
  table.fitRatio = Infinity;
  table.readable = new Map(); // the readable scale of each drawing so far
  // a coarse pointer (a finger) until the person shows otherwise
  table.touch = Boolean(window.matchMedia && window.matchMedia("(pointer: coarse)").matches);
  const tool = (id, text, label, factor) =>
    el(
      "button",
      {
        type: "button",
        id,
        "aria-label": label,
        title: label,
        onclick: () => table.zoomBy(factor),
      },
      text,
    );
  table.zoomTools.append(
    el("span", {}, "Drag the board to move it; zoom:"),
    tool("zoom-out", "−", "Zoom out", 1 / 1.25),
    tool("zoom-in", "+", "Zoom in", 1.25),
    tool("zoom-fit", "Fit", "Fit: the whole board in view", 0),
  );
  document.addEventListener(
    "pointerdown",
    (e) => {
      const touch = e.pointerType === "touch" || e.pointerType === "pen";
      if (touch === table.touch) return;
      table.touch = touch;
      // the board's words follow ("tap" or "click"), once the tap or click is handled
      if (table.view) setTimeout(() => table.render(), 0);
    },
    true,
  );
  const wrap = table.boardWrap;
  const fingers = new Map();
  let pinch = null;
  wrap.addEventListener("pointerdown", (e) => {
    if (e.pointerType !== "touch") return;
    fingers.set(e.pointerId, [e.clientX, e.clientY]);
    if (fingers.size === 2 && !table.zoomTools.hidden) {
      const [a, b] = [...fingers.values()];
      pinch = { span: Math.hypot(a[0] - b[0], a[1] - b[1]) || 1, zoom: table.zoom };
    }
  });
  wrap.addEventListener("pointermove", (e) => {
    if (!fingers.has(e.pointerId)) return;
    fingers.set(e.pointerId, [e.clientX, e.clientY]);
    if (!pinch || fingers.size !== 2) return;
    const [a, b] = [...fingers.values()];
    const span = Math.hypot(a[0] - b[0], a[1] - b[1]);
    const frame = wrap.getBoundingClientRect();
    const want = (pinch.zoom * span) / pinch.span;
    table.zoomBy(
      want / Math.max(table.zoom, 0.01),
      (a[0] + b[0]) / 2 - frame.left,
      (a[1] + b[1]) / 2 - frame.top,
    );
  });
  const lift = (e) => {
    fingers.delete(e.pointerId);
    if (fingers.size < 2) pinch = null;
  };
  wrap.addEventListener("pointerup", lift);
  wrap.addEventListener("pointercancel", lift);
  let resizing = null;
  window.addEventListener("resize", () => {
    clearTimeout(resizing);
    resizing = setTimeout(() => {
      if (table.view) table.fitBoard();
    }, 150);
  });
}

export async function loadGame(game) {
  if (!contentCache.has(game)) {
    contentCache.set(
      game,
      (async () => {
        const content = await api(`/api/content/${encodeURIComponent(game)}`);
        const board = content.board_module ? await import(`/static/boards/${game}.js`) : generic;
        return { content, board };
      })(),
    );
  }
  return contentCache.get(game);
}

// A long text as lines of at most `max` characters, broken between words.
export function wrapLines(text, max) {
  const lines = [];
  let line = "";
  for (const word of String(text).split(/\s+/)) {
    if (line && line.length + 1 + word.length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

// Rule ids ("(SC-78 to SC-85)") are for the rulebook page, not for the table.
const RULE_IDS = /\s*\((?:[A-Z]{2,4}-[A-Z]?\d+[a-z]?(?:\s*(?:,|and|to|or)\s*)?)+\)/g;

function withoutRuleIds(root) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (RULE_IDS.test(node.nodeValue)) node.nodeValue = node.nodeValue.replace(RULE_IDS, "");
    RULE_IDS.lastIndex = 0;
  }
}

// A place's spoken name starts with the words drawn on it, so a person who reads the
// board and one who listens to it name it alike (and voice control finds it).
function namesSayWhatIsDrawn(root) {
  for (const node of root.querySelectorAll("[role=button][aria-label]")) {
    const drawn = [...node.querySelectorAll("text")]
      .map((t) => t.textContent.trim())
      .filter(Boolean)
      .join(" ");
    const label = node.getAttribute("aria-label");
    if (drawn && !label.toLowerCase().includes(drawn.toLowerCase()))
      node.setAttribute("aria-label", `${drawn}. ${label}`);
    // apart on the drawing, apart in the text (a space between texts is not drawn)
    for (const t of node.querySelectorAll("text")) {
      const next = t.nextSibling;
      if (!(next && next.nodeType === Node.TEXT_NODE && !next.nodeValue.trim()))
        t.after(document.createTextNode(" "));
    }
    // its tooltip repeats the name: it is not read out a second time
    for (const title of node.querySelectorAll(":scope > title"))
      title.setAttribute("aria-hidden", "true");
  }
}

export function scoresOf(view, board, content) {
  const obs = view.observation || {};
  if (board.scores) return board.scores(obs, content.data, view);
  return generic.scores(obs, view);
}

export class Table {
  constructor(
    root,
    { game, content, board, onMove = null, onAttempt = null, onSuggest = null, onReview = null },
  ) {
    this.root = root;
    this.game = game;
    this.content = content;
    this.board = board;
    this.onMove = onMove;
    this.onAttempt = onAttempt;
    this.onSuggest = onSuggest;
    this.onReview = onReview; // asks for the finished game's review (its progress, then marks)
    this.review = null;
    this.reviewAsked = false;
    this.suggestion = null; // the medium bot's advice for the view version it was asked at
    this.view = null;
    this.narrowed = null;
    this.busy = false;
    this.scrolledFor = null;
    this.build();
    // a board's layout follows the screen's width: draw again when it crosses the line
    if (window.matchMedia)
      window.matchMedia(NARROW).addEventListener("change", () => {
        if (this.view) this.render();
      });
  }

  build() {
    this.statusBar = el("div", { class: "status-bar" });
    this.legend = el("div", { class: "legend", id: "legend" });
    this.promptBar = el("p", { class: "prompt-bar", id: "prompt", "aria-live": "polite" });
    this.message = el("div", { id: "message", class: "toast", "aria-live": "assertive" });
    this.endscreen = el("section", {
      id: "endscreen",
      class: "panel endscreen",
      hidden: true,
      tabindex: -1,
    });
    // the board's frame scrolls when the board is zoomed: arrow keys pan it too
    this.boardWrap = el("div", {
      class: "board-wrap",
      id: "board",
      tabindex: 0,
      role: "region",
      "aria-label": "The board",
    });
    this.zoomTools = el("div", { class: "zoom-tools", id: "zoom-tools", hidden: true });
    this.hint = el("div", { class: "tooltip", id: "hint", "aria-live": "polite" });
    // The action bar: the decision in words and the moves that are buttons, always on
    // screen (fixed at the bottom of a phone, beside the board on a desktop).
    this.moves = el("section", {
      class: "panel moves action-bar",
      id: "moves",
      "aria-labelledby": "moves-title",
    });
    this.barMoves = el("div", { class: "bar-moves", id: "bar-moves" });
    this.barTools = el("div", { class: "bar-tools", id: "bar-tools" });
    this.moves.append(
      el("h2", { id: "moves-title", class: "bar-title" }, "Moves"),
      this.promptBar,
      this.barMoves,
      this.barTools,
    );
    // what the bar leaves out: where the choices are, and every move as a list
    this.moveList = el("section", {
      class: "panel move-list",
      id: "move-list",
      "aria-label": "Every move",
    });
    this.players = el("section", {
      class: "panel",
      id: "players",
      "aria-labelledby": "players-title",
    });
    this.eventsBox = el("section", { class: "panel", id: "log", "aria-labelledby": "log-title" });
    this.extra = el("div", { id: "extra" });
    this.root.replaceChildren(
      this.statusBar,
      this.message,
      this.endscreen,
      el(
        "div",
        { class: "table" },
        el(
          "div",
          { class: "board-column" },
          el("div", { class: "board-frame" }, this.zoomTools, this.boardWrap),
          this.hint,
          this.legend,
        ),
        el(
          "div",
          { class: "side" },
          this.moves,
          this.moveList,
          this.players,
          this.eventsBox,
          this.extra,
        ),
      ),
    );
    // a phone's bar covers the page's foot: the page keeps that much room below
    if (window.ResizeObserver) {
      new ResizeObserver(() => {
        const high = this.moves.getBoundingClientRect().height;
        document.documentElement.style.setProperty("--bar-h", `${Math.ceil(high)}px`);
        if (this.view) this.sizeFrame();
      }).observe(this.moves);
    }
    zoomable(this);
    // a click on the board while another player decides says so, instead of nothing
    this.boardWrap.addEventListener("click", (event) => {
      const view = this.view;
      if (!view) return;
      if (event.target.closest && event.target.closest("a")) return;
      // a touch screen has no hover: a tap on a card or place not to choose now shows
      // what its tooltip says (a card's effect, a block's opening), over the page
      const words = this.touch ? this.tapToRead(event.target) : null;
      if (words) {
        this.hint.textContent = words;
        this.setMessage(words, "info");
        return;
      }
      if (!this.onMove || view.status === "over" || this.interactive()) return;
      const who = view.to_act.map((s) => seatName(view, s)).join(" and ");
      this.setMessage(`It is not your turn: ${who || "another player"} is deciding.`, "info");
    });
  }

  // The words a tap on `target` reads: its place's full text or tooltip, unless the place
  // is one to choose now (the first tap selects it and names it in the bar) or one whose
  // tap tries a move.
  tapToRead(target) {
    for (let n = target; n && n !== this.boardWrap; n = n.parentElement) {
      if (n.classList.contains("live") || n.dataset.attempt) return null;
      if (n.dataset.detail) return n.dataset.detail;
      const title = n.querySelector(":scope > title");
      if (title && title.textContent.trim()) return title.textContent.trim();
    }
    return null;
  }

  // A floating notice over the page (it never pushes the board down); the ✕ or the
  // next move dismisses it. A refusal's `rule` (id, words, href) is named under it,
  // with a link to the rules page at that rule.
  setMessage(text, kind = "error", rule = null) {
    if (!text) {
      this.message.replaceChildren();
      return;
    }
    const close = el(
      "button",
      {
        type: "button",
        class: "close",
        "aria-label": "Dismiss",
        onclick: () => this.setMessage(""),
      },
      "✕",
    );
    this.message.replaceChildren(
      el(
        "p",
        { class: `notice ${kind}`, role: kind === "error" ? "alert" : "status" },
        rule
          ? el(
              "span",
              {},
              text,
              el(
                "span",
                { class: "rule-ref" },
                `The rule: ${rule.words} `,
                el(
                  "a",
                  { href: rule.href, target: "_blank", rel: "noopener", "data-rule": rule.id },
                  `Read ${rule.id} in the rules`,
                ),
              ),
            )
          : text,
        close,
      ),
    );
  }

  setBusy(busy) {
    this.busy = busy;
    if (busy) document.body.dataset.busy = "1";
    else delete document.body.dataset.busy;
    for (const b of this.moves.querySelectorAll("button")) b.disabled = busy;
  }

  show(view) {
    if (this.narrowed) {
      // another seat's move (a simultaneous step) keeps a half-made choice while it stays legal
      const kept = new Set(this.narrowed.map((m) => m.index));
      const still =
        view.your_turn && view.status !== "over"
          ? view.legal_actions.filter((m) => kept.has(m.index))
          : [];
      this.narrowed = still.length > 1 && still.length === kept.size ? still : null;
    }
    if (this.suggestion && this.suggestion.version !== view.version) this.suggestion = null;
    if (!this.view || this.view.version !== view.version) this.pending = null;
    this.view = view;
    this.render();
  }

  // The advice for this position: its sentence in the Moves panel, its place marked on
  // the board and its move button, until the position changes.
  suggest(answer) {
    this.suggestion = answer;
    this.render();
  }

  interactive() {
    const mine = this.view.seats.find((s) => s.seat === this.view.seat);
    return Boolean(
      this.onMove &&
      this.view.your_turn &&
      this.view.status !== "over" &&
      mine &&
      mine.kind === "human",
    );
  }

  render() {
    const view = this.view;
    const body = document.body.dataset;
    body.status = view.status;
    body.move = String(view.move_number ?? view.version); // a replay frame, or a live view
    body.turn = this.interactive() ? "you" : "wait";
    body.game = view.game;
    body.renders = String(Number(body.renders || 0) + 1);
    this.renderStatus();
    this.renderBoard();
    this.renderPrompt();
    this.renderLegend();
    this.renderMoves();
    this.renderPlayers();
    this.renderEvents();
    this.renderEnd();
  }

  // The decision being made, in the engine's words, above the board.
  renderPrompt() {
    const view = this.view;
    const who = view.to_act.map((s) => seatName(view, s)).join(" and ");
    let text;
    if (view.status === "over") text = "The game is over.";
    else if (this.interactive()) {
      text = view.prompt || "Your decision";
      if (this.narrowed && this.boardWrap.querySelectorAll(".live").length <= 1) {
        text += ` — several moves fit that place: choose one of these ${this.narrowed.length}`;
      }
    } else if (view.seat === null || view.seat === undefined) text = `${who} to decide.`;
    else text = `Waiting for ${who}.`;
    this.promptBar.textContent = text;
    this.promptBar.classList.toggle("you", this.interactive());
  }

  renderLegend() {
    const view = this.view;
    const items = view.seats.map((s) =>
      el(
        "span",
        { class: "key", "data-legend-seat": s.seat },
        el("span", { class: "dot", style: `background:${playerColour(view, s.seat)}` }),
        s.name,
      ),
    );
    if (this.interactive())
      items.push(
        el(
          "span",
          { class: "key" },
          el("span", { class: "swatch live-swatch" }),
          "a place you can choose now",
        ),
      );
    if (this.boardWrap.querySelector(".suggested")) {
      items.push(
        el(
          "span",
          { class: "key", id: "suggested-key" },
          el("span", { class: "swatch suggested-swatch" }),
          "the suggested move",
        ),
      );
    }
    if (this.boardWrap.querySelector(".recent")) {
      items.push(
        el(
          "span",
          { class: "key", id: "recent-key" },
          el("span", { class: "swatch recent-swatch" }),
          view.seat === null || view.seat === undefined
            ? "dashed: the last moves, in the mover's colour"
            : "dashed: other players' moves since your last, in their colour",
        ),
      );
    }
    this.legend.replaceChildren(el("span", { class: "legend-title" }, "Colours: "), ...items);
  }

  renderStatus() {
    const view = this.view;
    const who = view.to_act.map((s) => seatName(view, s));
    let turn;
    if (view.status === "over")
      turn = el("span", { class: "turn", id: "turn" }, "The game is over");
    else if (this.interactive()) turn = el("span", { class: "turn you", id: "turn" }, "Your turn");
    else
      turn = el(
        "span",
        { class: "turn", id: "turn" },
        who.length ? `Waiting for ${who.join(" and ")}` : "Waiting",
      );
    const you =
      view.seat === null || view.seat === undefined
        ? "You are watching"
        : `You play ${seatName(view, view.seat)}`;
    this.statusBar.replaceChildren(
      ...[
        el("h1", {}, view.title),
        turn,
        // A live view carries no move count: it would tell how many secret moves others made.
        view.move_number !== undefined
          ? el(
              "span",
              { id: "move-number" },
              `Move ${view.move_number}${view.total !== undefined ? ` of ${view.total}` : ""}`,
            )
          : null,
        view.hints
          ? el(
              "span",
              {
                id: "hints-on",
                title:
                  "Any seat may ask the medium bot for a move; this was set when the game was created.",
              },
              "Suggestions on",
            )
          : null,
        view.seed_chosen
          ? el(
              "span",
              {
                id: "seed-chosen",
                title:
                  "Whoever created this game chose its seed, so they can know the hidden cards.",
              },
              "Seed chosen by the creator",
            )
          : null,
        el("span", {}, you),
        // the player's guide opens in a drawer beside the board (its "Full rules" link
        // goes on to the rules themselves); loaded on first use
        el(
          "button",
          {
            type: "button",
            class: "small",
            id: "guide-button",
            onclick: async (event) => {
              const opener = event.currentTarget;
              const { openGuide } = await import("./guide.js");
              openGuide(view.game, opener);
            },
          },
          "How to play",
        ),
      ].filter(Boolean),
    );
  }

  renderBoard() {
    const view = this.view;
    const legal = this.interactive() ? view.legal_actions : [];
    const candidates = this.narrowed || legal;
    const bound = new Set();
    const table = this;
    this.hint.textContent = "";
    const ctx = {
      view,
      obs: view.observation,
      data: this.content.data,
      content: this.content,
      viewer: view.seat,
      players: view.players,
      el,
      svg,
      // the seat's player colour, never one the board uses for something else, and its name
      colour: (seat) => playerColour(view, seat),
      colourName: (seat) => playerColourName(view, seat),
      name: (seat) => seatName(view, seat),
      your_turn: legal.length > 0,
      narrow: narrowScreen(),
      // a touch screen: a board says "tap" and "tap again or Confirm", not "click" or keys
      touch: this.touch,
      picked: this.narrowed !== null,
      bind(node, pred, opts = {}) {
        return table.bind(node, pred, opts, legal, candidates, bound);
      },
      // a place's full text (a card's effect), reached by hovering, focusing or reading aloud
      detail(node, text) {
        return table.describe(node, text);
      },
      lines: wrapLines,
      redraw: () => this.render(), // a board's own control (Small City's Rotate) draws again
    };
    let drawing;
    try {
      drawing = this.board.draw(ctx);
    } catch (err) {
      // A board that cannot draw this position still leaves the game playable by buttons.
      console.error("the board could not be drawn", err);
      drawing = generic.draw(ctx);
    }
    this.bound = bound;
    withoutRuleIds(drawing);
    namesSayWhatIsDrawn(drawing);
    const kept = [this.boardWrap.scrollLeft, this.boardWrap.scrollTop];
    this.boardWrap.replaceChildren(drawing);
    // a new decision (or none) sees the board at its own size first
    if (this.scrolledFor !== view.version || !this.interactive()) this.shrink = 1;
    if (drawing instanceof SVGSVGElement) {
      // frame everything the board drew, whatever size its parts came out
      const box = drawing.getBBox();
      if (box.width > 0 && box.height > 0) {
        drawing.setAttribute(
          "viewBox",
          `${Math.floor(box.x - 6)} ${Math.floor(box.y - 6)} ${Math.ceil(box.width + 12)} ${Math.ceil(box.height + 12)}`,
        );
      }
    }
    this.fitBoard();
    [this.boardWrap.scrollLeft, this.boardWrap.scrollTop] = kept;
    this.bringIntoView();
  }

  // Each drawing of the board at the size its smallest letters stay readable: as wide as
  // the column when that is enough (never above 1.5 times its own size), else larger,
  // in a frame that pans (drag, scroll) and zooms (pinch, + and -, Fit).
  fitBoard() {
    const wrap = this.boardWrap;
    const style = getComputedStyle(wrap);
    const room =
      wrap.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 1;
    let tight = Infinity; // the least scale at which every drawing fits, over the readable one
    let smaller = 1;
    [...wrap.querySelectorAll("svg")].forEach((drawing, k) => {
      if (drawing.parentElement.closest("svg")) return;
      const box = drawing.viewBox.baseVal;
      if (!box || !box.width) return;
      const fit = Math.min(room / box.width, 1.5);
      const least = smallestFont(drawing);
      // a drawing's zoom never drops back when its smallest letters leave the board, so
      // it does not jump from one move to the next
      const name = `${drawing.id || k}:${Math.round(room)}`;
      const kept = Math.max(least ? READABLE_PX / least : 0, this.readable.get(name) || 0);
      this.readable.set(name, kept);
      // a finger's places as large as a fingertip: the drawing opens zoomed for them
      const place = this.touch ? smallestPlace(drawing) : 0;
      const readable = Math.max(kept, place ? TOUCH_PX / place : 0);
      let scale = fit;
      if (readable > fit + 0.001) {
        tight = Math.min(tight, fit / readable);
        scale = Math.min(Math.max(fit, readable * this.zoom), 4);
      }
      // smaller for a decision's places, never below readable letters
      const own = scale;
      scale = Math.max(scale * this.shrink, Math.min(scale, kept));
      smaller = Math.min(smaller, scale / own);
      drawing.style.width = `${box.width * scale}px`;
      drawing.style.height = `${box.height * scale}px`;
      drawing.style.maxWidth = "none";
    });
    this.fitRatio = tight;
    // how much smaller than its own size the board is drawn now (tests read its own size)
    wrap.dataset.shrink = String(smaller);
    this.zoomTools.hidden = tight === Infinity;
    this.sizeFrame();
  }

  // The frame is one screen high at most, so the bar and the board are seen together.
  sizeFrame() {
    const wrap = this.boardWrap;
    const top = narrowScreen() ? 0 : wrap.getBoundingClientRect().top + window.scrollY;
    wrap.style.maxHeight = `${Math.max(320, window.innerHeight - top - this.barHeight() - 12)}px`;
  }

  // Zoom by `factor` (0: the whole board in the frame), keeping the point at (x, y) of
  // the frame where it is.
  zoomBy(factor, x = null, y = null) {
    const wrap = this.boardWrap;
    const fx = x ?? wrap.clientWidth / 2;
    const fy = y ?? wrap.clientHeight / 2;
    const before = wrap.scrollWidth;
    const ux = (wrap.scrollLeft + fx) / Math.max(1, wrap.scrollWidth);
    const uy = (wrap.scrollTop + fy) / Math.max(1, wrap.scrollHeight);
    const least = Number.isFinite(this.fitRatio) ? this.fitRatio : 1;
    this.zoom =
      factor === 0 ? least : Math.min(3, Math.max(least, Math.max(this.zoom, least) * factor));
    this.fitBoard();
    if (factor === 0 || before === 0) return;
    wrap.scrollLeft = ux * wrap.scrollWidth - fx;
    wrap.scrollTop = uy * wrap.scrollHeight - fy;
  }

  // A new decision opens on its places: when none is in sight, the board's frame scrolls
  // to them (and on a phone the page to the frame), once per decision.
  bringIntoView() {
    const version = this.view.version;
    if (!this.interactive() || this.scrolledFor === version) return;
    this.scrolledFor = version;
    requestAnimationFrame(() => {
      const wrap = this.boardWrap;
      const live = [...wrap.querySelectorAll(".live")];
      if (!live.length) return;
      if (narrowScreen()) {
        const frame = wrap.getBoundingClientRect();
        if (frame.top < 0 || frame.bottom > window.innerHeight - (this.barHeight() || 0))
          window.scrollBy(0, frame.top - 4);
      }
      const box = wrap.getBoundingClientRect();
      // the part of the frame in sight: a phone's bar covers the screen's foot
      const frame = {
        left: box.left,
        right: box.right,
        width: box.width,
        top: Math.max(box.top, 0),
        bottom: Math.min(box.bottom, window.innerHeight - this.barHeight()),
      };
      frame.height = frame.bottom - frame.top;
      const rects = live.map((n) => n.getBoundingClientRect());
      const seen = (r) =>
        r.bottom > frame.top &&
        r.top < frame.bottom &&
        r.right > frame.left &&
        r.left < frame.right;
      const whole = (r) =>
        r.top >= frame.top - 1 &&
        r.bottom <= frame.bottom + 1 &&
        r.left >= frame.left - 1 &&
        r.right <= frame.right + 1;
      if (rects.every(whole)) return;
      // all of them when they fit the frame together, else the first when none is seen
      const all = {
        left: Math.min(...rects.map((r) => r.left)),
        right: Math.max(...rects.map((r) => r.right)),
        top: Math.min(...rects.map((r) => r.top)),
        bottom: Math.max(...rects.map((r) => r.bottom)),
      };
      let fits = all.right - all.left < frame.width && all.bottom - all.top < frame.height;
      if (!fits && !narrowScreen()) {
        // a desktop: the board made smaller until every place of the decision is seen
        // at once in the first screen, without scrolling the page
        // (its padding and border inside the frame's box, a little to spare)
        const shrink = Math.min(
          (frame.width - 24) / (all.right - all.left),
          (frame.height - 24) / (all.bottom - all.top),
        );
        if (this.shrink > 0.4) {
          this.shrink = Math.max(0.4, this.shrink * shrink * 0.98);
          this.fitBoard();
          this.scrolledFor = null;
          this.bringIntoView();
          return;
        }
      }
      if (!fits && rects.some(seen)) return;
      const aim = fits ? all : rects[0];
      wrap.scrollLeft += (aim.left + aim.right) / 2 - (frame.left + frame.right) / 2;
      wrap.scrollTop += (aim.top + aim.bottom) / 2 - (frame.top + frame.bottom) / 2;
    });
  }

  barHeight() {
    return narrowScreen() ? this.moves.getBoundingClientRect().height : 0;
  }

  describe(node, text) {
    node.dataset.detail = text;
    if (!node.hasAttribute("tabindex")) node.setAttribute("tabindex", "0");
    if (!node.hasAttribute("aria-label")) node.setAttribute("aria-label", text);
    if (!node.querySelector(":scope > title")) node.prepend(svg("title", {}, text));
    const hint = () => {
      this.hint.textContent = text;
    };
    node.addEventListener("mouseenter", hint);
    node.addEventListener("focus", hint);
    return node;
  }

  bind(node, pred, opts, legal, candidates, bound) {
    const matches = candidates.filter((m) => pred(m.action));
    for (const m of legal) if (pred(m.action)) bound.add(m);
    node.dataset.target = opts.key || "";
    this.markRecent(node, pred);
    this.markSuggested(node, pred);
    const label = opts.label || "";
    const detail = opts.detail || "";
    if (matches.length) {
      node.classList.add("live");
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      let says =
        matches.length === 1
          ? matches[0].text
          : `${matches.length} moves: ${matches
              .map((m) => m.text)
              .slice(0, 4)
              .join("; ")}${matches.length > 4 ? "; …" : ""}`;
      if (detail) says = `${says} (${detail})`;
      node.setAttribute("aria-label", label ? `${label}: ${says}` : says);
      node.prepend(svg("title", {}, label ? `${label}: ${says}` : says));
      if (detail) node.dataset.detail = detail;
      // On a touch screen the first tap shows what the place would do (it is selected,
      // and a board's preview follows focus); a second tap or Confirm plays it.
      const id = matches.map((m) => m.index).join(",");
      if (this.pending && this.pending.id === id) node.classList.add("selected");
      node.addEventListener("click", () => {
        if (this.touch && !(this.pending && this.pending.id === id)) {
          this.select({ id, matches, says, node });
          return;
        }
        this.choose(matches);
      });
      node.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          this.choose(matches);
        }
      });
      const hint = () => {
        this.hint.textContent = says;
      };
      node.addEventListener("mouseenter", hint);
      node.addEventListener("focus", hint);
    } else if (label || detail) {
      if (detail) this.describe(node, label ? `${label}: ${detail}` : detail);
      else node.prepend(svg("title", {}, label));
      if (legal.length && opts.attempt && this.onAttempt) {
        node.dataset.attempt = "1";
        node.addEventListener("click", () => {
          const action = opts.attempt(this.narrowed ? this.narrowed[0].action : null);
          if (action) this.onAttempt(action, label || detail);
          // a touch screen has no hover: the tap reads the place's whole text too
          else if (this.touch && detail)
            this.setMessage(
              `${node.dataset.detail} (no move of yours can use this now)`,
              "info",
              this.view.rule || null,
            );
          else
            this.setMessage(
              `${label || detail}: no move of yours can use this now.`,
              "error",
              this.view.rule || null,
            );
        });
      }
    }
    return node;
  }

  // The other players' open moves since this seat last acted (in a replay, the move
  // that led to this frame) are outlined in the mover's colour, as long as they stand.
  markRecent(node, pred) {
    const recent = this.view.recent || [];
    for (let i = recent.length - 1; i >= 0; i--) {
      let fits = false;
      // the mover's seat goes along: a board places a move like "buy" by whose it was
      try {
        fits = pred(recent[i].action, recent[i].seat);
      } catch {
        fits = false;
      } // a board's test made for another step
      if (!fits) continue;
      const seat = recent[i].seat;
      node.classList.add("recent");
      node.dataset.recentSeat = String(seat);
      if (i === recent.length - 1) node.dataset.recentNewest = ""; // the move being shown
      node.style.setProperty("--recent", playerColour(this.view, seat));
      node.prepend(svg("title", {}, `${seatName(this.view, seat)}'s last move: ${recent[i].text}`));
      return;
    }
  }

  markSuggested(node, pred) {
    const advice = this.suggestion;
    if (!advice || !this.interactive()) return;
    let fits = false;
    try {
      fits = pred(advice.move.action);
    } catch {
      fits = false;
    }
    if (!fits) return;
    node.classList.add("suggested");
    node.prepend(svg("title", {}, `Suggested: ${advice.move.text}`));
  }

  // The place tapped first on a touch screen (null: none), marked and offered in the bar.
  select(pending) {
    if (this.busy) return;
    this.pending = pending;
    for (const n of this.boardWrap.querySelectorAll(".selected")) n.classList.remove("selected");
    if (pending) {
      pending.node.classList.add("selected");
      pending.node.focus({ preventScroll: true });
      this.hint.textContent = pending.says;
    }
    this.renderMoves();
  }

  commitPending() {
    if (!this.pending) return;
    const { matches } = this.pending;
    this.choose(matches);
  }

  choose(matches) {
    if (this.busy) return;
    this.pending = null;
    this.setMessage("");
    if (matches.length === 1) {
      this.onMove(matches[0]);
      return;
    }
    const same = this.narrowed && matches.length === this.narrowed.length;
    this.narrowed = matches;
    this.render();
    if (same) this.setMessage("Several moves fit that place: choose one from the list.", "info");
    const first = this.moves.querySelector("button");
    if (first && same) first.focus();
  }

  renderMoves() {
    const view = this.view;
    const bar = [];
    const list = [];
    if (view.status === "over") {
      bar.push(el("p", { class: "help" }, "No more moves: the game is over."));
    } else if (!this.interactive()) {
      const mine = view.seats.find((s) => s.seat === view.seat);
      if (view.seat === null || view.seat === undefined) {
        bar.push(el("p", { class: "help" }, "Spectators watch the moves as they happen."));
      } else if (mine && mine.kind === "bot") {
        bar.push(el("p", { class: "help" }, `A bot (${mine.agent}) now plays your seat.`));
      }
    } else if (this.narrowed) {
      bar.push(...this.suggestParts());
      bar.push(...this.narrowed.map((m) => this.moveButton(m)));
      bar.push(
        el(
          "button",
          {
            type: "button",
            id: "cancel-choice",
            onclick: () => {
              this.narrowed = null;
              this.render();
            },
          },
          "Back: choose another place",
        ),
      );
    } else {
      const loose = view.legal_actions.filter((m) => !this.bound.has(m));
      const onBoard = view.legal_actions.length - loose.length;
      bar.push(...this.suggestParts());
      if (this.pending) bar.push(...this.confirmParts());
      bar.push(...loose.map((m) => this.moveButton(m)));
      if (onBoard) {
        list.push(
          el(
            "p",
            { class: "help" },
            this.touch
              ? "The places you can choose are outlined in yellow on the board: tap one to see it, tap it again or Confirm to play it."
              : `The places you can choose are outlined in yellow on the board${loose.length ? "; or use the buttons with the prompt." : "."}`,
          ),
        );
        const details = el(
          "details",
          { id: "all-moves", open: this.listOpen },
          el("summary", {}, `Every move as a list (${view.legal_actions.length})`),
          view.legal_actions.map((m) => this.moveButton(m, "list")),
        );
        details.addEventListener("toggle", () => {
          this.listOpen = details.open;
        });
        list.push(details);
      }
    }
    this.barMoves.replaceChildren(...bar);
    // a place's several moves: on a phone the bar takes more of the screen, two a row
    this.moves.classList.toggle("choosing", Boolean(this.narrowed) && this.interactive());
    this.moveList.replaceChildren(...list);
    this.moveList.hidden = list.length === 0;
  }

  // A place tapped once on a touch screen: what it would do, and the button that does it.
  confirmParts() {
    const { matches, says } = this.pending;
    return [
      el(
        "button",
        {
          type: "button",
          id: "confirm",
          class: "primary",
          disabled: this.busy,
          onclick: () => this.commitPending(),
        },
        matches.length === 1 ? `Confirm: ${says}` : `Confirm this place (${matches.length} moves)`,
      ),
      el(
        "button",
        { type: "button", id: "unselect", disabled: this.busy, onclick: () => this.select(null) },
        "Cancel",
      ),
    ];
  }

  // "Suggest a move" where the game allows it, or the suggestion once given.
  suggestParts() {
    if (!this.onSuggest || !this.view.hints) return [];
    const advice = this.suggestion;
    if (advice) {
      // the move first, then what it does now, the next best and why, a line each
      const [first, ...rest] = advice.reasons || [advice.sentence];
      const level = advice.level || "medium";
      return [
        el(
          "div",
          { id: "suggestion", class: "suggestion", role: "status" },
          el("span", { class: "swatch suggested-swatch" }),
          el(
            "div",
            { class: "reasons" },
            el(
              "p",
              { class: "advised" },
              el("strong", {}, `${level[0].toUpperCase()}${level.slice(1)} suggests: `),
              first,
            ),
            rest.map((line) => el("p", {}, line)),
          ),
        ),
      ];
    }
    return [
      el(
        "button",
        {
          type: "button",
          id: "suggest",
          class: "small",
          disabled: this.busy,
          title:
            "The medium level picks a move for you from what you can see, and says what it does and why",
          onclick: () => this.onSuggest(),
        },
        "Suggest a move",
      ),
    ];
  }

  moveButton(m, where = "main") {
    const advised = this.suggestion && this.suggestion.move.index === m.index;
    return el(
      "button",
      {
        type: "button",
        "data-move": where,
        "data-index": m.index,
        disabled: this.busy,
        class: advised ? "suggested" : null,
        onclick: () => this.onMove(m),
      },
      m.text,
    );
  }

  renderPlayers() {
    const view = this.view;
    const scores = scoresOf(view, this.board, this.content);
    this.players.replaceChildren(
      el("h2", { id: "players-title" }, "Players"),
      el(
        "ul",
        { class: "seats-list" },
        view.seats.map((s) =>
          el(
            "li",
            {
              class: `seat-${s.seat} ${view.to_act.includes(s.seat) ? "acting" : ""}`,
              "data-player": s.seat,
            },
            el(
              "span",
              {},
              el("span", { class: "dot", style: `background:${playerColour(view, s.seat)}` }),
              s.name,
              s.kind === "bot" ? ` (bot, ${s.agent})` : "",
              s.seat === view.seat ? " — you" : "",
              view.to_act.includes(s.seat) && view.status !== "over" ? " ◀" : "",
            ),
            el(
              "span",
              { "data-score": s.seat },
              scores && scores[s.seat] !== undefined && scores[s.seat] !== null
                ? `${scores[s.seat]} pts`
                : "",
            ),
            this.showAreaButton(s),
          ),
        ),
      ),
    );
  }

  // Another player's own area (a borough, a city) may sit below the fold in the
  // board's frame: one click brings it into view.
  showAreaButton(s) {
    if (s.seat === this.view.seat) return null;
    const selector = `[data-seat-area="${s.seat}"]`;
    if (!this.boardWrap.querySelector(selector)) return null;
    return el(
      "button",
      {
        class: "show-area",
        type: "button",
        "data-show-area": s.seat,
        "aria-label": `Show ${s.name}'s area on the board`,
        onclick: () => {
          const area = this.boardWrap.querySelector(selector);
          if (area) area.scrollIntoView({ block: "start", inline: "nearest" });
        },
      },
      "Show",
    );
  }

  renderEvents() {
    const events = this.view.events || [];
    const list = el(
      "ol",
      // it scrolls: a keyboard reaches it too
      { class: "events", id: "events", tabindex: 0, "aria-labelledby": "log-title" },
      events.slice(-200).map((e) => el("li", { value: e.number }, e.text)),
    );
    this.eventsBox.replaceChildren(
      el("h2", { id: "log-title" }, "What happened"),
      events.length ? list : el("p", {}, "Nothing yet."),
    );
    list.scrollTop = list.scrollHeight;
  }

  renderEnd() {
    const view = this.view;
    if (view.status !== "over" || !view.result) {
      this.endscreen.hidden = true;
      return;
    }
    const result = view.result;
    const wasHidden = this.endscreen.hidden;
    const order = view.seats.map((s) => s.seat).sort((a, b) => result.scores[b] - result.scores[a]);
    const winners = result.winners.map((s) => seatName(view, s));
    const why = explainResult(view);
    const parts = why.columns.filter((c) => c.part);
    const extras = why.columns.filter((c) => !c.part);
    const solo = view.seats.length === 1; // a solo score is rated, nobody wins it
    let headline;
    if (result.detail && result.detail.everyone_loses) headline = "Everyone lost together.";
    else if (winners.length === view.seats.length && winners.length > 1)
      headline = "Everyone wins together.";
    else if (view.seats.length === 1) headline = `Game over: ${points(result.scores[0])}.`;
    else headline = `${winners.join(" and ")} ${winners.length > 1 ? "win" : "wins"}!`;
    this.endscreen.replaceChildren(
      ...[
        el("h2", {}, "Game over"),
        el("p", { id: "winners" }, headline),
        ...why.lines.map((line) => el("p", { class: "result-line" }, line)),
        why.tiebreak ? el("p", { id: "tie-break" }, why.tiebreak) : null,
        why.scale ? soloScale(why.scale) : null,
        el(
          "div",
          // it scrolls sideways on a phone: a keyboard reaches it too
          { id: "final-scores-wrap", tabindex: 0, role: "region", "aria-label": "Final scores" },
          el(
            "table",
            { id: "final-scores" },
            el(
              "thead",
              {},
              el(
                "tr",
                {},
                el("th", {}, "Player"),
                parts.map((c) =>
                  el(
                    "th",
                    {},
                    c.title,
                    c.rule
                      ? el(
                          "a",
                          { class: "part-rule", href: `/rules/${view.game}#${c.rule}` },
                          c.rule,
                        )
                      : null,
                  ),
                ),
                el("th", {}, "Score"),
                // beside the score, not in it: a tie-break or a count the game shows
                extras.map((c) =>
                  el(
                    "th",
                    { class: "not-scored" },
                    c.title,
                    el("span", { class: "part-rule" }, "not scored"),
                  ),
                ),
              ),
            ),
            el(
              "tbody",
              {},
              order.map((s) =>
                el(
                  "tr",
                  { class: result.winners.includes(s) && !solo ? "winner" : "", "data-seat": s },
                  el(
                    "td",
                    {},
                    el("span", { class: "dot", style: `background:${playerColour(view, s)}` }),
                    seatName(view, s),
                    result.winners.includes(s) && !solo ? " ★" : "",
                  ),
                  parts.map((c) => el("td", { "data-part": c.title }, String(c.values[s] ?? ""))),
                  el("td", { "data-final-score": s }, String(result.scores[s])),
                  extras.map((c) => el("td", { class: "not-scored" }, String(c.values[s] ?? ""))),
                ),
              ),
            ),
          ),
        ),
        this.reviewSection(),
        el(
          "p",
          {},
          el("a", { href: `/replay/${view.id}` }, "Watch the replay"),
          " · ",
          el("a", { href: "/" }, "Back to the lobby"),
        ),
      ].filter(Boolean),
    );
    this.endscreen.hidden = false;
    if (wasHidden && this.onMove) this.endscreen.focus();
    if (this.onReview && !this.reviewAsked) {
      this.reviewAsked = true;
      this.onReview();
    }
  }

  // The review's progress, then each person's dearest decisions (the end screen only).
  showReview(answer) {
    this.review = answer;
    if (this.view && this.view.status === "over") this.renderEnd();
  }

  reviewSection() {
    if (!this.onReview) return null;
    const r = this.review;
    const parts = [el("h3", {}, "Game review")];
    if (!r) {
      parts.push(el("p", { class: "help" }, "Starting the review…"));
    } else if (r.status === "failed") {
      parts.push(el("p", {}, `No review: ${r.error || "it could not be made"}.`));
    } else if (r.status === "running") {
      parts.push(
        el("p", {}, "Each person's decisions are being judged again in the background…"),
        el("progress", { id: "review-progress", max: r.total || 1, value: r.done }),
        el(
          "span",
          { class: "help" },
          r.total ? ` ${r.done} of ${r.total} decisions` : " counting the decisions",
        ),
      );
    } else if (!r.seats.length) {
      parts.push(el("p", {}, "Only bots played: there is no person's play to review."));
    } else {
      for (const seat of r.seats) {
        parts.push(el("h4", {}, `${seat.name}: the decisions that cost the most`));
        parts.push(
          seat.mistakes.length
            ? el(
                "ol",
                { class: "review-marks", "data-seat": seat.seat },
                seat.mistakes.map((m) =>
                  el(
                    "li",
                    {},
                    el("div", { class: "help" }, `Decision ${m.number}: ${m.prompt}`),
                    el(
                      "div",
                      {},
                      `Played: ${m.played}. Better: `,
                      el("strong", {}, m.better),
                      ` (about ${m.cost} of 100 for how the game went).`,
                    ),
                  ),
                ),
              )
            : el("p", {}, "No decision cost anything measurable."),
        );
        if (seat.judged < seat.decisions)
          parts.push(
            el(
              "p",
              { class: "help" },
              `Its time ran out: ${seat.judged} of ${seat.decisions} decisions judged.`,
            ),
          );
      }
      parts.push(
        el("p", { class: "help" }, `Judged by ${r.reviewer}, from what each seat could see then.`),
      );
    }
    return el("section", { id: "review", "aria-live": "polite" }, parts);
  }
}

// A solo score on the book's scale: each rating from its lowest score, the one
// reached marked with the score.
function soloScale(scale) {
  const steps = [[null, scale.below], ...scale.steps];
  return el(
    "ol",
    { id: "solo-scale", class: "solo-scale", "aria-label": "The solo rating scale" },
    steps.map(([low, title], i) => {
      const reached = title === scale.reached;
      return el(
        "li",
        { class: reached ? "reached" : "", "aria-current": reached ? "true" : null },
        el("span", { class: "threshold" }, low === null ? `under ${steps[1][0]}` : `${low}+`),
        el("span", { class: "title" }, title),
        reached ? el("span", { class: "you" }, points(scale.score)) : null,
      );
    }),
  );
}

function points(n) {
  return `${n} ${n === 1 ? "point" : "points"}`;
}
