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
    this.boardWrap = el("div", { class: "board-wrap", id: "board" });
    this.hint = el("div", { class: "tooltip", id: "hint", "aria-live": "polite" });
    this.moves = el("section", {
      class: "panel moves",
      id: "moves",
      "aria-labelledby": "moves-title",
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
          this.promptBar,
          this.boardWrap,
          this.hint,
          this.legend,
        ),
        el("div", { class: "side" }, this.moves, this.players, this.eventsBox, this.extra),
      ),
    );
    // a click on the board while another player decides says so, instead of nothing
    this.boardWrap.addEventListener("click", (event) => {
      const view = this.view;
      if (!view || !this.onMove || view.status === "over" || this.interactive()) return;
      if (event.target.closest && event.target.closest("a")) return;
      const who = view.to_act.map((s) => seatName(view, s)).join(" and ");
      this.setMessage(`It is not your turn: ${who || "another player"} is deciding.`, "info");
    });
  }

  // A floating notice over the page (it never pushes the board down); the ✕ or the
  // next move dismisses it.
  setMessage(text, kind = "error") {
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
        text,
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
        text += ` — several moves fit that place: choose one of the ${this.narrowed.length} in the Moves list`;
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
            "aria-controls": "guide-drawer",
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
    this.boardWrap.replaceChildren(drawing);
    if (drawing instanceof SVGSVGElement) {
      // frame everything the board drew, whatever size its parts came out
      const box = drawing.getBBox();
      if (box.width > 0 && box.height > 0) {
        drawing.setAttribute(
          "viewBox",
          `${Math.floor(box.x - 6)} ${Math.floor(box.y - 6)} ${Math.ceil(box.width + 12)} ${Math.ceil(box.height + 12)}`,
        );
        drawing.style.maxWidth = `${Math.ceil((box.width + 12) * 1.5)}px`; // small boards stay readable, not huge
      }
    }
    this.bringIntoView();
  }

  // On a narrow screen a decision whose places all lie off screen brings the first of
  // them into view, once per decision: a person would not know where to look.
  bringIntoView() {
    const version = this.view.version;
    if (!narrowScreen() || !this.interactive() || this.scrolledFor === version) return;
    this.scrolledFor = version;
    requestAnimationFrame(() => {
      const live = [...this.boardWrap.querySelectorAll(".live")];
      const seen = live.some((n) => {
        const r = n.getBoundingClientRect();
        return r.bottom > 0 && r.top < window.innerHeight;
      });
      if (live.length && !seen) live[0].scrollIntoView({ block: "center" });
    });
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
      const go = () => this.choose(matches);
      node.addEventListener("click", go);
      node.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          go();
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
          else this.setMessage(`${label || detail}: no move of yours can use this now.`);
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

  choose(matches) {
    if (this.busy) return;
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
    const parts = [el("h2", { id: "moves-title" }, "Moves")];
    if (view.status === "over") {
      parts.push(el("p", {}, "No more moves: the game is over."));
    } else if (!this.interactive()) {
      const mine = view.seats.find((s) => s.seat === view.seat);
      parts.push(
        el(
          "p",
          {},
          view.seat === null || view.seat === undefined
            ? "Spectators watch the moves as they happen."
            : mine && mine.kind === "bot"
              ? `A bot (${mine.agent}) now plays your seat.`
              : `Waiting for ${view.to_act.map((s) => seatName(view, s)).join(" and ")}…`,
        ),
      );
    } else if (this.narrowed) {
      parts.push(el("p", { class: "prompt" }, `Choose one of ${this.narrowed.length} moves:`));
      parts.push(...this.suggestParts());
      parts.push(...this.narrowed.map((m) => this.moveButton(m)));
      parts.push(
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
      parts.push(el("p", { class: "prompt" }, view.prompt || "Your decision"));
      parts.push(...this.suggestParts());
      if (onBoard)
        parts.push(
          el(
            "p",
            { class: "help" },
            `The places you can choose are outlined in yellow on the board${loose.length ? "; or choose here:" : "."}`,
          ),
        );
      parts.push(...loose.map((m) => this.moveButton(m)));
      if (onBoard) {
        parts.push(
          el(
            "details",
            { id: "all-moves" },
            el("summary", {}, `Every move as a list (${view.legal_actions.length})`),
            view.legal_actions.map((m) => this.moveButton(m, "list")),
          ),
        );
      }
    }
    this.moves.replaceChildren(...parts);
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
          ),
        ),
      ),
    );
  }

  renderEvents() {
    const events = this.view.events || [];
    const list = el(
      "ol",
      { class: "events", id: "events" },
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
    let headline;
    if (result.detail && result.detail.everyone_loses) headline = "Everyone lost together.";
    else if (winners.length === view.seats.length && winners.length > 1)
      headline = "Everyone wins together.";
    else if (view.seats.length === 1) headline = `Game over: ${result.scores[0]} points.`;
    else headline = `${winners.join(" and ")} ${winners.length > 1 ? "win" : "wins"}!`;
    this.endscreen.replaceChildren(
      ...[
        el("h2", {}, "Game over"),
        el("p", { id: "winners" }, headline),
        ...why.lines.map((line) => el("p", { class: "result-line" }, line)),
        why.tiebreak ? el("p", { id: "tie-break" }, why.tiebreak) : null,
        el(
          "div",
          { id: "final-scores-wrap" },
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
                why.columns.map((c) => el("th", {}, c.title)),
                el("th", {}, "Score"),
              ),
            ),
            el(
              "tbody",
              {},
              order.map((s) =>
                el(
                  "tr",
                  { class: result.winners.includes(s) ? "winner" : "", "data-seat": s },
                  el(
                    "td",
                    {},
                    el("span", { class: "dot", style: `background:${playerColour(view, s)}` }),
                    seatName(view, s),
                    result.winners.includes(s) ? " ★" : "",
                  ),
                  why.columns.map((c) => el("td", {}, String(c.values[s] ?? ""))),
                  el("td", { "data-final-score": s }, String(result.scores[s])),
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
