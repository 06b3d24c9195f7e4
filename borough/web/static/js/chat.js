// The table's chat: the people at a game write to each other. Messages come once from
// the server when the page opens, then live over the game's socket beside its views.
// Every message is put on the page as text, never as markup.
//
// Spectators read the chat only while every player lets them: each person's seat has a
// switch for it, off until that person turns it on.
import { api, el } from "./api.js";

const MOST = 500; // characters in one message (the server refuses more)

export class Chat {
  constructor(gameId, token) {
    this.gameId = gameId;
    this.token = token;
    this.last = 0; // the number of the newest message shown
    this.state = null; // the server's last answer about this chat
    this.loading = null;
    this.unread = 0; // messages of others that came while the chat was out of sight
    this.inView = true;
    this.build();
  }

  path() {
    const base = `/api/games/${encodeURIComponent(this.gameId)}/chat`;
    return this.token ? `${base}?token=${encodeURIComponent(this.token)}` : base;
  }

  build() {
    this.list = el("ol", { class: "chat-items" });
    // the messages scroll: a keyboard reaches them too; a screen reader hears new ones
    this.scroller = el(
      "div",
      {
        class: "chat-log",
        id: "chat-log",
        role: "log",
        "aria-live": "polite",
        "aria-labelledby": "chat-title",
        tabindex: 0,
      },
      this.list,
    );
    this.empty = el("p", { class: "help", id: "chat-empty" }, "No messages yet.");
    this.closedNote = el("p", { class: "help", id: "chat-closed", hidden: true });
    this.input = el("input", {
      type: "text",
      id: "chat-input",
      maxlength: MOST,
      autocomplete: "off",
      placeholder: "Write to the table",
      enterkeyhint: "send",
      "aria-describedby": "chat-status",
    });
    this.sendButton = el("button", { type: "submit", id: "chat-send" }, "Send");
    this.status = el("p", { class: "help", id: "chat-status", role: "status" });
    this.form = el(
      "form",
      { class: "chat-form", id: "chat-form" },
      el("label", { for: "chat-input", class: "visually-hidden" }, "Message to the table"),
      this.input,
      this.sendButton,
    );
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.send();
    });
    this.spectators = el("input", { type: "checkbox", id: "chat-spectators" });
    this.spectators.addEventListener("change", () => this.allow(this.spectators.checked));
    this.readers = el("p", { class: "help", id: "chat-readers" });
    this.switchBox = el(
      "div",
      { class: "chat-readers", hidden: true },
      el("label", { for: "chat-spectators" }, this.spectators, "Let spectators read this chat"),
      this.readers,
    );
    this.panel = el(
      "section",
      { class: "panel chat", id: "chat", "aria-labelledby": "chat-title", hidden: true },
      el("h2", { id: "chat-title" }, "Chat"),
      this.scroller,
      this.empty,
      this.closedNote,
      this.form,
      this.status,
      this.switchBox,
    );
    // On a small screen the chat is far below the board: a message that comes while it
    // is out of sight is told by a button at the top, which brings the chat into view.
    this.newButton = el("button", {
      type: "button",
      class: "chat-new",
      id: "chat-new",
      hidden: true,
    });
    this.newButton.addEventListener("click", () => {
      this.panel.scrollIntoView({ block: "center" });
      this.input.focus({ preventScroll: true });
      this.seen();
    });
    document.body.append(this.newButton);
    if (window.IntersectionObserver) {
      new IntersectionObserver((entries) => {
        this.inView = entries.some((e) => e.isIntersecting);
        if (this.inView) this.seen();
      }).observe(this.scroller);
    }
  }

  seen() {
    this.unread = 0;
    this.newButton.hidden = true;
  }

  // The whole chat from the server (the page opening, a gap, a change of readers).
  async load() {
    if (this.loading) return this.loading;
    this.loading = (async () => {
      try {
        this.show(await api(this.path()));
      } catch (err) {
        this.status.textContent = `The chat could not be read: ${err.message}`;
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }

  show(state) {
    this.state = state;
    this.panel.hidden = !state.available;
    this.list.replaceChildren();
    this.last = 0;
    for (const message of state.messages) this.add(message);
    this.empty.hidden = !state.readable || state.messages.length > 0;
    this.closedNote.hidden = state.readable;
    this.closedNote.textContent = state.readable
      ? ""
      : "The players keep this chat to themselves; it shows here if they all let spectators read it.";
    this.form.hidden = !state.can_post;
    const person = state.seat !== null && state.seat !== undefined;
    this.switchBox.hidden = !person;
    if (person) {
      this.spectators.checked = state.allowed.includes(state.seat);
      const waiting = state.asked.filter((s) => !state.allowed.includes(s)).length;
      this.readers.textContent = state.spectators
        ? "Spectators can read it: every player let them."
        : `Spectators cannot read it until every player lets them (${waiting} of ${state.asked.length} not yet).`;
    }
  }

  add(message, live = false) {
    const name = el("span", { class: `chat-name seat-${message.seat % 5}` });
    name.textContent = message.name;
    const words = el("span", { class: "chat-text" });
    words.textContent = message.text; // text, never markup
    const when = new Date(message.at);
    const item = el(
      "li",
      { dataset: { number: String(message.number), seat: String(message.seat) } },
      el("span", { class: "dot", "aria-hidden": "true" }),
      name,
      ": ",
      words,
    );
    if (!Number.isNaN(when.getTime())) item.title = when.toLocaleTimeString();
    item.classList.add(`seat-${message.seat % 5}`);
    this.list.append(item);
    this.last = message.number;
    this.empty.hidden = true;
    this.scroller.scrollTop = this.scroller.scrollHeight;
    if (live && !this.inView && this.state && message.seat !== this.state.seat) {
      this.unread += 1;
      this.newButton.textContent =
        this.unread === 1
          ? `New chat message from ${message.name}`
          : `${this.unread} new chat messages`;
      this.newButton.hidden = false;
    }
  }

  // A message pushed over the game's socket: {type: "chat", message} or {access}.
  receive(data) {
    if (data.access) {
      this.load();
      return;
    }
    const message = data.message;
    if (!message || message.number <= this.last) return; // already shown
    if (!this.state || message.number !== this.last + 1) {
      this.load(); // one went missing (a socket that fell behind): read the chat again
      return;
    }
    this.add(message, true);
  }

  async send() {
    const text = this.input.value.trim();
    if (!text) {
      this.status.textContent = "Write something first.";
      return;
    }
    this.sendButton.disabled = true;
    try {
      const message = await api(`/api/games/${encodeURIComponent(this.gameId)}/chat`, {
        body: { token: this.token, text },
      });
      this.input.value = "";
      this.status.textContent = "";
      this.receive({ type: "chat", message });
    } catch (err) {
      this.status.textContent = `Not sent: ${err.message}`;
    } finally {
      this.sendButton.disabled = false;
      this.input.focus();
    }
  }

  async allow(allowed) {
    this.spectators.disabled = true;
    try {
      this.show(
        await api(`/api/games/${encodeURIComponent(this.gameId)}/chat/spectators`, {
          body: { token: this.token, spectators: allowed },
        }),
      );
    } catch (err) {
      this.spectators.checked = !allowed;
      this.status.textContent = `Not changed: ${err.message}`;
    } finally {
      this.spectators.disabled = false;
    }
  }
}
