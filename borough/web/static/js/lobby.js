// The lobby: the seats this browser holds ("My games"), the games of this server,
// and the form that opens a new game.
import {
  api,
  el,
  header,
  fillRulesLinks,
  notice,
  mySeats,
  rememberSeat,
  forgetGame,
} from "./api.js";
import { drawFigure, frame, guidePage, openGuide } from "./guide.js";
import { accountPanel, accountSeats, claimSeats } from "./account.js";
import { loadTables, tablesSection } from "./tables.js";
import { ratedSentence, unratedBecause } from "./ratings.js";

const app = document.getElementById("app");
document.getElementById("top").replaceWith(header("Lobby"));
fillRulesLinks();

let meta = null;

// An option in players' words, from the game's own facts (its about.toml): the label
// ("Advanced cards") and each choice ("Swap up to 2 basic cards for advanced ones").
function optionField(name, spec, words) {
  const id = `opt-${name}`;
  const said = (words && words.choices) || {};
  return el(
    "label",
    { for: id },
    `${(words && words.label) || name}: `,
    el(
      "select",
      { id, name, "data-option": name, "aria-describedby": `${id}-help` },
      spec.choices.map((c) =>
        el(
          "option",
          { value: String(c), selected: c === spec.default },
          said[String(c)] || String(c),
        ),
      ),
    ),
    el("div", { class: "help", id: `${id}-help`, hidden: Boolean(words) }, spec.help),
  );
}

// A seat: person or bot, the bot's level (said in a sentence for this game), a name.
function seatRow(i, bots) {
  const kind = el(
    "select",
    { id: `seat-${i}-kind`, "data-seat-kind": i, "aria-label": `Seat ${i + 1} player` },
    el("option", { value: "human", selected: i === 0 }, "person"),
    el("option", { value: "bot", selected: i !== 0 }, "bot"),
  );
  const agent = el(
    "select",
    {
      id: `seat-${i}-agent`,
      "data-seat-agent": i,
      "aria-label": `Seat ${i + 1} bot level`,
      "aria-describedby": `seat-${i}-help`,
    },
    bots.map((b) => el("option", { value: b.name, selected: b.name === "medium" }, b.name)),
  );
  const name = el("input", {
    id: `seat-${i}-name`,
    "data-seat-name": i,
    "aria-label": `Seat ${i + 1} name`,
    placeholder: `Player ${i + 1}`,
    maxlength: 40,
    size: 12,
  });
  const help = el("div", { class: "help seat-help", id: `seat-${i}-help`, "data-seat-help": i });
  const sync = () => {
    agent.disabled = kind.value !== "bot";
    const bot = bots.find((b) => b.name === agent.value);
    help.textContent = kind.value === "bot" && bot ? `${bot.name}: ${bot.help}` : "";
  };
  kind.addEventListener("change", sync);
  agent.addEventListener("change", sync);
  sync();
  return el(
    "div",
    { class: "seat" },
    el("div", { class: "seat-row" }, el("strong", {}, `Seat ${i + 1}`), kind, agent, name),
    help,
  );
}

