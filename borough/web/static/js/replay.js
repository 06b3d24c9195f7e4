// The replay viewer: step or scrub through a finished game's moves, seeing the
// table as a spectator saw it after each one. The game review's marks (each
// person's dearest decisions, with the better move and its cost) stand on the
// moves they judge, and above the table when the replay reaches that decision.
import { api, el, header, fillRulesLinks, notice, seatName } from "./api.js";
import { loadGame, Table } from "./table.js";

const app = document.getElementById("app");
document.getElementById("top").replaceWith(header("Replay"));
fillRulesLinks();

const gameId = decodeURIComponent(window.location.pathname.split("/").filter(Boolean)[1] || "");
let table = null;
let total = 0;
let at = 0;
let timer = null;
let wanted = 0;
const controls = el("div", { class: "panel replay-controls", id: "replay-controls" });
const list = el("ol", { class: "events", id: "replay-moves", start: 1 });
const reviewPanel = el("section", { class: "panel", id: "replay-review", "aria-live": "polite" });
const here = el("div", { id: "review-here", class: "notice info", hidden: true });
const marks = new Map(); // move number -> { name, mark }

async function go(n) {
  n = Math.max(0, Math.min(total, n));
  wanted = n;
  delete document.body.dataset.frame;
  const frame = await api(`/api/games/${gameId}/replay?at=${n}`);
  if (wanted !== n) return; // a newer step was asked for meanwhile
  at = n;
  table.show(frame);
  document.body.dataset.frame = String(n);
  slider.value = String(n);
  position.textContent = `after move ${n} of ${total}`;
  for (const item of list.children)
    item.classList.toggle("current", Number(item.dataset.number) === n);
  const current = list.querySelector(".current");
  if (current) current.scrollIntoView({ block: "nearest" });
  showHere();
}

// Above the table, while the replay stands at a marked decision (the moment
// before the move the review judged), what was played and what was better.
function showHere() {
  const found = marks.get(at + 1);
  here.hidden = !found;
  if (!found) return;
  const { name, mark } = found;
  here.replaceChildren(
    el("strong", {}, `Review, decision ${mark.number}: `),
    `${name}. Played: ${mark.played}. Better: `,
    el("strong", {}, mark.better),
    ` (about ${mark.cost} of 100 for how the game went).`,
  );
}

function markText(mark) {
  return `Better: ${mark.better} (about ${mark.cost} of 100)`;
}

// Each person's marks in the review panel and on the move list.
function showReview(r, first) {
  const parts = [el("h2", {}, "Game review")];
  if (r.status === "failed") {
    parts.push(el("p", {}, `No review: ${r.error || "it could not be made"}.`));
  } else if (r.status === "running") {
    parts.push(
      el("p", {}, "Each person's decisions are being judged again in the background…"),
      el("progress", { id: "review-progress", max: r.total || 1, value: r.done }),
    );
  } else if (!r.seats.length) {
    parts.push(el("p", {}, "Only bots played: there is no person's play to review."));
  } else {
    for (const seat of r.seats) {
      const name = seat.name || seatName(first, seat.seat);
      parts.push(el("h3", {}, `${name}: the decisions that cost the most`));
      if (!seat.mistakes.length) {
        parts.push(el("p", {}, "No decision cost anything measurable."));
        continue;
      }
      parts.push(
        el(
          "ol",
          { class: "review-marks", "data-seat": seat.seat },
          seat.mistakes.map((m) => {
            marks.set(m.number, { name, mark: m });
            return el(
              "li",
              {},
              el(
                "a",
                {
                  href: `#move-${m.number}`,
                  "data-decision": m.number,
                  onclick: (e) => {
                    e.preventDefault();
                    // the table at that decision, with the mark above it, in view
                    go(m.number - 1)
                      .then(() => here.scrollIntoView({ block: "start" }))
                      .catch(show);
                  },
                },
                `Decision ${m.number}`,
              ),
              `. Played: ${m.played}. `,
              el("strong", {}, markText(m)),
            );
          }),
        ),
      );
    }
    parts.push(
      el("p", { class: "help" }, `Judged by ${r.reviewer}, from what each seat could see then.`),
    );
    for (const item of list.children) {
      const found = marks.get(Number(item.dataset.number));
      if (!found || item.querySelector(".review-mark")) continue;
      item.classList.add("reviewed");
      item.append(el("div", { class: "review-mark" }, `▲ ${markText(found.mark)}`));
    }
    showHere();
  }
  reviewPanel.replaceChildren(...parts);
}

