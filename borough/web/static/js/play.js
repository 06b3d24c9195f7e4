// The play page: one seat's view of a live game (or a spectator's), kept up to
// date by the server's WebSocket, with the seat's moves sent as they are chosen.
import { api, ApiError, el, header, fillRulesLinks, notice, rememberSeat } from "./api.js";
import { loadGame, Table } from "./table.js";
import { TurnAlerts } from "./alerts.js";
import { Chat } from "./chat.js";
import { Follow } from "./follow.js";

const app = document.getElementById("app");
document.getElementById("top").replaceWith(header("Game"));
fillRulesLinks();

const gameId = decodeURIComponent(window.location.pathname.split("/").filter(Boolean)[1] || "");
const token = new URLSearchParams(window.location.search).get("token") || "";
let table = null;
let follow = null;
const alerts = new TurnAlerts();
const chat = new Chat(gameId, token);
let socket = null;
let retry = 500;

// Bot pacing: views pushed one right after another (bots answering each other) are
// shown one at a time, so a person can follow each move. The answer to your own
// move is never held back. The choice is kept in this browser.
const PACES = { normal: 700, fast: 250, instant: 0 };
const PACE_KEY = "borough.botSpeed";
const waiting = []; // pushed views not yet shown, oldest first
// Bots faster than the pace for a long time (a table of bots) would leave the page
// ever further behind: past this many waiting views the oldest are passed over (each
// view is whole, and the log still lists every move).
const MOST_WAITING = 12;
let shownAt = 0; // when the last view was put on the table
let pacer = null;

function pace() {
  let chosen = null;
  try {
    chosen = window.localStorage.getItem(PACE_KEY);
  } catch {
    chosen = null;
  }
  return Object.hasOwn(PACES, chosen) ? chosen : "normal";
}

function viewPath() {
  return token
    ? `/api/games/${gameId}/view?token=${encodeURIComponent(token)}`
    : `/api/games/${gameId}`;
}

function accept(view) {
  // Versions only grow: an answer to a move may arrive after a newer push, and a push
  // may repeat what an answer showed already.
  if (table.view && view.version < table.view.version) return;
  while (waiting.length && waiting[0].version <= view.version) waiting.shift();
  const before = table.view;
  table.show(view);
  follow.shown(before, view, PACES[pace()]);
  // the alert follows the newest view the server sent, even one still held back
  alerts.update(waiting.length ? waiting[waiting.length - 1] : view);
  document.body.dataset.version = String(view.version);
  shownAt = performance.now(); // once drawn: the pace is the time it stays in sight
  const seatControls = document.getElementById("seat-controls");
  const mine = view.seats.find((s) => s.seat === view.seat);
  if (seatControls && (view.status === "over" || (mine && mine.kind === "bot")))
    seatControls.remove();
  showTakeBack(view);
}

// The take-back offer, or why there is none: the server's reason rests on what this
// seat may see alone (a tutorial's view has neither, and shows no button).
function showTakeBack(view) {
  const undo = document.getElementById("undo");
  if (!undo) return;
  const why = view.can_undo ? null : view.undo_refusal;
  const mine = view.seats.find((s) => s.seat === view.seat);
  const bot = mine && mine.kind !== "human"; // the seat was left to a bot: it only watches
  undo.hidden = view.status === "over" || bot || (!view.can_undo && !why);
  undo.disabled = !view.can_undo;
  undo.title = why ? `No take-back: ${why}` : "Take back your last move of this turn";
  undo.querySelector(".why").textContent = why ? `(${why})` : "";
}

// A pushed view waits its turn when the last one went up less than the pace ago.
function pushed(view) {
  const last = waiting.length ? waiting[waiting.length - 1] : table.view;
  if (last && view.version < last.version) return;
  // The same version is the same view (a socket's first push repeats what the page
  // fetched): drawing it again would only move the keyboard's focus off the board.
  if (last === table.view && last && view.version === last.version) return;
  waiting.push(view);
  if (waiting.length > MOST_WAITING) waiting.splice(0, waiting.length - MOST_WAITING);
  alerts.update(view); // the turn is told as it arrives, before the moves are shown
  drain();
}

function drain() {
  if (pacer !== null) return;
  while (waiting.length) {
    const wait = PACES[pace()];
    if (wait === 0) {
      accept(waiting[waiting.length - 1]);
      waiting.length = 0;
      break;
    } // to the newest
    const gap = wait - (performance.now() - shownAt);
    if (gap > 0) {
      document.body.dataset.pacing = "1";
      pacer = setTimeout(() => {
        pacer = null;
        drain();
      }, gap);
      return;
    }
    accept(waiting.shift());
  }
  delete document.body.dataset.pacing;
}

async function refresh() {
  accept(await api(viewPath()));
}

async function suggestMove() {
  if (table.busy) return;
  table.setBusy(true);
  const version = table.view.version;
  try {
    const answer = await api(`/api/games/${gameId}/suggest`, { body: { token, version } });
    if (table.view.version === answer.version) table.suggest(answer);
  } catch (err) {
    table.setMessage(`No suggestion: ${err.message}`, err.status === 429 ? "info" : "error");
  } finally {
    table.setBusy(false);
    table.render();
  }
}

