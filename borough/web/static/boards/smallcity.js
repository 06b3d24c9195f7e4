// Small City: every player's borough (the grid with row letters and column numbers
// as the log names spaces, its Constructible Zone, tiles, citizens, tourists and
// cemeteries), the action circle, the council discs, each player's votes, money and
// pollution as gauges; the viewer's Promises face up with their progress, everyone
// else's face down; the tiles on offer and the placement ghost (smallcity_*.js).
// City Hall and the Warehouses show the materials they hold and are the places
// where a material is paid from or stored (SC-38, SC-64, SC-65, SC-82).
//
// Sizes: the drawing is about as wide in its own units as the board's box is in
// pixels (1000 on a desktop, 360 on a phone), so a 12-unit letter is drawn at about
// 12 px; nothing is smaller than 11 units. Long texts are wrapped to the width.
import {
  SIZE,
  MATERIALS,
  MAT_FILL,
  MAT_LETTER,
  FAMILY_FILL,
  FAMILY_NAME,
  FAMILY_CODE,
  DARK_TEXT,
  MARK_WORDS,
  FONT,
  SMALL,
  fitChars,
  cellName,
  costText,
  drawShape,
  drawOffers,
  tileTag,
} from "./smallcity_tiles.js";
import { drawPromises, promiseBack } from "./smallcity_promises.js";
import { placing, ghostLayer, placingPanel } from "./smallcity_ghost.js";

const HALL = SIZE * SIZE; // City Hall's name as a store in actions (a Warehouse is named by its top-left space)
// a grid's square: a finger's size on a phone's touch screen (set by draw)
let CELL = 30;
const GRID_X = 24; // room for the row letters left of a grid
const STATIONS = ["police", "fire", "clinic", "university"]; // work only while staffed (SC-50)
const PHASES = {
  setup: "setting up",
  actions: "Special Actions",
  build: "Build (behind screens)",
  move: "Move Citizens",
  income: "Collect Income",
  vote: "Vote",
  pollution: "Measure Pollution",
  council: "City Council",
  visit: "the VIPs' visit",
  over: "game over",
};
const OWN_PLACE = ["place", "demolish", "upgrade", "house", "kill", "bury", "extend", "staff"];

function text(svg, x, y, words, attrs = {}) {
  return svg("text", { x, y, "font-size": FONT, ...attrs }, words);
}

// Lines of text from (x, y) wrapped to `width`; answers the y under them.
function para(ctx, g, x, y, width, words, attrs = {}) {
  const size = attrs["font-size"] || FONT;
  for (const [k, line] of ctx.lines(words, fitChars(width, size)).entries()) {
    g.append(
      ctx.svg("text", { x: x + (k ? 8 : 0), y: y + size, "font-size": size, ...attrs }, line),
    );
    y += size + 3;
  }
  return y;
}

// [borough, space] a move names, for moves of the viewer (mover undefined) or of the
// seat `mover` (a recent move of another player, marked where it happened).
function placeOf(obs, a, mover) {
  const who = mover === undefined ? obs.viewer : mover;
  if (OWN_PLACE.includes(a[0])) return [who, a[1]];
  if (a[0] === "pick" || a[0] === "to") return [a[1], a[2]];
  return null;
}

// Each store of a borough by space: {store, tile} for City Hall's and every Warehouse's spaces.
function storesOf(seat, types) {
  const out = {};
  for (const t of seat.tiles || []) {
    if (!t) continue;
    const hall = types[t.type] && types[t.type].family === "city_hall";
    if (!hall && !(t.stock && t.stock.length)) continue;
    const store = hall ? HALL : Math.min(...t.cells);
    for (const c of t.cells) out[c] = { store, tile: t, hall };
  }
  return out;
}

function stockText(stock) {
  return stock.map((m) => (m >= 0 ? MATERIALS[m] : "empty")).join(", ");
}

// The borough a "store" move lays its material in: the mover's own while it has room
// (any move naming City Hall or a home Warehouse with a free space), else the
// borough that made the material (SC-65).
function storeBorough(obs, a, mover) {
  const who = mover === undefined ? obs.viewer : mover;
  if (a[3] === HALL) return who;
  const seat = obs.seats.find((st) => st.seat === who);
  const home =
    seat &&
    (seat.tiles || []).some((t) => t && t.stock && t.stock.length && Math.min(...t.cells) === a[3]);
  return home ? who : a[2];
}

// Does a spend or store move use this store of this borough?
function usesStore(obs, a, borough, store, mover) {
  if (a[0] === "spend")
    return borough === (mover === undefined ? obs.viewer : mover) && a[2] === store;
  if (a[0] === "store") return a[3] === store && storeBorough(obs, a, mover) === borough;
  return false;
}

// The move a click on a plot with no legal move would mean, so the server can say why not.
function attemptAt(obs, view, chosen, borough, i, store) {
  const mine = borough === obs.viewer;
  const me = obs.seats.find((st) => st.seat === obs.viewer);
  if (store !== null && obs.step === "spend" && mine && me) {
    const m = chosen && chosen[0] === "spend" ? chosen[1] : (me.owe || []).findIndex((n) => n > 0);
    return m >= 0 ? ["spend", m, store] : null;
  }
  if (store !== null && obs.step === "store" && me) {
    const pending = me.pending || [];
    let item = chosen && chosen[0] === "store" ? chosen[2] * 3 + chosen[1] : undefined;
    if (item === undefined)
      item = mine ? pending[0] : pending.find((p) => Math.floor(p / 3) === borough);
    return item === undefined ? null : ["store", item % 3, Math.floor(item / 3), store];
  }
  if (mine && ["house", "kill", "bury"].includes(obs.step)) return [obs.step, i];
  if (["pick", "to"].includes(obs.step)) return [obs.step, borough, i];
  return null;
}

