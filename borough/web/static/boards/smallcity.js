// Small City: every player's borough (the grid, its Constructible Zone, tiles,
// citizens and cemeteries), the action circle, the council discs and each
// player's tracks; the viewer's Promise face up, everyone else's face down.
// City Hall and the Warehouses show the materials they hold and are the places
// where a material is paid from or stored (SC-38, SC-64, SC-65, SC-82).
const SIZE = 10;
const HALL = SIZE * SIZE; // City Hall's name as a store in actions (a Warehouse is named by its top-left space)
const MATERIALS = ["wood", "stone", "metal"];
const MAT_FILL = ["#8b5a2b", "#9e9e9e", "#4f7390"];
const MAT_LETTER = ["W", "S", "M"];
const FAMILY_FILL = {
  residential: "#e9c46a", commercial: "#5fa8d3", factory: "#8d6e63", park: "#6aa84f", warehouse: "#b0a48f",
  refinery: "#6d6d6d", harbor: "#3d85c6", police: "#274e8f", fire: "#cc4125", city_hall: "#9c27b0",
  cultural: "#d5a6bd", metro: "#444", clinic: "#f4cccc", university: "#674ea7",
};
const CELL = 26;

function cellName(i) { return `${String.fromCharCode(65 + Math.floor(i / SIZE))}${(i % SIZE) + 1}`; }

