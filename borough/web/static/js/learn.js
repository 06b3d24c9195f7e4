// The guided first game: the table with one move offered at each of the person's
// decisions, what to do and why above the board, and a teaching sentence for a click
// anywhere else (nothing is played then). The position comes from the server, which
// replays the tutorial's deal and moves, so a reload resumes at the same decision.
import { api, el, header, fillRulesLinks, notice, rememberSeat } from "./api.js";
import { loadGame, Table } from "./table.js";

const app = document.getElementById("app");
document.getElementById("top").replaceWith(header("Learn"));
fillRulesLinks();

const game = decodeURIComponent(window.location.pathname.split("/").filter(Boolean)[1] || "");
const RULE_ID = /\b([A-Z]{2,4}-[A-Z]?\d+)\b/g;
let table = null;
let step = null;
const coach = el("section", {
  class: "panel coach",
  id: "coach",
  "aria-live": "polite",
  "aria-labelledby": "coach-title",
});

// The step's sentence, its rule ids leading to their paragraph of the full rules.
function withRules(text) {
  return text
    .split(RULE_ID)
    .map((part, i) =>
      i % 2
        ? el("a", { href: `/rules/${game}#${part}`, target: "_blank", rel: "noopener" }, part)
        : part,
    );
}

async function startRealGame(button) {
  const seats = [{ kind: "human" }];
  for (let i = 1; i < step.players; i++) seats.push({ kind: "bot", agent: "easy" });
  button.disabled = true;
  try {
    const created = await api("/api/games", {
      body: { game, players: step.players, options: {}, seats, hints: true },
    });
    const mine = created.seats[0];
    rememberSeat({
      id: created.id,
      seat: 0,
      token: mine.token,
      name: mine.name,
      game,
      title: step.title,
      opened: true,
    });
    window.location.assign(mine.join_url);
  } catch (err) {
    button.disabled = false;
    notice(coach, `The game was not created: ${err.message}`);
  }
}

function showCoach() {
  const parts = [
    el(
      "h2",
      { id: "coach-title" },
      step.done
        ? `${step.title}: you are ready`
        : `Learn ${step.title}: step ${step.decision + 1} of ${step.decisions}`,
    ),
    el("progress", { max: step.decisions, value: step.decision, id: "coach-progress" }),
  ];
  if (step.decision === 0) parts.push(el("p", { class: "help" }, step.intro));
  // the step's sentence is the prompt above the board; here its rule ids as links
  const rules = step.text.match(RULE_ID) || [];
  if (!step.done && rules.length)
    parts.push(
      el("p", { class: "help" }, "The rules behind this step: ", withRules(rules.join(", "))),
    );
  if (step.done) {
    parts.push(el("p", { id: "coach-text", class: "coach-text" }, step.text));
    const button = el(
      "button",
      { type: "button", class: "primary", id: "real-game" },
      "Play a real game against the easy bots",
    );
    button.addEventListener("click", () => startRealGame(button));
    parts.push(button);
  }
  coach.replaceChildren(...parts);
}

async function go(decision) {
  table.setBusy(true);
  try {
    step = await api(`/api/tutorials/${encodeURIComponent(game)}?decision=${decision}`);
  } catch (err) {
    table.setBusy(false);
    table.setMessage(`The next step could not be read: ${err.message}`);
    return;
  }
  table.setBusy(false);
  document.body.dataset.tutorialStep = String(step.decision);
  document.body.dataset.tutorialDone = step.done ? "1" : "";
  const url = new URL(window.location.href);
  url.searchParams.set("step", String(step.decision));
  window.history.replaceState(null, "", url);
  showCoach();
  table.show(step.view);
  if (step.done) {
    table.promptBar.textContent = "You are ready: the guided game is over.";
    const turn = document.getElementById("turn");
    if (turn) turn.textContent = "Guided game finished";
    // the end screen's way on is the real game above, not a replay of this one
    for (const a of document.querySelectorAll("#endscreen a[href^='/replay/']")) {
      const sep = a.nextSibling;
      if (sep && sep.nodeType === Node.TEXT_NODE) sep.remove();
      a.remove();
    }
  }
}

// A click on the board outside the one place the step points to teaches instead.
function teach(event) {
  if (!step || step.done || table.busy) return;
  if (event.target.closest && (event.target.closest(".live") || event.target.closest("a"))) return;
  if (!event.target.closest("svg")) return;
  event.stopPropagation();
  event.preventDefault();
  table.setMessage(step.wrong, "info");
  document.body.dataset.taught = String(Number(document.body.dataset.taught || 0) + 1);
}

async function start() {
  let loaded;
  try {
    loaded = await loadGame(game);
  } catch (err) {
    notice(app, `No guided game for ${game}: ${err.message}`);
    return;
  }
  const root = el("div", { id: "learn" });
  app.replaceChildren(coach, root);
  table = new Table(root, {
    game,
    content: loaded.content,
    board: loaded.board,
    onMove: (move) => {
      if (move.index === step.view.legal_actions[0].index) go(step.decision + 1);
      else table.setMessage(step.wrong, "info");
    },
    onAttempt: () => table.setMessage(step.wrong, "info"),
  });
  table.boardWrap.addEventListener("click", teach, true);
  const asked = Number(new URLSearchParams(window.location.search).get("step") || "0");
  await go(Number.isInteger(asked) && asked >= 0 ? asked : 0);
}

start();
