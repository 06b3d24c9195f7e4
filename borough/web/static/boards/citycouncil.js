// City Council: the city map with its zones, neighbourhoods and buildings (the
// basic game's closed neighbourhoods hatched), the committees and who sits on
// them, the city's tracks and the cubes of each section, who holds the Key to the
// City, a Favor chance and the moment it stopped the round, the plans on the table
// with their votes, the face-up buildings, and the Favor cards (the viewer's own
// face up, everyone else's as backs). Every text is drawn at 11 units or more and
// the board is at most 960 units wide, so it reads at 11 px or more on a desktop;
// on a narrow screen the panels stack under the map.
const ZONE_FILL = ["#f3d9a4", "#b9d7ef", "#d6c3e6", "#cfe8c4", "#e6e1d6"];
const ZONE_WORDS = [
  "residential",
  "commercial",
  "industrial",
  "grey zone; safety buildings",
  "city centre",
];
const BUILT = "#8a6f52";
const ACTIVE = "#2f7d4a";
const AUTOMATED = "#8d8d8d";
const OFFICES = ["Transport", "Treasury", "Election", "Union", "Executive"];
const SECTIONS = ["residential", "commercial", "industrial"];
const CUBES = [
  ["crime", "red", "#c8483a"],
  ["pollution", "grey", "#6f6f6f"],
  ["community", "pink", "#e58fb4"],
];
const STATUS = ["open", "carried out", "dropped"];
const C = 64; // a block of the map
// condensed letters for the building names, so a one-block building's whole name fits
const CONDENSED =
  "font-family: 'DejaVu Sans Condensed', 'Liberation Sans Narrow', 'Arial Narrow', sans-serif; font-stretch: condensed";
const STEP_WORDS = {
  assign: "the Election chair seats the committees",
  regard: "committee rotation",
  move: "committee rotation: move a member",
  swap: "committee rotation: switch two members",
  elect: "fill the Election Committee",
  embezzle: "Treasury: take $1 or not",
  keep: "keep a Favor card",
  propose: "plans are proposed",
  site: "choose the site",
  vote: "votes on the plans",
  exec_vote: "the Executive's second vote",
  execute: "the Election chair picks among tied plans",
  favor: "a Favor chance",
  produce: "production",
  turn_end: "end of the round",
  over: "the game is over",
};

// A building's name in lines that fit `width` units at the names' letters, measured; a
// word wider than the building is broken with a hyphen (the line is marked "broken").
let measurer = null;
function nameLines(name, width) {
  if (!measurer) {
    measurer = document.createElement("canvas").getContext("2d");
    measurer.font =
      "bold 11px 'DejaVu Sans Condensed', 'Liberation Sans Narrow', 'Arial Narrow', sans-serif";
  }
  const fits = (t) => measurer.measureText(t).width <= width - 4;
  const lines = [];
  let line = "";
  for (let word of name.split(/\s+/)) {
    const joined = line ? `${line} ${word}` : word;
    if (fits(joined)) {
      line = joined;
      continue;
    }
    if (line) lines.push({ text: line, broken: false });
    while (!fits(word)) {
      let k = word.length - 1;
      while (k > 1 && !fits(`${word.slice(0, k)}-`)) k--;
      lines.push({ text: `${word.slice(0, k)}-`, broken: true });
      word = word.slice(k);
    }
    line = word;
  }
  if (line) lines.push({ text: line, broken: false });
  return lines;
}

const cellName = (board, i) =>
  `${String.fromCharCode(65 + Math.floor(i / board.cols))}${(i % board.cols) + 1}`;

// The move a click on a block with no legal move would mean, so the server can say why not.
function cellAttempt(obs, data, i, bid, hood) {
  const board = data.board;
  if (obs.step === "site") {
    // a site of the planned building's shape on this block, so the refusal names the real
    // obstacle (a closed neighbourhood, a taken block) rather than the shape
    const plan = obs.proposals[obs.pending];
    const shape = plan ? data.buildings[plan.building].shape : -1;
    let place = board.place_cells.findIndex(
      (cells, k) => board.place_shape[k] === shape && cells.includes(i),
    );
    if (place < 0) place = board.place_cells.findIndex((cells) => cells.includes(i));
    return place >= 0 ? ["site", place] : null;
  }
  if (obs.step === "produce")
    return bid >= 0 ? ["activate", bid] : hood >= 0 ? ["zone", hood] : null;
  return null;
}