// The finished game's review: started by the first ask, then its progress once a second.
async function reviewGame() {
  for (;;) {
    let answer;
    try {
      answer = await api(`/api/games/${gameId}/review`);
    } catch (err) {
      table.showReview({ status: "failed", error: err.message });
      return;
    }
    table.showReview(answer);
    if (answer.status !== "running") return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

// Moves go over the game's socket while it is open: the server answers a move taken
// with the push every move makes (the seat's new view), and one it refuses with
// {type: "refused", status, error, ref}, the status and words of the POST. While the
// socket is closed, moves are posted.
const SOCKET_ANSWER_MS = 10000;
let nextRef = 1;
let inFlight = null; // the move sent on the socket and not yet answered
let lastAnswered = null; // the last move a push answered: a refusal may still follow

class Lost extends Error {}

function settle(outcome, value) {
  const move = inFlight;
  inFlight = null;
  clearTimeout(move.timer);
  if (outcome === "resolve") {
    lastAnswered = { ref: move.ref, choice: move.choice };
    move.resolve(value);
  } else move.reject(value);
}

function sendOnSocket(choice, version) {
  return new Promise((resolve, reject) => {
    const ref = nextRef++;
    inFlight = { ref, version, choice, resolve, reject };
    inFlight.timer = setTimeout(() => settle("reject", new Lost()), SOCKET_ANSWER_MS);
    socket.send(JSON.stringify({ version, action: choice.action, ref }));
  });
}

// A view pushed while a move is on its way: a newer one answers it (the move taken,
// or another seat's change first, after which a refusal may still come).
function answers(view) {
  if (!inFlight || view.version <= inFlight.version) return false;
  settle("resolve", view);
  return true;
}

function refused(message) {
  const error = new ApiError(message.status, message.error);
  if (inFlight && message.ref === inFlight.ref) {
    settle("reject", error);
    return;
  }
  // A move a push seemed to answer was refused after all (another seat's change came
  // first): handled as a refusal of the POST would have been.
  if (!lastAnswered || message.ref !== lastAnswered.ref || table.busy) return;
  const { choice } = lastAnswered;
  lastAnswered = null;
  if (message.status === 409)
    refresh()
      .then(() => {
        const still =
          table.view.your_turn && table.view.legal_actions.find((m) => m.index === choice.index);
        if (still) move(still);
      })
      .catch(() => {});
  else {
    table.setMessage(moveError(error));
    refresh().catch(() => {});
  }
}

let sent = 0; // moves sent, either way (the page's tests read it)

async function send(choice) {
  const version = table.view.version;
  document.body.dataset.sent = String(++sent);
  if (socket && socket.readyState === WebSocket.OPEN && !inFlight) {
    try {
      document.body.dataset.sentBy = "socket";
      return await sendOnSocket(choice, version);
    } catch (err) {
      if (!(err instanceof Lost)) throw err;
      // The socket closed (or stayed silent) with the move on its way. Posted from the
      // same version the move is stored at most once: if it went through, it is stale.
      const fresh = await api(viewPath());
      if (fresh.version > version) return fresh;
    }
  }
  document.body.dataset.sentBy = "post";
  return api(`/api/games/${gameId}/actions`, {
    body: { token, version, action: choice.action },
  });
}

function moveError(err) {
  const why = err.status === 422 ? `That move is not allowed: ${err.message}` : err.message;
  return why.charAt(0).toUpperCase() + why.slice(1);
}

async function move(choice) {
  if (table.busy) return;
  table.setBusy(true);
  table.setMessage("");
  try {
    if (waiting.length) {
      // Newer views are held back for pacing: the move goes from the newest, if it is
      // still open there, rather than be refused as stale.
      accept(waiting[waiting.length - 1]);
      const still =
        table.view.your_turn && table.view.legal_actions.find((m) => m.index === choice.index);
      if (!still) {
        table.setMessage("The table changed meanwhile: choose again.", "info");
        return;
      }
      choice = still;
    }
    let view;
    try {
      view = await send(choice);
    } catch (err) {
      // Another seat moved first (a step everyone plays at once): when the same move is
      // still open to us, it is sent again from the new view.
      if (err.status !== 409) throw err;
      const fresh = await api(viewPath());
      accept(fresh);
      const again = fresh.your_turn && fresh.legal_actions.find((m) => m.index === choice.index);
      if (!again) throw err;
      view = await send(again);
    }
    accept(view);
  } catch (err) {
    table.setMessage(moveError(err));
    try {
      await refresh();
    } catch (again) {
      /* the message above already tells what went wrong */
    }
  } finally {
    table.setBusy(false);
    table.render();
  }
}

async function attempt(action, label) {
  // A place with no legal move: the server says why and changes nothing, so the
  // refusal is an answer rather than a failed request.
  if (table.busy) return;
  table.setBusy(true);
  try {
    const answer = await api(`/api/games/${gameId}/explain`, { body: { token, action } });
    if (answer.allowed)
      await refresh(); // the view was behind: the place is open now
    else table.setMessage(`${label}: not allowed, ${answer.reason}`, "error", answer.rule);
  } catch (err) {
    table.setMessage(err.message);
  } finally {
    table.setBusy(false);
    table.render();
  }
}

function connect() {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  socket = new WebSocket(`${scheme}://${window.location.host}/ws/games/${gameId}${query}`);
  socket.addEventListener("open", () => {
    if (retry > 500) chat.load(); // messages written while the socket was away
    retry = 500;
    document.body.dataset.live = "1";
  });
  socket.addEventListener("message", (event) => {
    try {
      const data = JSON.parse(event.data);
      if (data.type === "chat") chat.receive(data);
      else if (data.type === "refused") refused(data);
      else if (!answers(data)) pushed(data); // the answer to a move is shown at once
    } catch (err) {
      console.error("a pushed view could not be shown", err);
    }
  });
  socket.addEventListener("close", (event) => {
    delete document.body.dataset.live;
    if (inFlight) settle("reject", new Lost());
    if (event.code >= 4000) {
      table.setMessage(event.reason || "The server closed the live connection.");
      return;
    }
    if (table.view && table.view.status === "over") return;
    setTimeout(() => {
      refresh().catch(() => {});
      connect();
    }, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

function paceControl() {
  const select = el(
    "select",
    { id: "bot-speed" },
    Object.keys(PACES).map((p) => el("option", { value: p, selected: p === pace() }, p)),
  );
  select.addEventListener("change", () => {
    try {
      window.localStorage.setItem(PACE_KEY, select.value);
    } catch {
      /* private mode: this page only */
    }
    if (pacer !== null) {
      clearTimeout(pacer);
      pacer = null;
    }
    drain();
  });
  return el(
    "div",
    { class: "panel pace" },
    el("label", { for: "bot-speed" }, "Bot speed: ", select),
    el(
      "div",
      { class: "help" },
      "Normal shows each other player's move for a moment; instant jumps to the newest.",
    ),
  );
}

function controls(view) {
  const box = el("div", { class: "panel", id: "seat-controls" });
  if (view.seat === null || view.seat === undefined || view.status === "over") return box;
  box.append(el("h2", {}, "Your seat"));
  box.append(
    el(
      "p",
      { class: "help", id: "hints-status" },
      view.hints
        ? "Suggestions are on in this game: any seat may ask the medium bot for a move."
        : "Suggestions are off in this game: its creator chose to play without them.",
    ),
  );
  // the take-back is a move-like button: it sits in the action bar with the moves, and
  // steps back one move of this turn at a time, against bots too
  const undo = el(
    "button",
    {
      type: "button",
      id: "undo",
      onclick: async () => {
        try {
          accept(await api(`/api/games/${gameId}/undo`, { body: { token } }));
          table.setMessage("Your last move was taken back.", "info");
        } catch (err) {
          table.setMessage(`No take-back: ${err.message}`);
        }
      },
    },
    "Take back ",
    el("span", { class: "why" }),
  );
  table.barTools.replaceChildren(undo);
  showTakeBack(view);
  box.append(
    el(
      "button",
      {
        type: "button",
        id: "leave",
        onclick: async () => {
          if (!window.confirm("Leave the game? A medium bot takes over your seat.")) return;
          try {
            await api(`/api/games/${gameId}/seats/${view.seat}/bot`, {
              body: { token, agent: "medium" },
            });
            await refresh();
          } catch (err) {
            table.setMessage(err.message);
          }
        },
      },
      "Leave: a bot plays my seat",
    ),
  );
  return box;
}

async function start() {
  if (!gameId) {
    notice(app, "This address names no game; open one from the lobby.");
    return;
  }
  let view;
  try {
    view = await api(viewPath());
  } catch (err) {
    notice(
      app,
      err.status === 403
        ? "This link's seat token is not valid for this game."
        : `The game cannot be shown: ${err.message}`,
    );
    app.append(el("p", {}, el("a", { href: "/" }, "Back to the lobby")));
    return;
  }
  const { content, board } = await loadGame(view.game);
  alerts.setTitle(`Borough — ${view.title}`);
  table = new Table(app, {
    game: view.game,
    content,
    board,
    onMove: token ? move : null,
    onAttempt: token ? attempt : null,
    onSuggest: token ? suggestMove : null,
    onReview: reviewGame,
  });
  follow = new Follow(table);
  accept(view);
  table.extra.append(chat.panel, controls(view), paceControl());
  await chat.load();
  if (token && view.seat !== null && view.seat !== undefined && view.status !== "over")
    table.extra.append(alerts.panel());
  if (token && view.seat !== null && view.seat !== undefined) {
    const me = view.seats.find((s) => s.seat === view.seat);
    rememberSeat({
      id: view.id,
      seat: view.seat,
      token,
      name: me ? me.name : "",
      game: view.game,
      title: view.title,
      opened: true,
    });
  }
  connect();
}

start().catch((err) => {
  notice(app, `The page could not start: ${err.message}`);
});