// The materials a store holds, one square per space with its letter.
function drawStock(svg, g, here, seat, i, x, yy) {
  const k = here.tile.cells.indexOf(i);
  const held = here.hall ? seat.hall_mats : here.tile.stock;
  const per = Math.ceil(held.length / here.tile.cells.length);
  held.slice(k * per, (k + 1) * per).forEach((m, j) => {
    const bx = x + CELL - 15 - j * 14;
    g.append(
      svg(
        "g",
        { class: "material", "data-material": m >= 0 ? MATERIALS[m] : "empty" },
        svg("rect", {
          x: bx,
          y: yy + 1,
          width: 13,
          height: 13,
          rx: 2,
          fill: m >= 0 ? MAT_FILL[m] : "#fffdf8",
          stroke: m >= 0 ? "#fff" : "#6b6557",
          "stroke-dasharray": m >= 0 ? null : "2 1",
        }),
        m >= 0
          ? svg(
              "text",
              {
                x: bx + 6.5,
                y: yy + 11.5,
                "text-anchor": "middle",
                "font-size": SMALL,
                "font-weight": "bold",
                fill: "#fff",
              },
              MAT_LETTER[m],
            )
          : null,
      ),
    );
  });
}

function hallText(seat, data) {
  const held = seat.hall_mats.length
    ? seat.hall_mats.map((m) => MATERIALS[m]).join(", ")
    : "no materials";
  const room = data.hall_capacity - seat.hall_citizens - seat.hall_mats.length;
  return `${seat.hall_citizens} citizen${seat.hall_citizens === 1 ? "" : "s"}, ${held}; room for ${Math.max(room, 0)} more`;
}

