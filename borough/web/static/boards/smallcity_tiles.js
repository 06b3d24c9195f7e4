// Small City's building tiles as a person needs them when choosing one: each tile on
// offer with its footprint (every distinct face), level, cost in money and materials,
// the stack left, and what its family needs and does (from data/effects.toml).
export const SIZE = 10;
export const MATERIALS = ["wood", "stone", "metal"];
export const MAT_FILL = ["#8b5a2b", "#9e9e9e", "#4f7390"];
export const MAT_LETTER = ["W", "S", "M"];
export const FAMILY_FILL = {
  residential: "#e9c46a",
  commercial: "#5fa8d3",
  factory: "#8d6e63",
  park: "#6aa84f",
  warehouse: "#b0a48f",
  refinery: "#6d6d6d",
  harbor: "#3d85c6",
  police: "#274e8f",
  fire: "#cc4125",
  city_hall: "#9c27b0",
  cultural: "#d5a6bd",
  metro: "#444",
  clinic: "#e06666",
  university: "#674ea7",
};
export const FAMILY_NAME = {
  residential: "Residential Zone",
  commercial: "Commercial Zone",
  factory: "Factory",
  park: "Park",
  warehouse: "Warehouse",
  refinery: "Refinery",
  harbor: "Harbor",
  police: "Police Station",
  fire: "Fire Station",
  city_hall: "City Hall",
  cultural: "Cultural building",
  metro: "Metro Station",
  clinic: "Clinic",
  university: "University",
};
// Each family's letters on the grid (the key lists them), with the level after them
export const FAMILY_CODE = {
  residential: "R",
  commercial: "C",
  factory: "F",
  park: "P",
  warehouse: "Wh",
  refinery: "Rf",
  harbor: "H",
  police: "Po",
  fire: "Fi",
  city_hall: "CH",
  cultural: "Cu",
  metro: "Me",
  clinic: "Cl",
  university: "U",
};
export const DARK_TEXT = ["residential", "park", "warehouse", "cultural"]; // light fills: dark letters
export const FONT = 12; // the drawing's usual letter size, in its own units (about px on screen)
export const SMALL = 11; // the smallest letters drawn anywhere
// How many characters of a `size` letter fit in `width` (a wide letter's measure, so
// wrapped text never runs past its box).
export function fitChars(width, size = FONT) {
  return Math.max(8, Math.floor(width / (size * 0.6)));
}
export function tileTag(type) {
  const leveled = ["residential", "commercial", "factory"].includes(type.family);
  return `${FAMILY_CODE[type.family] || "?"}${leveled ? type.level : ""}`;
}
// What a space's mark means, by family (data/tiles.toml's letters)
const MARK_LETTER = {
  commercial: ["1", "S", "V", "T"],
  factory: ["w", "s", "m"],
  harbor: ["", "~"],
};
export const MARK_WORDS = {
  commercial:
    "1: earns $1 · S: sells a material for $ · V: buys votes with $ · T: trades a material for votes",
  factory: "w, s, m: the space makes wood, stone or metal",
  harbor: "~: a water space",
};
const MEDIATOR = 2; // the Mediator's place among the Action cards

export function cellName(i) {
  return `${String.fromCharCode(65 + Math.floor(i / SIZE))}${(i % SIZE) + 1}`;
}

export function costText(cost) {
  const parts = cost.map((n, m) => (n ? `${n} ${MATERIALS[m]}` : "")).filter(Boolean);
  return parts.length ? parts.join(", ") : "nothing";
}

export function priceText(type, seat) {
  let money = type.cost;
  if (seat && seat.card === MEDIATOR && !type.cultural && money > 1) money -= 1; // SC-11
  const mats = type.materials.some((n) => n) ? ` + ${costText(type.materials)}` : "";
  return `$${money}${mats}`;
}

// The spaces of one orientation of a face: [row, column, mark] each.
export function drawShape(svg, shape, family, x, y, unit, extra = {}) {
  const g = svg("g", { class: "footprint", ...extra });
  for (const [r, c, m] of shape) {
    const water = family === "harbor" && m === 1;
    g.append(
      svg("rect", {
        x: x + c * unit,
        y: y + r * unit,
        width: unit - 1,
        height: unit - 1,
        rx: 1,
        fill: water ? "#9fc5e8" : FAMILY_FILL[family] || "#999",
        stroke: "#333",
        "stroke-width": 0.6,
      }),
    );
    const letter = (MARK_LETTER[family] || [])[m];
    if (letter && unit * 0.62 >= SMALL) {
      // a thumbnail too small to letter keeps its colours
      g.append(
        svg(
          "text",
          {
            x: x + c * unit + unit / 2 - 0.5,
            y: y + r * unit + unit * 0.7,
            "text-anchor": "middle",
            "font-size": unit * 0.62,
            fill: "#fff",
            "font-weight": "bold",
          },
          letter,
        ),
      );
    }
  }
  return g;
}

export function shapeSize(shape) {
  return [Math.max(...shape.map((p) => p[0])) + 1, Math.max(...shape.map((p) => p[1])) + 1];
}

// Distinct faces of a type: a face equal to an earlier one is the same choice.
export function distinctFaces(type) {
  const seen = [];
  const out = [];
  type.faces.forEach((face, f) => {
    const key = JSON.stringify(face);
    if (!seen.includes(key)) {
      seen.push(key);
      out.push(f);
    }
  });
  return out;
}