function createForm() {
  const gameSel = el(
    "select",
    { id: "game", name: "game" },
    meta.games.map((g) => el("option", { value: g.name }, g.title)),
  );
  const playersSel = el("select", { id: "players", name: "players" });
  const options = el("div", { id: "options" });
  const seats = el("div", { id: "seats" });
  // Suggestions: on by default against bots or solo, off between people, and always
  // as the creator leaves the box when sending (everyone joining sees the choice).
  const hints = el("input", { id: "hints", type: "checkbox", name: "hints" });
  let hintsTouched = false;
  hints.addEventListener("change", () => {
    hintsTouched = true;
  });
  const syncHints = () => {
    if (hintsTouched) return;
    const people = [...seats.querySelectorAll("[data-seat-kind]")].filter(
      (s) => s.value === "human",
    ).length;
    hints.checked = people <= 1;
  };
  seats.addEventListener("change", syncHints);
  const seed = el("input", {
    id: "seed",
    type: "number",
    min: 0,
    placeholder: "random",
    inputmode: "numeric",
  });
  // Rated or not, said before the game is created (the server's reasons: ratings.js).
  const rated = el("p", { id: "rated-note", class: "help", "aria-live": "polite" });
  const syncRated = () => {
    const reason = unratedBecause(
      Number(playersSel.value),
      seed.value.trim() !== "",
      hints.checked,
    );
    rated.textContent = ratedSentence(reason);
    rated.dataset.rated = reason ? "no" : "yes";
  };
  const message = el("div", { id: "create-message" });
  const result = el("div", { id: "created" });
  const rulesLink = el("a", { id: "rules-link" }, "rules");

  const game = () => meta.games.find((g) => g.name === gameSel.value);
  const refillSeats = () => {
    seats.replaceChildren(
      ...Array.from({ length: Number(playersSel.value) }, (_, i) => seatRow(i, game().bots)),
    );
    syncHints();
    syncRated();
  };
  const refillGame = () => {
    const g = game();
    playersSel.replaceChildren(...g.players.map((n) => el("option", { value: n }, String(n))));
    options.replaceChildren(
      ...Object.entries(g.options).map(([k, spec]) => optionField(k, spec, g.about.options[k])),
    );
    rulesLink.href = `/rules/${g.name}`;
    rulesLink.textContent = `${g.title} rules`;
    refillSeats();
  };
  gameSel.addEventListener("change", refillGame);
  playersSel.addEventListener("change", refillSeats);

  const form = el(
    "form",
    { id: "create", class: "panel", novalidate: true },
    el("h2", {}, "New game"),
    el("label", { for: "game" }, "Game: ", gameSel, " ", rulesLink),
    el("label", { for: "players" }, "Players: ", playersSel),
    el("fieldset", {}, el("legend", {}, "Options"), options),
    el("fieldset", {}, el("legend", {}, "Seats"), seats),
    el("label", { for: "hints" }, hints, " Allow suggested moves"),
    el(
      "div",
      { class: "help", id: "hints-help" },
      "Any seat may then ask the medium bot for a move and why. Every player sees this choice.",
    ),
    el("label", { for: "seed" }, "Seed (optional): ", seed),
    el(
      "div",
      { class: "help" },
      "The same game, players, options and seed deal the same game again.",
    ),
    rated,
    el("button", { class: "primary", type: "submit", id: "create-button" }, "Create game"),
    message,
    result,
  );

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    notice(message, "");
    const g = game();
    const body = {
      game: g.name,
      players: Number(playersSel.value),
      options: {},
      seats: [],
      hints: hints.checked,
    };
    for (const select of options.querySelectorAll("[data-option]")) {
      const spec = g.options[select.dataset.option];
      const raw = select.value;
      body.options[select.dataset.option] = spec.choices.find((c) => String(c) === raw);
    }
    for (let i = 0; i < body.players; i++) {
      const kind = form.querySelector(`[data-seat-kind="${i}"]`).value;
      const name = form.querySelector(`[data-seat-name="${i}"]`).value.trim();
      const seat = { kind };
      if (kind === "bot") seat.agent = form.querySelector(`[data-seat-agent="${i}"]`).value;
      if (name) seat.name = name;
      body.seats.push(seat);
    }
    if (seed.value.trim() !== "") {
      const n = Number(seed.value);
      if (!Number.isInteger(n) || n < 0) {
        notice(message, "The seed must be a whole number of 0 or more, or left empty.");
        seed.focus();
        return;
      }
      body.seed = n;
    }
    try {
      const created = await api("/api/games", { body });
      for (const s of created.seats) {
        if (body.seats[s.seat].kind === "human") {
          rememberSeat({
            id: created.id,
            seat: s.seat,
            token: s.token,
            name: s.name,
            game: g.name,
            title: g.title,
            opened: false,
          });
        }
      }
      showCreated(result, g, created, body);
      // Logged in: the account keeps the people's seats (to hand on until followed).
      await claimSeats(
        created.seats
          .filter((s) => body.seats[s.seat].kind === "human")
          .map((s) => ({ id: created.id, token: s.token, opened: false })),
      ).catch((err) => console.info("the seats were not kept in the account:", err.message));
      loadRooms();
      loadMine();
    } catch (err) {
      notice(message, `The game was not created: ${err.message}`);
    }
  });
  form.addEventListener("input", syncRated);
  form.addEventListener("change", syncRated);
  refillGame();
  return form;
}

function showCreated(result, g, created, body) {
  const origin = window.location.origin;
  result.replaceChildren(
    el(
      "h3",
      {},
      created.seed_chosen
        ? `${g.title} is ready (seed ${created.seed}, shown to every seat as chosen by you)`
        : `${g.title} is ready (the seed stays secret until the game is over)`,
    ),
    el(
      "p",
      { class: "help" },
      "Each person's link holds their seat's secret: send it only to them.",
    ),
    el(
      "p",
      { id: "created-hints" },
      body.hints
        ? "Suggested moves are on: any seat may ask the medium bot for a move."
        : "Suggested moves are off in this game.",
    ),
    el("p", { id: "created-rated" }, ratedSentence(created.rated ? null : created.unrated_because)),
    el(
      "ul",
      { class: "joins" },
      created.seats.map((s) => {
        const human = body.seats[s.seat].kind === "human";
        return el(
          "li",
          { "data-join-seat": s.seat },
          el("strong", {}, `${s.name}: `),
          human ? el("a", { href: s.join_url, "data-join": s.seat }, `play as ${s.name}`) : "bot",
          human ? el("div", {}, el("code", {}, origin + s.join_url)) : null,
        );
      }),
    ),
    el(
      "p",
      {},
      el("a", { href: `/play/${created.id}`, "data-spectate": created.id }, "Watch as a spectator"),
    ),
  );
}

