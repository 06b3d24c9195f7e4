// Architectura: the streets of block cards with their current values, which side
// is up, protection and reservations; the viewer's hand and everyone's decks.
const FILL = { blue: "#3f76c4", green: "#4f9d5a", yellow: "#d9a521", red: "#c8483a" };
const COLOURS = ["blue", "green", "yellow", "red"];
const PER_COLOUR = 18;
const COLUMNS = 8;
const GRAVE = 32;
const CW = 96;
const CH = 120;
const HAND_W = 164;
const HAND_H = 104;

// A card's values clockwise as printed (5, X+1, No.-2), the starting side marked; ARC-17, ARC-18.
export function sideLabels(card) {
  if (card.kind === "grave") return [{ text: "cards beside it", start: true }];
  const prefix = { x: "X", no: "No." }[card.kind] || "";
  return card.sides.map((v, k) => ({
    text: prefix ? (v ? `${prefix}${v > 0 ? "+" : "−"}${Math.abs(v)}` : prefix) : String(v),
    start: k === card.basic,
  }));
}

// A hand card: name, every side's value with the starting one boxed, and its effect.
function handCard(ctx, g, card, x, y, w, h, fill) {
  const { svg } = ctx;
  g.append(svg("rect", { class: "shape", x, y, width: w, height: h, rx: 6, fill, stroke: "#333" }));
  ctx.lines(card.name, 22).forEach((line, j) => g.append(svg("text", { x: x + w / 2, y: y + 14 + j * 12, "text-anchor": "middle", "font-size": 11, fill: "#fff", "font-weight": "bold", class: "card-name" }, line)));
  const sides = sideLabels(card);
  const cell = Math.min(38, (w - 8) / sides.length);
  sides.forEach((side, k) => {
    const sx = x + 4 + k * cell;
    const sg = svg("g", { class: side.start ? "side start" : "side", "data-side": k });
    sg.append(svg("rect", { x: sx, y: y + 30, width: cell - 3, height: 18, rx: 3, fill: side.start ? "#fffdf8" : "rgba(255,255,255,0.25)", stroke: side.start ? "#111" : "none", "stroke-width": 1.5 }),
      svg("text", { x: sx + (cell - 3) / 2, y: y + 43, "text-anchor": "middle", "font-size": side.text.length > 5 ? 8.5 : 11, "font-weight": "bold", fill: side.start ? "#111" : "#fff", class: "side-value" }, side.text));
    g.append(sg);
  });
  ctx.lines(card.text, Math.floor(w / 5.1)).forEach((line, j) => g.append(svg("text", { x: x + 5, y: y + 60 + j * 10, "font-size": 8.5, fill: "#fff", class: "card-text" }, line)));
}

function cellOf(a) {
  if (a[0] === "play" || a[0] === "lab") return a[2];
  if (a[0] === "target" || a[0] === "to" || a[0] === "rotate") return a[1];
  return null;
}