// Why a plan was dropped: in the words the log gave when it was skipped (CC-29), or
// because the plans ranked above it were as many as a round carries out (CC-28).
function dropReason(events, k, proposals) {
  const said = events
    .filter((e) => e.text.startsWith(`Plan ${k + 1} (`) && e.text.includes("is skipped"))
    .pop();
  if (!said) {
    const done = proposals.filter((p) => p.status === 1).length;
    if (!done) return "it could not be carried out";
    return `${done} plan${done === 1 ? " ranked above it was" : "s ranked above it were"} carried out, as many as a round allows`;
  }
  const at = said.text.indexOf("is skipped: ");
  return at >= 0
    ? said.text.slice(at + 12).replace(/\.$/, "")
    : "it could no longer be carried out";
}

function text(svg, x, y, size, words, extra = {}) {
  return svg("text", { x, y, "font-size": size, ...extra }, words);
}

// The map: blocks, zone codes, closed neighbourhoods, buildings with their whole names.
function drawMap(ctx, root, x0, y0) {
  const { obs, data, svg } = ctx;
  const board = data.board;
  const names = data.buildings.map((b) => b.name);
  const buildingTexts = data.building_texts || names;
  const closedTexts = data.closed_texts || [];
  const open = obs.open_hoods || [];
  const isClosed = (hood) => hood >= 0 && open[hood] === 0;
  for (let r = 0; r < board.rows; r++) {
    root.append(
      text(svg, x0 - 18, y0 + r * C + C / 2 + 5, 13, String.fromCharCode(65 + r), {
        fill: "#6b6557",
        class: "row-label",
      }),
    );
    for (let c = 0; c < board.cols; c++) {
      const i = r * board.cols + c;
      const x = x0 + c * C;
      const y = y0 + r * C;
      const hood = board.cell_hood[i];
      const bid = obs.board[i];
      const closed = isClosed(hood);
      const lit = hood >= 0 && obs.zones_on[hood];
      const g = svg("g", { class: closed ? "block closed" : "block", "data-cell": i });
      if (hood >= 0) g.dataset.hood = board.hood_names[hood];
      if (closed) g.dataset.closed = "1";
      const fill =
        bid >= 0
          ? BUILT
          : closed
            ? "url(#cc-closed)"
            : hood >= 0
              ? ZONE_FILL[board.cell_zone[i] % ZONE_FILL.length]
              : "#cfc8b8";
      g.append(
        svg("rect", {
          class: "shape",
          x,
          y,
          width: C - 2,
          height: C - 2,
          fill,
          stroke: lit ? ACTIVE : "#fff",
          "stroke-width": lit ? 3 : 1,
        }),
      );
      if (bid >= 0) {
        g.dataset.building = bid;
      } else if (hood >= 0) {
        g.append(text(svg, x + 4, y + 15, 12, board.hood_names[hood], { fill: "#4f4a40" }));
        if (closed) g.append(text(svg, x + 4, y + 32, 11, "closed", { fill: "#3f3b34" }));
      }
      const label = `${cellName(board, i)}${bid >= 0 ? `: ${names[bid]}` : hood >= 0 ? `: neighbourhood ${board.hood_names[hood]}${closed ? " (closed)" : ""}` : ""}`;
      const detail =
        bid >= 0 && buildingTexts[bid]
          ? buildingTexts[bid]
          : closed
            ? closedTexts[hood] || "closed to building"
            : "";
      ctx.bind(
        g,
        (a) => {
          if (a[0] === "site") return board.place_cells[a[1]].includes(i);
          if (["sell", "relocate", "activate", "boost"].includes(a[0]))
            return bid >= 0 && a[1] === bid;
          if (a[0] === "zone") return hood >= 0 && a[1] === hood;
          return false;
        },
        { key: `cell-${i}`, label, detail, attempt: () => cellAttempt(obs, data, i, bid, hood) },
      );
      root.append(g);
    }
  }
  for (let c = 0; c < board.cols; c++) {
    root.append(
      text(svg, x0 + c * C + C / 2, y0 - 6, 13, c + 1, {
        "text-anchor": "middle",
        fill: "#6b6557",
      }),
    );
  }
  // each building's whole name over the blocks it covers, in as many lines as it needs
  const built = new Map();
  obs.board.forEach((bid, i) => {
    if (bid >= 0) {
      if (!built.has(bid)) built.set(bid, []);
      built.get(bid).push(i);
    }
  });
  for (const [bid, cells] of built) {
    const rows = cells.map((i) => Math.floor(i / board.cols));
    const cols = cells.map((i) => i % board.cols);
    const left = x0 + Math.min(...cols) * C;
    const top = y0 + Math.min(...rows) * C;
    const wide = (Math.max(...cols) - Math.min(...cols) + 1) * C - 2;
    const high = (Math.max(...rows) - Math.min(...rows) + 1) * C - 2;
    // an L-shaped building is named on its first row's blocks, where it is surely built
    const firstRow = cells
      .filter((i) => Math.floor(i / board.cols) === Math.min(...rows))
      .map((i) => i % board.cols);
    const solid = cells.length === ((wide + 2) * (high + 2)) / (C * C);
    const nameLeft = solid ? left : x0 + Math.min(...firstRow) * C;
    const nameWide = solid ? wide : (Math.max(...firstRow) - Math.min(...firstRow) + 1) * C - 2;
    const nameHigh = solid ? high : C - 2;
    const lines = nameLines(names[bid], nameWide);
    const g = svg("g", { class: "building-name", "data-building": bid, "pointer-events": "none" });
    lines.forEach((line, k) =>
      g.append(
        text(
          svg,
          nameLeft + nameWide / 2,
          top + nameHigh / 2 + 4 + (k - (lines.length - 1) / 2) * 13,
          11,
          line.text,
          {
            "text-anchor": "middle",
            fill: "#fff",
            "font-weight": "bold",
            style: CONDENSED,
            "data-width": nameWide,
            ...(line.broken ? { "data-broken": "1" } : {}),
          },
        ),
      ),
    );
    root.append(g);
  }
  return board.hood_names.filter((_, h) => isClosed(h));
}

