// Placing a tile on the grid: the footprint follows the pointer (or the focused space)
// as a ghost, green where the engine allows it and red with the reason where it does
// not; "R" or the Rotate button turns it through the orientations that fit somewhere.
import { SIZE, cellName, FAMILY_NAME, FONT, fitChars } from "./smallcity_tiles.js";

const state = { key: null, turn: 0, over: null };
let current = null; // the latest drawing's placing context, for the keyboard
let keyListening = false;

function onKey(e) {
  if (!current || (e.key !== "r" && e.key !== "R") || e.ctrlKey || e.metaKey || e.altKey) return;
  const tag = (e.target && e.target.tagName) || "";
  if (["INPUT", "TEXTAREA", "SELECT"].includes(tag)) return;
  e.preventDefault();
  current.rotate();
}

// The tile being placed, its orientations and the legal (orientation, anchor) pairs.
export function placing(ctx) {
  const { obs, data } = ctx;
  if (!ctx.your_turn || !["place", "hall", "warehouse"].includes(obs.step)) return null;
  const moves = ctx.view.legal_actions.map((m) => m.action).filter((a) => a[0] === "place");
  if (!moves.length) return null;
  const typeId = obs.step === "warehouse" ? data.warehouse : obs.sel[0];
  const face = obs.step === "warehouse" ? 0 : obs.sel[1];
  const type = data.types[typeId];
  const shapes = type.faces[face];
  const legal = new Set(moves.map((a) => `${a[1]}:${a[2]}`));
  const fitting = shapes.map((_, o) => o).filter((o) => moves.some((a) => a[1] === o));
  const key = `${ctx.view.move_number ?? ctx.view.version}:${typeId}:${face}`;
  if (state.key !== key) {
    state.key = key;
    state.turn = 0;
    state.over = null;
  }
  const o = fitting[state.turn % fitting.length];
  const shape = shapes[o];
  // the pointer holds the shape's first space (its top row, leftmost), not its bounding corner
  const first = shape[0];
  return {
    type,
    face,
    shapes,
    fitting,
    o,
    shape,
    first,
    legal,
    anchorAt: (i) => {
      const r = Math.floor(i / SIZE) - first[0];
      const c = (i % SIZE) - first[1];
      return r >= 0 && c >= 0 ? r * SIZE + c : null;
    },
  };
}

// Why the engine would refuse this spot, in the words a person needs; the last case (the
// tile's criteria) is confirmed by the server when the red spot is clicked.
function reason(ctx, seat, p, anchor, cells) {
  if (anchor === null || cells.some((c) => c === null)) return "it would run off the grid";
  const size = seat.zone_size;
  const out = cells.find((c) => Math.floor(c / SIZE) >= size || c % SIZE >= size);
  if (out !== undefined)
    return `${cellName(out)} is outside your Constructible Zone (${size}x${size})`;
  const taken = cells.find((c) => seat.grid[c] !== -1);
  if (taken !== undefined) return `${cellName(taken)} is already built on`;
  const mayor =
    ctx.obs.mayor >= 0 && ctx.obs.host === seat.seat ? ctx.data.edges[ctx.obs.mayor] : [];
  const blocked = cells.find((c) => mayor.includes(c));
  if (blocked !== undefined) return `${cellName(blocked)} is beside the mayor this round`;
  const words = (ctx.data.families || {})[p.type.family];
  return `it does not meet what a ${FAMILY_NAME[p.type.family] || p.type.name} needs${words ? `: ${words.needs}` : ""} (${ctx.touch ? "tap" : "click"} for the engine's reason)`;
}

// The spaces the shape covers with its first space on cell i (null: off the grid).
export function footprintAt(p, i) {
  const anchor = p.anchorAt(i);
  if (anchor === null) return { anchor, cells: p.shape.map(() => null) };
  const ar = Math.floor(anchor / SIZE);
  const ac = anchor % SIZE;
  return {
    anchor,
    cells: p.shape.map(([r, c]) =>
      ar + r < SIZE && ac + c < SIZE ? (ar + r) * SIZE + ac + c : null,
    ),
  };
}