export function draw(ctx) {
  const { obs, data, svg } = ctx;
  const cards = data.cards;
  const streets = obs.players;
  const root = svg("svg", { id: "architectura-board", role: "group", "aria-label": "The streets of Architectura" });
  const left = 70;
  for (let c = 0; c < COLUMNS; c++) {
    root.append(svg("text", { x: left + c * (CW + 8) + CW / 2, y: 18, "text-anchor": "middle", "font-size": 12, fill: "#6b6557" }, `block ${c + 1}`));
  }
  for (let r = 0; r < streets; r++) {
    const y = 28 + r * (CH + 14);
    root.append(svg("text", { x: 8, y: y + CH / 2, "font-size": 13, "font-weight": "bold" }, `street ${r + 1}`));
    for (let c = 0; c < COLUMNS; c++) {
      const i = r * COLUMNS + c;
      const x = left + c * (CW + 8);
      const id = obs.cells[i];
      const g = svg("g", { class: "space", "data-cell": i });
      let words = `street ${r + 1}, block ${c + 1}: empty`;
      if (id < 0) {
        g.append(svg("rect", { class: "shape", x, y, width: CW, height: CH, rx: 8, fill: "#efe6cf", stroke: "#b9ae97", "stroke-dasharray": "5 4" }));
        if (obs.reserved[i] >= 0) {
          g.append(svg("text", { x: x + CW / 2, y: y + CH / 2, "text-anchor": "middle", "font-size": 11, fill: ctx.colour(obs.reserved[i]) }, `reserved: ${ctx.name(obs.reserved[i])}`));
          words += `, reserved by ${ctx.name(obs.reserved[i])}`;
        }
      } else {
        const colour = COLOURS[Math.floor(id / PER_COLOUR)];
        const card = cards[id % PER_COLOUR];
        const down = obs.face[i] < 0;
        const guarded = obs.guard[i] >= 0;
        const value = obs.values[i];
        g.append(svg("rect", { class: "shape", x, y, width: CW, height: CH, rx: 8, fill: down ? "#8b8173" : FILL[colour], stroke: "#333", "stroke-width": 1.5 }));
        ctx.lines(card.name, 15).forEach((line, j) => g.append(svg("text", { x: x + CW / 2, y: y + 14 + j * 11, "text-anchor": "middle", "font-size": 10, fill: "#fff", "font-weight": "bold", class: "card-name" }, line)));
        if (!down) {
          g.append(svg("circle", { cx: x + CW / 2, cy: y + 62, r: 24, fill: "#fffdf8", stroke: "#333" }),
            svg("text", { x: x + CW / 2, y: y + 71, "text-anchor": "middle", "font-size": 24, "font-weight": "bold" }, value === null ? "?" : value));
        } else {
          g.append(svg("text", { x: x + CW / 2, y: y + 70, "text-anchor": "middle", "font-size": 12, fill: "#fff" }, "destroyed"));
        }
        if (guarded || card.protected) {
          g.append(svg("path", { d: `M${x + CW - 22} ${y + 96} l9 -4 l9 4 v8 q0 8 -9 12 q-9 -4 -9 -12 z`, fill: guarded ? ctx.colour(obs.guard[i]) : "#fff", stroke: "#333" }));
        }
        g.append(svg("text", { x: x + 8, y: y + CH - 8, "font-size": 9, fill: "#fff" }, colour));
        words = `street ${r + 1}, block ${c + 1}: ${colour} ${card.name}${down ? ", destroyed" : `, value ${value}`}${guarded ? `, protected by ${ctx.name(obs.guard[i])}` : card.protected ? ", protected" : ""}. ${card.text}`;
      }
      ctx.bind(g, (a) => cellOf(a) === i, { key: `cell-${i}`, label: words,
        attempt: (chosen) => (chosen && chosen[0] === "play" ? ["play", chosen[1], i] : null) });
      root.append(g);
    }
  }
  // a card played beside the Graveyard, when the game allows it
  let y = 28 + streets * (CH + 14) + 8;
  const grave = svg("g", { class: "space", "data-cell": GRAVE });
  grave.append(svg("rect", { class: "shape", x: left, y, width: 220, height: 30, rx: 6, fill: "#e9e2d2", stroke: "#b9ae97" }),
    svg("text", { x: left + 110, y: y + 20, "text-anchor": "middle", "font-size": 11 }, "beside the Graveyard"));
  ctx.bind(grave, (a) => cellOf(a) === GRAVE, { key: "grave", label: "beside the Graveyard" });
  if (ctx.view.legal_actions.some((m) => cellOf(m.action) === GRAVE) || obs.seats.some((s) => s.graveyard)) root.append(grave);
  y += 44;

  for (const seat of obs.seats) {
    const mine = seat.seat === obs.viewer;
    const colour = seat.colour;
    root.append(svg("text", { x: 8, y: y + 16, "font-size": 12, "font-weight": mine ? "bold" : "normal", fill: FILL[colour] || "#333" },
      `${ctx.name(seat.seat)}${mine ? " (you)" : ""} · ${colour} · deck ${seat.deck_size} · protection tokens ${seat.tokens}${seat.graveyard ? ` · Graveyard ${seat.pile.length}` : ""}`));
    y += 24;
    let x = left;
    const hand = seat.hand;
    if (mine && hand && hand.length) {
      root.append(svg("text", { x: left, y: y + 2, "font-size": 10, fill: "#444", id: "hand-key" },
        "Values clockwise; the boxed one is up when the card is played. X: the value of its left neighbour; No.: its block's number."));
      y += 12;
    }
    const count = hand ? hand.length : seat.hand_size;
    for (let k = 0; k < count; k++) {
      const g = svg("g", { class: "card", "data-hand": hand ? hand[k] : "back", "data-hand-seat": seat.seat });
      if (hand) {
        const card = cards[hand[k]];
        handCard(ctx, g, card, x, y, HAND_W, HAND_H, FILL[colour] || "#888");
        if (mine) {
          const idx = hand[k];
          ctx.bind(g, (a) => ["play", "lab", "pay", "tutor"].includes(a[0]) && a[1] === idx, { key: `hand-${idx}`, label: `${card.name}: ${card.text}` });
        } else {
          g.prepend(svg("title", {}, `${card.name}: ${card.text}`));
        }
      } else {
        g.append(svg("rect", { x, y, width: 70, height: 54, rx: 6, fill: "#5c4f3d", stroke: "#333" }),
          svg("text", { x: x + 35, y: y + 32, "text-anchor": "middle", "font-size": 9, fill: "#efe6cf" }, "hidden"));
      }
      root.append(g);
      x += hand ? HAND_W + 8 : 78;
      if (x + HAND_W > left + COLUMNS * (CW + 8)) { x = left; y += HAND_H + 8; }
    }
    for (const c of seat.shown || []) {
      root.append(svg("g", { class: "card shown" }, svg("title", {}, `shown: ${cards[c].name}`),
        svg("rect", { x, y, width: 80, height: 54, rx: 6, fill: "#fffdf8", stroke: FILL[colour] || "#333", "stroke-width": 2 }),
        ...ctx.lines(cards[c].name, 15).map((line, j) => svg("text", { x: x + 40, y: y + 26 + j * 11, "text-anchor": "middle", "font-size": 9 }, line))));
      x += 88;
    }
    y += (hand && hand.length ? HAND_H : 54) + 12;
  }
  root.setAttribute("viewBox", `0 0 ${left + COLUMNS * (CW + 8)} ${y}`);
  return root;
}

export function scores(obs, data, view) {
  if (view.result) return view.result.scores;
  // the current total of each player's face-up cards in the city
  const totals = obs.seats.map(() => 0);
  obs.cells.forEach((id, i) => {
    if (id >= 0 && obs.face[i] >= 0 && obs.values[i] !== null) {
      const owner = obs.seats.findIndex((s) => s.colour === COLOURS[Math.floor(id / PER_COLOUR)]);
      if (owner >= 0) totals[owner] += obs.values[i];
    }
  });
  return totals;
}
