// Small City: every player's borough (the grid with row letters and column numbers
// as the log names spaces, its Constructible Zone, tiles, citizens, tourists and
// cemeteries), the action circle, the council discs, each player's votes, money and
// pollution as gauges; the viewer's Promises face up with their progress, everyone
// else's face down; the tiles on offer and the placement ghost (smallcity_*.js).
// City Hall and the Warehouses show the materials they hold and are the places
// where a material is paid from or stored (SC-38, SC-64, SC-65, SC-82).
import { SIZE, MATERIALS, MAT_FILL, MAT_LETTER, FAMILY_FILL, FAMILY_NAME, cellName, costText, drawShape, drawOffers } from "./smallcity_tiles.js";
import { drawPromises, promiseBack } from "./smallcity_promises.js";
import { placing, footprintAt, ghostLayer, placingPanel } from "./smallcity_ghost.js";

const HALL = SIZE * SIZE; // City Hall's name as a store in actions (a Warehouse is named by its top-left space)
const CELL = 26;
const STATIONS = ["police", "fire", "clinic", "university"]; // work only while staffed (SC-50)

function cellOf(a, viewer) {
  // [seat, cell] when the move names a place in a borough
  if (a[0] === "place") return [viewer, a[2]];
  if (["demolish", "upgrade", "house", "kill", "bury", "extend", "staff"].includes(a[0])) return [viewer, a[1]];
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


// The borough a "store" move lays its material in: the viewer's own while it has room
// (any move naming City Hall or a home Warehouse with a free space), else the
// borough that made the material (SC-65).
function storeBorough(obs, a) {
  if (a[3] === HALL) return obs.viewer;
  const me = obs.seats.find((st) => st.seat === obs.viewer);
  const home = me && (me.tiles || []).some((t) => t && t.stock && t.stock.length &&
    Math.min(...t.cells) === a[3] && t.stock.includes(-1));
  return home ? obs.viewer : a[2];
}

// Does a spend or store move use this store of this borough?
function usesStore(obs, a, borough, store) {
  if (a[0] === "spend") return borough === obs.viewer && a[2] === store;
  if (a[0] === "store") return a[3] === store && storeBorough(obs, a) === borough;
  return false;
}

// The move a click on a plot with no legal move would mean, so the server can say why not.
function attemptAt(obs, view, chosen, borough, i, store) {
  const mine = borough === obs.viewer;
  const me = obs.seats.find((st) => st.seat === obs.viewer);
  if (store !== null && obs.step === "spend" && mine && me) {
    // the material still owed, first kind first, as the game asks for it
    const m = chosen && chosen[0] === "spend" ? chosen[1] : (me.owe || []).findIndex((n) => n > 0);
    return m >= 0 ? ["spend", m, store] : null;
  }
  if (store !== null && obs.step === "store" && me) {
    const pending = me.pending || [];
    let item = chosen && chosen[0] === "store" ? chosen[2] * 3 + chosen[1] : undefined;
    // abroad only a material made in that borough could stay (SC-65)
    if (item === undefined) item = mine ? pending[0] : pending.find((p) => Math.floor(p / 3) === borough);
    return item === undefined ? null : ["store", item % 3, Math.floor(item / 3), store];
  }
  const placing = chosen && chosen[0] === "place" ? chosen : view.legal_actions.map((m) => m.action).find((a) => a[0] === "place");
  if (mine && ["place", "hall", "warehouse"].includes(obs.step) && placing) return ["place", placing[1], i];
  if (mine && ["house", "kill", "bury"].includes(obs.step)) return [obs.step, i];
  if (["pick", "to"].includes(obs.step)) return [obs.step, borough, i];
  return null;
}

// The materials a store holds as small squares on its spaces: a Warehouse's storage
// spaces one per space, City Hall's materials in the order they came.
function drawStock(svg, g, here, seat, i, x, yy) {
  const k = here.tile.cells.indexOf(i);
  const held = here.hall ? seat.hall_mats : here.tile.stock;
  const per = Math.ceil(held.length / here.tile.cells.length);
  held.slice(k * per, (k + 1) * per).forEach((m, j) => {
    const bx = x + CELL - 11 - j * 10;
    g.append(svg("g", { class: "material", "data-material": m >= 0 ? MATERIALS[m] : "empty" },
      svg("rect", { x: bx, y: yy + 2, width: 9, height: 9, rx: 1, fill: m >= 0 ? MAT_FILL[m] : "#fffdf8", stroke: m >= 0 ? "#fff" : "#6b6557", "stroke-dasharray": m >= 0 ? null : "2 1" }),
      m >= 0 ? svg("text", { x: bx + 4.5, y: yy + 9, "text-anchor": "middle", "font-size": 6.5, fill: "#fff" }, MAT_LETTER[m]) : null));
  });
}

function hallText(seat, data) {
  const held = seat.hall_mats.length ? seat.hall_mats.map((m) => MATERIALS[m]).join(", ") : "no materials";
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
    const what = seat.pending.map((p) => `${MATERIALS[p % 3]}${Math.floor(p / 3) === seat.seat ? "" : ` (made in ${ctx.name(Math.floor(p / 3))}'s borough)`}`);
    lines.push(`To store: ${what.join(", ")}.${mine && obs.step === "store" ? " Click City Hall or a Warehouse with room." : ""}`);
  }
  return lines;
}

// The Architect's waiver (SC-10): its choices as labelled buttons above the boroughs,
// each saying what the building then costs. Answers the height used.
function drawWaiver(ctx, root, types, y) {
  const { obs, svg } = ctx;
  const moves = ctx.your_turn ? ctx.view.legal_actions.map((m) => m.action).filter((a) => a[0] === "waive" || a[0] === "pass") : [];
  if (obs.step !== "waive" || !moves.length) return y;
  const me = obs.seats.find((st) => st.seat === obs.viewer);
  const tile = me && obs.sel && obs.sel[2] >= 0 ? me.tiles[obs.sel[2]] : null;
  const type = tile ? types[tile.type] : null;
  const cost = type ? type.materials : null;
  const panel = svg("g", { id: "architect-waiver" });
  panel.append(svg("text", { x: 10, y: y + 12, "font-size": 11, "font-weight": "bold" },
    `The Architect's waiver${type ? `: the ${type.name} costs ${costText(cost)}` : ""}`));
  moves.forEach((a, n) => {
    let text;
    if (a[0] === "pass") text = `Pay in full${cost ? ` (${costText(cost)})` : ""} and keep the waiver for a later Cultural building`;
    else {
      const rest = cost ? cost.map((c, m) => (m === a[1] ? c - 1 : c)) : null;
      text = `Waive 1 ${MATERIALS[a[1]]}${rest ? `: pay ${costText(rest)}` : ""}`;
    }
    const by = y + 18 + n * 24;
    const which = a[0] === "pass" ? "pass" : MATERIALS[a[1]];
    const g = svg("g", { class: "waiver-choice", "data-waive": which },
      svg("rect", { class: "shape", x: 10, y: by, width: 360, height: 20, rx: 10, fill: "#fffdf8", stroke: "#8a806c" }),
      svg("text", { x: 20, y: by + 14, "font-size": 10 }, text));
    ctx.bind(g, (b) => b[0] === a[0] && b[1] === a[1], { key: `waive-${which}`, label: text });
    panel.append(g);
  });
  root.append(panel);
  return y + 24 + moves.length * 24;
}


// A labelled bar: what it measures, its value and (optionally) a line at a threshold.
function gauge(svg, x, y, w, label, value, max, fill, text, mark = null) {
  const share = Math.max(0, Math.min(1, max ? value / max : 0));
  const g = svg("g", { class: "gauge", "data-gauge": label, "data-value": value });
  g.append(svg("text", { x, y: y + 8, "font-size": 9, fill: "#444" }, label));
  g.append(svg("rect", { x: x + 52, y, width: w, height: 9, rx: 2, fill: "#eee", stroke: "#bbb" }));
  g.append(svg("rect", { x: x + 52, y, width: w * share, height: 9, rx: 2, fill }));
  if (mark !== null) g.append(svg("line", { x1: x + 52 + w * mark / max, x2: x + 52 + w * mark / max, y1: y - 2, y2: y + 11, stroke: "#b71c1c", "stroke-width": 1.5 }));
  g.append(svg("text", { x: x + 58 + w, y: y + 8, "font-size": 9, "font-weight": "bold" }, text));
  return g;
}

const SOLO_RATING = (data, score) => {
  let name = "below Homestead";
  for (const [low, title] of data.content.solo.ratings) if (score >= low) name = title;
  return name;
};

// Score now as the rules count it: the viewer's own from its standing, the others' from
// what everyone sees (votes less pollution, their Promises hidden).
function scoreLine(obs, data, seat) {
  const basic = ["basic", "votes"].includes(obs.mode);
  if (seat.standing) {
    const st = seat.standing;
    const parts = basic ? ` (votes ${seat.votes} − pollution ${seat.pollution}${st.promise_delta ? ` ${st.promise_delta > 0 ? "+" : "−"} ${Math.abs(st.promise_delta)} Promise` : ""})` : "";
    const rating = obs.players === 1 ? `Solo rating for that score: ${SOLO_RATING(data, st.score)}` : "";
    return [`Score now: ${st.score}${parts}`, st.score, rating];
  }
  if (!basic) return ["", null, ""];
  return [`Votes − pollution: ${seat.votes - seat.pollution} (Promise hidden)`, seat.votes - seat.pollution, ""];
}

// One borough: its header (name, gauges, score, City Hall), the grid with row letters
// and column numbers, tiles, stores, citizens and tourists; answers its bottom.
function drawBorough(ctx, root, seat, x0, y, extra) {
  const { obs, data, svg } = ctx;
  const types = Object.fromEntries(data.types.map((t) => [t.key, t]));
  const you = seat.seat === obs.viewer;
  const mayorCells = obs.mayor >= 0 && seat.seat === obs.host ? data.edges[obs.mayor] : [];
  const maxVotes = Math.max(50, ...obs.seats.map((st) => st.votes));
  const maxMoney = Math.max(20, ...obs.seats.map((st) => st.money));
  const head = svg("g", { class: "borough-head", "data-borough": seat.seat });
  head.append(svg("text", { x: x0, y: y + 12, "font-size": 12, "font-weight": "bold", fill: ctx.colour(seat.seat) },
    `${ctx.name(seat.seat)}${you ? " (you)" : ""}${seat.eliminated ? " — out (100% pollution)" : ""}${seat.finished && obs.phase === "build" ? " — finished building" : ""}`));
  head.append(gauge(svg, x0, y + 18, 150, "Votes", seat.votes, maxVotes, "#6a1b9a", `${seat.votes}`));
  head.append(gauge(svg, x0, y + 31, 150, "Money", seat.money, maxMoney, "#2e7d32", `$${seat.money}`));
  head.append(gauge(svg, x0, y + 44, 150, "Pollution", seat.pollution, 100, seat.pollution >= 10 ? "#c62828" : "#8d6e63",
    `${seat.pollution}% (100%: out)`, 10));
  const [score, value, rating] = scoreLine(obs, data, seat);
  let hy = y + 66;
  head.append(svg("text", { x: x0, y: hy, "font-size": 10, "font-weight": "bold", class: "score-now", "data-score-now": value === null ? "" : value }, score));
  if (rating) {
    hy += 12;
    head.append(svg("text", { x: x0, y: hy, "font-size": 10, class: "solo-rating" }, rating));
  }
  head.append(svg("text", { x: x0, y: hy + 12, "font-size": 10 },
    `City Hall ${seat.hall_citizens} citizens · Career Center ${seat.career} · reserve ${seat.reserve}`));
  head.append(svg("text", { x: x0, y: hy + 24, "font-size": 10, class: "promise-line" },
    you && seat.promise > 0 ? `Your Promise #${seat.promise} and ${seat.special_count} Special Promise${seat.special_count === 1 ? "" : "s"}: see the cards` : promiseBack(ctx, seat)));
  root.append(head);
  const y0 = hy + 46;
  const tileAt = {};
  (seat.tiles || []).forEach((t, n) => { if (t) for (const c of t.cells) tileAt[c] = n; });
  const stores = storesOf(seat, types);
  const p = you ? extra.placing : null;
  const cellXY = (i) => [x0 + (i % SIZE) * CELL, y0 + Math.floor(i / SIZE) * CELL];
  const ghost = p ? ghostLayer(ctx, p, seat, cellXY, CELL, { x: x0, y: y0 + SIZE * CELL + 14 }) : null;
  for (let i = 0; i < SIZE * SIZE; i++) {
    const r = Math.floor(i / SIZE);
    const c = i % SIZE;
    const [x, yy] = cellXY(i);
    const inZone = r < seat.zone_size && c < seat.zone_size;
    const tile = tileAt[i] !== undefined ? seat.tiles[tileAt[i]] : null;
    const type = tile ? types[tile.type] : null;
    const here = stores[i] || null;
    const store = here ? here.store : null;
    let fill = inZone ? "#efe6cf" : "#d8cfbd";
    if (type) fill = FAMILY_FILL[type.family] || "#999";
    if (seat.grid[i] === -2) fill = "#555";
    const g = svg("g", { class: here ? "plot store" : "plot", "data-cell": i, "data-borough": seat.seat,
      "data-store": store === null ? null : store, "data-name": cellName(i) });
    g.append(svg("rect", { class: "shape", x, y: yy, width: CELL - 1, height: CELL - 1, fill, stroke: "#fff" }));
    if (type && type.family === "harbor" && tile.marks[tile.cells.indexOf(i)] === 1) {
      g.append(svg("rect", { x: x + 2, y: yy + 2, width: CELL - 5, height: CELL - 5, fill: "#9fc5e8" }));
    }
    if (type && tile.cells[0] === i) g.append(svg("text", { x: x + 2, y: yy + 9, "font-size": 7, fill: "#fff", class: "tile-tag" }, `${type.name.split(" ").map((w) => w[0]).join("").slice(0, 3)}`));
    if (seat.grid[i] === -2) g.append(svg("text", { x: x + CELL / 2, y: yy + 17, "text-anchor": "middle", "font-size": 12, fill: "#fff" }, "✝"));
    if (here) drawStock(svg, g, here, seat, i, x, yy);
    const who = seat.occ[i];
    const tourist = who >= 0 && who !== seat.seat;
    if (who >= 0) {
      g.append(svg("circle", { class: tourist ? "citizen tourist" : "citizen", "data-owner": who, cx: x + CELL / 2, cy: yy + CELL / 2 + 3, r: 6, fill: ctx.colour(who), stroke: tourist ? "#000" : "#fff", "stroke-width": tourist ? 1.5 : 1 }));
      if (tourist) g.append(svg("text", { x: x + CELL / 2, y: yy + CELL / 2 + 6, "text-anchor": "middle", "font-size": 8, "font-weight": "bold", fill: "#fff" }, "T"));
    }
    if (mayorCells.includes(i)) g.append(svg("rect", { class: "mayor-mark", x: x + 2, y: yy + 2, width: 7, height: 7, fill: "#000" }));
    let label = `${ctx.name(seat.seat)}'s borough ${cellName(i)}${type ? `: ${type.name}` : seat.grid[i] === -2 ? ": Cemetery" : inZone ? ", empty" : " (outside the Constructible Zone)"}`;
    if (type && STATIONS.includes(type.family)) label += tile.cells.some((cc) => seat.occ[cc] === seat.seat) ? " (staffed: it works)" : " (not staffed: it does not work)";
    if (who >= 0) label += tourist ? `; a tourist of ${ctx.name(who)}` : "; one of its citizens";
    if (mayorCells.includes(i)) label += "; beside the mayor, no building this round";
    if (here) label += ` (${here.hall ? hallText(seat, data) : `holds ${stockText(here.tile.stock)}`})`;
    if (p) {
      const anchor = p.anchorAt(i);
      ctx.bind(g, (a) => a[0] === "place" && a[1] === p.o && a[2] === anchor,
        { key: `plot-${seat.seat}-${i}`, label, attempt: () => (anchor === null ? null : ["place", p.o, anchor]) });
      g.addEventListener("mouseenter", () => ghost.show(i));
      g.addEventListener("focus", () => ghost.show(i));
    } else {
      ctx.bind(g, (a) => {
        if (a[0] === "mayor") return seat.seat === obs.host && data.edges[a[1]].includes(i);
        if (a[0] === "spend" || a[0] === "store") return store !== null && usesStore(obs, a, seat.seat, store);
        const at = cellOf(a, obs.viewer);
        return at !== null && at[0] === seat.seat && at[1] === i;
      }, { key: here ? `store-${seat.seat}-${store}-${i}` : `plot-${seat.seat}-${i}`, label,
        attempt: (chosen) => attemptAt(obs, ctx.view, chosen, seat.seat, i, store) });
    }
    root.append(g);
  }
  for (let c = 0; c < SIZE; c++) root.append(svg("text", { x: x0 + c * CELL + CELL / 2, y: y0 - 3, "text-anchor": "middle", "font-size": 9, fill: "#6b6557", class: "col-label" }, c + 1));
  for (let r = 0; r < SIZE; r++) root.append(svg("text", { x: x0 - 4, y: y0 + r * CELL + CELL / 2 + 3, "text-anchor": "end", "font-size": 9, fill: "#6b6557", class: "row-label" }, String.fromCharCode(65 + r)));
  if (ghost) {
    root.append(ghost.layer, ghost.said);
    if (ghost.hovered !== null) ghost.show(ghost.hovered);
  }
  // what each store holds, the stations and what waits, in words under the borough
  let sy = y0 + SIZE * CELL + (ghost ? 52 : 12);
  const list = svg("g", { class: "stores-list", "data-borough": seat.seat });
  const lines = storeLines(ctx, seat, stores);
  const stations = (seat.tiles || []).filter((t) => t && STATIONS.includes(types[t.type].family));
  if (stations.length) {
    lines.push(`Stations: ${stations.map((t) => `${types[t.type].name} ${t.cells.some((cc) => seat.occ[cc] === seat.seat) ? "staffed" : "not staffed"}`).join(", ")}`);
  }
  if (you && seat.log && seat.log.length) lines.push(`Behind your screen so far: ${seat.log.join(" ")}`);
  for (const line of lines) {
    for (const [n, part] of ctx.lines(line, 50).entries()) {
      list.append(svg("text", { x: x0 + (n ? 8 : 0), y: sy, "font-size": 10 }, part));
      sy += 12;
    }
  }
  root.append(list);
  return sy;
}

// The Special Action circle, the reserve and the City Council board; answers the next y.
function drawCommon(ctx, root, y) {
  const { obs, data, svg } = ctx;
  const cards = data.action_cards || [];
  const cardName = (c) => (cards[c] ? cards[c].name : `Action card ${c + 1}`);
  root.append(svg("text", { x: 10, y: y + 14, "font-size": 11 }, "Action circle:"));
  obs.circle.forEach((card, k) => {
    if (card < 0) return;
    const taken = obs.taken[k];
    const x = 100 + k * 94;
    const who = taken >= 0 ? `taken by ${ctx.name(taken)}` : taken === -2 ? "taken by the mayor" : "free";
    const g = svg("g", { class: "circle-card", "data-slot": k, "data-card": card },
      svg("rect", { class: "shape", x, y, width: 90, height: 24, rx: 12, fill: taken >= 0 ? ctx.colour(taken) : taken === -2 ? "#555" : "#fffdf8", stroke: "#8a806c" }),
      svg("text", { x: x + 45, y: y + 16, "text-anchor": "middle", "font-size": 9, "font-weight": "bold", fill: taken >= 0 || taken === -2 ? "#fff" : "#333" }, cardName(card)));
    ctx.bind(g, (a) => a[0] === "card" && a[1] === k, {
      key: `card-${k}`, label: `${cardName(card)} (${who})`,
      detail: cards[card] ? `${cards[card].name}: ${cards[card].text}` : "",
      attempt: () => (obs.step === "card" ? ["card", k] : null) });
    root.append(g);
  });
  y += 30;
  root.append(svg("text", { x: 10, y: y + 12, "font-size": 11 },
    `Materials in reserve: ${obs.mats.map((n, m) => `${n} ${MATERIALS[m]}`).join(", ")} · Promise decks (easy, medium, difficult): ${obs.deck_sizes.join(", ")} cards`));
  y += 22;
  const councilSide = data.content && data.content.council ? data.content.council[obs.council_side] : null;
  if (!councilSide) return y;
  const rows = Object.keys(councilSide).filter((k) => k !== "source" && k !== "price");
  const me = obs.seats.find((st) => st.seat === obs.viewer);
  const discCols = obs.seats.flatMap((st) => st.disc_col || []);
  const cols = Math.max(councilSide.price.length, ...discCols.map((c) => c + 1));
  root.append(svg("text", { x: 10, y: y + 12, "font-size": 11, "font-weight": "bold" },
    `City Council (${obs.council_side} side): entering a column costs its price in $ or votes and gives its benefit`));
  y += 18;
  const benefit = (row, reward) => {
    if (reward === undefined) return "";
    if (row === "industry") return reward.map((choice) => costText(choice)).join(" or ");
    if (row === "building") {
      const [lo, hi, waived] = reward;
      return `free tile of ${lo === hi ? lo : `${lo} to ${hi}`} space${hi > 1 ? "s" : ""}${waived ? ", criteria waived" : ""}`;
    }
    if (row === "economy") return `$${reward} or ${reward} votes`;
    if (row === "tourism") return `${reward} citizen${reward === 1 ? "" : "s"}`;
    return JSON.stringify(reward);
  };
  rows.forEach((row, r) => {
    root.append(svg("text", { x: 10, y: y + r * 22 + 15, "font-size": 10 }, row[0].toUpperCase() + row.slice(1)));
    for (let c = 0; c < cols; c++) {
      const price = councilSide.price[c];
      const words = `costs ${price}: ${benefit(row, councilSide[row][c])}`;
      const space = svg("g", { class: "council-space", "data-row": r, "data-col": c },
        svg("rect", { class: "shape", x: 80 + c * 170, y: y + r * 22, width: 166, height: 20, rx: 3, fill: "#fffdf8", stroke: "#b9ae97" }),
        svg("text", { x: 84 + c * 170, y: y + r * 22 + 14, "font-size": 8.5, fill: "#444" }, words));
      // a disc enters column 1 of a row, or moves one column on in its own row (SC-79)
      ctx.bind(space, (a) => (a[0] === "enter" && a[2] === r && c === 0) ||
        (a[0] === "advance" && me && me.disc_row[a[1]] === r && Math.min(me.disc_col[a[1]] + 1, cols - 1) === c),
      { key: `council-${r}-${c}`, label: `${row[0].toUpperCase() + row.slice(1)}, column ${c + 1}: ${words}` });
      root.append(space);
    }
  });
  obs.seats.forEach((st, k) => {
    (st.disc_row || []).forEach((r, d) => {
      if (r < 0) return;
      const c = st.disc_col[d];
      root.append(svg("circle", { cx: 80 + c * 170 + 158 - k * 9, cy: y + r * 22 + 10, r: 6, fill: ctx.colour(st.seat), stroke: "#222" },
        svg("title", {}, `${ctx.name(st.seat)}'s council disc ${d + 1}: ${rows[r]}, column ${c + 1}`)));
    });
  });
  return y + rows.length * 22 + 8;
}

// The key to the drawing: tile colours, citizens and tourists, cemeteries, the mayor.
function drawLegend(ctx, root, y, width) {
  const { svg } = ctx;
  const g = svg("g", { id: "smallcity-legend" });
  g.append(svg("text", { x: 10, y: y + 12, "font-size": 12, "font-weight": "bold" }, "Key"));
  let x = 10;
  let yy = y + 20;
  for (const [family, name] of Object.entries(FAMILY_NAME)) {
    const w = 14 + name.length * 5.6;
    if (x + w > width) { x = 10; yy += 16; }
    g.append(svg("rect", { x, y: yy, width: 11, height: 11, fill: FAMILY_FILL[family] }));
    g.append(svg("text", { x: x + 14, y: yy + 9, "font-size": 9 }, name));
    x += w + 8;
  }
  yy += 20;
  const items = [
    ["circle", ctx.colour(0), "a citizen, in its owner's colour"],
    ["tourist", ctx.colour(1), "T: a tourist from another borough"],
    ["cemetery", "#555", "✝ a Cemetery"],
    ["mayor", "#000", "the mayor's street: no building beside it this round"],
    ["zone", "#efe6cf", "light: your Constructible Zone; darker: not yet"],
  ];
  x = 10;
  for (const [kind, fill, words] of items) {
    const w = 22 + words.length * 5.2;
    if (x + w > width) { x = 10; yy += 16; }
    if (kind === "circle" || kind === "tourist") {
      g.append(svg("circle", { cx: x + 6, cy: yy + 5, r: 6, fill, stroke: kind === "tourist" ? "#000" : "#fff" }));
      if (kind === "tourist") g.append(svg("text", { x: x + 6, y: yy + 8, "text-anchor": "middle", "font-size": 8, fill: "#fff" }, "T"));
    } else g.append(svg("rect", { x, y: yy, width: 11, height: 11, fill, stroke: "#999" }));
    g.append(svg("text", { x: x + 16, y: yy + 9, "font-size": 9 }, words));
    x += w + 8;
  }
  root.append(g);
  return yy + 20;
}

export function draw(ctx) {
  const { obs, data, svg } = ctx;
  const types = Object.fromEntries(data.types.map((t) => [t.key, t]));
  const root = svg("svg", { id: "smallcity-board", role: "group", "aria-label": "The boroughs of Small City" });
  root.append(svg("text", { x: 10, y: 16, "font-size": 13, "font-weight": "bold" },
    `Round ${obs.round} of ${data.rounds} · ${obs.phase} phase · host ${ctx.name(obs.host)}${obs.players === 1 ? ` · solo, ${obs.level}` : ""}`));
  let y = drawCommon(ctx, root, 28);
  y = drawWaiver(ctx, root, types, y);

  const me = obs.seats.find((st) => st.seat === obs.viewer);
  const p = placing(ctx);
  const per = SIZE * CELL + 50;
  // the viewer's borough first, then the others (three to a row), the decision at the right;
  // on a phone one column: the viewer's borough, the decision, then the others
  const narrow = window.innerWidth < 700;
  const order = me ? [me, ...obs.seats.filter((st) => st !== me)] : obs.seats;
  const cols = narrow ? 1 : Math.min(order.length, 3);
  const panelX = narrow ? 30 : 30 + cols * per;
  const width = narrow ? 790 : me ? panelX + 440 : Math.max(30 + cols * per, 820);
  const panelW = narrow ? width - 40 : width - panelX - 10;
  let bottom = y;
  let rowTop = y;
  const decision = (top) => {
    let py = top;
    if (p) {
      const [panel, h] = placingPanel(ctx, p, panelX, py, drawShape);
      root.append(panel);
      py += h;
    }
    py += drawOffers(ctx, root, panelX, py, panelW);
    py += drawPromises(ctx, root, panelX, py, panelW);
    return py;
  };
  order.forEach((seat, k) => {
    if (k && k % cols === 0) rowTop = bottom + 10;
    const end = drawBorough(ctx, root, seat, 30 + (k % cols) * per, rowTop, { placing: p });
    bottom = Math.max(bottom, end);
    if (narrow && me && k === 0) bottom = decision(bottom + 10);
  });
  if (me && !narrow) bottom = Math.max(bottom, decision(y));
  bottom += 10;
  bottom = drawLegend(ctx, root, bottom, width);
  // what each Special Action card does
  const cards = data.action_cards || [];
  let ly = bottom + 12;
  if (cards.length) {
    root.append(svg("text", { x: 10, y: ly, "font-size": 12, "font-weight": "bold" }, "The Special Action cards"));
    ly += 6;
    const legend = svg("g", { id: "action-cards" });
    cards.forEach((card, c) => {
      const lines = ctx.lines(`${card.name}: ${card.text}`, Math.floor((width - 30) / 5.4));
      lines.forEach((line, k) => {
        ly += 13;
        legend.append(svg("text", { x: k ? 24 : 14, y: ly, "font-size": 10, "data-card-text": k ? null : c }, line));
      });
    });
    root.append(legend);
  }
  root.setAttribute("viewBox", `0 0 ${width} ${ly + 10}`);
  root.style.maxHeight = "none"; // a tall town scrolls rather than shrinking its print
  return root;
}

export function scores(obs, data, view) {
  if (view.result) return view.result.scores;
  const basic = ["basic", "votes"].includes(obs.mode);
  return Object.fromEntries(obs.seats.map((st) => [st.seat,
    st.standing ? st.standing.score : basic ? st.votes - st.pollution : null]));
}