function cellOf(a, viewer) {
  // [seat, cell] when the move names a place in a borough
  if (a[0] === "place") return [viewer, a[2]];
  if (["demolish", "upgrade", "house", "kill", "bury"].includes(a[0])) return [viewer, a[1]];
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

function costText(cost) {
  const parts = cost.map((n, m) => (n ? `${n} ${MATERIALS[m]}` : "")).filter(Boolean);
  return parts.length ? parts.join(", ") : "nothing";
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

export function draw(ctx) {
  const { obs, data, svg } = ctx;
  const types = Object.fromEntries(data.types.map((t) => [t.key, t]));
  const root = svg("svg", { id: "smallcity-board", role: "group", "aria-label": "The boroughs of Small City" });
  const mayorCells = obs.mayor >= 0 ? data.edges[obs.mayor] : [];
  root.append(svg("text", { x: 10, y: 16, "font-size": 13, "font-weight": "bold" },
    `Round ${obs.round} of ${data.rounds} · ${obs.phase} · ${obs.step} · host ${ctx.name(obs.host)}`));

  // the action circle: each Special Action card by name, its effect on hover, focus or below
  const cards = data.action_cards || [];
  const cardName = (c) => (cards[c] ? cards[c].name : `Action card ${c + 1}`);
  let y = 28;
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
    `Materials in reserve: ${obs.mats.join(" / ")} (wood / stone / metal) · building decks ${obs.deck_sizes.join(" / ")}`));
  y += 24;

  // the City Council board: a row per influence, a column per step, the players' discs
  const councilSide = data.content && data.content.council ? data.content.council[obs.council_side] : null;
  if (councilSide) {
    const rows = Object.keys(councilSide).filter((k) => k !== "source" && k !== "price");
    const discCols = obs.seats.flatMap((st) => st.disc_col || []);
    const cols = Math.max(councilSide.price.length, ...discCols.map((c) => c + 1));
    root.append(svg("text", { x: 10, y: y + 12, "font-size": 11, "font-weight": "bold" }, `City Council (${obs.council_side})`));
    y += 18;
    rows.forEach((row, r) => {
      root.append(svg("text", { x: 10, y: y + r * 22 + 15, "font-size": 10 }, row));
      for (let c = 0; c < cols; c++) {
        const price = councilSide.price[c];
        const reward = councilSide[row][c];
        root.append(svg("g", { class: "council-space", "data-row": r, "data-col": c },
          svg("rect", { x: 90 + c * 70, y: y + r * 22, width: 66, height: 20, rx: 3, fill: "#fffdf8", stroke: "#b9ae97" }),
          svg("text", { x: 94 + c * 70, y: y + r * 22 + 14, "font-size": 8, fill: "#6b6557" },
            `${price !== undefined ? price : ""} · ${reward !== undefined ? JSON.stringify(reward).replace(/[[\]]/g, "") : ""}`.slice(0, 16)),
          svg("title", {}, `${row}, column ${c + 1}${price !== undefined ? `, costs ${price}` : ""}`)));
      }
    });
    obs.seats.forEach((st, k) => {
      (st.disc_row || []).forEach((r, d) => {
        if (r < 0) return;
        const c = st.disc_col[d];
        root.append(svg("circle", { cx: 90 + c * 70 + 56 - k * 9, cy: y + r * 22 + 10, r: 6, fill: ctx.colour(st.seat), stroke: "#222" },
          svg("title", {}, `${ctx.name(st.seat)}'s council disc ${d + 1}: ${rows[r]}, column ${c + 1}`)));
      });
    });
    y += rows.length * 22 + 6;
  }

  y = drawWaiver(ctx, root, types, y);

  // one borough per player
  const per = SIZE * CELL + 30;
  let bottom = y + 54 + SIZE * CELL;
  obs.seats.forEach((seat, k) => {
    const x0 = 20 + k * per;
    const y0 = y + 54;
    const you = seat.seat === obs.viewer;
    const promise = seat.promise === null || seat.promise === undefined ? "face down" : `#${seat.promise}`;
    root.append(svg("text", { x: x0, y: y + 12, "font-size": 12, "font-weight": you ? "bold" : "normal", fill: ctx.colour(seat.seat) },
      `${ctx.name(seat.seat)}${you ? " (you)" : ""}${seat.eliminated ? " — out" : ""}`),
    svg("text", { x: x0, y: y + 26, "font-size": 10 },
      `$${seat.money} · ${seat.votes} votes · pollution ${seat.pollution}%`),
    svg("text", { x: x0, y: y + 38, "font-size": 10 },
      `City Hall ${seat.hall_citizens} · career ${seat.career} · promise ${promise}`));
    const tileAt = {};
    (seat.tiles || []).forEach((t, n) => { if (t) for (const c of t.cells) tileAt[c] = n; });
    const stores = storesOf(seat, types);
    for (let i = 0; i < SIZE * SIZE; i++) {
      const r = Math.floor(i / SIZE);
      const c = i % SIZE;
      const x = x0 + c * CELL;
      const yy = y0 + r * CELL;
      const inZone = r < seat.zone_size && c < seat.zone_size;
      const tile = tileAt[i] !== undefined ? seat.tiles[tileAt[i]] : null;
      const type = tile ? types[tile.type] : null;
      const here = stores[i] || null;
      const store = here ? here.store : null;
      let fill = inZone ? "#efe6cf" : "#d8cfbd";
      if (type) fill = FAMILY_FILL[type.family] || "#999";
      if (seat.grid[i] === -2) fill = "#555";
      const g = svg("g", { class: here ? "plot store" : "plot", "data-cell": i, "data-borough": seat.seat,
        "data-store": store === null ? null : store });
      g.append(svg("rect", { class: "shape", x, y: yy, width: CELL - 1, height: CELL - 1, fill, stroke: "#fff" }));
      if (type && tile.cells[0] === i) g.append(svg("text", { x: x + 3, y: yy + 10, "font-size": 7, fill: "#fff" }, type.name.split(" ").map((w) => w[0]).join("").slice(0, 3)));
      if (here) drawStock(svg, g, here, seat, i, x, yy);
      if (seat.occ[i] >= 0) g.append(svg("circle", { cx: x + CELL / 2, cy: yy + CELL / 2 + 3, r: 5, fill: ctx.colour(seat.occ[i]), stroke: "#fff" }));
      if (k === obs.host && mayorCells.includes(i)) g.append(svg("rect", { x: x + 2, y: yy + 2, width: 6, height: 6, fill: "#000" }));
      let label = `${ctx.name(seat.seat)}'s borough ${cellName(i)}${type ? `: ${type.name}` : seat.grid[i] === -2 ? ": cemetery" : inZone ? "" : " (outside the Constructible Zone)"}`;
      if (here) label += ` (${here.hall ? hallText(seat, data) : `holds ${stockText(here.tile.stock)}`})`;
      ctx.bind(g, (a) => {
        if (a[0] === "mayor") return k === obs.host && data.edges[a[1]].includes(i);
        if (a[0] === "spend" || a[0] === "store") return store !== null && usesStore(obs, a, seat.seat, store);
        const at = cellOf(a, obs.viewer);
        return at !== null && at[0] === seat.seat && at[1] === i;
      }, { key: here ? `store-${seat.seat}-${store}-${i}` : `plot-${seat.seat}-${i}`, label,
        attempt: (chosen) => attemptAt(obs, ctx.view, chosen, seat.seat, i, store) });
      root.append(g);
    }
    for (let c = 0; c < SIZE; c++) root.append(svg("text", { x: x0 + c * CELL + CELL / 2, y: y0 - 3, "text-anchor": "middle", "font-size": 8, fill: "#6b6557" }, c + 1));
    // what each store holds, in words under the borough
    let sy = y0 + SIZE * CELL + 12;
    const list = svg("g", { class: "stores-list", "data-borough": seat.seat });
    for (const line of storeLines(ctx, seat, stores)) {
      for (const [n, part] of ctx.lines(line, 48).entries()) {
        list.append(svg("text", { x: x0 + (n ? 8 : 0), y: sy, "font-size": 10 }, part));
        sy += 12;
      }
    }
    root.append(list);
    bottom = Math.max(bottom, sy - 12);
  });
  // what each Special Action card does
  let ly = bottom + 24;
  const width = Math.max(20 + obs.seats.length * per, 100 + 8 * 94);
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
  return root;
}

export function scores(obs, data, view) {
  if (view.result) return view.result.scores;
  return null;
}