// What the map's colours and marks mean.
function drawMapKey(ctx, root, x, y, width, closedNames) {
  const { svg } = ctx;
  const key = svg("g", { id: "map-key" });
  const items = ZONE_WORDS.map((w, z) => [
    svg("rect", { width: 14, height: 14, fill: ZONE_FILL[z], stroke: "#8a806c" }),
    w,
  ]);
  items.push([svg("rect", { width: 14, height: 14, fill: BUILT }), "built on"]);
  items.push([
    svg("rect", { width: 14, height: 14, fill: "url(#cc-closed)", stroke: "#8a806c" }),
    "closed to building",
  ]);
  items.push([
    svg("rect", { width: 14, height: 14, fill: "none", stroke: ACTIVE, "stroke-width": 3 }),
    "zone activated this round",
  ]);
  let cx = x;
  let cy = y;
  for (const [mark, words] of items) {
    const w = 22 + words.length * 6.6;
    if (cx + w > x + width) {
      cx = x;
      cy += 20;
    }
    mark.setAttribute("x", cx);
    mark.setAttribute("y", cy - 11);
    key.append(mark, text(svg, cx + 19, cy, 11, words, { fill: "#3f3b34" }));
    cx += w + 12;
  }
  root.append(key);
  cy += 18;
  if (closedNames.length) {
    root.append(
      text(
        svg,
        x,
        cy,
        11,
        `Closed until the city grows: ${closedNames.join(", ")} (${ctx.touch ? "tap" : "hover"} a block to see when it opens).`,
        { id: "closed-legend", fill: "#3f3b34" },
      ),
    );
    cy += 18;
  }
  return cy;
}

