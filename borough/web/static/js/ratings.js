// Ratings shared by the lobby, the leaderboards and the profile pages: whether a
// game about to be created will be rated, and the small pieces the pages draw.
// Names of accounts are only ever put on the page as text.
import { el, svg } from "./api.js";

// Why a game will not be rated, known before it starts: the server gives the same
// reasons (`unrated_because` when a game is created); null: it will be rated once
// every person's seat is played by an account.
export function unratedBecause(players, seedChosen, hintsOn) {
  if (players < 2) return "solo games are not rated";
  if (seedChosen) return "the creator chose the seed";
  if (hintsOn) return "suggestions are on";
  return null;
}

export function ratedSentence(reason) {
  return reason
    ? `Not rated: ${reason}.`
    : "Rated: once it ends, if every person plays their seat logged in to an account.";
}

export function playerLink(name) {
  return el("a", { href: `/players/${encodeURIComponent(name)}` }, name);
}

export function gameLink(game, title) {
  return el("a", { href: `/leaderboards/${encodeURIComponent(game)}` }, title);
}

export function signed(value) {
  const text = value.toFixed(1);
  return value > 0 ? `+${text}` : text;
}

// The shown rating after each game, oldest first, as a line: one per game played.
export function historyChart(points, label) {
  const width = 320;
  const height = 90;
  const pad = 8;
  const values = points.map((p) => p.after);
  const low = Math.min(0, ...values);
  const high = Math.max(1, ...values);
  const x = (i) => pad + (i * (width - 2 * pad)) / Math.max(1, points.length - 1);
  const y = (v) => height - pad - ((v - low) * (height - 2 * pad)) / (high - low);
  const line = points.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p.after).toFixed(1)}`);
  return svg(
    "svg",
    {
      class: "rating-chart",
      viewBox: `0 0 ${width} ${height}`,
      role: "img",
      "aria-label": label,
    },
    svg("line", { x1: pad, x2: width - pad, y1: y(0), y2: y(0), class: "zero" }),
    svg("path", { d: line.join(" "), class: "trend" }),
    points.map((p, i) => svg("circle", { cx: x(i), cy: y(p.after), r: 3 })),
  );
}