function shareButton(seat) {
  const url = `${window.location.origin}/play/${seat.id}?token=${encodeURIComponent(seat.token)}`;
  return el(
    "button",
    {
      type: "button",
      class: "small",
      "data-share": `${seat.id}:${seat.seat}`,
      onclick: async (event) => {
        const button = event.currentTarget;
        try {
          await navigator.clipboard.writeText(url);
          button.textContent = `Link for ${seat.name} copied`;
        } catch (err) {
          // no clipboard here (an insecure page): show the link to copy by hand
          button.replaceWith(el("code", { class: "share-link" }, url));
        }
      },
    },
    `Share ${seat.name}'s seat`,
  );
}

async function loadMine() {
  const box = document.getElementById("mine");
  // An account's seats come from the server (any device); a guest's from this browser.
  const held = (await accountSeats().catch(() => null)) || mySeats();
  const games = [...new Set(held.map((s) => s.id))].slice(0, 20);
  if (!games.length) {
    box.replaceChildren(
      el("p", {}, "Games you create or join are kept here, so you can come back to your seat."),
    );
    return;
  }
  const rows = await Promise.all(
    games.map(async (id) => {
      const seats = held.filter((s) => s.id === id).sort((a, b) => a.seat - b.seat);
      try {
        return { id, seats, view: await api(`/api/games/${encodeURIComponent(id)}`) };
      } catch (err) {
        if (err.status === 404) forgetGame(id); // the server no longer has it
        return { id, seats, view: null, error: err.message };
      }
    }),
  );
  box.replaceChildren(
    el(
      "table",
      { id: "my-games" },
      el(
        "thead",
        {},
        el(
          "tr",
          {},
          ["Game", "Players", "Now", "Your seats"].map((h) => el("th", {}, h)),
        ),
      ),
      el(
        "tbody",
        {},
        rows
          .filter((r) => r.view || r.error)
          .map(({ id, seats, view, error }) => {
            const title = view ? view.title : seats[0].title;
            const opened = seats.filter((s) => s.opened);
            const mine = new Set((opened.length ? opened : seats).map((s) => s.seat));
            let now;
            if (!view) now = `cannot be read: ${error}`;
            else if (view.status === "over") now = "finished";
            else if (view.to_act.some((s) => mine.has(s))) now = "your turn";
            else
              now = `waiting for ${view.to_act.map((s) => (view.seats[s] || {}).name || `seat ${s + 1}`).join(" and ")}`;
            return el(
              "tr",
              { "data-my-game": id, class: now === "your turn" ? "your-turn" : "" },
              el("td", {}, title),
              el("td", {}, view ? view.seats.map((s) => s.name).join(", ") : ""),
              el("td", { "data-now": id }, now),
              el(
                "td",
                {},
                seats.map((s) =>
                  el(
                    "div",
                    { class: "my-seat" },
                    el(
                      "a",
                      {
                        href: `/play/${id}?token=${encodeURIComponent(s.token)}`,
                        "data-my-seat": `${id}:${s.seat}`,
                      },
                      view && view.status === "over"
                        ? `${s.name}: final table`
                        : `Play as ${s.name}`,
                    ),
                    !s.opened && view && view.status !== "over" ? [" ", shareButton(s)] : null,
                  ),
                ),
              ),
            );
          }),
      ),
    ),
  );
}

async function loadRooms() {
  const box = document.getElementById("rooms");
  try {
    const rooms = await api("/api/games");
    const title = (name) => (meta.games.find((g) => g.name === name) || { title: name }).title;
    box.replaceChildren(
      rooms.length === 0
        ? el("p", {}, "No games yet: create the first one.")
        : el(
            "table",
            {},
            el(
              "thead",
              {},
              el(
                "tr",
                {},
                ["Game", "Players", "Status", "Moves", ""].map((h) => el("th", {}, h)),
              ),
            ),
            el(
              "tbody",
              {},
              rooms.map((r) =>
                el(
                  "tr",
                  { "data-room": r.id },
                  el("td", {}, title(r.game)),
                  el(
                    "td",
                    {},
                    r.seats
                      .map((s) => (s.kind === "bot" ? `${s.name} (bot ${s.agent})` : s.name))
                      .join(", "),
                  ),
                  el("td", {}, r.status === "over" ? "finished" : "playing"),
                  el("td", {}, r.moves === null ? "–" : String(r.moves)),
                  el(
                    "td",
                    {},
                    el(
                      "a",
                      { href: `/play/${r.id}` },
                      r.status === "over" ? "final table" : "watch",
                    ),
                    r.status === "over"
                      ? [" · ", el("a", { href: `/replay/${r.id}` }, "replay")]
                      : null,
                  ),
                ),
              ),
            ),
          ),
    );
  } catch (err) {
    notice(box, `The list of games could not be read: ${err.message}`);
  }
}

