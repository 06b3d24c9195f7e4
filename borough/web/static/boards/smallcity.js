// Small City: every player's borough (the grid, its Constructible Zone, tiles,
// citizens and cemeteries), the action circle, the council discs and each
// player's tracks; the viewer's Promise face up, everyone else's face down.
const SIZE = 10;
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

// The move a click on a plot with no legal move would mean, so the server can say why not.
function attemptAt(obs, view, chosen, borough, i) {
  const mine = borough === obs.viewer;
  const placing = chosen && chosen[0] === "place" ? chosen : view.legal_actions.map((m) => m.action).find((a) => a[0] === "place");
  if (mine && ["place", "hall", "warehouse"].includes(obs.step) && placing) return ["place", placing[1], i];
  if (mine && ["house", "kill", "bury"].includes(obs.step)) return [obs.step, i];
  if (["pick", "to"].includes(obs.step)) return [obs.step, borough, i];
  return null;
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

  // one borough per player
  const per = SIZE * CELL + 30;
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
    for (let i = 0; i < SIZE * SIZE; i++) {
      const r = Math.floor(i / SIZE);
      const c = i % SIZE;
      const x = x0 + c * CELL;
      const yy = y0 + r * CELL;
      const inZone = r < seat.zone_size && c < seat.zone_size;
      const tile = tileAt[i] !== undefined ? seat.tiles[tileAt[i]] : null;
      const type = tile ? types[tile.type] : null;
      let fill = inZone ? "#efe6cf" : "#d8cfbd";
      if (type) fill = FAMILY_FILL[type.family] || "#999";
      if (seat.grid[i] === -2) fill = "#555";
      const g = svg("g", { class: "plot", "data-cell": i, "data-borough": seat.seat });
      g.append(svg("rect", { class: "shape", x, y: yy, width: CELL - 1, height: CELL - 1, fill, stroke: "#fff" }));
      if (type && tile.cells[0] === i) g.append(svg("text", { x: x + 3, y: yy + 10, "font-size": 7, fill: "#fff" }, type.name.split(" ").map((w) => w[0]).join("").slice(0, 3)));
      if (seat.occ[i] >= 0) g.append(svg("circle", { cx: x + CELL / 2, cy: yy + CELL / 2 + 3, r: 5, fill: ctx.colour(seat.occ[i]), stroke: "#fff" }));
      if (k === obs.host && mayorCells.includes(i)) g.append(svg("rect", { x: x + 2, y: yy + 2, width: 6, height: 6, fill: "#000" }));
      const label = `${ctx.name(seat.seat)}'s borough ${cellName(i)}${type ? `: ${type.name}` : seat.grid[i] === -2 ? ": cemetery" : inZone ? "" : " (outside the Constructible Zone)"}`;
      ctx.bind(g, (a) => {
        if (a[0] === "mayor") return k === obs.host && data.edges[a[1]].includes(i);
        const at = cellOf(a, obs.viewer);
        return at !== null && at[0] === seat.seat && at[1] === i;
      }, { key: `plot-${seat.seat}-${i}`, label, attempt: (chosen) => attemptAt(obs, ctx.view, chosen, seat.seat, i) });
      root.append(g);
    }
    for (let c = 0; c < SIZE; c++) root.append(svg("text", { x: x0 + c * CELL + CELL / 2, y: y0 - 3, "text-anchor": "middle", "font-size": 8, fill: "#6b6557" }, c + 1));
  });
  // what each Special Action card does
  let ly = y + 54 + SIZE * CELL + 24;
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
