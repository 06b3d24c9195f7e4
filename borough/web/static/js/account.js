// Optional accounts: the lobby's panel to sign up, log in and out, and the seats an
// account keeps on the server so that "My games" is the same on every device.
// A guest needs none of it: a seat's link plays without an account.
//
// The session lives in an HttpOnly cookie this code never reads; each write sends
// the session's CSRF token (from GET /api/account) in the X-CSRF-Token header.
// User names are only ever put on the page as text.
import { api, el, notice, mySeats } from "./api.js";

let current = null; // {account, csrf} once asked
let asking = null; // the question on its way, so that callers at once share it

export async function accountState(fresh = false) {
  if (current && !fresh) return current;
  if (!asking || fresh) {
    asking = api("/api/account").catch(() => ({ account: null, csrf: null }));
  }
  const answer = await asking;
  current = answer;
  return answer;
}

function write(path, body = {}) {
  return api(path, { body, headers: { "X-CSRF-Token": (current && current.csrf) || "" } });
}

// Keep seats in the account: [{id, token, opened}] as this browser's list holds them.
export async function claimSeats(seats) {
  const state = await accountState();
  if (!state.account || !seats.length) return null;
  return write("/api/account/seats", {
    seats: seats.map((s) => ({ game_id: s.id, token: s.token, opened: Boolean(s.opened) })),
  });
}

// The account's seats in the form of this browser's list (null for a guest).
export async function accountSeats() {
  const state = await accountState();
  if (!state.account) return null;
  const answer = await api("/api/account/seats");
  return answer.seats;
}

// After a log-in the cookie must come back: a browser refuses a Secure cookie over
// plain http, which the server's operator decides (BOROUGH_COOKIE_SECURE).
async function confirmed(message) {
  const state = await accountState(true);
  if (!state.account) {
    notice(
      message,
      "The browser did not keep the log-in: this server is reached over plain http. " +
        "Its operator serves it over https, or sets BOROUGH_COOKIE_SECURE=off for a trusted network.",
    );
  }
  return Boolean(state.account);
}

function accountForm(kind, message, changed) {
  const signUp = kind === "signup";
  const name = el("input", {
    id: `${kind}-name`,
    name: "username",
    autocomplete: "username",
    maxlength: 32,
    minlength: 3,
    required: true,
  });
  const password = el("input", {
    id: `${kind}-password`,
    name: "password",
    type: "password",
    autocomplete: signUp ? "new-password" : "current-password",
    maxlength: 256,
    required: true,
    "aria-describedby": signUp ? "signup-help" : null,
  });
  const form = el(
    "form",
    { id: `${kind}-form`, class: "account-form", novalidate: true },
    el("label", { for: name.id }, "User name ", name),
    el("label", { for: password.id }, "Password ", password),
    signUp
      ? el(
          "div",
          { class: "help", id: "signup-help" },
          "At least 10 characters; the most common passwords are refused. " +
            "The games this browser holds come along.",
        )
      : null,
    el(
      "button",
      { class: "primary", type: "submit", id: `${kind}-button` },
      signUp ? "Sign up" : "Log in",
    ),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    notice(message, "");
    const body = { name: name.value.trim(), password: password.value };
    if (signUp) {
      body.seats = mySeats()
        .slice(0, 60)
        .map((s) => ({ game_id: s.id, token: s.token, opened: Boolean(s.opened) }));
    }
    try {
      current = await api(signUp ? "/api/account/signup" : "/api/account/login", { body });
      if (await confirmed(message)) changed();
    } catch (err) {
      notice(message, `${signUp ? "No account was made" : "Not logged in"}: ${err.message}`);
      password.focus();
    }
  });
  return form;
}

// The panel: who is logged in here, or the forms to log in and to sign up.
export function accountPanel(onChange) {
  const box = el("div", { id: "account", class: "account" });
  const message = el("div", { id: "account-message" });
  const changed = () => {
    draw();
    onChange();
  };
  const leave = async (path) => {
    notice(message, "");
    try {
      await write(path);
    } catch (err) {
      notice(message, `Not logged out: ${err.message}`);
      return;
    }
    await accountState(true);
    changed();
  };
  const draw = async () => {
    const state = await accountState();
    if (state.account) {
      box.replaceChildren(
        el(
          "p",
          { class: "account-who" },
          "Logged in as ",
          el("strong", { id: "account-name" }, state.account.name),
          ": your games are listed on every device you log in on. ",
          el(
            "a",
            { id: "account-profile", href: `/players/${encodeURIComponent(state.account.name)}` },
            "Your ratings",
          ),
        ),
        el(
          "div",
          { class: "actions" },
          el(
            "button",
            { type: "button", id: "logout", onclick: () => leave("/api/account/logout") },
            "Log out",
          ),
          el(
            "button",
            {
              type: "button",
              id: "logout-everywhere",
              onclick: () => leave("/api/account/logout-everywhere"),
            },
            "Log out everywhere",
          ),
        ),
        message,
      );
      return;
    }
    const forms = el("div", { class: "account-forms", id: "account-forms" });
    const open = (kind) => {
      forms.replaceChildren(accountForm(kind, message, changed));
      for (const toggle of box.querySelectorAll("[data-account-form]"))
        toggle.setAttribute("aria-expanded", String(toggle.dataset.accountForm === kind));
      forms.querySelector("input").focus();
    };
    const toggle = (kind, text) =>
      el(
        "button",
        {
          type: "button",
          id: `show-${kind}`,
          "data-account-form": kind,
          "aria-expanded": "false",
          "aria-controls": "account-forms",
          onclick: () => open(kind),
        },
        text,
      );
    box.replaceChildren(
      el(
        "p",
        { class: "account-who" },
        "Playing as a guest: your games are kept in this browser. An account (optional) " +
          "lists them on every device.",
      ),
      el("div", { class: "actions" }, toggle("login", "Log in"), toggle("signup", "Sign up")),
      forms,
      message,
    );
  };
  draw();
  return box;
}

// Following a seat's link while logged in keeps the seat in the account.
async function claimLinkedSeat() {
  const token = new URLSearchParams(window.location.search).get("token");
  const id = decodeURIComponent(window.location.pathname.split("/")[2] || "");
  if (!token || !id) return;
  try {
    await claimSeats([{ id, token, opened: true }]);
  } catch (err) {
    console.info("the seat was not kept in the account:", err.message);
  }
}

if (window.location.pathname.startsWith("/play/")) claimLinkedSeat();
