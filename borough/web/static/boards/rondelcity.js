// Rondel City: the city's blocks and squares with their tiles, the street spaces
// as the numbered score track with every Citizen and Banker, the rondel with
// its markers, the market lines, and each player's tiles, gold and points.
const FILL = { red: "#c8483a", yellow: "#d9a521", blue: "#3f76c4", green: "#4f9d5a", rainbow: "url(#rainbow)", white: "#f4f1ea", "": "#8fbf6a" };
const BUILDINGS = ["shop", "church", "bank", "statue", "park"];
const AMENITY = 100;

function title(word) { return word.charAt(0).toUpperCase() + word.slice(1); }

function tileText(data, code) {
  if (code < 0) return "";
  if (code >= AMENITY) return `Amenity ${code - AMENITY + 1}`;
  const t = data.tiles[code];
  return t.building === 4 ? "Park" : `${title(BUILDINGS[t.building])} ${t.ns}${t.ring}`;
}

export function draw(ctx) {
  const { obs, data, svg } = ctx;
  const city = data.city;
  const market = data.market;
  const root = svg("svg", { id: "rondelcity-board", role: "group", "aria-label": "Rondel City" },
    svg("defs", {}, svg("linearGradient", { id: "rainbow" },
      ["#c8483a", "#d9a521", "#4f9d5a", "#3f76c4"].map((c, k) => svg("stop", { offset: `${k * 33}%`, "stop-color": c })))));
  const me = obs.viewer;

  // the city: the main blocks three by three, each of four squares
  const S = 44;
  const blockSize = 2 * S + 10;
  const cityX = 20;
  const cityY = 30;
  root.append(svg("text", { x: cityX, y: 20, "font-size": 13, "font-weight": "bold" }, "The city"));
  city.block_squares.forEach((squares, b) => {
    const main = city.main_blocks.includes(b);
    const bx = main ? cityX + (b % 3) * (blockSize + 16) : cityX + 3 * (blockSize + 16);
    const by = main ? cityY + Math.floor(b / 3) * (blockSize + 16) : cityY;
    root.append(svg("rect", { x: bx - 4, y: by - 4, width: blockSize, height: blockSize, rx: 6, fill: obs.amenity_blocks[b] ? "#c9b8a0" : "#ddd3bd" }),
      svg("text", { x: bx + blockSize / 2 - 4, y: by + blockSize / 2 + 1, "text-anchor": "middle", "font-size": 10, fill: "#6b6557" }, city.block_names[b]));
    squares.forEach((q, k) => {
      const x = bx + (k % 2) * (S + 2);
      const y = by + Math.floor(k / 2) * (S + 2);
      const code = obs.board[q];
      const g = svg("g", { class: "square", "data-square": q });
      let fill = "#efe6cf";
      if (code >= 0 && code < AMENITY) fill = FILL[data.tiles[code].colour] || "#8fbf6a";
      if (code >= AMENITY) fill = "#9a7bbd";
      g.append(svg("rect", { class: "shape", x, y, width: S, height: S, rx: 4, fill, stroke: "#8a806c" }),
        svg("text", { x: x + 4, y: y + 11, "font-size": 8, fill: code >= 0 ? "#fff" : "#6b6557" }, `${city.square_labels[q]} ${city.square_ns[q]}${city.square_ring[q]}`));
      if (code >= 0) g.append(svg("text", { x: x + S / 2, y: y + 30, "text-anchor": "middle", "font-size": 9, fill: "#fff", "font-weight": "bold" }, tileText(data, code).split(" ")[0]));
      const streets = city.square_streets[q].map((st) => city.street_colours[st]).join(" and ");
      // the streets the square lies by, as coloured kerbs along its foot
      city.square_streets[q].forEach((st, j) => {
        const w = (S - 6) / city.square_streets[q].length;
        g.append(svg("rect", { x: x + 3 + j * w, y: y + S - 7, width: w - 2, height: 4, rx: 1,
          fill: FILL[city.street_colours[st]] || "#999", stroke: "#555", "stroke-width": 0.4 }));
      });
      ctx.bind(g, (a) => a[0] === "square" && a[1] === q, { key: `square-${q}`,
        label: `Square ${city.square_labels[q]} (${city.square_ns[q]}${city.square_ring[q]}, by ${streets} streets)${code >= 0 ? ": " + tileText(data, code) : ""}` });
      root.append(g);
    });
  });
  const cityBottom = cityY + 3 * (blockSize + 16);

  // the rondel
  const rx = cityX + 4 * (blockSize + 16) + 80;
  const ry = cityY + 90;
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
        svg("title", {}, obs.neutral.includes(c) ? `neutral ${market.colour_names[c]} marker` : `${ctx.name(c)}'s Action marker`)));
    });
    const steps = mine ? (k - obs.rondel[me] + n) % n : -1;
    ctx.bind(g, (a) => a[0] === "rondel" && steps === a[1] + 1, { key: `rondel-${k}`,
      label: `Rondel space ${title(BUILDINGS[market.rondel_buildings[k]])} (${market.rondel_colours[k]})` });
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
    ctx.bind(g, (a) => a[0] === "buy" && lineIndex === BUILDINGS.indexOf(line.building), { key: `line-${k}`, label: `${title(line.building)} line` });
    root.append(g);
    my += 30;
  });

  // the street spaces as the score track, numbered
  const numbers = city.numbers;
  const top = Math.max(...numbers);
  const perRow = 19;
  const cw = 34;
  let ty = Math.max(cityBottom, my) + 24;
  root.append(svg("text", { x: cityX, y: ty - 6, "font-size": 13, "font-weight": "bold" }, "Street spaces (the score track)"));
  const pieces = {};
  for (const s of obs.seats) {
    for (const piece of ["citizen", "banker"]) (pieces[numbers[s[piece]]] ||= []).push([s.seat, piece]);
  }
  for (let v = 0; v <= top; v++) {
    const x = cityX + (v % perRow) * cw;
    const y = ty + Math.floor(v / perRow) * (cw + 4);
    const spaces = numbers.map((num, i) => (num === v ? i : -1)).filter((i) => i >= 0);
    const g = svg("g", { class: "space", "data-number": v });
    g.append(svg("rect", { class: "shape", x, y, width: cw - 3, height: cw, rx: 3, fill: "#efe6cf", stroke: "#b9ae97" }),
      svg("text", { x: x + 3, y: y + 10, "font-size": 8, fill: "#6b6557" }, v));
    (pieces[v] || []).forEach(([seat, piece], j) => {
      g.append(svg(piece === "citizen" ? "circle" : "rect", piece === "citizen" ?
        { cx: x + 8 + (j % 3) * 9, cy: y + 20 + Math.floor(j / 3) * 8, r: 4, fill: ctx.colour(seat), stroke: "#222" } :
        { x: x + 4 + (j % 3) * 9, y: y + 16 + Math.floor(j / 3) * 8, width: 8, height: 8, fill: ctx.colour(seat), stroke: "#222" },
      svg("title", {}, `${ctx.name(seat)}'s ${piece}`)));
    });
    ctx.bind(g, (a) => a[0] === "go" && spaces.includes(a[1]), { key: `space-${v}`, label: `Street space ${v}` });
    root.append(g);
  }
  let y = ty + Math.ceil((top + 1) / perRow) * (cw + 4) + 16;

  // the players
  for (const s of obs.seats) {
    const you = s.seat === me;
    root.append(svg("text", { x: cityX, y: y + 14, "font-size": 12, "font-weight": you ? "bold" : "normal", fill: ctx.colour(s.seat) },
      `${ctx.name(s.seat)}${you ? " (you)" : ""}: ${s.vp} VP · ${s.gold} gp · Citizen on ${numbers[s.citizen]}, Banker on ${numbers[s.banker]}`));
    let x = cityX + 420;
    for (const code of s.tiles) {
      const g = svg("g", { class: "tile", "data-tile": code });
      const t = data.tiles[code];
      g.append(svg("rect", { class: "shape", x, y: y - 2, width: 80, height: 24, rx: 4, fill: t ? FILL[t.colour] || "#8fbf6a" : "#888", stroke: "#333" }),
        svg("text", { x: x + 40, y: y + 14, "text-anchor": "middle", "font-size": 10, fill: "#fff" }, tileText(data, code)));
      if (you) ctx.bind(g, (a) => a[0] === "place" && a[1] === code, { key: `tile-${code}`, label: tileText(data, code) });
      root.append(g);
      x += 86;
    }
    y += 30;
  }
  root.setAttribute("viewBox", `0 0 ${Math.max(rx + rr + 60, cityX + perRow * cw + 10)} ${y + 6}`);
  return root;
}

export function scores(obs, data, view) {
  if (view.result) return view.result.scores;
  return obs.seats.map((s) => s.vp);
}
