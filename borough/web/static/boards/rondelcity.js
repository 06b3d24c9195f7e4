// Rondel City: the city drawn as a map (its Blocks and squares with their tiles,
// the streets as chains of numbered spaces, which are also the 0-50 score track,
// with every Citizen and Banker on them), the rondel with its markers, the market
// lines, and each player's tiles, gold and points. Where each space and square
// lies comes from the server (content.py derives it from the game's city data).
const FILL = { red: "#c8483a", yellow: "#d9a521", blue: "#3f76c4", green: "#4f9d5a", rainbow: "url(#rainbow)", white: "#f4f1ea", "": "#8fbf6a" };
const SPACE_FILL = { red: "#c8483a", yellow: "#d9a521", blue: "#3f76c4", green: "#4f9d5a", white: "#fffdf8", none: "#d9d4c7" };
const BUILDINGS = ["shop", "church", "bank", "statue", "park"];
const AMENITY = 100;
const CELL = 34; // pixels per cell of the layout

// The table's word for the colour it draws a seat in, so the board names what it shows.
function drawnName(ctx, seat) { return ctx.colourName(seat); }

// What a piece waiting to move is doing: [seat, vp, gp] of the first queued move.
function movingWords(obs) {
  const p = obs.pending && obs.pending[0];
  if (!p) return "your piece";
  if (p[2] < 0) return `your Banker pays ${-p[2]} gp`;
  if (p[2] > 0) return `your Banker gains ${p[2]} gp`;
  return `your Citizen gains ${p[1]} VP`;
}

function title(word) { return word.charAt(0).toUpperCase() + word.slice(1); }

function tileText(data, code) {
  if (code < 0) return "";
  if (code >= AMENITY) return data.variants && data.variants.amenities ? data.variants.amenities[code - AMENITY] : `Amenity ${code - AMENITY + 1}`;
  const t = data.tiles[code];
  return t.building === 4 ? "Park" : `${title(BUILDINGS[t.building])} ${t.ns}${t.ring}`;
}

function spaceWords(city, sid) {
  const colour = city.colours[sid];
  const kind = colour === "white" ? "corner" : colour === "none" ? "uncoloured space" : `${colour} street`;
  return `Space ${city.numbers[sid]} (${kind})`;
}

