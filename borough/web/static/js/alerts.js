// Turn alerts on the play page: the tab's title and icon say when it is your turn;
// a short tone made in the page and a browser notification (while the tab is hidden)
// follow if the person asks for them. The choices are kept in this browser.
import { el } from "./api.js";

const KEY = "borough.alerts";
export const TURN_MARK = "▶ Your turn";

// The tab's icon: a house in the page's ink, and an orange one with a dot for your turn.
function icon(turn) {
  const fill = turn ? "#e8590c" : "#4a4a4a";
  const dot = turn
    ? '<circle cx="25" cy="7" r="6" fill="#2b8a3e" stroke="#fff" stroke-width="2"/>'
    : "";
  const body =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
    `<path d="M4 15 16 4l12 11v13H4z" fill="${fill}"/>` +
    '<rect x="13" y="19" width="6" height="9" fill="#fff"/>' +
    `${dot}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(body)}`;
}

function load() {
  try {
    const kept = JSON.parse(window.localStorage.getItem(KEY) || "{}");
    return { sound: kept.sound === true, notify: kept.notify === true };
  } catch {
    return { sound: false, notify: false };
  }
}

function keep(choices) {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(choices));
  } catch {
    /* private mode: the choice holds for this page only */
  }
}

const notifications = () => typeof window.Notification === "function";

export class TurnAlerts {
  constructor() {
    this.choices = load();
    this.turn = null; // unknown until the first view: no alert for the page opening
    this.baseTitle = document.title;
    this.audio = null;
    this.link = document.querySelector("link[rel=icon]");
    if (!this.link) {
      this.link = el("link", { rel: "icon" });
      document.head.append(this.link);
    }
    // A browser lets a page make sound only after a click or key: the tone is made
    // ready at the first one.
    const wake = () => {
      if (this.choices.sound) this.ready();
    };
    document.addEventListener("pointerdown", wake, { capture: true, once: true });
    document.addEventListener("keydown", wake, { capture: true, once: true });
  }

  // The title the page would have without alerts (the game's name).
  setTitle(title) {
    this.baseTitle = title;
    this.draw();
  }

  draw() {
    document.title = this.turn ? `${TURN_MARK} — ${this.baseTitle}` : this.baseTitle;
    this.link.href = icon(Boolean(this.turn));
    this.link.dataset.turn = this.turn ? "you" : "";
  }

  // Called with every view put on the table.
  update(view) {
    const turn = Boolean(view.your_turn) && view.status !== "over";
    const came = this.turn === false && turn;
    this.turn = turn;
    this.draw();
    if (!came) return;
    if (this.choices.sound) this.tone();
    if (this.choices.notify && document.hidden && notifications()) {
      if (window.Notification.permission === "granted") {
        try {
          const note = new window.Notification("Your turn in Borough", {
            body: this.baseTitle,
            tag: `borough-turn-${view.id}`,
          });
          note.onclick = () => {
            window.focus();
            note.close();
          };
        } catch {
          /* some browsers allow notifications only from a service worker */
        }
      }
    }
  }

  ready() {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    if (!this.audio) this.audio = new Context();
    if (this.audio.state === "suspended") this.audio.resume().catch(() => {});
    return this.audio;
  }

  // Two soft rising notes, a quarter of a second in all.
  tone() {
    const audio = this.ready();
    if (!audio) return;
    const start = audio.currentTime + 0.01;
    [660, 880].forEach((pitch, i) => {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      const at = start + i * 0.13;
      osc.type = "sine";
      osc.frequency.value = pitch;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.15, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.12);
      osc.connect(gain).connect(audio.destination);
      osc.start(at);
      osc.stop(at + 0.13);
    });
    document.body.dataset.toned = String(Number(document.body.dataset.toned || 0) + 1);
  }

  // The panel of choices, shown with the seat's other controls.
  panel() {
    const status = el("div", { class: "help", id: "alerts-status", role: "status" });
    const sound = el("input", { type: "checkbox", id: "alert-sound", checked: this.choices.sound });
    sound.addEventListener("change", () => {
      this.choices.sound = sound.checked;
      keep(this.choices);
      if (sound.checked) this.tone(); // a sample, and the click lets the page make sound
    });
    const notify = el("input", {
      type: "checkbox",
      id: "alert-notify",
      checked: this.choices.notify,
      disabled: !notifications(),
    });
    const say = () => {
      if (!notifications()) status.textContent = "This browser cannot show notifications.";
      else if (window.Notification.permission === "denied")
        status.textContent = "Notifications are blocked for this site in the browser's settings.";
      else status.textContent = "";
    };
    notify.addEventListener("change", async () => {
      if (notify.checked && window.Notification.permission !== "granted") {
        let answer = "default";
        try {
          answer = await window.Notification.requestPermission();
        } catch {
          answer = "denied";
        }
        if (answer !== "granted") notify.checked = false;
      }
      this.choices.notify = notify.checked;
      keep(this.choices);
      say();
      if (!notify.checked && window.Notification.permission === "default")
        status.textContent = "The browser was not allowed to show notifications: none will come.";
    });
    say();
    return el(
      "div",
      { class: "panel pace alerts" },
      el("h2", {}, "Turn alerts"),
      el("div", { class: "help" }, "The tab's title and icon change when it is your turn."),
      el("label", { for: "alert-sound" }, sound, "Play a sound"),
      el("label", { for: "alert-notify" }, notify, "Notify me while this tab is hidden"),
      status,
    );
  }
}