// The "choose a tile" decision: the tiles on offer grouped by family, each family's needs
// and effect in words, each tile a card whose faces are the places to click. Answers the
// height used.
export function drawOffers(ctx, root, x, y, width) {
  const { obs, data, svg } = ctx;
  const moves = ctx.your_turn
    ? ctx.view.legal_actions.map((m) => m.action).filter((a) => a[0] === "tile")
    : [];
  if (!moves.length) return 0;
  const me = obs.seats.find((st) => st.seat === obs.viewer);
  const families = data.families || {};
  const byFamily = new Map();
  for (const a of moves) {
    const t = data.types[a[1]];
    if (!byFamily.has(t.family)) byFamily.set(t.family, new Map());
    const types = byFamily.get(t.family);
    if (!types.has(t.id)) types.set(t.id, []);
    types.get(t.id).push(a[2]);
  }
  const panel = svg("g", { id: "tile-offers" });
  let yy = y;
  for (const line of ctx.lines(
    `Tiles you can build now${me ? ` (you have $${me.money})` : ""}: ${ctx.touch ? "tap" : "click"} a footprint`,
    fitChars(width, 13),
  )) {
    panel.append(svg("text", { x, y: yy + 13, "font-size": 13, "font-weight": "bold" }, line));
    yy += 16;
  }
  yy += 4;
  // a wide panel sets the families in two columns, each in the shorter one so far
  const columns = width >= 600 ? 2 : 1;
  const colW = columns === 2 ? (width - 12) / 2 : width;
  const tops = Array(columns).fill(yy);
  const perLine = fitChars(colW - 4);
  for (const [family, types] of byFamily) {
    const k = tops.indexOf(Math.min(...tops));
    drawFamily(family, types, x + k * (colW + 12), tops[k]);
    tops[k] = yy;
  }
  function drawFamily(family, types, x, top) {
    const width = colW;
    yy = top;
    const words = families[family] || {};
    panel.append(
      svg(
        "text",
        { x, y: yy + 13, "font-size": 13, "font-weight": "bold", fill: "#333" },
        FAMILY_NAME[family] || family,
      ),
    );
    yy += 17;
    const lines = [
      ...ctx.lines(`Needs: ${words.needs || "nothing"}`, perLine),
      ...ctx.lines(`Does: ${words.does || ""}`, perLine),
    ];
    if (MARK_WORDS[family]) lines.push(...ctx.lines(MARK_WORDS[family], perLine));
    for (const line of lines) {
      panel.append(
        svg(
          "text",
          {
            x: x + 4,
            y: yy + FONT,
            "font-size": FONT,
            fill: "#444",
            class: "family-text",
            "data-family": family,
          },
          line,
        ),
      );
      yy += FONT + 3;
    }
    let cx = x;
    let rowH = 0;
    for (const [id, faces] of types) {
      const t = data.types[id];
      // a finger's footprint on a phone: each square of a face 44 CSS px or more
      const unit = ctx.touch && ctx.narrow ? 42 : 18;
      const shapes = faces.map((f) => t.faces[f][0]);
      const faceW = shapes.map((s) => shapeSize(s)[1] * unit);
      const name = t.name;
      const cost = `Level ${t.level} · ${priceText(t, me)} · ${t.per_player ? "your own" : `${obs.supply[id]} left`}`;
      const w = Math.min(
        width,
        Math.max(
          faceW.reduce((a, b) => a + b + 14, 10),
          (Math.max(name.length, cost.length) + 1) * FONT * 0.6 + 10,
        ),
      );
      const h = 40 + Math.max(...shapes.map((s) => shapeSize(s)[0] * unit)) + 6;
      if (cx + w > x + width) {
        cx = x;
        yy += rowH + 6;
        rowH = 0;
      }
      const card = svg("g", { class: "offer-tile", "data-type": t.key });
      card.append(
        svg("rect", {
          x: cx,
          y: yy,
          width: w,
          height: h,
          rx: 5,
          fill: "#fffdf8",
          stroke: "#8a806c",
        }),
      );
      card.append(
        svg(
          "text",
          { x: cx + 5, y: yy + 14, "font-size": FONT, "font-weight": "bold", class: "offer-name" },
          name,
        ),
      );
      card.append(
        svg("text", { x: cx + 5, y: yy + 29, "font-size": FONT, class: "offer-cost" }, cost),
      );
      let fx = cx + 6;
      shapes.forEach((shape, k) => {
        const face = faces[k];
        const label = `${t.name}, face ${"AB"[face]}: level ${t.level}, costs ${priceText(t, me)}`;
        const g = drawShape(svg, shape, t.family, fx, yy + 36, unit, { "data-face": face });
        g.prepend(
          svg("rect", {
            class: "shape",
            x: fx - 2,
            y: yy + 34,
            width: faceW[k] + 3,
            height: shapeSize(shape)[0] * unit + 3,
            fill: "transparent",
          }),
        );
        ctx.bind(g, (a) => a[0] === "tile" && a[1] === id && a[2] === face, {
          key: `tile-${t.key}-${face}`,
          label,
          detail: `${words.needs || ""} ${words.does || ""}`.trim(),
        });
        card.append(g);
        fx += faceW[k] + 14;
      });
      panel.append(card);
      cx += w + 6;
      rowH = Math.max(rowH, h);
    }
    yy += rowH + 8;
  }
  root.append(panel);
  return Math.max(...tops) - y;
}