export function draw(ctx) {
  const { obs, data, svg } = ctx;
  const city = data.city;
  const market = data.market;
  const layout = data.layout;
  const root = svg("svg", { id: "rondelcity-board", role: "group", "aria-label": "Rondel City" },
    svg("defs", {}, svg("linearGradient", { id: "rainbow" },
      ["#c8483a", "#d9a521", "#4f9d5a", "#3f76c4"].map((c, k) => svg("stop", { offset: `${k * 33}%`, "stop-color": c })))));
  const me = obs.viewer;
  const step = obs.step;

  // the city map: layout units are cells, shifted so the whole map starts at (20, 30)
  const minX = Math.min(...layout.spaces.map((p) => p[0])) - 0.5;
  const minY = Math.min(...layout.spaces.map((p) => p[1]), ...layout.squares.map((q) => q[1])) - 0.5;
  const X = (u) => 20 + (u - minX) * CELL;
  const Y = (v) => 30 + (v - minY) * CELL;
  const maxX = Math.max(...layout.spaces.map((p) => p[0]), ...layout.squares.map((q) => q[0] + q[2])) + 0.5;
  const maxY = Math.max(...layout.spaces.map((p) => p[1]), ...layout.squares.map((q) => q[1] + q[3])) + 0.5;
  const map = svg("g", { id: "city-map" });
  root.append(svg("text", { x: 20, y: 20, "font-size": 13, "font-weight": "bold" }, "The city"));
  if (step === "go" && ctx.your_turn) {
    root.append(svg("text", { id: "go-prompt", x: 90, y: 20, "font-size": 12, "font-weight": "bold", fill: "#8a4b00" },
      `Now ${movingWords(obs)}: click the highlighted space where it ends.`));
  }

  // the Blocks and their squares
  layout.blocks.forEach((frames, b) => {
    for (const [x, y, w, h] of frames) {
      map.append(svg("rect", { class: "block", "data-block": b, x: X(x), y: Y(y), width: w * CELL, height: h * CELL, rx: 5,
        fill: obs.amenity_blocks[b] ? "#c9b8a0" : "#ddd3bd" }));
    }
  });
  layout.squares.forEach(([x, y, w, h], q) => {
    const code = obs.board[q];
    const g = svg("g", { class: "square", "data-square": q });
    let fill = "#efe6cf";
    if (code >= 0 && code < AMENITY) fill = FILL[data.tiles[code].colour] || "#8fbf6a";
    if (code >= AMENITY) fill = "#9a7bbd";
    const px = X(x);
    const py = Y(y);
    g.append(svg("rect", { class: "shape", x: px, y: py, width: w * CELL, height: h * CELL, rx: 4, fill, stroke: "#8a806c" }),
      svg("text", { x: px + 3, y: py + 10, "font-size": 8, fill: code >= 0 ? "#fff" : "#6b6557" }, `${city.square_labels[q]} ${city.square_ns[q]}${city.square_ring[q]}`));
    if (code >= 0) {
      tileText(data, code).split(" ").slice(0, 2).forEach((word, k) => {
        g.append(svg("text", { x: px + (w * CELL) / 2, y: py + 25 + k * 11, "text-anchor": "middle", "font-size": 9, fill: "#fff", "font-weight": "bold" }, word));
      });
    }
    const streets = city.square_streets[q].map((st) => `${city.street_colours[st]}`).join(" and ");
    ctx.bind(g, (a) => (a[0] === "square" || a[0] === "site") && a[1] === q, {
      key: `square-${q}`,
      label: `Square ${city.square_labels[q]} (${city.square_ns[q]}${city.square_ring[q]}, by ${streets} streets)${code >= 0 ? ": " + tileText(data, code) : ""}`,
      attempt: () => (step === "square" || step === "site" ? [step, q] : null) });
    map.append(g);
  });

  // the streets: a line along each link, then the numbered spaces on top
  const links = svg("g", { class: "links" });
  city.up.forEach((ups, a) => {
    for (const b of ups) {
      const [x1, y1] = layout.spaces[a];
      const [x2, y2] = layout.spaces[b];
      links.append(svg("line", { x1: X(x1), y1: Y(y1), x2: X(x2), y2: Y(y2), stroke: "#8a806c", "stroke-width": 3 }));
    }
  });
  map.append(links);
  for (const [a, b] of layout.shared) {
    // two spaces drawn as one box split by a wall (RON-8)
    const [x1, y1] = layout.spaces[a];
    const [x2, y2] = layout.spaces[b];
    const half = layout.space_size / 2 + 0.05;
    map.append(svg("rect", { class: "shared", x: X(Math.min(x1, x2) - half), y: Y(Math.min(y1, y2) - half),
      width: (Math.abs(x1 - x2) + 2 * half) * CELL, height: (Math.abs(y1 - y2) + 2 * half) * CELL, rx: 4, fill: "#fffdf8", stroke: "#555" }));
  }
  const pieces = {};
  for (const s of obs.seats) {
    for (const piece of ["citizen", "banker"]) (pieces[s[piece]] ||= []).push([s.seat, piece]);
  }
  const size = layout.space_size * CELL;
  layout.spaces.forEach(([x, y], sid) => {
    const colour = city.colours[sid];
    const g = svg("g", { class: "space", "data-space": sid, "data-number": city.numbers[sid] });
    const px = X(x) - size / 2;
    const py = Y(y) - size / 2;
    const dark = ["red", "blue", "green"].includes(colour);
    g.append(svg("rect", { class: "shape", x: px, y: py, width: size, height: size, rx: 3, fill: SPACE_FILL[colour] || "#ccc", stroke: "#6b6557" }),
      svg("text", { x: px + 2, y: py + 9, "font-size": 8, "font-weight": "bold", fill: dark ? "#fff" : "#333" }, city.numbers[sid]));
    const here = pieces[sid] || [];
    // up to four pieces a row, two rows when the space is crowded (the start space)
    const across = Math.min(here.length, 4);
    const gap = (size - 10) / 3;
    here.forEach(([seat, piece], j) => {
      const cx = px + size / 2 + ((j % 4) - (across - 1) / 2) * gap;
      const cy = py + (here.length > 4 ? 16 + Math.floor(j / 4) * 9 : 20);
      g.append(svg(piece === "citizen" ? "circle" : "rect", piece === "citizen" ?
        { class: "piece", cx, cy, r: 4, fill: ctx.colour(seat), stroke: "#111", "data-piece": `${seat}-${piece}` } :
        { class: "piece", x: cx - 4, y: cy - 4, width: 8, height: 8, fill: ctx.colour(seat), stroke: "#111", "data-piece": `${seat}-${piece}` },
      svg("title", {}, `${ctx.name(seat)}'s ${title(piece)} on ${city.numbers[sid]}`)));
    });
    const who = here.map(([seat, piece]) => `${ctx.name(seat)}'s ${title(piece)}`).join(", ");
    // the space also holds the choice of which of the viewer's pieces moves first (RON-6)
    const mineHere = here.filter(([seat]) => seat === me).map(([, piece]) => piece);
    ctx.bind(g, (a) => (a[0] === "go" && a[1] === sid) || (a[0] === "first" && mineHere.includes(a[1])), {
      key: `space-${sid}`, label: `${spaceWords(city, sid)}${who ? ": " + who : ""}`,
      attempt: () => (step === "go" ? ["go", sid] : null) });
    map.append(g);
  });
  for (const [x1, y1, x2, y2] of layout.walls) {
    map.append(svg("line", { class: "wall", x1: X(x1), y1: Y(y1), x2: X(x2), y2: Y(y2), stroke: "#222", "stroke-width": 4 },
      svg("title", {}, "A wall: the spaces on either side are not joined")));
  }
  root.append(map);
  const mapRight = X(maxX);
  // the key under the map: what the pieces stand for, how paying works, the square codes
  let ky = Y(maxY) + 18;
  const key = svg("g", { id: "rondel-key" });
  const keyLines = [
    "● Citizen: stands on its owner's victory points (VP). ■ Banker: stands on its owner's gold (gp);",
    "the number under your Banker is your gold. Paying moves your Banker back by the price, gaining gold moves it on.",
    "When the Banker (or Citizen) can end on more than one space of that number, choosing the highlighted street space is how you pay:",
    "the street you pick decides which squares your piece touches when buildings are placed (RON-3, RON-4, RON-7, RON-19).",
    "Square codes: A1 is square 1 of Block A (1 north-west, 2 north-east, 3 south-west, 4 south-east); N or S and + or o are",
    "the icons a building there matches: a tile \"Shop N+\" scores once for each icon (and its street colour) the square matches (RON-18).",
  ];
  for (const line of keyLines) {
    key.append(svg("text", { x: 20, y: ky, "font-size": 10, fill: "#333" }, line));
    ky += 13;
  }
  map.append(key);
  const cityBottom = ky;

  // the rondel
  const rx = mapRight + 30 + 80;
  const ry = 30 + 90;
  const rr = 80;
  root.append(svg("text", { x: rx - rr, y: 20, "font-size": 13, "font-weight": "bold" }, "The rondel"));
  const n = market.rondel_buildings.length;
  const mine = obs.seats.find((s) => s.seat === me);
  for (let k = 0; k < n; k++) {
    const a0 = (2 * Math.PI * k) / n - Math.PI / 2;
    const a1 = (2 * Math.PI * (k + 1)) / n - Math.PI / 2;
    const p = (a, r) => `${(rx + r * Math.cos(a)).toFixed(1)},${(ry + r * Math.sin(a)).toFixed(1)}`;
    const g = svg("g", { class: "rondel-space", "data-rondel": k });
    g.append(svg("path", { class: "shape", d: `M${rx},${ry} L${p(a0, rr)} A${rr},${rr} 0 0 1 ${p(a1, rr)} Z`, fill: FILL[market.rondel_colours[k]], stroke: "#fff", "stroke-width": 2 }));
    const mid = (a0 + a1) / 2;
    g.append(svg("text", { x: rx + 52 * Math.cos(mid), y: ry + 52 * Math.sin(mid) + 4, "text-anchor": "middle", "font-size": 10, fill: "#fff", "font-weight": "bold" }, title(BUILDINGS[market.rondel_buildings[k]])));
    // markers on this space
    const here = obs.rondel.map((pos, c) => (pos === k ? c : -1)).filter((c) => c >= 0);
    here.forEach((c, j) => {
      g.append(svg("circle", { cx: rx + (rr - 16) * Math.cos(mid) + (j - (here.length - 1) / 2) * 12 * Math.sin(mid), cy: ry + (rr - 16) * Math.sin(mid) - (j - (here.length - 1) / 2) * 12 * Math.cos(mid), r: 6, fill: obs.neutral.includes(c) ? "#bbb" : ctx.colour(c), stroke: "#333", "stroke-dasharray": obs.neutral.includes(c) ? "2 2" : null },
        svg("title", {}, obs.neutral.includes(c) ? `neutral ${market.colour_names[c]} marker (grey, dashed)` : `${ctx.name(c)}'s Action marker (${drawnName(ctx, c)})`)));
    });
    const steps = mine ? (k - obs.rondel[me] + n) % n : -1;
    // a[1] extra steps move the marker a[1] + 1 spaces; four extra steps come back round
    ctx.bind(g, (a) => a[0] === "rondel" && steps === (a[1] + 1) % n, { key: `rondel-${k}`,
      label: `Rondel space ${title(BUILDINGS[market.rondel_buildings[k]])} (${market.rondel_colours[k]})`,
      attempt: () => (step === "rotate" && steps >= 0 ? ["rondel", (steps + n - 1) % n] : null) });
    root.append(g);
  }

  // the market lines
  let my = ry + rr + 30;
  root.append(svg("text", { x: rx - rr, y: my, "font-size": 13, "font-weight": "bold" }, "The market"));
  my += 8;
  obs.lines.forEach((line, k) => {
    const g = svg("g", { class: "line", "data-line": k });
    const face = line.left ? line.face_up : -1;
    const fill = face >= 0 ? FILL[data.tiles[face].colour] || "#8fbf6a" : "#ddd3bd";
    g.append(svg("rect", { class: "shape", x: rx - rr, y: my, width: 2 * rr + 40, height: 26, rx: 4, fill, stroke: "#8a806c" }),
      svg("text", { x: rx - rr + 6, y: my + 17, "font-size": 11, fill: face >= 0 ? "#fff" : "#333" },
        line.left ? `${tileText(data, face)} · ${line.price} gp · ${line.left} left` : `${title(line.building)}: sold out`));
    const lineIndex = mine ? market.rondel_buildings[obs.rondel[me]] : -1;
    const own = lineIndex === BUILDINGS.indexOf(line.building);
    ctx.bind(g, (a) => a[0] === "buy" && own, { key: `line-${k}`, label: `${title(line.building)} line`,
      attempt: () => (step === "action" && own ? ["buy"] : null) });
    root.append(g);
    my += 30;
  });

  if (obs.event >= 0 && data.variants) {
    const e = data.variants.events[obs.event];
    root.append(svg("text", { x: rx - rr, y: my + 14, "font-size": 11 }, `Event: ${e.name}`, svg("title", {}, e.text)));
    my += 24;
  }
  let y = Math.max(cityBottom, my) + 24;

  // the players
  for (const s of obs.seats) {
    const you = s.seat === me;
    root.append(svg("text", { x: 20, y: y + 14, "font-size": 12, "font-weight": you ? "bold" : "normal", fill: ctx.colour(s.seat), class: "seat-line", "data-seat": s.seat },
      `${ctx.name(s.seat)}${you ? " (you)" : ""}, ${drawnName(ctx, s.seat)} pieces (${s.colour} in the rules): ${s.vp} VP (Citizen on ${city.numbers[s.citizen]}) · ${s.gold} gp (Banker on ${city.numbers[s.banker]})`));
    y += 18;
    let x = 20;
    for (const code of s.tiles) {
      const g = svg("g", { class: "tile", "data-tile": code });
      const t = data.tiles[code];
      g.append(svg("rect", { class: "shape", x, y: y - 2, width: 80, height: 24, rx: 4, fill: t ? FILL[t.colour] || "#8fbf6a" : "#888", stroke: "#333" }),
        svg("text", { x: x + 40, y: y + 14, "text-anchor": "middle", "font-size": 10, fill: "#fff" }, tileText(data, code)));
      if (you) ctx.bind(g, (a) => a[0] === "place" && a[1] === code, { key: `tile-${code}`, label: tileText(data, code),
        attempt: () => (["action", "final", "pick"].includes(step) ? ["place", code] : null) });
      root.append(g);
      x += 86;
    }
    y += 30;
  }
  root.setAttribute("viewBox", `0 0 ${Math.max(rx + rr + 60, mapRight)} ${y + 6}`);
  return root;
}

export function scores(obs, data, view) {
  if (view.result) return view.result.scores;
  return obs.seats.map((s) => s.vp);
}