// The committees, the city's tracks as gauges, the Key and the cubes by section.
function drawCouncil(ctx, root, x, y, member) {
  const { obs, data, svg } = ctx;
  root.append(text(svg, x, y, 14, "Committees", { "font-weight": "bold" }));
  y += 8;
  // a committee's row: a finger's height on a touch screen
  const rowH = ctx.touch ? 44 : 26;
  const mid = rowH / 2;
  OFFICES.forEach((office, k) => {
    const seated = obs.office.map((o, m) => (o === k ? m : -1)).filter((m) => m >= 0);
    const g = svg("g", { class: "committee", "data-office": k });
    g.append(
      svg("rect", {
        class: "shape",
        x,
        y,
        width: 300,
        height: rowH,
        rx: 4,
        fill: "#fffdf8",
        stroke: "#8a806c",
      }),
      text(svg, x + 8, y + mid + 5, 12, `${office}: `, { "font-weight": "bold" }),
    );
    seated.forEach((m, j) =>
      g.append(
        svg("circle", {
          cx: x + 104 + j * 100,
          cy: y + mid,
          r: 5,
          fill: m < obs.players ? ctx.colour(m) : AUTOMATED,
        }),
        text(svg, x + 112 + j * 100, y + mid + 5, 12, member(m)),
      ),
    );
    if (!seated.length)
      g.append(text(svg, x + 104, y + mid + 5, 12, "vacant", { fill: "#6b6557" }));
    // a committee is where its seat is given, moved to, or (by its member) changed
    const sits = (m) => obs.office[m] === k;
    ctx.bind(
      g,
      (a) =>
        (a[0] === "assign" && a[1] === k) ||
        (a[0] === "move" && a[2] === k) ||
        (["regard", "elect"].includes(a[0]) && sits(a[1])) ||
        (a[0] === "swap" && (sits(a[1]) || sits(a[2]))),
      {
        key: `office-${k}`,
        label: `${office} Committee: ${seated.map(member).join(", ") || "vacant"}`,
        attempt: () => (obs.step === "assign" ? ["assign", k] : null),
      },
    );
    root.append(g);
    y += rowH + 4;
  });

  y += 14;
  const limits = (data.content && data.content.tracks) || {};
  const workers = obs.blue + obs.white;
  const gauges = [
    ["City Budget", obs.budget, limits.budget_max, `$${obs.budget}`, "#2e7d32"],
    ["Power Supply", obs.power, limits.power_max, `${obs.power}`, "#f9a825"],
    ["Goods Depot", obs.goods, limits.goods_max, `${obs.goods}`, "#6d4c41"],
    [
      "Blue-collar free",
      obs.blue_free,
      Math.max(obs.blue, 1),
      `${obs.blue_free} of ${obs.blue}`,
      "#1565c0",
    ],
    [
      "White-collar free",
      obs.white_free,
      Math.max(obs.white, 1),
      `${obs.white_free} of ${obs.white}`,
      "#90a4ae",
    ],
    [
      "Unemployment",
      obs.unemployed,
      Math.max(workers, obs.unemployed, 1),
      `${obs.unemployed}`,
      "#c62828",
    ],
  ];
  for (const [label, value, max, shown, fill] of gauges) {
    const top = max || Math.max(value, 1);
    const g = svg("g", { class: "gauge", "data-gauge": label, "data-value": value });
    if (label === "City Budget") {
      // the Treasury chair takes its $1 from here (or leaves it)
      g.append(
        svg("rect", {
          class: "shape",
          x: x - 3,
          y: y - 3,
          width: 306,
          height: 18,
          fill: "transparent",
        }),
      );
      ctx.bind(g, (a) => a[0] === "embezzle" || a[0] === "decline", {
        key: "budget",
        label: `City Budget $${obs.budget}`,
      });
    } else {
      ctx.detail(g, `${label}: ${shown}${max ? ` (the track ends at ${max})` : ""}`);
    }
    g.append(
      text(svg, x, y + 11, 12, label),
      svg("rect", {
        x: x + 124,
        y: y + 1,
        width: 110,
        height: 11,
        rx: 2,
        fill: "#eee",
        stroke: "#bbb",
      }),
      svg("rect", {
        x: x + 124,
        y: y + 1,
        width: 110 * Math.max(0, Math.min(1, value / top)),
        height: 11,
        rx: 2,
        fill,
      }),
      text(svg, x + 240, y + 11, 12, shown, { "font-weight": "bold" }),
    );
    root.append(g);
    y += 19;
  }
  const holder = obs.key_holder === undefined ? -1 : obs.key_holder;
  const tracks = [
    ["Favor deck", `${obs.deck_size} cards`],
    [
      "Key to the City",
      holder < 0
        ? "nobody yet"
        : obs.step === "over"
          ? ctx.name(holder)
          : `${ctx.name(holder)} (last round)`,
    ],
  ];
  for (const [label, value] of tracks) {
    const attrs = {};
    if (label === "Key to the City")
      Object.assign(attrs, { id: "key-holder", "data-key-holder": holder });
    root.append(text(svg, x, y + 11, 12, `${label}: `, attrs));
    root.lastChild.append(svg("tspan", { "font-weight": "bold" }, value));
    y += 19;
  }
  y += 14;
  root.append(text(svg, x, y, 12, "Cubes by section", { "font-weight": "bold" }));
  y += 17;
  CUBES.forEach(([what, , fill], j) =>
    root.append(
      svg("rect", { x: x + 96 + j * 70, y: y - 8, width: 6, height: 6, fill }),
      text(svg, x + 105 + j * 70, y, 11, what, { fill: "#3f3b34" }),
    ),
  );
  y += 17;
  SECTIONS.forEach((section, k) => {
    root.append(text(svg, x, y, 12, section));
    CUBES.forEach(([what, colour, fill], j) => {
      const n = obs[colour][k];
      const g = svg("g", {
        class: "cubes",
        "data-section": section,
        "data-cube": what,
        "data-value": n,
      });
      g.append(text(svg, x + 96 + j * 70, y, 12, `${n}`, { "font-weight": "bold" }));
      for (let q = 0; q < n; q++)
        g.append(
          svg("rect", {
            x: x + 112 + j * 70 + (q % 6) * 8,
            y: y - 10 + Math.floor(q / 6) * 6,
            width: 6,
            height: 5,
            fill,
          }),
        );
      ctx.detail(g, `${section} ${what}: ${n} cube${n === 1 ? "" : "s"}`);
      root.append(g);
    });
    y += 18;
  });
  return y;
}

