// City Council: the city map with its zones, neighbourhoods and buildings (the
// basic game's closed neighbourhoods hatched), the committees and who sits on
// them, the city's tracks and the cubes of each section, who holds the Key to the
// City, a Favor chance and the moment it stopped the round, the plans on the table
// with their votes, the face-up buildings, and the Favor cards (the viewer's own
// face up, everyone else's as backs).
const ZONE_FILL = ["#f3d9a4", "#b9d7ef", "#d6c3e6", "#cfe8c4", "#e6e1d6"];
const OFFICES = ["Transport", "Treasury", "Election", "Union", "Executive"];
const SECTIONS = ["residential", "commercial", "industrial"];
const STATUS = ["open", "carried out", "dropped"];
const C = 42;
const STEP_WORDS = {
  assign: "the Election chair seats the committees", regard: "committee rotation", move: "committee rotation: move a member",
  swap: "committee rotation: switch two members", elect: "fill the Election Committee", embezzle: "Treasury: take $1 or not",
  keep: "keep a Favor card", propose: "plans are proposed", site: "choose the site", vote: "votes on the plans",
  exec_vote: "the Executive's second vote", execute: "the Election chair picks among tied plans", favor: "a Favor chance",
  produce: "production", turn_end: "end of the round", over: "the game is over",
};

// The move a click on a block with no legal move would mean, so the server can say why not.
function cellAttempt(obs, data, i, bid, hood) {
  const board = data.board;
  if (obs.step === "site") {
    // a site of the planned building's shape on this block, so the refusal names the real
    // obstacle (a closed neighbourhood, a taken block) rather than the shape
    const plan = obs.proposals[obs.pending];
    const shape = plan ? data.buildings[plan.building].shape : -1;
    let place = board.place_cells.findIndex((cells, k) => board.place_shape[k] === shape && cells.includes(i));
    if (place < 0) place = board.place_cells.findIndex((cells) => cells.includes(i));
    return place >= 0 ? ["site", place] : null;
  }
  if (obs.step === "produce") return bid >= 0 ? ["activate", bid] : hood >= 0 ? ["zone", hood] : null;
  return null;
}

// Why a plan was dropped, in the words the log gave when it was skipped (CC-29).
function dropReason(events, k) {
  const said = events.filter((e) => e.text.startsWith(`Plan ${k + 1} (`) && e.text.includes("is skipped")).pop();
  if (!said) return "it could not be carried out";
  const at = said.text.indexOf("is skipped: ");
  return at >= 0 ? said.text.slice(at + 12).replace(/\.$/, "") : "it could no longer be carried out";
}

