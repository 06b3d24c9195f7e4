// Talking to the Borough server, and small DOM helpers shared by every page.

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

export async function api(path, options = {}) {
  const init = { headers: {}, ...options };
  if (options.body !== undefined) {
    init.method = options.method || "POST";
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(options.body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    throw new ApiError(0, "the server cannot be reached; check your connection");
  }
  let data = null;
  try {
    data = await response.json();
  } catch (err) {
    data = null;
  }
  if (!response.ok) {
    const message =
      (data && (data.error || data.detail)) || `the server answered ${response.status}`;
    throw new ApiError(
      response.status,
      typeof message === "string" ? message : JSON.stringify(message),
    );
  }
  return data;
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  setAttrs(node, attrs);
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function setAttrs(node, attrs) {
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else if (key === "dataset") {
      Object.assign(node.dataset, value);
    } else {
      node.setAttribute(key, value === true ? "" : String(value));
    }
  }
}

export const SVGNS = "http://www.w3.org/2000/svg";

export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVGNS, tag);
  setAttrs(node, attrs);
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function notice(container, text, kind = "error") {
  container.replaceChildren(
    text
      ? el("p", { class: `notice ${kind}`, role: kind === "error" ? "alert" : "status" }, text)
      : "",
  );
}

// Player colours, per game: each is far from every colour that game's board uses for
// something else (tests/web/test_palette.py measures the distance), and dark enough to
// read as text on the paper background. Boards colour a player's pieces with
// ctx.colour(seat), which answers from here.
// Small City's first player is not black: its board draws the mayor's street,
// Cemeteries and the Metro Station in near-black.
export const PLAYER_COLOURS = {
  ekopolis: ["#8e24aa", "#ad7a00", "#0097a7", "#212121", "#c2185b"],
  rondelcity: ["#212121", "#8e24aa", "#6200ea", "#ff6d00", "#880e4f"],
  smallcity: ["#3300ff", "#009688", "#ff6d00", "#ff4081"],
  citycouncil: ["#6200ea", "#00838f", "#212121", "#ff6d00", "#880e4f"],
  default: ["#212121", "#8e24aa", "#00838f", "#ff6d00", "#c2185b", "#6200ea"],
};
// Architectura's players own the four card colours of the box: a seat's colour is its cards'.
export const BOX_COLOURS = { blue: "#3f76c4", green: "#4f9d5a", yellow: "#d9a521", red: "#c8483a" };

// What a person calls each player colour ("Ada plays black").
export const COLOUR_NAMES = {
  "#8e24aa": "purple",
  "#ad7a00": "ochre",
  "#0097a7": "teal",
  "#212121": "black",
  "#c2185b": "magenta",
  "#6200ea": "violet",
  "#ff6d00": "orange",
  "#009688": "teal",
  "#ff4081": "pink",
  "#00838f": "teal",
  "#880e4f": "wine",
  "#3300ff": "ultramarine",
  "#3f76c4": "blue",
  "#4f9d5a": "green",
  "#d9a521": "yellow",
  "#c8483a": "red",
};

export function playerColourName(view, seat) {
  return COLOUR_NAMES[playerColour(view, seat)] || "its colour";
}

export function playerColour(view, seat) {
  const own = (((view || {}).observation || {}).seats || [])[seat];
  if (own && typeof own.colour === "string" && BOX_COLOURS[own.colour])
    return BOX_COLOURS[own.colour];
  const palette = PLAYER_COLOURS[(view || {}).game] || PLAYER_COLOURS.default;
  return palette[seat % palette.length];
}

export function seatName(view, seat) {
  const s = (view.seats || []).find((x) => x.seat === seat);
  return s ? s.name : `Player ${seat + 1}`;
}

export function header(active) {
  const links = [
    ["/", "Lobby"],
    ["/leaderboards", "Leaderboards"],
  ];
  return el(
    "header",
    { class: "site" },
    el("a", { class: "brand", href: "/" }, "Borough"),
    el(
      "nav",
      { "aria-label": "Site" },
      links.map(([href, text]) =>
        el("a", { href, "aria-current": active === text ? "page" : null }, text),
      ),
    ),
    el("nav", { id: "rules-links", "aria-label": "Rules" }),
  );
}

export async function fillRulesLinks() {
  const nav = document.getElementById("rules-links");
  if (!nav) return;
  try {
    const meta = await api("/api/meta");
    nav.replaceChildren(
      ...meta.games.map((g) => el("a", { href: `/rules/${g.name}` }, `${g.title} rules`)),
    );
  } catch (err) {
    nav.replaceChildren();
  }
}

// "My games": the seats this browser holds, kept in its local storage so a person
// finds their table again after closing the tab. A seat is opened once its link
// was followed here; the other seats of a game created here wait to be shared.
const MY_SEATS = "borough.seats";
const KEEP_SEATS = 60;

export function mySeats() {
  try {
    const seats = JSON.parse(window.localStorage.getItem(MY_SEATS) || "[]");
    return Array.isArray(seats)
      ? seats.filter((s) => s && typeof s.id === "string" && typeof s.token === "string")
      : [];
  } catch (err) {
    return []; // storage switched off or holding something else: no games remembered
  }
}

export function rememberSeat(entry) {
  const seats = mySeats();
  const at = seats.findIndex((s) => s.id === entry.id && s.seat === entry.seat);
  const merged =
    at >= 0
      ? { ...seats[at], ...entry, opened: seats[at].opened || entry.opened }
      : { added: Date.now(), ...entry };
  if (at >= 0) seats.splice(at, 1);
  seats.unshift(merged);
  try {
    window.localStorage.setItem(MY_SEATS, JSON.stringify(seats.slice(0, KEEP_SEATS)));
  } catch (err) {
    /* storage full or switched off: the game still plays, it is only not remembered */
  }
}

export function forgetGame(id) {
  try {
    window.localStorage.setItem(MY_SEATS, JSON.stringify(mySeats().filter((s) => s.id !== id)));
  } catch (err) {
    /* nothing to forget */
  }
}