// The ghost layer over the viewer's borough and the Rotate control; `cellXY(i)` answers a
// space's top-left corner on the drawing.
export function ghostLayer(ctx, p, seat, cellXY, cell, box) {
  const { svg } = ctx;
  const layer = svg("g", { id: "ghost-layer", "pointer-events": "none" });
  const said = svg("text", {
    id: "ghost-reason",
    x: box.x,
    y: box.y,
    "font-size": FONT,
    "font-weight": "bold",
  });
  const show = (i) => {
    state.over = i;
    layer.replaceChildren();
    const { anchor, cells } = footprintAt(p, i);
    const ok = anchor !== null && p.legal.has(`${p.o}:${anchor}`);
    const ghost = svg("g", {
      id: "ghost",
      "data-legal": ok ? "1" : "0",
      "data-anchor": anchor === null ? "" : anchor,
      "data-cell": i,
    });
    p.shape.forEach(([r, c], k) => {
      const [fx, fy] = cellXY(i);
      const x = fx + (c - p.first[1]) * cell;
      const y = fy + (r - p.first[0]) * cell;
      ghost.append(
        svg("rect", {
          class: "ghost-space",
          x: x + 1,
          y: y + 1,
          width: cell - 3,
          height: cell - 3,
          rx: 2,
          fill: ok ? "rgba(46,125,50,0.55)" : "rgba(198,40,40,0.5)",
          stroke: ok ? "#1b5e20" : "#b71c1c",
          "stroke-width": 2,
          "data-space": cells[k] === null ? "" : cells[k],
        }),
      );
    });
    layer.append(ghost);
    said.setAttribute("fill", ok ? "#1b5e20" : "#b71c1c");
    said.dataset.legal = ok ? "1" : "0";
    const words = ok
      ? `${p.type.name} fits with its first space on ${cellName(i)}: ${ctx.touch ? "tap again or Confirm" : "click"} to build it here.`
      : `${cellName(i)}: not here, ${reason(ctx, seat, p, anchor, cells)}.`;
    said.replaceChildren(
      ...ctx
        .lines(words, fitChars(box.width))
        .map((line, k) => svg("tspan", { x: box.x, dy: k ? FONT + 3 : 0 }, line)),
    );
  };
  current = {
    rotate: () => {
      state.turn += 1;
      if (ctx.redraw) ctx.redraw();
    },
  };
  if (!keyListening) {
    document.addEventListener("keydown", onKey);
    keyListening = true;
  }
  return { layer, said, show, hovered: state.over };
}