// The review: started by the first ask (if nobody asked for it on the end screen),
// then its progress once a second until its marks are in.
async function review(first) {
  for (;;) {
    let answer;
    try {
      answer = await api(`/api/games/${gameId}/review`);
    } catch (err) {
      showReview({ status: "failed", error: err.message }, first);
      return;
    }
    showReview(answer, first);
    if (answer.status !== "running") return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

const slider = el("input", { type: "range", min: 0, value: 0, id: "scrub", "aria-label": "Move" });
const position = el("span", { id: "position", "aria-live": "polite" });
const step = (d) => go(at + d).catch(show);
const playButton = el(
  "button",
  { type: "button", id: "autoplay", onclick: () => toggle() },
  "Play",
);

function show(err) {
  table.setMessage(err.message);
}

function toggle() {
  if (timer) {
    clearInterval(timer);
    timer = null;
    playButton.textContent = "Play";
    return;
  }
  playButton.textContent = "Pause";
  timer = setInterval(() => {
    if (at >= total) {
      toggle();
      return;
    }
    step(1);
  }, 700);
}

async function start() {
  let first;
  try {
    first = await api(`/api/games/${gameId}/replay?at=0`);
  } catch (err) {
    notice(
      app,
      err.status === 409
        ? "This game is still being played: its replay opens once it is over."
        : `No replay: ${err.message}`,
    );
    app.append(
      el(
        "p",
        {},
        el("a", { href: `/play/${gameId}` }, "Watch the game"),
        " · ",
        el("a", { href: "/" }, "Lobby"),
      ),
    );
    return;
  }
  total = first.total;
  const { content, board } = await loadGame(first.game);
  document.title = `Borough — replay of ${first.title}`;
  const tableRoot = el("div");
  slider.max = String(total);
  slider.addEventListener("input", () => go(Number(slider.value)).catch(show));
  controls.replaceChildren(
    el("button", { type: "button", id: "first", onclick: () => go(0).catch(show) }, "« Start"),
    el("button", { type: "button", id: "prev", onclick: () => step(-1) }, "◀ Back"),
    playButton,
    el("button", { type: "button", id: "next", onclick: () => step(1) }, "Next ▶"),
    el("button", { type: "button", id: "last", onclick: () => go(total).catch(show) }, "End »"),
    slider,
    position,
  );
  list.replaceChildren(
    ...first.moves.map((m) =>
      el(
        "li",
        { "data-number": m.number },
        el(
          "a",
          {
            href: `#move-${m.number}`,
            onclick: (e) => {
              e.preventDefault();
              go(m.number).catch(show);
            },
          },
          `${seatName(first, m.seat)}: ${m.text}`,
        ),
      ),
    ),
  );
  reviewPanel.replaceChildren(el("h2", {}, "Game review"), el("p", { class: "help" }, "Starting…"));
  app.replaceChildren(
    el("h1", {}, `Replay: ${first.title}`),
    controls,
    here,
    tableRoot,
    reviewPanel,
    el("section", { class: "panel" }, el("h2", {}, "Every move"), list),
  );
  table = new Table(tableRoot, { game: first.game, content, board });
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement) return;
    if (e.key === "ArrowRight") step(1);
    if (e.key === "ArrowLeft") step(-1);
  });
  await go(0);
  review(first);
}

start().catch((err) => notice(app, `The replay could not start: ${err.message}`));