export function draw(ctx) {
  const { obs, data, svg } = ctx;
  const board = data.board;
  const names = data.buildings.map((b) => b.name);
  const cardTexts = data.card_texts || data.cards.map((c) => c.name);
  const buildingTexts = data.building_texts || names;
  const closedTexts = data.closed_texts || [];
  const open = obs.open_hoods || [];
  const isClosed = (hood) => hood >= 0 && open[hood] === 0;
  const member = (m) => (m < obs.players ? ctx.name(m) : "Automated member");
  const root = svg("svg", { id: "citycouncil-board", role: "group", "aria-label": "The city of City Council" });
  root.append(svg("defs", {}, svg("pattern", { id: "cc-closed", width: 6, height: 6, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
    svg("rect", { width: 6, height: 6, fill: "#d9d6cf" }), svg("line", { x1: 0, y1: 0, x2: 0, y2: 6, stroke: "#a8a397", "stroke-width": 2 }))));
  const x0 = 30;
  const y0 = 46;
  root.append(svg("text", { x: x0, y: 14, "font-size": 13, "font-weight": "bold" }, `Round ${obs.round} · ${obs.mode} game · now: ${STEP_WORDS[obs.step] || obs.step}`));
  if (obs.step === "favor") {
    // CC-62, CC-65: the table sees that a Favor chance stopped the round, and where
    root.append(svg("text", { id: "favor-chance", x: x0, y: 30, "font-size": 11, fill: "#8a4b00", "data-interrupted": obs.interrupted || "" },
      `Favor chance for ${member(obs.current)}: play stopped at ${obs.interruption || obs.interrupted}; it goes on from there.`));
  }

  // the map
  for (let r = 0; r < board.rows; r++) {
    root.append(svg("text", { x: x0 - 16, y: y0 + r * C + C / 2 + 4, "font-size": 10, fill: "#6b6557" }, String.fromCharCode(65 + r)));
    for (let c = 0; c < board.cols; c++) {
      const i = r * board.cols + c;
      const x = x0 + c * C;
      const y = y0 + r * C;
      const hood = board.cell_hood[i];
      const bid = obs.board[i];
      const closed = isClosed(hood);
      const g = svg("g", { class: closed ? "block closed" : "block", "data-cell": i });
      if (hood >= 0) g.dataset.hood = board.hood_names[hood];
      if (closed) g.dataset.closed = "1";
      const fill = bid >= 0 ? "#8a6f52" : closed ? "url(#cc-closed)" : hood >= 0 ? ZONE_FILL[board.cell_zone[i] % ZONE_FILL.length] : "#cfc8b8";
      g.append(svg("rect", { class: "shape", x, y, width: C - 2, height: C - 2, fill, stroke: hood >= 0 && obs.zones_on[hood] ? "#2f7d4a" : "#fff", "stroke-width": hood >= 0 && obs.zones_on[hood] ? 2 : 1 }));
      if (bid >= 0) {
        g.dataset.building = bid;
      } else if (hood >= 0) {
        g.append(svg("text", { x: x + 3, y: y + 10, "font-size": 8, fill: closed ? "#5e5a52" : "#6b6557" }, board.hood_names[hood]));
        if (closed) g.append(svg("text", { x: x + 3, y: y + 21, "font-size": 7, fill: "#5e5a52" }, "closed"));
      }
      const where = `${String.fromCharCode(65 + r)}${c + 1}`;
      const label = `${where}${bid >= 0 ? `: ${names[bid]}` : hood >= 0 ? `: zone ${board.hood_names[hood]}${closed ? " (closed)" : ""}` : ""}`;
      const detail = bid >= 0 && buildingTexts[bid] ? buildingTexts[bid] : closed ? closedTexts[hood] || "closed to building" : "";
      ctx.bind(g, (a) => {
        if (a[0] === "site") return board.place_cells[a[1]].includes(i);
        if (["sell", "relocate", "activate", "boost"].includes(a[0])) return bid >= 0 && a[1] === bid;
        if (a[0] === "zone") return hood >= 0 && a[1] === hood;
        return false;
      }, { key: `cell-${i}`, label, detail, attempt: () => cellAttempt(obs, data, i, bid, hood) });
      root.append(g);
    }
  }
  for (let c = 0; c < board.cols; c++) {
    root.append(svg("text", { x: x0 + c * C + C / 2, y: y0 - 4, "text-anchor": "middle", "font-size": 10, fill: "#6b6557" }, c + 1));
  }
  // each building's whole name over the blocks it covers, in as many lines as it needs
  const built = new Map();
  obs.board.forEach((bid, i) => { if (bid >= 0) { if (!built.has(bid)) built.set(bid, []); built.get(bid).push(i); } });
  for (const [bid, cells] of built) {
    const rows = cells.map((i) => Math.floor(i / board.cols));
    const cols = cells.map((i) => i % board.cols);
    const left = x0 + Math.min(...cols) * C;
    const top = y0 + Math.min(...rows) * C;
    const wide = (Math.max(...cols) - Math.min(...cols) + 1) * C - 2;
    const high = (Math.max(...rows) - Math.min(...rows) + 1) * C - 2;
    const lines = ctx.lines(names[bid], Math.max(6, Math.floor(wide / 5)));
    const g = svg("g", { class: "building-name", "data-building": bid, "pointer-events": "none" });
    lines.forEach((line, k) => g.append(svg("text", { x: left + wide / 2, y: top + high / 2 + 3 + (k - (lines.length - 1) / 2) * 9,
      "text-anchor": "middle", "font-size": 8, fill: "#fff", "font-weight": "bold" }, line)));
    root.append(g);
  }
  const mapRight = x0 + board.cols * C + 24;
  const closedNames = board.hood_names.filter((_, h) => isClosed(h));
  if (closedNames.length) {
    root.append(svg("text", { id: "closed-legend", x: x0, y: y0 + board.rows * C + 12, "font-size": 10, fill: "#5e5a52" },
      `Hatched: closed to building until the city grows (${closedNames.join(", ")}).`));
  }

  // the committees
  let y = y0;
  root.append(svg("text", { x: mapRight, y: y - 6, "font-size": 13, "font-weight": "bold" }, "Committees"));
  OFFICES.forEach((office, k) => {
    const seated = obs.office.map((o, m) => (o === k ? m : -1)).filter((m) => m >= 0);
    const g = svg("g", { class: "committee", "data-office": k });
    g.append(svg("rect", { class: "shape", x: mapRight, y, width: 250, height: 26, rx: 4, fill: "#fffdf8", stroke: "#8a806c" }),
      svg("text", { x: mapRight + 6, y: y + 17, "font-size": 11 }, `${office}: ${seated.map(member).join(", ") || "vacant"}`));
    // a committee is where its seat is given, moved to, or (by its member) changed
    const sits = (m) => obs.office[m] === k;
    ctx.bind(g, (a) => (a[0] === "assign" && a[1] === k) || (a[0] === "move" && a[2] === k) ||
      (["regard", "elect", "swap"].includes(a[0]) && sits(a[1])), { key: `office-${k}`, label: `${office} Committee`,
      attempt: () => (obs.step === "assign" ? ["assign", k] : null) });
    root.append(g);
    y += 30;
  });

  // the tracks and cubes
  y += 12;
  const holder = obs.key_holder === undefined ? -1 : obs.key_holder;
  const limits = (data.content && data.content.tracks) || {};
  const gauges = [["City Budget", obs.budget, limits.budget_max || 40, `$${obs.budget}`, "#2e7d32"],
    ["Power Supply", obs.power, limits.power_max || 12, `${obs.power}`, "#f9a825"],
    ["Goods Depot", obs.goods, limits.goods_max || 8, `${obs.goods}`, "#6d4c41"],
    ["Blue-collar free", obs.blue_free, Math.max(obs.blue, 1), `${obs.blue_free} of ${obs.blue}`, "#1565c0"],
    ["White-collar free", obs.white_free, Math.max(obs.white, 1), `${obs.white_free} of ${obs.white}`, "#90a4ae"],
    ["Unemployment", obs.unemployed, Math.max(obs.blue + obs.white, obs.unemployed, 1), `${obs.unemployed}`, "#c62828"]];
  for (const [label, value, max, text, fill] of gauges) {
    const g = svg("g", { class: "gauge", "data-gauge": label, "data-value": value });
    if (label === "City Budget") {
      // the Treasury chair takes its $1 from here
      g.append(svg("rect", { class: "shape", x: mapRight - 2, y: y - 2, width: 250, height: 13, fill: "transparent" }));
      ctx.bind(g, (a) => a[0] === "embezzle", { key: "budget", label: `City Budget $${obs.budget}` });
    }
    g.append(svg("text", { x: mapRight, y: y + 8, "font-size": 10 }, label),
      svg("rect", { x: mapRight + 100, y, width: 110, height: 9, rx: 2, fill: "#eee", stroke: "#bbb" }),
      svg("rect", { x: mapRight + 100, y, width: 110 * Math.max(0, Math.min(1, value / max)), height: 9, rx: 2, fill }),
      svg("text", { x: mapRight + 216, y: y + 8, "font-size": 10, "font-weight": "bold" }, text));
    root.append(g);
    y += 14;
  }
  const tracks = [["Favor deck", `${obs.deck_size} cards`],
    ["Key to the City", holder < 0 ? "nobody yet" : obs.step === "over" ? ctx.name(holder) : `${ctx.name(holder)} (this round is the last)`]];
  for (const [label, value] of tracks) {
    const attrs = { x: mapRight, y: y + 8, "font-size": 10 };
    if (label === "Key to the City") Object.assign(attrs, { id: "key-holder", "data-key-holder": holder });
    root.append(svg("text", attrs, `${label}: `, svg("tspan", { "font-weight": "bold" }, value)));
    y += 14;
  }
  y += 10;
  root.append(svg("text", { x: mapRight, y, "font-size": 10, "font-weight": "bold" }, "Cubes by section: crime, pollution, community"));
  y += 14;
  SECTIONS.forEach((section, k) => {
    root.append(svg("text", { x: mapRight, y, "font-size": 10 }, section[0].toUpperCase() + section.slice(1)));
    [["crime", obs.red[k], "#c8483a"], ["pollution", obs.grey[k], "#777"], ["community", obs.pink[k], "#e58fb4"]].forEach(([what, n, fill], j) => {
      const g = svg("g", { class: "cubes", "data-section": section, "data-cube": what, "data-value": n });
      g.append(svg("text", { x: mapRight + 78 + j * 62, y, "font-size": 9, fill: "#444" }, `${n}`));
      for (let q = 0; q < n; q++) g.append(svg("rect", { x: mapRight + 88 + j * 62 + q * 8, y: y - 8, width: 7, height: 7, fill }));
      ctx.detail(g, `${section} ${what}: ${n} cube${n === 1 ? "" : "s"}`);
      root.append(g);
    });
    y += 14;
  });

  // the plans on the table
  let py = Math.max(y0 + board.rows * C + (closedNames.length ? 14 : 0), y) + 24;
  root.append(svg("text", { x: x0, y: py - 6, "font-size": 13, "font-weight": "bold" }, "Plans"));
  let planHeight = 62;
  obs.proposals.forEach((p, k) => {
    const x = x0 + k * 190;
    const g = svg("g", { class: "plan", "data-plan": k });
    const where = p.site >= 0 ? board.place_cells[p.site].map((c) => `${String.fromCharCode(65 + Math.floor(c / board.cols))}${(c % board.cols) + 1}`).join("+") : "";
    const what = ctx.lines(`${p.kind === "construct" ? "Build" : p.kind === "relocate" ? "Move" : "Sell"} ${names[p.building] || ""}${where ? ` on ${where}` : ""}`, 32);
    const why = p.status === 2 ? dropReason(ctx.view.events || [], k) : "";
    const whyLines = why ? ctx.lines(`Dropped: ${why}`, 32) : [];
    const h = 50 + (what.length - 1) * 12 + whyLines.length * 11;
    g.append(svg("rect", { class: "shape", x, y: py, width: 182, height: h, rx: 6, fill: p.status === 0 ? "#fffdf8" : "#e9e2d2", stroke: "#8a806c" }),
      svg("text", { x: x + 6, y: py + 14, "font-size": 10, "font-weight": "bold" }, `Plan ${k + 1}: ${member(p.member)}`));
    what.forEach((line, j) => g.append(svg("text", { x: x + 6, y: py + 27 + j * 12, "font-size": 10, class: "plan-what" }, line)));
    const sy = py + 27 + what.length * 12;
    g.append(svg("text", { x: x + 6, y: sy, "font-size": 10 }, `votes ${p.voters.length} · funds ${p.funds.length} · ${STATUS[p.status] || ""}`));
    whyLines.forEach((line, j) => g.append(svg("text", { x: x + 6, y: sy + 12 + j * 11, "font-size": 9, fill: "#8a1c1c", class: "plan-why" }, line)));
    p.voters.forEach((v, j) => g.append(svg("circle", { class: "vote", cx: x + 176 - j * 10, cy: sy - 4, r: 4, fill: v < obs.players ? ctx.colour(v) : "#999" },
      svg("title", {}, `a vote of ${member(v)}`))));
    planHeight = Math.max(planHeight, h);
    ctx.bind(g, (a) => (a[0] === "vote" || a[0] === "execute") && a[1] === k, { key: `plan-${k}`, label: `Plan ${k + 1}`,
      detail: p.building >= 0 && buildingTexts[p.building] ? buildingTexts[p.building] : "",
      attempt: () => (obs.step === "vote" || obs.step === "exec_vote" ? ["vote", k] : null) });
    root.append(g);
  });
  if (!obs.proposals.length) root.append(svg("text", { x: x0, y: py + 16, "font-size": 11, fill: "#6b6557" }, "No plans this round yet."));
  py += planHeight + 22;

  // the face-up buildings
  root.append(svg("text", { x: x0, y: py - 6, "font-size": 13, "font-weight": "bold" }, "Buildings on offer"));
  obs.display.forEach((b, k) => {
    const x = x0 + (k % 6) * 120;
    const yy = py + Math.floor(k / 6) * 40;
    const info = data.buildings[b];
    const g = svg("g", { class: "offer", "data-building": b });
    g.append(svg("rect", { class: "shape", x, y: yy, width: 114, height: 34, rx: 4, fill: ZONE_FILL[info.zone % ZONE_FILL.length], stroke: "#8a806c" }));
    // the whole name, in two lines where it is long
    ctx.lines(info.name, 20).forEach((line, j) => g.append(svg("text", { x: x + 5, y: yy + 12 + j * 10, "font-size": 9, "font-weight": "bold" }, line)));
    g.append(svg("text", { x: x + 109, y: yy + 30, "text-anchor": "end", "font-size": 9 }, `$${info.cost}`));
    ctx.bind(g, (a) => a[0] === "construct" && a[1] === b, { key: `offer-${b}`, label: `${info.name} ($${info.cost})`,
      detail: buildingTexts[b], attempt: () => (obs.step === "propose" ? ["construct", b] : null) });
    root.append(g);
  });
  py += Math.ceil(obs.display.length / 6) * 40 + 20;

  // Favor cards and scores
  const cardsRight = Math.max(mapRight + 260, x0 + 6 * 120 + 10);
  for (const seat of obs.seats) {
    const you = seat.seat === obs.viewer;
    const key = seat.seat === holder ? " · Key to the City" : "";
    root.append(svg("text", { x: x0, y: py + 14, "font-size": 12, "font-weight": you ? "bold" : "normal", fill: ctx.colour(seat.seat), "data-seat-line": seat.seat },
      `${ctx.name(seat.seat)}${you ? " (you)" : ""}: ${obs.scores[seat.seat]} pts · $${obs.funds[seat.seat]}${key}`));
    let x = x0 + 260;
    let rowHeight = 28;
    const cards = [...(seat.hand || []).map((c) => [c, "hand"]), ...(seat.dealt || []).map((c) => [c, "dealt"])];
    if (seat.hand === null) for (let k = 0; k < seat.hand_size; k++) cards.push([null, "back"]);
    for (const [c, kind] of cards) {
      const g = svg("g", { class: "favor", "data-hand": c === null ? "back" : c, "data-hand-seat": seat.seat });
      const wide = c === null ? 40 : 190;
      if (x + wide > cardsRight && x > x0 + 260) { x = x0 + 260; py += rowHeight; rowHeight = 28; }
      if (c === null) {
        g.append(svg("rect", { x, y: py, width: 40, height: 22, rx: 3, fill: "#5c4f3d" }, svg("title", {}, "a Favor card")));
      } else {
        // the card's whole text, wrapped over the card; the same text on hover and focus
        const text = cardTexts[c];
        const lines = ctx.lines(text, 36);
        const h = 8 + lines.length * 10;
        g.append(svg("rect", { class: "shape", x, y: py, width: 190, height: h, rx: 3, fill: kind === "dealt" ? "#fff3c4" : "#fffdf8", stroke: "#8a806c" }));
        lines.forEach((line, j) => g.append(svg("text", { x: x + 4, y: py + 12 + j * 10, "font-size": 8.5, "font-weight": j === 0 ? "bold" : "normal" }, line)));
        if (you) {
          ctx.bind(g, (a) => ["keep", "discard", "score"].includes(a[0]) && a[1] === c, { key: `favor-${c}`, label: data.cards[c].name,
            detail: text, attempt: () => (kind === "hand" ? ["score", c] : null) });
        } else ctx.detail(g, text);
        rowHeight = Math.max(rowHeight, h + 6);
      }
      x += wide + 4;
      root.append(g);
    }
    py += rowHeight;
  }
  root.setAttribute("viewBox", `0 0 ${Math.max(mapRight + 260, x0 + 6 * 120 + 10)} ${py + 8}`);
  return root;
}

export function scores(obs, data, view) {
  if (view.result) return view.result.scores;
  return obs.seats.map((s) => obs.scores[s.seat]);
}