// The panel that says what is being placed, with the Rotate button and every orientation.
export function placingPanel(ctx, p, x, y, width, drawShape) {
  const { svg } = ctx;
  const g = svg("g", { id: "placing", "data-orientation": p.o, "data-fitting": p.fitting.length });
  const say = (words, attrs) => {
    for (const line of ctx.lines(words, fitChars(width, attrs["font-size"]))) {
      g.append(svg("text", { x, y: y + attrs["font-size"], ...attrs }, line));
      y += attrs["font-size"] + 3;
    }
  };
  const top = y;
  say(
    ctx.touch
      ? `Place the ${p.type.name}: tap a space of your borough to see the tile there, green where it fits; tap it again or Confirm to build.`
      : `Place the ${p.type.name}: point at a space of your borough, click where it shows green.`,
    {
      "font-size": 13,
      "font-weight": "bold",
    },
  );
  say(
    `Now ${turnWords(p.shapes, p.o)} (${p.fitting.indexOf(p.o) + 1} of the ${p.fitting.length} ways that fit somewhere); ${ctx.touch ? "tap Rotate to turn it, or tap a way below" : "press R or Rotate to turn it, or click a way below"} (framed in green: the way it turns now). On the grid the tile shows green where it fits, red where it does not.`,
    { "font-size": FONT, class: "turn-words" },
  );
  y -= 30;
  const button = svg(
    "g",
    {
      id: "rotate",
      role: "button",
      tabindex: "0",
      "aria-label": ctx.touch ? "Rotate the tile" : "Rotate the tile (R)",
    },
    svg("rect", { x, y: y + 36, width: 100, height: 24, rx: 12, fill: "#1f2937" }),
    svg(
      "text",
      { x: x + 50, y: y + 52, "text-anchor": "middle", "font-size": FONT, fill: "#fff" },
      ctx.touch ? "↻ Rotate" : "↻ Rotate (R)", // no key to press on a touch screen
    ),
  );
  const turn = () => {
    state.turn += 1;
    if (ctx.redraw) ctx.redraw();
  };
  button.addEventListener("click", turn);
  button.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      turn();
    }
  });
  g.append(button);
  let ox = x + 112;
  let oy = y;
  let rowH = 0;
  p.fitting.forEach((o) => {
    const shape = p.shapes[o];
    const unit = 10;
    const wide = Math.max(...shape.map((s) => s[1] + 1)) * unit;
    if (ox + wide > x + width) {
      ox = x + 112;
      oy += rowH + 10;
      rowH = 0;
    }
    rowH = Math.max(rowH, Math.max(...shape.map((s) => s[0] + 1)) * unit + 4);
    const y = oy;
    const mark = o === p.o;
    g.append(
      svg("rect", {
        x: ox - 3,
        y: y + 30,
        width: Math.max(...shape.map((s) => s[1] + 1)) * unit + 5,
        height: Math.max(...shape.map((s) => s[0] + 1)) * unit + 5,
        fill: "none",
        stroke: mark ? "#1b5e20" : "#ccc",
        "stroke-width": mark ? 2 : 1,
        class: mark ? "orientation chosen" : "orientation",
      }),
    );
    const thumb = drawShape(svg, shape, p.type.family, ox, y + 33, unit, {
      "data-orientation": o,
      class: "footprint orientation-choice",
    });
    // the orientation holds its placements (so none is left as a loose button), and a
    // click on it turns the ghost to it instead of asking which placement is meant
    thumb.prepend(
      svg("rect", {
        class: "shape",
        x: ox - 2,
        y: y + 31,
        width: Math.max(...shape.map((q) => q[1] + 1)) * unit + 3,
        height: Math.max(...shape.map((q) => q[0] + 1)) * unit + 3,
        fill: "transparent",
      }),
    );
    const pick = (e) => {
      if (e.type === "keydown" && e.key !== "Enter" && e.key !== " ") return;
      e.preventDefault();
      e.stopImmediatePropagation();
      state.turn = p.fitting.indexOf(o);
      if (ctx.redraw) ctx.redraw();
    };
    thumb.addEventListener("click", pick, true);
    thumb.addEventListener("keydown", pick, true);
    ctx.bind(
      thumb,
      (a, mover) => mover === undefined && a[0] === "place" && a[1] === o && o !== p.o,
      { key: `orientation-${o}`, label: `Turn the tile: ${turnWords(p.shapes, o)}` },
    );
    g.append(thumb);
    ox += wide + 12;
  });
  return [g, Math.max(oy + 30 + rowH + 6, y + 64) - top + 6];
}

// The words for orientation `o` as a person turns the printed tile, as the move list
// says them (wording.turn_words): the fewest quarter turns clockwise, unflipped first.
// The game lists the printed shape turned a quarter first.
function normalise(cells) {
  const r0 = Math.min(...cells.map((c) => c[0]));
  const c0 = Math.min(...cells.map((c) => c[1]));
  return cells
    .map(([r, c, m]) => [r - r0, c - c0, m])
    .sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
}
const TURNS = [
  "as printed",
  "turned a quarter clockwise",
  "turned half round",
  "turned three quarters clockwise",
];
export function turnWords(shapes, o) {
  const key = (cells) => JSON.stringify(normalise(cells));
  const turn = (cells) => cells.map(([r, c, m]) => [c, -r, m]);
  let printed = shapes[0];
  for (let k = 0; k < 3; k++) printed = turn(printed);
  const want = key(shapes[o]);
  for (const flip of [false, true]) {
    let base = flip ? printed.map(([r, c, m]) => [r, -c, m]) : printed;
    for (let k = 0; k < 4; k++) {
      if (key(base) === want)
        return flip ? (k ? `flipped over and ${TURNS[k]}` : "flipped over") : TURNS[k];
      base = turn(base);
    }
  }
  return `in its orientation ${o + 1}`;
}
