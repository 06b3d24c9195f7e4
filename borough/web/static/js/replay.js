// The replay viewer: step or scrub through a finished game's moves, seeing the
// table as a spectator saw it after each one.
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
  app.replaceChildren(
    el("h1", {}, `Replay: ${first.title}`),
    controls,
    tableRoot,
    el("section", { class: "panel" }, el("h2", {}, "Every move"), list),
  );
  table = new Table(tableRoot, { game: first.game, content, board });
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement) return;
    if (e.key === "ArrowRight") step(1);
    if (e.key === "ArrowLeft") step(-1);
  });
  await go(0);
}

start().catch((err) => notice(app, `The replay could not start: ${err.message}`));