// City Hall, each Warehouse and what is still owed or waiting, as lines of text.
function storeLines(ctx, seat, stores) {
  const { obs, data } = ctx;
  const lines = [`City Hall: ${hallText(seat, data)}`];
  const seen = new Set();
  for (const here of Object.values(stores)) {
    if (here.hall || seen.has(here.store)) continue;
    seen.add(here.store);
    lines.push(`Warehouse ${cellName(here.store)}: ${stockText(here.tile.stock)}`);
  }
  const mine = seat.seat === obs.viewer;
  if (mine && obs.step === "spend" && seat.owe && seat.owe.some((n) => n > 0)) {
    lines.push(`To pay: ${costText(seat.owe)}. Click City Hall or the Warehouse that gives it.`);
  }
  if (seat.pending && seat.pending.length) {
    const what = seat.pending.map(
      (p) =>
        `${MATERIALS[p % 3]}${Math.floor(p / 3) === seat.seat ? "" : ` (made in ${ctx.name(Math.floor(p / 3))}'s borough)`}`,
    );
    lines.push(
      `To store: ${what.join(", ")}.${mine && obs.step === "store" ? " Click City Hall or a Warehouse with room." : ""}`,
    );
  }
  return lines;
}

// The Architect's waiver (SC-10): its choices as labelled buttons, each saying what
// the building then costs. Answers the y under it.
function drawWaiver(ctx, root, types, x, y, width) {
  const { obs, svg } = ctx;
  const moves = ctx.your_turn
    ? ctx.view.legal_actions.map((m) => m.action).filter((a) => a[0] === "waive" || a[0] === "pass")
    : [];
  if (obs.step !== "waive" || !moves.length) return y;
  const me = obs.seats.find((st) => st.seat === obs.viewer);
  const tile = me && obs.sel && obs.sel[2] >= 0 ? me.tiles[obs.sel[2]] : null;
  const type = tile ? types[tile.type] : null;
  const cost = type ? type.materials : null;
  const panel = svg("g", { id: "architect-waiver" });
  y = para(
    ctx,
    panel,
    x,
    y,
    width,
    `The Architect's waiver${type ? `: the ${type.name} costs ${costText(cost)}` : ""}`,
    { "font-weight": "bold" },
  );
  moves.forEach((a) => {
    let words;
    if (a[0] === "pass")
      words = `Pay in full${cost ? ` (${costText(cost)})` : ""} and keep the waiver for a later Cultural building`;
    else {
      const rest = cost ? cost.map((c, m) => (m === a[1] ? c - 1 : c)) : null;
      words = `Waive 1 ${MATERIALS[a[1]]}${rest ? `: pay ${costText(rest)}` : ""}`;
    }
    const lines = ctx.lines(words, fitChars(width - 24));
    const h = lines.length * 15 + 8;
    const which = a[0] === "pass" ? "pass" : MATERIALS[a[1]];
    const g = svg(
      "g",
      { class: "waiver-choice", "data-waive": which },
      svg("rect", {
        class: "shape",
        x,
        y: y + 4,
        width,
        height: h,
        rx: 10,
        fill: "#fffdf8",
        stroke: "#8a806c",
      }),
      ...lines.map((line, k) => text(svg, x + 12, y + 20 + k * 15, line)),
    );
    ctx.bind(g, (b) => b[0] === a[0] && b[1] === a[1], { key: `waive-${which}`, label: words });
    panel.append(g);
    y += h + 6;
  });
  root.append(panel);
  return y + 6;
}

// A labelled bar: what it measures, its value and (optionally) a line at a threshold.
function gauge(svg, x, y, w, label, value, max, fill, words, mark = null) {
  const share = Math.max(0, Math.min(1, max ? value / max : 0));
  const g = svg("g", { class: "gauge", "data-gauge": label, "data-value": value });
  g.append(text(svg, x, y + 11, label, { fill: "#333" }));
  g.append(
    svg("rect", { x: x + 66, y: y + 1, width: w, height: 11, rx: 2, fill: "#eee", stroke: "#bbb" }),
  );
  g.append(svg("rect", { x: x + 66, y: y + 1, width: w * share, height: 11, rx: 2, fill }));
  if (mark !== null)
    g.append(
      svg("line", {
        x1: x + 66 + (w * mark) / max,
        x2: x + 66 + (w * mark) / max,
        y1: y - 1,
        y2: y + 14,
        stroke: "#b71c1c",
        "stroke-width": 2,
      }),
    );
  g.append(text(svg, x + 72 + w, y + 11, words, { "font-weight": "bold" }));
  return g;
}

const SOLO_RATING = (data, score) => {
  let name = "below Homestead";
  for (const [low, title] of data.content.solo.ratings) if (score >= low) name = title;
  return name;
};

// Score now as the rules count it: the viewer's own from its standing, the others' from
// what everyone sees (votes less pollution, their Promises hidden).
function scoreLine(obs, data, seat, view) {
  const basic = ["basic", "votes"].includes(obs.mode);
  if (view.result && view.result.scores) {
    const final = view.result.scores[seat.seat];
    return [`Final score: ${final} (its parts in the table above)`, final, ""];
  }
  if (seat.standing) {
    const st = seat.standing;
    const parts = basic
      ? ` (votes ${seat.votes} − pollution ${seat.pollution}${st.promise_delta ? ` ${st.promise_delta > 0 ? "+" : "−"} ${Math.abs(st.promise_delta)} Promise` : ""})`
      : "";
    const rating =
      obs.players === 1 ? `Solo rating for that score: ${SOLO_RATING(data, st.score)}` : "";
    return [`Score now: ${st.score}${parts}`, st.score, rating];
  }
  if (!basic) return ["", null, ""];
  return [
    `Votes − pollution: ${seat.votes - seat.pollution} (Promise hidden)`,
    seat.votes - seat.pollution,
    "",
  ];
}

// The text under a borough that says what the move to the pointed space would do.
function previewOf(ctx, seat, x, y, width) {
  const { obs, svg } = ctx;
  if (!ctx.your_turn || obs.step !== "to") return null;
  const moves = ctx.view.legal_actions.filter(
    (m) => m.action[0] === "to" && m.action[1] === seat.seat,
  );
  if (!moves.length) return null;
  const node = svg("text", {
    class: "move-preview",
    id: `move-preview-${seat.seat}`,
    x,
    y: y + FONT,
    "font-size": FONT,
    "font-weight": "bold",
    fill: "#1b5e20",
  });
  const say = (words) =>
    node.replaceChildren(
      ...ctx
        .lines(words, fitChars(width))
        .map((line, k) => svg("tspan", { x, dy: k ? FONT + 3 : 0 }, line)),
    );
  say(
    `Point at a highlighted space of ${ctx.name(seat.seat)}'s borough to see what the move would do.`,
  );
  const show = (i) => {
    const m = moves.find((mm) => mm.action[2] === i);
    if (!m) return;
    node.dataset.cell = String(i);
    say(
      `If it goes to ${cellName(i)}: ${m.text.includes(": ") ? m.text.slice(m.text.indexOf(": ") + 2) : m.text}`,
    );
  };
  return { node, show, height: 5 * (FONT + 3) };
}

// One borough: its header (name, gauges, score, City Hall), the grid with row letters
// and column numbers, tiles, stores, citizens and tourists; answers its bottom.
function drawBorough(ctx, root, seat, x0, y, extra) {
  const { obs, data, svg } = ctx;
  const types = Object.fromEntries(data.types.map((t) => [t.key, t]));
  const you = seat.seat === obs.viewer;
  // the words over and under the grid: as wide as a phone shows when its squares are
  // drawn a finger wide (the grid alone then pans)
  const width = Math.min(SIZE * CELL + GRID_X, 354);
  const x = x0 - GRID_X;
  const mayorCells = obs.mayor >= 0 && seat.seat === obs.host ? data.edges[obs.mayor] : [];
  const maxVotes = Math.max(50, ...obs.seats.map((st) => st.votes));
  const maxMoney = Math.max(20, ...obs.seats.map((st) => st.money));
  const head = svg("g", {
    class: "borough-head",
    "data-borough": seat.seat,
    "data-seat-area": seat.seat,
  });
  let hy = para(
    ctx,
    head,
    x,
    y,
    width,
    `${ctx.name(seat.seat)}${you ? " (you)" : ""}${seat.eliminated ? " — out (100% pollution)" : ""}${seat.finished && obs.phase === "build" ? " — finished building" : ""}`,
    { "font-size": 14, "font-weight": "bold", fill: ctx.colour(seat.seat) },
  );
  head.append(
    gauge(svg, x, hy + 4, 120, "Votes", seat.votes, maxVotes, "#6a1b9a", `${seat.votes}`),
  );
  head.append(
    gauge(svg, x, hy + 20, 120, "Money", seat.money, maxMoney, "#2e7d32", `$${seat.money}`),
  );
  head.append(
    gauge(
      svg,
      x,
      hy + 36,
      120,
      "Pollution",
      seat.pollution,
      100,
      seat.pollution >= 10 ? "#c62828" : "#8d6e63",
      `${seat.pollution}% (100%: out)`,
      10,
    ),
  );
  hy += 54;
  const [score, value, rating] = scoreLine(obs, data, seat, ctx.view);
  const scoreNode = svg("g", { class: "score-now", "data-score-now": value === null ? "" : value });
  hy = para(ctx, scoreNode, x, hy, width, score, { "font-weight": "bold" });
  head.append(scoreNode);
  if (rating) {
    const r = svg("g", { class: "solo-rating" });
    hy = para(ctx, r, x, hy, width, rating);
    head.append(r);
  }
  hy = para(
    ctx,
    head,
    x,
    hy,
    width,
    `City Hall ${seat.hall_citizens} citizens · Career Center ${seat.career} · reserve ${seat.reserve}`,
  );
  const promise = svg("g", { class: "promise-line" });
  hy = para(
    ctx,
    promise,
    x,
    hy,
    width,
    you && seat.promise > 0
      ? `Your Promise and ${seat.special_count} Special Promise${seat.special_count === 1 ? "" : "s"}: see the cards`
      : promiseBack(ctx, seat),
  );
  head.append(promise);
  root.append(head);
  const y0 = hy + 18;
  const tileAt = {};
  (seat.tiles || []).forEach((t, n) => {
    if (t) for (const c of t.cells) tileAt[c] = n;
  });
  const stores = storesOf(seat, types);
  const p = you ? extra.placing : null;
  const cellXY = (i) => [x0 + (i % SIZE) * CELL, y0 + Math.floor(i / SIZE) * CELL];
  const ghost = p
    ? ghostLayer(ctx, p, seat, cellXY, CELL, { x, y: y0 + SIZE * CELL + 18, width })
    : null;
  const preview = previewOf(ctx, seat, x, y0 + SIZE * CELL + 6, width);
  const picked =
    obs.step === "to" && obs.picked && obs.picked[0] === seat.seat ? obs.picked[1] : -1;
  for (let i = 0; i < SIZE * SIZE; i++) {
    const r = Math.floor(i / SIZE);
    const c = i % SIZE;
    const [cx, yy] = cellXY(i);
    const inZone = r < seat.zone_size && c < seat.zone_size;
    const tile = tileAt[i] !== undefined ? seat.tiles[tileAt[i]] : null;
    const type = tile ? types[tile.type] : null;
    const here = stores[i] || null;
    const store = here ? here.store : null;
    let fill = inZone ? "#efe6cf" : "#d8cfbd";
    if (type) fill = FAMILY_FILL[type.family] || "#999";
    if (seat.grid[i] === -2) fill = "#555";
    const g = svg("g", {
      class: here ? "plot store" : "plot",
      "data-cell": i,
      "data-borough": seat.seat,
      "data-store": store === null ? null : store,
      "data-name": cellName(i),
    });
    g.append(
      svg("rect", {
        class: "shape",
        x: cx,
        y: yy,
        width: CELL - 1,
        height: CELL - 1,
        fill,
        stroke: "#fff",
      }),
    );
    if (type && type.family === "harbor" && tile.marks[tile.cells.indexOf(i)] === 1) {
      g.append(
        svg("rect", { x: cx + 3, y: yy + 3, width: CELL - 7, height: CELL - 7, fill: "#9fc5e8" }),
      );
    }
    if (
      type &&
      STATIONS.includes(type.family) &&
      !tile.cells.some((cc) => seat.occ[cc] === seat.seat)
    ) {
      // a station works only while one of its owner's citizens staffs it (SC-50)
      g.append(
        svg("rect", {
          class: "unstaffed",
          x: cx,
          y: yy,
          width: CELL - 1,
          height: CELL - 1,
          fill: "#fff",
          "fill-opacity": 0.55,
        }),
      );
    }
    if (tile && tile.fresh) {
      // built this round: after the screens go down everyone sees what each built
      g.append(
        svg("rect", {
          class: "fresh-mark",
          x: cx + 1.5,
          y: yy + 1.5,
          width: CELL - 4,
          height: CELL - 4,
          fill: "none",
          stroke: "#111",
          "stroke-width": 1.2,
          "stroke-dasharray": "2 2",
        }),
      );
    }
    if (type && tile.cells[0] === i) {
      g.append(
        svg(
          "text",
          {
            x: cx + 2,
            y: yy + 11,
            "font-size": SMALL,
            "font-weight": "bold",
            fill: DARK_TEXT.includes(type.family) ? "#222" : "#fff",
            class: "tile-tag",
          },
          tileTag(type),
        ),
      );
    }
    if (seat.grid[i] === -2)
      g.append(
        svg(
          "text",
          { x: cx + CELL / 2, y: yy + 21, "text-anchor": "middle", "font-size": 15, fill: "#fff" },
          "✝",
        ),
      );
    if (here) drawStock(svg, g, here, seat, i, cx, yy);
    const who = seat.occ[i];
    const tourist = who >= 0 && who !== seat.seat;
    if (who >= 0) {
      if (i === picked)
        g.append(
          svg("circle", {
            class: "picked-ring",
            cx: cx + CELL / 2,
            cy: yy + 20,
            r: 10,
            fill: "none",
            stroke: "#111",
            "stroke-width": 2.5,
            "stroke-dasharray": "3 2",
          }),
        );
      g.append(
        svg("circle", {
          class: tourist ? "citizen tourist" : "citizen",
          "data-owner": who,
          cx: cx + CELL / 2,
          cy: yy + 20,
          r: 7.5,
          fill: ctx.colour(who),
          stroke: tourist ? "#000" : "#fff",
          "stroke-width": tourist ? 2 : 1.2,
        }),
      );
      if (tourist)
        g.append(
          svg(
            "text",
            {
              x: cx + CELL / 2,
              y: yy + 24,
              "text-anchor": "middle",
              "font-size": SMALL,
              "font-weight": "bold",
              fill: "#fff",
            },
            "T",
          ),
        );
    }
    if (mayorCells.includes(i))
      g.append(
        svg("rect", {
          class: "mayor-mark",
          x: cx + CELL - 10,
          y: yy + CELL - 10,
          width: 8,
          height: 8,
          fill: "#000",
        }),
      );
    let label = `${ctx.name(seat.seat)}'s borough ${cellName(i)}${type ? `: ${type.name}` : seat.grid[i] === -2 ? ": Cemetery" : inZone ? ", empty" : " (outside the Constructible Zone)"}`;
    if (type && STATIONS.includes(type.family))
      label += tile.cells.some((cc) => seat.occ[cc] === seat.seat)
        ? " (staffed: it works)"
        : " (not staffed: it does not work)";
    if (who >= 0) label += tourist ? `; a tourist of ${ctx.name(who)}` : "; one of its citizens";
    if (mayorCells.includes(i)) label += "; beside the mayor, no building this round";
    if (here)
      label += ` (${here.hall ? hallText(seat, data) : `holds ${stockText(here.tile.stock)}`})`;
    // a citizen to pick or a space to go to: the move's own words (must it move, what it would do)
    const moveHere =
      ctx.your_turn && ["pick", "to"].includes(obs.step)
        ? ctx.view.legal_actions.find(
            (m) => m.action[0] === obs.step && m.action[1] === seat.seat && m.action[2] === i,
          )
        : null;
    if (moveHere) label += `. ${moveHere.text}`;
    if (p) {
      const anchor = p.anchorAt(i);
      ctx.bind(
        g,
        (a, mover) => mover === undefined && a[0] === "place" && a[1] === p.o && a[2] === anchor,
        {
          key: `plot-${seat.seat}-${i}`,
          label,
          attempt: () => (anchor === null ? null : ["place", p.o, anchor]),
        },
      );
      g.addEventListener("mouseenter", () => ghost.show(i));
      g.addEventListener("focus", () => ghost.show(i));
    } else {
      ctx.bind(
        g,
        (a, mover) => {
          if (a[0] === "mayor") return seat.seat === obs.host && data.edges[a[1]].includes(i);
          if (a[0] === "spend" || a[0] === "store")
            return store !== null && usesStore(obs, a, seat.seat, store, mover);
          if (a[0] === "place" && mover !== undefined) {
            // another player's new tile: marked on every space of it (its box's corner is the anchor)
            if (seat.seat !== mover || !tile) return false;
            const rows = tile.cells.map((cc) => Math.floor(cc / SIZE));
            const cols = tile.cells.map((cc) => cc % SIZE);
            return Math.min(...rows) * SIZE + Math.min(...cols) === a[2];
          }
          const at = placeOf(obs, a, mover);
          return at !== null && at[0] === seat.seat && at[1] === i;
        },
        {
          key: here ? `store-${seat.seat}-${store}-${i}` : `plot-${seat.seat}-${i}`,
          label,
          attempt: (chosen) => attemptAt(obs, ctx.view, chosen, seat.seat, i, store),
        },
      );
      if (preview) {
        g.addEventListener("mouseenter", () => preview.show(i));
        g.addEventListener("focus", () => preview.show(i));
      }
    }
    root.append(g);
  }
  for (let c = 0; c < SIZE; c++)
    root.append(
      text(svg, x0 + c * CELL + CELL / 2, y0 - 4, c + 1, {
        "text-anchor": "middle",
        fill: "#5d574b",
        class: "col-label",
      }),
    );
  for (let r = 0; r < SIZE; r++)
    root.append(
      text(svg, x0 - 5, y0 + r * CELL + CELL / 2 + 4, String.fromCharCode(65 + r), {
        "text-anchor": "end",
        fill: "#5d574b",
        class: "row-label",
      }),
    );
  let sy = y0 + SIZE * CELL + 6;
  if (ghost) {
    root.append(ghost.layer, ghost.said);
    if (ghost.hovered !== null) ghost.show(ghost.hovered);
    sy += 4 * (FONT + 3) + 8;
  }
  if (preview) {
    root.append(preview.node);
    sy += preview.height;
  }
  // what each store holds, the stations and what waits, in words under the borough
  const list = svg("g", { class: "stores-list", "data-borough": seat.seat });
  const lines = storeLines(ctx, seat, stores);
  const stations = (seat.tiles || []).filter((t) => t && STATIONS.includes(types[t.type].family));
  if (stations.length) {
    lines.push(
      `Stations: ${stations.map((t) => `${types[t.type].name} ${t.cells.some((cc) => seat.occ[cc] === seat.seat) ? "staffed" : "not staffed"}`).join(", ")}`,
    );
  }
  if (you && seat.log && seat.log.length) {
    // the engine's words name seats by number; the table's names replace them
    const said = seat.log.join(" ").replace(/Player (\d+)/g, (_, n) => ctx.name(Number(n) - 1));
    lines.push(`Behind your screen so far: ${said}`);
  }
  for (const line of lines) sy = para(ctx, list, x, sy, width, line);
  root.append(list);
  return sy;
}

// The Special Action circle; answers the next y.
function drawCircle(ctx, root, x, y, width) {
  const { obs, data, svg } = ctx;
  const cards = data.action_cards || [];
  const cardName = (c) => (cards[c] ? cards[c].name : `Action card ${c + 1}`);
  const g = svg("g", { id: "action-circle" });
  y = para(
    ctx,
    g,
    x,
    y,
    width,
    "The Special Action circle (a taken card is filled in its taker's colour; the effects are listed at the bottom):",
    { "font-weight": "bold" },
  );
  const perRow = width >= 900 ? 8 : width >= 600 ? 4 : 3;
  const w = Math.floor((width - (perRow - 1) * 6) / perRow);
  const shown = obs.circle.map((card, k) => [card, k]).filter(([card]) => card >= 0);
  shown.forEach(([card, k], n) => {
    const taken = obs.taken[k];
    const cx = x + (n % perRow) * (w + 6);
    const cy = y + 4 + Math.floor(n / perRow) * 32;
    const who =
      taken >= 0 ? `taken by ${ctx.name(taken)}` : taken === -2 ? "taken by the mayor" : "free";
    const dark = taken >= 0 || taken === -2;
    const node = svg(
      "g",
      { class: "circle-card", "data-slot": k, "data-card": card },
      svg("rect", {
        class: "shape",
        x: cx,
        y: cy,
        width: w,
        height: 26,
        rx: 13,
        fill: taken >= 0 ? ctx.colour(taken) : taken === -2 ? "#555" : "#fffdf8",
        stroke: "#8a806c",
      }),
      text(svg, cx + w / 2, cy + 18, cardName(card), {
        "text-anchor": "middle",
        "font-weight": "bold",
        fill: dark ? "#fff" : "#222",
      }),
    );
    ctx.bind(node, (a) => a[0] === "card" && a[1] === k, {
      key: `card-${k}`,
      label: `${cardName(card)} (${who})`,
      detail: cards[card] ? `${cards[card].name}: ${cards[card].text}` : "",
      attempt: () => (obs.step === "card" ? ["card", k] : null),
    });
    g.append(node);
  });
  root.append(g);
  y += 4 + Math.ceil(shown.length / perRow) * 32;
  return (
    para(
      ctx,
      root,
      x,
      y,
      width,
      `Materials in reserve: ${obs.mats.map((n, m) => `${n} ${MATERIALS[m]}`).join(", ")} · Promise decks (easy, medium, difficult): ${obs.deck_sizes.join(", ")} cards`,
    ) + 6
  );
}

// A council space's benefit in words (data/council.toml).
function benefitText(row, reward) {
  if (reward === undefined) return "";
  if (row === "industry") return reward.map((choice) => costText(choice)).join(" or ");
  if (row === "building") {
    const [lo, hi, waived] = reward;
    return `a free tile of ${lo === hi ? lo : `${lo} to ${hi}`} space${hi > 1 ? "s" : ""}${waived ? ", its needs waived" : ""}`;
  }
  if (row === "economy") return `$${reward} or ${reward} votes`;
  if (row === "tourism") return `${reward} citizen${reward === 1 ? "" : "s"}`;
  return JSON.stringify(reward);
}

// The City Council board: a row per department, a column per price; answers the next y.
function drawCouncil(ctx, root, x, y, width) {
  const { obs, data, svg } = ctx;
  const councilSide =
    data.content && data.content.council ? data.content.council[obs.council_side] : null;
  if (!councilSide) return y;
  const board = svg("g", { id: "council-board" });
  const rows = Object.keys(councilSide).filter((k) => k !== "source" && k !== "price");
  const cols = councilSide.price.length; // a disc's column counts from 1 (0: not on the board yet)
  y = para(
    ctx,
    board,
    x,
    y,
    width,
    `City Council (${obs.council_side} side): a disc entering a column pays its price in $ or votes and takes that column's benefit`,
    { "font-weight": "bold" },
  );
  const wide = width >= 600;
  const labelW = wide ? 84 : 0;
  const cw = Math.floor((width - labelW) / cols);
  const heads = Array.from({ length: cols }, (_, c) =>
    ctx.lines(`Column ${c + 1}: costs ${councilSide.price[c]}`, fitChars(cw - 6)),
  );
  heads.forEach((lines, c) =>
    lines.forEach((line, k) =>
      board.append(
        text(svg, x + labelW + c * cw + 4, y + FONT + 2 + k * (FONT + 3), line, {
          fill: "#5d574b",
          "font-weight": "bold",
        }),
      ),
    ),
  );
  y += Math.max(...heads.map((h) => h.length)) * (FONT + 3) + 6;
  rows.forEach((row, r) => {
    const title = row[0].toUpperCase() + row.slice(1);
    if (!wide) {
      board.append(text(svg, x, y + FONT, title, { "font-weight": "bold" }));
      y += FONT + 4;
    }
    const texts = Array.from({ length: cols }, (_, c) =>
      ctx.lines(benefitText(row, councilSide[row][c]), fitChars(cw - 10)),
    );
    const h = Math.max(...texts.map((t) => t.length)) * (FONT + 3) + 8;
    if (wide) board.append(text(svg, x, y + FONT + 4, title, { "font-weight": "bold" }));
    for (let c = 0; c < cols; c++) {
      const cx = x + labelW + c * cw;
      const space = svg(
        "g",
        { class: "council-space", "data-row": r, "data-col": c },
        svg("rect", {
          class: "shape",
          x: cx,
          y,
          width: cw - 4,
          height: h,
          rx: 3,
          fill: "#fffdf8",
          stroke: "#b9ae97",
        }),
        ...texts[c].map((line, k) =>
          text(svg, cx + 4, y + FONT + 3 + k * (FONT + 3), line, { fill: "#333" }),
        ),
      );
      // a disc enters column 1 of a row, or moves one column on in its own row (SC-79)
      ctx.bind(
        space,
        (a, mover) => {
          const who = obs.seats.find(
            (st) => st.seat === (mover === undefined ? obs.viewer : mover),
          );
          if (a[0] === "enter") return a[2] === r && c === 0;
          if (a[0] !== "advance" || !who) return false;
          // the disc enters the column after its own (space index = its column before the
          // move); a recent move already has it there
          const goal = mover === undefined ? who.disc_col[a[1]] : who.disc_col[a[1]] - 1;
          return who.disc_row[a[1]] === r && goal === c;
        },
        {
          key: `council-${r}-${c}`,
          label: `${title}, column ${c + 1}: costs ${councilSide.price[c]}, gives ${benefitText(row, councilSide[row][c])}`,
        },
      );
      board.append(space);
    }
    obs.seats.forEach((st, k) => {
      (st.disc_row || []).forEach((dr, d) => {
        if (dr !== r || st.disc_col[d] < 1) return;
        const c = st.disc_col[d] - 1;
        board.append(
          svg(
            "circle",
            {
              class: "council-disc",
              cx: x + labelW + c * cw + cw - 14 - k * 10,
              cy: y + h - 9,
              r: 6,
              fill: ctx.colour(st.seat),
              stroke: "#222",
            },
            svg("title", {}, `${ctx.name(st.seat)}'s council disc: ${title}, column ${c + 1}`),
          ),
        );
      });
    });
    y += h + 4;
  });
  root.append(board);
  return y + 6;
}

// The other players' open moves since the viewer's last (the table marks the ones with
// a place on the board; this says every one in words, in the mover's colour).
function drawRecent(ctx, root, x, y, width) {
  const { svg, view } = ctx;
  const recent = view.recent || [];
  if (!recent.length) return y;
  const g = svg("g", { id: "recent-moves" });
  const mine = view.seat !== null && view.seat !== undefined;
  y = para(ctx, g, x, y, width, mine ? "Since your last move:" : "The last moves:", {
    "font-weight": "bold",
  });
  for (const m of recent.slice(-6)) {
    const node = svg("g", { class: "recent-move", "data-seat": m.seat });
    y = para(ctx, node, x + 8, y, width - 8, `${ctx.name(m.seat)}: ${m.text}`, {
      fill: ctx.colour(m.seat),
    });
    g.append(node);
  }
  root.append(g);
  return y + 6;
}

// The key to the drawing: every colour, letter and mark the boroughs use.
function drawLegend(ctx, root, x, y, width) {
  const { svg, obs } = ctx;
  const g = svg("g", { id: "smallcity-legend" });
  y = para(ctx, g, x, y, width, "Key", { "font-size": 14, "font-weight": "bold" });
  const items = [];
  for (const [family, name] of Object.entries(FAMILY_NAME))
    items.push(["tile", FAMILY_FILL[family], `${FAMILY_CODE[family]}: ${name}`, family]);
  items.push(
    ["note", null, "the number after a letter: the tile's level"],
    ["water", "#9fc5e8", "a Harbor's water space"],
    ...MATERIALS.map((m, k) => [
      "material",
      MAT_FILL[k],
      `${MAT_LETTER[k]}: ${m} held in City Hall or a Warehouse`,
    ]),
    ["empty", "#fffdf8", "dashed: a free Warehouse space"],
    ["circle", ctx.colour(obs.viewer ?? 0), "a citizen, in its owner's colour"],
    ["tourist", ctx.colour(obs.viewer ?? 0), "T: a tourist from another borough"],
    ["ring", null, "ringed: the citizen you are moving"],
    ["fresh", "#e9c46a", "dotted inside: a tile built this round"],
    ["unstaffed", FAMILY_FILL.police, "faded: a station nobody staffs (it does not work)"],
    ["cemetery", "#555", "✝ a Cemetery"],
    ["mayor", "#000", "the mayor's street: no building beside it this round"],
    ["zone", "#efe6cf", "your Constructible Zone (darker: not yet yours)"],
    ["disc", "#888", "a council disc, in its owner's colour"],
    ["line", "#b71c1c", "on Pollution: at 10% anyone's citizens die this round"],
    ["note", null, MARK_WORDS.commercial],
    ["note", null, MARK_WORDS.factory],
  );
  let cx = x;
  let yy = y + 4;
  for (const [kind, fill, words, family] of items) {
    const w = Math.min(width, 24 + words.length * FONT * 0.6);
    if (cx + w > x + width && cx > x) {
      cx = x;
      yy += 20;
    }
    const item = svg("g", { class: "key-item", "data-key": family || kind });
    if (kind === "circle" || kind === "tourist" || kind === "disc") {
      item.append(
        svg("circle", {
          cx: cx + 8,
          cy: yy + 8,
          r: 7.5,
          fill,
          stroke: kind === "tourist" ? "#000" : "#fff",
          "stroke-width": kind === "tourist" ? 2 : 1,
        }),
      );
      if (kind === "tourist")
        item.append(
          text(svg, cx + 8, yy + 12, "T", {
            "text-anchor": "middle",
            "font-size": SMALL,
            "font-weight": "bold",
            fill: "#fff",
          }),
        );
    } else if (kind === "ring") {
      item.append(
        svg("circle", {
          cx: cx + 8,
          cy: yy + 8,
          r: 8,
          fill: "none",
          stroke: "#111",
          "stroke-width": 2.5,
          "stroke-dasharray": "3 2",
        }),
      );
    } else if (kind === "line") {
      item.append(
        svg("line", {
          x1: cx + 8,
          x2: cx + 8,
          y1: yy,
          y2: yy + 16,
          stroke: fill,
          "stroke-width": 2,
        }),
      );
    } else if (kind === "unstaffed") {
      item.append(svg("rect", { x: cx, y: yy + 1, width: 15, height: 15, rx: 2, fill }));
      item.append(
        svg("rect", {
          x: cx,
          y: yy + 1,
          width: 15,
          height: 15,
          rx: 2,
          fill: "#fff",
          "fill-opacity": 0.55,
        }),
      );
    } else if (kind === "fresh") {
      item.append(svg("rect", { x: cx, y: yy + 1, width: 15, height: 15, rx: 2, fill }));
      item.append(
        svg("rect", {
          x: cx + 1.5,
          y: yy + 2.5,
          width: 12,
          height: 12,
          fill: "none",
          stroke: "#111",
          "stroke-width": 1.2,
          "stroke-dasharray": "2 2",
        }),
      );
    } else if (kind !== "note") {
      item.append(
        svg("rect", {
          x: cx,
          y: yy + 1,
          width: 15,
          height: 15,
          rx: 2,
          fill,
          stroke: kind === "empty" ? "#6b6557" : "#999",
          "stroke-dasharray": kind === "empty" ? "2 1" : null,
        }),
      );
    }
    const tx = cx + (kind === "note" ? 0 : 20);
    const lines = ctx.lines(words, fitChars(x + width - tx));
    lines.forEach((line, k) =>
      item.append(text(svg, tx + (k ? 8 : 0), yy + 13 + k * (FONT + 3), line)),
    );
    g.append(item);
    if (lines.length > 1) {
      yy += (lines.length - 1) * (FONT + 3);
      cx = x + width;
      continue;
    }
    cx += (kind === "note" ? w - 20 : w) + 10;
  }
  root.append(g);
  return yy + 26;
}

// What each Special Action card does.
function drawCards(ctx, root, x, y, width) {
  const { data, svg } = ctx;
  const cards = data.action_cards || [];
  if (!cards.length) return y;
  y = para(ctx, root, x, y, width, "The Special Action cards", {
    "font-size": 14,
    "font-weight": "bold",
  });
  const legend = svg("g", { id: "action-cards" });
  cards.forEach((card, c) => {
    ctx.lines(`${card.name}: ${card.text}`, fitChars(width - 10)).forEach((line, k) => {
      legend.append(
        text(svg, x + (k ? 12 : 0), y + FONT, line, { "data-card-text": k ? null : c }),
      );
      y += FONT + 3;
    });
  });
  root.append(legend);
  return y + 4;
}

// The other borough holding the places of the legal moves, when none is the viewer's.
function elsewhere(ctx) {
  const { obs } = ctx;
  let found = null;
  for (const m of ctx.your_turn ? ctx.view.legal_actions : []) {
    const a = m.action;
    let b = null;
    if (a[0] === "mayor") b = obs.host;
    else if (a[0] === "store") b = storeBorough(obs, a);
    else if (placeOf(obs, a)) b = placeOf(obs, a)[0];
    if (b === obs.viewer) return null;
    if (b !== null && found === null) found = b;
  }
  return found;
}

export function draw(ctx) {
  const { obs, data, svg } = ctx;
  const types = Object.fromEntries(data.types.map((t) => [t.key, t]));
  const root = svg("svg", {
    id: "smallcity-board",
    role: "group",
    "aria-label": "The boroughs of Small City",
  });
  // a phone gets one narrow column; a wider screen the viewer's borough beside the decision
  const narrow = ctx.narrow;
  CELL = narrow && ctx.touch ? 46 : 30;
  const W = narrow ? 360 : 960;
  const x = 4;
  const inner = W - 8;
  let y =
    para(
      ctx,
      root,
      x,
      0,
      inner,
      `Round ${obs.round} of ${data.rounds} · ${PHASES[obs.phase] || obs.phase} · host ${ctx.name(obs.host)}${obs.players === 1 ? ` · solo, ${obs.level} level` : ""}`,
      { "font-size": 15, "font-weight": "bold" },
    ) + 4;
  y = drawRecent(ctx, root, x, y, inner);
  const me = obs.seats.find((st) => st.seat === obs.viewer);
  const p = placing(ctx);
  const decision = (dx, dy, width) => {
    let py = drawWaiver(ctx, root, types, dx, dy, width);
    if (p) {
      const [panel, h] = placingPanel(ctx, p, dx, py, width, drawShape);
      root.append(panel);
      py += h;
    }
    py += drawOffers(ctx, root, dx, py, width);
    py += drawPromises(ctx, root, dx, py, width);
    return py;
  };
  const others = obs.seats.filter((st) => st !== me);
  const per = SIZE * CELL + GRID_X + 14;
  if (narrow) {
    // what is clicked first comes first: the council when moving a disc, else the
    // decision's panel and the viewer's borough
    // (the circle is short, so it always comes before the boroughs)
    const first = ["council", "councilor"].includes(obs.step) ? "council" : null;
    y = drawCircle(ctx, root, x, y, inner);
    if (first === "council") y = drawCouncil(ctx, root, x, y, inner);
    // when every place to click now is in another borough (the mayor's street in the
    // host's, a tourist's next space abroad), that borough comes first
    const host = others.find((st) => st.seat === elsewhere(ctx));
    if (host) y = drawBorough(ctx, root, host, x + GRID_X, y, {}) + 10;
    if (me) {
      y = decision(x, y, inner) + 6;
      y = drawBorough(ctx, root, me, x + GRID_X, y, { placing: p }) + 10;
    }
    if (first !== "council") y = drawCouncil(ctx, root, x, y, inner);
    for (const seat of others)
      if (seat !== host) y = drawBorough(ctx, root, seat, x + GRID_X, y, {}) + 10;
  } else {
    // the council first when a disc moves on it, else the viewer's borough beside the
    // decision's panel, so what is chosen now opens in the first screen
    const first = ["council", "councilor"].includes(obs.step);
    y = drawCircle(ctx, root, x, y, inner);
    if (first) y = drawCouncil(ctx, root, x, y, inner);
    if (me) {
      const end = drawBorough(ctx, root, me, x + GRID_X, y, { placing: p });
      y = Math.max(end, decision(x + per + 10, y, inner - per - 10)) + 10;
    }
    if (!first) y = drawCouncil(ctx, root, x, y, inner);
    let rowTop = y;
    others.forEach((seat, k) => {
      if (k && k % 3 === 0) rowTop = y + 10;
      y = Math.max(y, drawBorough(ctx, root, seat, x + GRID_X + (k % 3) * per, rowTop, {}));
    });
    y += 10;
  }
  y = drawLegend(ctx, root, x, y, inner);
  y = drawCards(ctx, root, x, y + 6, inner);
  root.setAttribute("viewBox", `0 0 ${W} ${y + 10}`);
  root.style.maxHeight = "none"; // a tall town scrolls rather than shrinking its print
  return root;
}

export function scores(obs, data, view) {
  if (view.result) return view.result.scores;
  const basic = ["basic", "votes"].includes(obs.mode);
  return Object.fromEntries(
    obs.seats.map((st) => [
      st.seat,
      st.standing ? st.standing.score : basic ? st.votes - st.pollution : null,
    ]),
  );
}
