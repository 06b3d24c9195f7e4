// Open tables in the lobby: tables with a seat left open, a button to take one, and a
// small form to open a table. Tables are for accounts (a guest keeps playing by seat
// links): the server answers 401 to a guest, and this section says so first.
// Names are only ever put on the page as text.
import { api, el, notice, rememberSeat } from "./api.js";
import { accountState } from "./account.js";

const UNITS = { live: ["minutes"], turns: ["hours", "days"] };
const LIMITS = { minutes: 60, hours: 72, days: 14 };

function clockText(table) {
  const s = table.move_seconds;
  if (table.pace === "live") return `live, ${Math.round(s / 60)} min per turn`;
  if (s % 86400 === 0) return `turn-based, ${s / 86400} d per move`;
  return `turn-based, ${Math.round(s / 3600)} h per move`;
}

function seatText(seat) {
  if (seat.open) return "open seat";
  if (seat.kind === "bot") return `bot (${seat.agent})`;
  return seat.name;
}

async function write(path, body) {
  const state = await accountState();
  return api(path, { body, headers: { "X-CSRF-Token": state.csrf || "" } });
}

async function take(table, button, message) {
  button.disabled = true;
  try {
    const seat = await write(`/api/tables/${encodeURIComponent(table.id)}/join`, {});
    rememberSeat({
      id: table.id,
      seat: seat.seat,
      token: seat.token,
      game: table.game,
      opened: true,
    });
    window.location.assign(seat.join_url);
  } catch (err) {
    button.disabled = false;
    notice(message, `No seat was taken: ${err.message}`);
    loadTables();
  }
}

function tableRow(table, signedIn, message) {
  const button = el(
    "button",
    { type: "button", class: "small", "data-join-table": table.id, disabled: !signedIn },
    "Take a seat",
  );
  button.addEventListener("click", () => take(table, button, message));
  return el(
    "li",
    { class: "open-table", "data-open-table": table.id },
    el("strong", {}, table.title),
    " · ",
    el("span", {}, clockText(table)),
    el(
      "ul",
      { class: "table-seats" },
      table.seats.map((seat) =>
        el(
          "li",
          { class: seat.open ? "open" : "", "data-seat-name": String(seat.seat) },
          seatText(seat),
        ),
      ),
    ),
    button,
  );
}

export async function loadTables() {
  const list = document.getElementById("open-tables");
  const message = document.getElementById("open-tables-message");
  if (!list || !message) return;
  let tables;
  let state;
  try {
    [tables, state] = await Promise.all([api("/api/tables"), accountState()]);
  } catch (err) {
    notice(list, `Open tables could not be loaded: ${err.message}`);
    return;
  }
  const signedIn = Boolean(state.account);
  document.getElementById("open-table-form").hidden = !signedIn;
  document.getElementById("open-tables-guest").hidden = signedIn;
  loadEmail();
  list.replaceChildren(
    tables.length
      ? el(
          "ul",
          { class: "open-table-list" },
          tables.map((t) => tableRow(t, signedIn, message)),
        )
      : el("p", {}, "No table has a seat open just now."),
  );
}

