// A game's leaderboard: accounts by rating (mu - 3 sigma), and the bot levels'
// fixed ratings they are measured against.
import { api, el, header, fillRulesLinks, notice } from "./api.js";
import { gameLink, playerLink } from "./ratings.js";

const app = document.getElementById("app");
document.getElementById("top").replaceWith(header("Leaderboards"));
fillRulesLinks();

function chosenGame(games) {
  const part = decodeURIComponent(window.location.pathname.split("/")[2] || "");
  return games.some((g) => g.name === part) ? part : games[0].name;
}

async function show() {
  const meta = await api("/api/meta");
  const game = chosenGame(meta.games);
  const board = await api(`/api/leaderboards/${encodeURIComponent(game)}`);
  document.title = `Borough — ${board.title} leaderboard`;
  const tabs = el(
    "nav",
    { class: "game-tabs", "aria-label": "Games" },
    meta.games.map((g) => {
      const link = gameLink(g.name, g.title);
      if (g.name === game) link.setAttribute("aria-current", "page");
      return link;
    }),
  );
  const rows = board.players.map((p) =>
    el(
      "tr",
      { "data-player": p.name },
      el("td", { class: "num" }, String(p.rank)),
      el("td", { class: "who" }, playerLink(p.name)),
      el("td", { class: "num rating" }, p.rating.toFixed(1)),
      el("td", { class: "num" }, String(p.games)),
    ),
  );
  const table = board.players.length
    ? el(
        "table",
        { id: "leaderboard", class: "ratings" },
        el("caption", {}, `${board.title}: accounts by rating`),
        el(
          "thead",
          {},
          el(
            "tr",
            {},
            el("th", { scope: "col" }, "#"),
            el("th", { scope: "col" }, "Player"),
            el("th", { scope: "col", class: "num" }, "Rating"),
            el("th", { scope: "col", class: "num" }, "Games"),
          ),
        ),
        el("tbody", {}, rows),
      )
    : el("p", { id: "leaderboard-empty" }, `No rated ${board.title} game has ended yet.`);
  const bots = el(
    "table",
    { id: "anchors", class: "ratings" },
    el("caption", {}, "Bot levels (fixed ratings)"),
    el(
      "tbody",
      {},
      board.bots.map((b) =>
        el("tr", {}, el("td", {}, b.agent), el("td", { class: "num rating" }, b.rating.toFixed(1))),
      ),
    ),
  );
  app.replaceChildren(
    el("h1", {}, "Leaderboards"),
    tabs,
    el(
      "div",
      { class: "ratings-page" },
      el("section", { class: "panel" }, table),
      el(
        "section",
        { class: "panel" },
        bots,
        el(
          "p",
          { class: "help" },
          "A rating is the estimate less three times its uncertainty, so it rises as " +
            "games make it surer. A new account starts at 0: its estimate is the medium " +
            "bot's, but still uncertain. " +
            "Rated games: two or more seats, every person logged in, no chosen seed, " +
            "suggestions off. A game left without a move for too long counts as a loss " +
            "for the seat to move.",
        ),
      ),
    ),
  );
}

show().catch((err) => {
  const message = el("div", {});
  app.replaceChildren(el("h1", {}, "Leaderboards"), message);
  notice(message, `The leaderboard could not be loaded: ${err.message}`);
});
