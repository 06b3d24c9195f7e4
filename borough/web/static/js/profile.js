// A player's page: their rating in each game, how each rated game changed it, and
// the games they played (opened with their seat's link while logged in).
import { api, el, header, fillRulesLinks, notice } from "./api.js";
import { gameLink, historyChart, signed } from "./ratings.js";

const app = document.getElementById("app");
document.getElementById("top").replaceWith(header("Player"));
fillRulesLinks();

// The whole rest of the path: a name may hold a slash (sent as %2F).
const name = decodeURIComponent(window.location.pathname.slice("/players/".length));

function when(iso) {
  return new Date(iso).toLocaleDateString(undefined, { dateStyle: "medium" });
}

function ratingsPanel(profile) {
  if (!profile.ratings.length) {
    return el("p", { id: "no-ratings" }, "No rated game has ended for this player yet.");
  }
  return el(
    "div",
    { id: "ratings", class: "rating-cards" },
    profile.ratings.map((r) => {
      const points = profile.history.filter((h) => h.game === r.game).reverse();
      return el(
        "article",
        { class: "panel rating-card", "data-game": r.game },
        el("h3", {}, gameLink(r.game, r.title)),
        el("p", { class: "big rating" }, r.rating.toFixed(1)),
        el("p", { class: "help" }, `${r.games} rated ${r.games === 1 ? "game" : "games"}`),
        points.length > 1 ? historyChart(points, `${r.title} rating after each game`) : null,
      );
    }),
  );
}

function historyTable(profile) {
  if (!profile.history.length) return null;
  return el(
    "section",
    { class: "panel" },
    el("h2", {}, "Rating history"),
    el(
      "table",
      { id: "history", class: "ratings" },
      el(
        "thead",
        {},
        el(
          "tr",
          {},
          ["Date", "Game", "Place"].map((h) => el("th", { scope: "col" }, h)),
          el("th", { scope: "col", class: "num" }, "Rating (change)"),
        ),
      ),
      el(
        "tbody",
        {},
        profile.history.map((h) =>
          el(
            "tr",
            {},
            el("td", {}, when(h.at)),
            el(
              "td",
              {},
              el(
                "a",
                { href: `/${h.outcome === "abandoned" ? "play" : "replay"}/${h.game_id}` },
                h.title,
              ),
            ),
            el(
              "td",
              {},
              `${h.place} of ${h.seats}`,
              h.outcome === "abandoned" ? " (left without moving)" : "",
            ),
            el("td", { class: "num" }, `${h.after.toFixed(1)} (${signed(h.after - h.before)})`),
          ),
        ),
      ),
    ),
  );
}

function gamesTable(profile) {
  if (!profile.games.length) return null;
  return el(
    "section",
    { class: "panel" },
    el("h2", {}, "Games"),
    el(
      "table",
      { id: "games", class: "ratings" },
      el(
        "tbody",
        {},
        profile.games.map((g) =>
          el(
            "tr",
            {},
            el("td", {}, when(g.created)),
            el(
              "td",
              {},
              el("a", { href: g.status === "over" ? `/replay/${g.id}` : `/play/${g.id}` }, g.title),
            ),
            el("td", {}, g.status === "over" ? "over" : "being played"),
            el(
              "td",
              { class: "help" },
              g.rated === null ? "" : g.rated ? "rated" : `not rated: ${g.unrated_because}`,
            ),
          ),
        ),
      ),
    ),
  );
}

async function show() {
  const profile = await api(`/api/players/${encodeURIComponent(name)}`);
  document.title = `Borough — ${profile.name}`;
  app.replaceChildren(
    el("h1", { id: "player-name" }, profile.name),
    el("p", { class: "help" }, `Playing since ${when(profile.created)}`),
    ratingsPanel(profile),
    historyTable(profile),
    gamesTable(profile),
  );
}

show().catch((err) => {
  const message = el("div", {});
  app.replaceChildren(el("h1", {}, "Player"), message);
  notice(message, `This player could not be shown: ${err.message}`);
});