function openForm(meta) {
  const message = el("div", { id: "open-table-message" });
  const game = el(
    "select",
    { id: "table-game", name: "game" },
    meta.games.map((g) => el("option", { value: g.name }, g.title)),
  );
  const players = el("select", { id: "table-players", name: "players" });
  const pace = el(
    "select",
    { id: "table-pace", name: "pace" },
    el("option", { value: "turns" }, "Turn-based"),
    el("option", { value: "live" }, "Live"),
  );
  const unit = el("select", {
    id: "table-unit",
    name: "unit",
    "aria-label": "Unit of the time per move",
  });
  const perMove = el("input", { id: "table-per-move", type: "number", min: "1", value: "1" });
  const bot = el(
    "select",
    { id: "table-bot", name: "bot" },
    meta.agents.map((a) => el("option", { value: a, selected: a === "medium" }, a)),
  );
  function fill() {
    const chosen = meta.games.find((g) => g.name === game.value);
    players.replaceChildren(
      ...chosen.players
        .filter((n) => n >= 2)
        .map((n) => el("option", { value: String(n) }, String(n))),
    );
    unit.replaceChildren(...UNITS[pace.value].map((u) => el("option", { value: u }, u)));
    perMove.max = String(LIMITS[unit.value]);
  }
  game.addEventListener("change", fill);
  pace.addEventListener("change", fill);
  unit.addEventListener("change", () => (perMove.max = String(LIMITS[unit.value])));
  fill();
  const button = el(
    "button",
    { type: "submit", class: "primary", id: "open-table-button" },
    "Open the table",
  );
  const form = el(
    "form",
    { id: "open-table-form", class: "open-table-form", hidden: true },
    el("label", { for: "table-game" }, "Game"),
    game,
    el("label", { for: "table-players" }, "Players"),
    players,
    el("label", { for: "table-pace" }, "Pace"),
    pace,
    el("label", { for: "table-per-move" }, "Time per move"),
    el("span", { class: "clock-input" }, perMove, unit),
    el("label", { for: "table-bot" }, "A seat out of time goes to"),
    bot,
    button,
    message,
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    button.disabled = true;
    const n = Number(players.value);
    const seats = [{ kind: "me" }, ...Array.from({ length: n - 1 }, () => ({ kind: "open" }))];
    try {
      const mine = await write("/api/tables", {
        game: game.value,
        players: n,
        seats,
        bot: bot.value,
        clock: { pace: pace.value, per_move: Number(perMove.value), unit: unit.value },
      });
      rememberSeat({
        id: mine.id,
        seat: mine.seat,
        token: mine.token,
        game: game.value,
        opened: true,
      });
      window.location.assign(mine.join_url);
    } catch (err) {
      button.disabled = false;
      notice(message, `The table was not opened: ${err.message}`);
    }
  });
  return form;
}

// Turn e-mails: the account's address (verified by the link sent to it) and whether
// it wants a message when its turn begins at a turn-based table.
async function loadEmail() {
  const box = document.getElementById("turn-email");
  if (!box) return;
  const state = await accountState();
  if (!state.account) {
    box.replaceChildren();
    return;
  }
  let mail;
  try {
    mail = await api("/api/account/email");
  } catch (err) {
    notice(box, `Turn e-mails could not be loaded: ${err.message}`);
    return;
  }
  if (!mail.sending) {
    box.replaceChildren(el("p", { class: "hint" }, "This server sends no e-mail."));
    return;
  }
  const address = el("input", {
    id: "turn-email-address",
    type: "email",
    autocomplete: "email",
    maxlength: "254",
    value: mail.address || "",
  });
  const notify = el("input", {
    id: "turn-email-notify",
    type: "checkbox",
    checked: mail.notify || !mail.address,
  });
  const message = el("div", { id: "turn-email-message" });
  const status = mail.address
    ? mail.verified
      ? `${mail.address} is verified.`
      : `Follow the link sent to ${mail.address} to verify it.`
    : "No address given yet.";
  const form = el(
    "form",
    { class: "turn-email-form" },
    el("label", { for: "turn-email-address" }, "E-mail address"),
    address,
    el("label", { class: "check" }, notify, " Tell me when it is my turn at a turn-based table"),
    el("button", { type: "submit", id: "turn-email-save" }, "Save"),
    el("p", { id: "turn-email-status", class: "hint" }, status),
    message,
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      if (mail.address && address.value === mail.address) {
        await write("/api/account/email/notify", { notify: notify.checked });
      } else {
        await write("/api/account/email", { address: address.value, notify: notify.checked });
      }
      loadEmail();
    } catch (err) {
      notice(message, `Not saved: ${err.message}`);
    }
  });
  box.replaceChildren(el("h3", {}, "Turn e-mails"), form);
}

// The lobby's section: the open tables, and the form to open one.
export function tablesSection(meta) {
  const refresh = el("button", { type: "button", class: "small" }, "Refresh");
  refresh.addEventListener("click", loadTables);
  return el(
    "section",
    { class: "panel", "aria-labelledby": "tables-title", id: "open-tables-panel" },
    el("h2", { id: "tables-title" }, "Open tables"),
    el(
      "p",
      {},
      "Tables waiting for players: take a seat and the table starts once every seat is taken. " +
        "A seat whose time per move runs out is played by a bot from then on.",
    ),
    el(
      "p",
      { id: "open-tables-guest", class: "hint" },
      "Log in (under My games) to open a table or take a seat.",
    ),
    refresh,
    el("div", { id: "open-tables-message" }),
    el("div", { id: "open-tables" }, "Loading…"),
    el("h3", {}, "Open a table"),
    openForm(meta),
    el("div", { id: "turn-email" }),
  );
}