export function draw(ctx) {
  const { obs, data, svg } = ctx;
  const narrow = ctx.narrow;
  const board = data.board;
  const names = data.buildings.map((b) => b.name);
  const cardTexts = data.card_texts || data.cards.map((c) => c.name);
  const buildingTexts = data.building_texts || names;
  const member = (m) => (m < obs.players ? ctx.name(m) : "Automated member");
  const root = svg("svg", {
    id: "citycouncil-board",
    role: "group",
    "aria-label": "The city of City Council",
  });
  root.append(
    svg(
      "defs",
      {},
      svg(
        "pattern",
        {
          id: "cc-closed",
          width: 6,
          height: 6,
          patternUnits: "userSpaceOnUse",
          patternTransform: "rotate(45)",
        },
        svg("rect", { width: 6, height: 6, fill: "#d9d6cf" }),
        svg("line", { x1: 0, y1: 0, x2: 0, y2: 6, stroke: "#a8a397", "stroke-width": 2 }),
      ),
    ),
  );
  const x0 = 30;
  const mapWidth = board.cols * C;
  const mapOnly = mapWidth + x0 + 10;
  // on a phone the panels are a drawing of their own, about as wide as the screen, so
  // their words are drawn at nearly their own size
  const width = narrow ? 380 : mapWidth + 24 + 310;
  root.append(
    text(
      svg,
      10,
      16,
      14,
      `Round ${obs.round} · ${obs.mode} game · now: ${STEP_WORDS[obs.step] || "the next decision"}`,
      { "font-weight": "bold" },
    ),
  );
  let top = 34;
  if (obs.step === "favor") {
    // CC-62, CC-65: the table sees that a Favor chance stopped the round, and where
    const lines = ctx.lines(
      `Favor chance for ${member(obs.current)}: play stopped at ${obs.interruption || "this moment"}; it goes on from there.`,
      Math.floor(width / 6.8),
    );
    const banner = text(svg, 10, top, 12, "", {
      id: "favor-chance",
      fill: "#8a4b00",
      "data-interrupted": obs.interrupted || "",
    });
    lines.forEach((line, j) =>
      banner.append(
        svg("tspan", { x: 10, dy: j ? 15 : 0 }, j < lines.length - 1 ? `${line} ` : line),
      ),
    );
    root.append(banner);
    top += 15 * lines.length;
  }
  const y0 = top + 22;
  const closedNames = drawMap(ctx, root, x0, y0);
  let y = drawMapKey(ctx, root, 10, y0 + board.rows * C + 14, mapWidth + x0 - 10, closedNames);
  let out = root;
  if (narrow) {
    root.setAttribute("viewBox", `0 0 ${mapOnly} ${y + 4}`);
    out = svg("svg", {
      id: "citycouncil-panels",
      role: "group",
      "aria-label": "The council, the plans and the cards",
    });
    y = drawCouncil(ctx, out, 10, 18, member);
  } else y = Math.max(y, drawCouncil(ctx, root, x0 + mapWidth + 24, y0 - 6, member));

  // the plans on the table
  const planW = narrow ? width - 20 : 230;
  const perRow = Math.max(1, Math.floor((width - 10) / (planW + 8)));
  let py = y + 26;
  out.append(text(svg, 10, py - 8, 14, "Plans", { "font-weight": "bold" }));
  let rowHeight = 0;
  obs.proposals.forEach((p, k) => {
    if (k && k % perRow === 0) {
      py += rowHeight + 8;
      rowHeight = 0;
    }
    const x = 10 + (k % perRow) * (planW + 8);
    const g = svg("g", { class: "plan", "data-plan": k });
    const chars = Math.floor((planW - 12) / 6.8);
    const where =
      p.site >= 0 ? board.place_cells[p.site].map((c) => cellName(board, c)).join("+") : "";
    const what = ctx.lines(
      `${p.kind === "construct" ? "Build" : p.kind === "relocate" ? "Move" : "Sell"} ${names[p.building] || ""}${where ? ` on ${where}` : ""}`,
      chars,
    );
    const why = p.status === 2 ? dropReason(ctx.view.events || [], k, obs.proposals) : "";
    const whyLines = why ? ctx.lines(`Dropped: ${why}`, chars) : [];
    const h = 58 + (what.length - 1) * 15 + whyLines.length * 15;
    g.append(
      svg("rect", {
        class: "shape",
        x,
        y: py,
        width: planW,
        height: h,
        rx: 6,
        fill: p.status === 0 ? "#fffdf8" : "#e9e2d2",
        stroke: "#8a806c",
      }),
      text(svg, x + 7, py + 17, 12, `Plan ${k + 1}: ${member(p.member)}`, {
        "font-weight": "bold",
      }),
    );
    what.forEach((line, j) =>
      g.append(text(svg, x + 7, py + 33 + j * 15, 12, line, { class: "plan-what" })),
    );
    const sy = py + 33 + what.length * 15;
    g.append(
      text(
        svg,
        x + 7,
        sy,
        12,
        `votes ${p.voters.length} · funds ${p.funds.length} · ${STATUS[p.status] || ""}`,
      ),
    );
    whyLines.forEach((line, j) =>
      g.append(
        text(svg, x + 7, sy + 15 + j * 15, 12, line, { fill: "#8a1c1c", class: "plan-why" }),
      ),
    );
    p.voters.forEach((v, j) =>
      g.append(
        svg(
          "circle",
          {
            class: "vote",
            cx: x + planW - 10 - j * 13,
            cy: py + 12,
            r: 5,
            fill: v < obs.players ? ctx.colour(v) : AUTOMATED,
          },
          svg("title", {}, `a vote of ${member(v)}`),
        ),
      ),
    );
    rowHeight = Math.max(rowHeight, h);
    // a plan is where votes go, and it stands for the proposal and the site chosen for it
    ctx.bind(
      g,
      (a) =>
        ((a[0] === "vote" || a[0] === "execute") && a[1] === k) ||
        (["construct", "relocate", "sell"].includes(a[0]) &&
          a[1] === p.building &&
          p.status === 0) ||
        (a[0] === "site" && a[1] === p.site && p.status === 0),
      {
        key: `plan-${k}`,
        label: `Plan ${k + 1}`,
        detail: p.building >= 0 && buildingTexts[p.building] ? buildingTexts[p.building] : "",
        attempt: () => (obs.step === "vote" || obs.step === "exec_vote" ? ["vote", k] : null),
      },
    );
    out.append(g);
  });
  if (!obs.proposals.length)
    out.append(text(svg, 10, py + 16, 12, "No plans this round yet.", { fill: "#6b6557" }));
  else if (obs.proposals.some((p) => p.voters.some((v) => v >= obs.players))) {
    py += rowHeight + 16;
    out.append(svg("circle", { cx: 16, cy: py - 4, r: 5, fill: AUTOMATED }));
    const said = ctx.lines(
      "a vote of the automated member; the other dots are the players' votes in their colours",
      Math.floor((width - 30) / 6.6),
    );
    said.forEach((line, j) =>
      out.append(text(svg, 26, py + j * 15, 11, line, { fill: "#3f3b34" })),
    );
    py += 15 * (said.length - 1);
    rowHeight = 0;
  }
  py += (obs.proposals.length ? rowHeight : 16) + 34;

  // the face-up buildings
  out.append(
    text(svg, 10, py - 8, 14, "Buildings on offer", { "font-weight": "bold" }),
    text(svg, 160, py - 8, 11, "hover or tap for what they do", { fill: "#3f3b34" }),
  );
  const offerW = narrow ? (width - 26) / 2 : 150;
  const offersPerRow = Math.max(1, Math.floor((width - 10) / (offerW + 6)));
  obs.display.forEach((b, k) => {
    const x = 10 + (k % offersPerRow) * (offerW + 6);
    const yy = py + Math.floor(k / offersPerRow) * 52;
    const info = data.buildings[b];
    const g = svg("g", { class: "offer", "data-building": b });
    g.append(
      svg("rect", {
        class: "shape",
        x,
        y: yy,
        width: offerW,
        height: 46,
        rx: 4,
        fill: ZONE_FILL[info.zone % ZONE_FILL.length],
        stroke: "#8a806c",
      }),
    );
    // the whole name, in two lines where it is long
    ctx
      .lines(info.name, 19)
      .forEach((line, j) =>
        g.append(text(svg, x + 6, yy + 16 + j * 14, 12, line, { "font-weight": "bold" })),
      );
    g.append(text(svg, x + offerW - 6, yy + 40, 12, `$${info.cost}`, { "text-anchor": "end" }));
    ctx.bind(g, (a) => a[0] === "construct" && a[1] === b, {
      key: `offer-${b}`,
      label: `${info.name} ($${info.cost})`,
      detail: buildingTexts[b],
      attempt: () => (obs.step === "propose" ? ["construct", b] : null),
    });
    out.append(g);
  });
  py += Math.ceil(obs.display.length / offersPerRow) * 52 + 22;

  // Favor cards and scores
  const holder = obs.key_holder === undefined ? -1 : obs.key_holder;
  const cardW = narrow ? width - 20 : 300;
  const chars = Math.floor((cardW - 10) / 6.7);
  const recent = ctx.view.recent || [];
  for (const seat of obs.seats) {
    const you = seat.seat === obs.viewer;
    const key = seat.seat === holder ? " · Key to the City" : "";
    const said = `${ctx.name(seat.seat)}${you ? " (you)" : ""}: ${obs.scores[seat.seat]} pts · $${obs.funds[seat.seat]}${key}${seat.hand === null ? ` · ${seat.hand_size} Favor card${seat.hand_size === 1 ? "" : "s"}, face down` : ""}`;
    const line = text(svg, 10, py + 14, 13, "", {
      "font-weight": "bold",
      fill: ctx.colour(seat.seat),
      "data-seat-line": seat.seat,
    });
    const parts = ctx.lines(said, Math.floor((width - 20) / 8.4));
    parts.forEach((part, j) =>
      line.append(
        svg("tspan", { x: 10, dy: j ? 17 : 0 }, j < parts.length - 1 ? `${part} ` : part),
      ),
    );
    out.append(line);
    py += 22 + 17 * (parts.length - 1);
    const cards = [
      ...(seat.hand || []).map((c) => [c, "hand"]),
      ...(seat.dealt || []).map((c) => [c, "dealt"]),
    ];
    if (seat.hand === null) {
      for (let k = 0; k < seat.hand_size; k++) cards.push([null, "back"]);
      // a card this player scored since your last move, face up for all (CC-54)
      for (const r of recent)
        if (r.seat === seat.seat && r.action[0] === "score") cards.push([r.action[1], "scored"]);
    }
    let x = 10;
    let row = 0;
    for (const [c, kind] of cards) {
      const g = svg("g", {
        class: kind === "scored" ? "favor scored" : "favor",
        "data-hand": c === null ? "back" : kind === "scored" ? `scored-${c}` : c,
        "data-hand-seat": seat.seat,
      });
      const wide = c === null ? 44 : cardW;
      if (x + wide > width && x > 10) {
        x = 10;
        py += row + 6;
        row = 0;
      }
      if (c === null) {
        g.append(
          svg(
            "rect",
            { x, y: py, width: 44, height: 30, rx: 3, fill: "#5c4f3d" },
            svg("title", {}, "a Favor card, face down"),
          ),
        );
        row = Math.max(row, 30);
      } else {
        // the card's whole text, wrapped over the card; the same text on hover and focus
        const words = kind === "scored" ? `Scored just now: ${cardTexts[c]}` : cardTexts[c];
        const lines = ctx.lines(words, chars);
        // a finger's height at least on a touch screen
        const h = Math.max(ctx.touch ? 46 : 0, 10 + lines.length * 14);
        g.append(
          svg("rect", {
            class: "shape",
            x,
            y: py,
            width: cardW,
            height: h,
            rx: 3,
            fill: kind === "dealt" ? "#fff3c4" : "#fffdf8",
            stroke: "#8a806c",
          }),
        );
        lines.forEach((line, j) =>
          g.append(
            text(svg, x + 5, py + 15 + j * 14, 11, line, {
              "font-weight": j === 0 ? "bold" : "normal",
            }),
          ),
        );
        if (you) {
          ctx.bind(g, (a) => ["keep", "discard", "score"].includes(a[0]) && a[1] === c, {
            key: `favor-${c}`,
            label: kind === "dealt" ? "Favor card dealt to you" : "Your Favor card",
            detail: words,
            attempt: () => (kind === "hand" ? ["score", c] : null),
          });
        } else {
          ctx.bind(g, (a) => a[0] === "score" && a[1] === c, { key: `scored-${c}`, detail: words });
        }
        row = Math.max(row, h);
      }
      x += wide + 6;
      out.append(g);
    }
    if (cards.some(([c, kind]) => kind === "dealt")) {
      py += row + 16;
      out.append(
        svg("rect", {
          x: 10,
          y: py - 11,
          width: 14,
          height: 14,
          fill: "#fff3c4",
          stroke: "#8a806c",
        }),
        text(svg, 30, py, 11, "yellow: just dealt to you, keep one", { fill: "#3f3b34" }),
      );
      row = 0;
    }
    py += row + 12;
  }
  out.setAttribute("viewBox", `0 0 ${width} ${py + 8}`);
  if (!narrow) return root;
  root.id = "citycouncil-map";
  const wrap = ctx.el("div", { id: "citycouncil-board", class: "citycouncil-narrow" });
  wrap.append(root, out);
  return wrap;
}

export function scores(obs, data, view) {
  if (view.result) return view.result.scores;
  return obs.seats.map((s) => obs.scores[s.seat]);
}
