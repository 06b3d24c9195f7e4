// The drawing for a game without a board module of its own: the observation as
// readable lists, so that any registered game can be followed and played by buttons.
import { el } from "./api.js";

function show(value) {
  if (value === null) return "hidden";
  if (Array.isArray(value)) {
    if (value.length === 0) return "none";
    if (value.every((v) => v === null || typeof v !== "object"))
      return value.map((v) => (v === null ? "hidden" : String(v))).join(", ");
    return `${value.length} items`;
  }
  if (typeof value === "object") return JSON.stringify(value).slice(0, 120);
  return String(value);
}

function words(key) {
  return key.replace(/_/g, " ");
}

export function draw(ctx) {
  const obs = ctx.obs || {};
  const general = Object.entries(obs).filter(
    ([k, v]) =>
      k !== "seats" &&
      (v === null || typeof v !== "object" || (Array.isArray(v) && v.length <= 12)),
  );
  const seats = Array.isArray(obs.seats) ? obs.seats : [];
  const seatKeys = [...new Set(seats.flatMap((s) => Object.keys(s)))].filter((k) => k !== "seat");
  return el(
    "div",
    { class: "generic", id: "generic-board" },
    el("h2", {}, "The table"),
    el(
      "dl",
      {},
      general.flatMap(([k, v]) => [el("dt", {}, words(k)), el("dd", {}, show(v))]),
    ),
    seats.length
      ? el(
          "div",
          { style: "overflow:auto" },
          el(
            "table",
            {},
            el(
              "thead",
              {},
              el(
                "tr",
                {},
                el("th", {}, "player"),
                seats.map((s, i) => el("th", {}, ctx.name(s.seat ?? i))),
              ),
            ),
            el(
              "tbody",
              {},
              seatKeys.map((k) =>
                el(
                  "tr",
                  {},
                  el("th", {}, words(k)),
                  seats.map((s) => el("td", {}, k in s ? show(s[k]) : "")),
                ),
              ),
            ),
          ),
        )
      : null,
  );
}

export function scores(obs, view) {
  const n = view.players;
  if (view.result) return view.result.scores;
  if (Array.isArray(obs.scores) && obs.scores.length === n) return obs.scores;
  if (Array.isArray(obs.seats)) {
    for (const key of ["score", "vp", "points"]) {
      if (obs.seats.every((s) => typeof s[key] === "number")) return obs.seats.map((s) => s[key]);
    }
  }
  return null;
}