// A game's card: a picture of its board (drawn by the board's own code, from the guide's
// first picture), its goal, players, length and weight, the guide, and a game against
// medium bots at the usual player count in one click.
function gameCard(g) {
  const about = g.about;
  const picture = el("div", { class: "picture", "aria-hidden": "true" });
  const message = el("div", { class: "card-message" });
  // Learn to play: the guided first game where the game has one, else the guide
  const guideButton = el(
    "button",
    {
      type: "button",
      "data-guide": g.name,
      onclick: (event) => openGuide(g.name, event.currentTarget),
    },
    g.tutorial ? "Read the guide" : "Learn to play",
  );
  if (!g.tutorial) guideButton.dataset.learn = g.name;
  const learn = g.tutorial
    ? el("a", { class: "button", href: `/learn/${g.name}`, "data-learn": g.name }, "Learn to play")
    : guideButton;
  const play = el(
    "button",
    {
      type: "button",
      class: "primary",
      "data-play-now": g.name,
      onclick: () => playNow(g, play, message),
    },
    "Play now against bots",
  );
  const [low, high] = about.minutes;
  const players = g.players.length > 1 ? `${g.players[0]}-${g.players.at(-1)}` : `${g.players[0]}`;
  const others = about.usual_players - 1;
  guidePage(g.name)
    .then((page) => (page.figures.length ? drawFigure(g.name, page.figures[0]) : null))
    .then((drawn) => {
      if (!drawn || !(drawn.drawing instanceof SVGSVGElement)) return;
      picture.append(drawn.drawing);
      frame(drawn);
    })
    .catch((err) => console.info("no picture for", g.name, err));
  return el(
    "article",
    { class: "panel game-card", "data-game-card": g.name, "aria-labelledby": `card-${g.name}` },
    el("h3", { id: `card-${g.name}` }, g.title),
    picture,
    el("p", { class: "goal" }, about.goal),
    el("p", { class: "facts" }, `${players} players · ${low}-${high} minutes · ${about.weight}`),
    el("div", { class: "actions" }, learn, play, g.tutorial ? guideButton : null),
    el(
      "p",
      { class: "help" },
      others
        ? `Play now: you and ${others} medium bot${others > 1 ? "s" : ""}, the usual options.`
        : "Play now: a solo game with the usual options.",
    ),
    message,
  );
}

async function playNow(g, button, message) {
  const count = g.about.usual_players;
  const seats = [{ kind: "human" }];
  for (let i = 1; i < count; i++) seats.push({ kind: "bot", agent: "medium" });
  button.disabled = true;
  notice(message, "");
  try {
    const created = await api("/api/games", {
      body: { game: g.name, players: count, options: {}, seats, hints: true },
    });
    const mine = created.seats[0];
    rememberSeat({
      id: created.id,
      seat: 0,
      token: mine.token,
      name: mine.name,
      game: g.name,
      title: g.title,
      opened: true,
    });
    window.location.assign(mine.join_url);
  } catch (err) {
    button.disabled = false;
    notice(message, `The game was not created: ${err.message}`);
  }
}

async function start() {
  try {
    meta = await api("/api/meta");
  } catch (err) {
    notice(app, `The server did not answer: ${err.message}`);
    return;
  }
  app.replaceChildren(
    el("h1", {}, "Play city-building board games"),
    el(
      "section",
      { "aria-labelledby": "games-title", id: "games" },
      el("h2", { id: "games-title", class: "visually-hidden" }, "The games"),
      el("div", { class: "game-cards" }, meta.games.map(gameCard)),
    ),
    el(
      "section",
      { class: "panel", "aria-labelledby": "mine-title", id: "my-games-panel" },
      el("h2", { id: "mine-title" }, "My games"),
      accountPanel(() => {
        loadTables();
        return loadMine();
      }),
      el("div", { id: "mine" }, "Loading…"),
    ),
    tablesSection(meta),
    el(
      "div",
      { class: "lobby" },
      createForm(),
      el(
        "section",
        { class: "panel", "aria-labelledby": "rooms-title" },
        el("h2", { id: "rooms-title" }, "Games on this server"),
        el("button", { type: "button", onclick: loadRooms }, "Refresh"),
        el("div", { id: "rooms" }, "Loading…"),
      ),
    ),
  );
  loadRooms();
  loadMine();
  loadTables();
}

start();
