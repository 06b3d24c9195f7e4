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
    const message = (data && (data.error || data.detail)) || `the server answered ${response.status}`;
    throw new ApiError(response.status, typeof message === "string" ? message : JSON.stringify(message));
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
  container.replaceChildren(text ? el("p", { class: `notice ${kind}`, role: kind === "error" ? "alert" : "status" }, text) : "");
}

export const SEAT_COLOURS = ["#2f6fb5", "#3b9a52", "#c98a16", "#b23a48", "#7b4fa8", "#4a8f8f"];

export function seatName(view, seat) {
  const s = (view.seats || []).find((x) => x.seat === seat);
  return s ? s.name : `Player ${seat + 1}`;
}

export function header(active) {
  const links = [["/", "Lobby"]];
  return el("header", { class: "site" },
    el("a", { class: "brand", href: "/" }, "Borough"),
    el("nav", { "aria-label": "Site" }, links.map(([href, text]) =>
      el("a", { href, "aria-current": active === text ? "page" : null }, text))),
    el("nav", { id: "rules-links", "aria-label": "Rules" }));
}

export async function fillRulesLinks() {
  const nav = document.getElementById("rules-links");
  if (!nav) return;
  try {
    const meta = await api("/api/meta");
    nav.replaceChildren(...meta.games.map((g) => el("a", { href: `/rules/${g.name}` }, `${g.title} rules`)));
  } catch (err) {
    nav.replaceChildren();
  }
}
