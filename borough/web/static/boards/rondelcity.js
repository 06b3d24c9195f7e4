// Rondel City: the city drawn as a map (its Blocks and squares with their tiles,
// the streets as chains of numbered spaces, which are also the 0-50 score track,
// with every Citizen and Banker on them), the rondel with its markers, the market
// lines, and each player's tiles, gold and points. Where each space and square
// lies comes from the server (content.py derives it from the game's city data).
// On a phone the rondel and the market, where a turn begins, come above the map.
const FILL = {
  red: "#c8483a",
  yellow: "#d9a521",
  blue: "#3f76c4",
  green: "#4f9d5a",
  rainbow: "url(#rainbow)",
  white: "#f4f1ea",
  "": "#8fbf6a",
};
const SPACE_FILL = {
  red: "#c8483a",
  yellow: "#d9a521",
  blue: "#3f76c4",
  green: "#4f9d5a",
  white: "#fffdf8",
  none: "#d9d4c7",
};
const AMENITY_FILL = "#9a7bbd";
const BUILDINGS = ["shop", "church", "bank", "statue", "park"];
const AMENITY = 100;
const CELL = 34; // pixels per cell of the layout
const RR = 80; // the rondel's radius
// moves with no place of their own: the mover's line under the map is marked
const SEAT_MOVES = ["pass", "bonus", "skip", "take", "score"];

// The table's word for the colour it draws a seat in, so the board names what it shows.
function drawnName(ctx, seat) {
  return ctx.colourName(seat);
}

// What a piece waiting to move is doing: [seat, vp, gp] of the first queued move.
function movingWords(obs) {
  const p = obs.pending && obs.pending[0];
  if (!p) return "your piece";
  if (p[2] < 0) return `your Banker pays ${-p[2]} gp`;
  if (p[2] > 0) return `your Banker gains ${p[2]} gp`;
  return `your Citizen gains ${p[1]} VP`;
}

function title(word) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

// A tile in words; `icons`: a Park with the building icons it scores for (RON-22),
// needed before it is bought or placed, not once it lies in its Block.
function tileText(data, code, icons = false) {
  if (code < 0) return "";
  if (code >= AMENITY)
    return data.variants && data.variants.amenities
      ? data.variants.amenities[code - AMENITY]
      : `Amenity ${code - AMENITY + 1}`;
  const t = data.tiles[code];
  if (t.building !== 4) return `${title(BUILDINGS[t.building])} ${t.ns}${t.ring}`;
  if (!icons) return "Park";
  const parts = (t.park || [])
    .map((n, b) => (n ? `${n} ${title(BUILDINGS[b])}` : ""))
    .filter(Boolean);
  return `Park: ${parts.join(", ")}`;
}

function spaceWords(city, sid) {
  const colour = city.colours[sid];
  const kind =
    colour === "white" ? "corner" : colour === "none" ? "uncoloured space" : `${colour} street`;
  return `Space ${city.numbers[sid]} (${kind})`;
}

export function draw(ctx) {
  const { obs, data, svg } = ctx;
  const narrow = ctx.narrow;
  const city = data.city;
  const market = data.market;
  const layout = data.layout;
  const root = svg(
    "svg",
    { id: "rondelcity-board", role: "group", "aria-label": "Rondel City" },
    svg(
      "defs",
      {},
      svg(
        "linearGradient",
        { id: "rainbow" },
        ["#c8483a", "#d9a521", "#4f9d5a", "#3f76c4"].map((c, k) =>
          svg("stop", { offset: `${k * 33}%`, "stop-color": c }),
        ),
      ),
    ),
  );
  const me = obs.viewer;
  const step = obs.step;
  // a seat's own moves are matched with no seat given; another's carry the mover's seat
  const whose = (by) => (by === undefined ? me : by);

  // where the parts go: beside each other on a wide screen, the rondel first on a phone
  const minX = Math.min(...layout.spaces.map((p) => p[0])) - 0.5;
  const minY =
    Math.min(...layout.spaces.map((p) => p[1]), ...layout.squares.map((q) => q[1])) - 0.5;
  const maxX =
    Math.max(...layout.spaces.map((p) => p[0]), ...layout.squares.map((q) => q[0] + q[2])) + 0.5;
  const maxY =
    Math.max(...layout.spaces.map((p) => p[1]), ...layout.squares.map((q) => q[1] + q[3])) + 0.5;
  const mapW = (maxX - minX) * CELL;
  const hasEvent = obs.event >= 0 && data.variants;
  // on a phone the whole drawing is shrunk to the map's width: the words beside and
  // under the map are drawn larger there, in the room the map leaves
  const big = narrow ? 1.2 : 1;
  // room for a Park's icons; on a phone as wide as the screen shows at readable letters
  const lineW = narrow ? 330 : 2 * RR + 100;
  const lineH = narrow ? 44 : 26; // a finger's height on a phone
  // the Event in effect, with its text: it can forbid a street colour or raise a price
  const eventFont = Math.round(11 * big);
  const eventLines = hasEvent
    ? ctx.lines(data.variants.events[obs.event].text, Math.floor(lineW / (0.56 * eventFont)))
    : [];
  const eventH = hasEvent ? 24 * big + eventLines.length * (eventFont + 3) : 0;
  const marketH = 30 + obs.lines.length * (lineH + 4) + eventH;
  // under the rondel, what its markers and colours mean
  const notes = [
    "● a player's Action marker; grey: neutral.",
    "A space's colour: the streets you may build beside; rainbow: any street, for 1 VP.",
  ].flatMap((text) => ctx.lines(text, narrow ? 26 : 34));
  const noteFont = narrow ? 14 : 11;
  const notesH = (noteFont + 3) * notes.length + 4;
  let rx, ry, mx, my, top;
  if (narrow) {
    // a phone: the rondel, its notes, then the market under them, then the city
    rx = 20 + RR;
    ry = 34 + RR;
    mx = 20;
    my = ry + RR + 16 + notesH;
    top = my + marketH + 36;
  } else {
    top = 30;
    rx = 20 + mapW + 30 + RR;
    ry = 30 + 90;
    mx = rx - RR;
    my = ry + RR + notesH + 16;
  }
  const X = (u) => 20 + (u - minX) * CELL;
  const Y = (v) => top + (v - minY) * CELL;
  const width = narrow ? Math.max(20 + mapW, mx + lineW) : mx + lineW;

  // the city map
  const map = svg("g", { id: "city-map" });
  root.append(
    svg("text", { x: 20, y: top - 10, "font-size": 14, "font-weight": "bold" }, "The city"),
  );
  if (step === "go" && ctx.your_turn) {
    root.append(
      svg(
        "text",
        {
          id: "go-prompt",
          x: 100,
          y: top - 10,
          "font-size": 13,
          "font-weight": "bold",
          fill: "#8a4b00",
        },
        `Now ${movingWords(obs)}: click the highlighted space where it ends.`,
      ),
    );
  }

  // the Blocks and their squares
  layout.blocks.forEach((frames, b) => {
    for (const [x, y, w, h] of frames) {
      map.append(
        svg("rect", {
          class: "block",
          "data-block": b,
          x: X(x),
          y: Y(y),
          width: w * CELL,
          height: h * CELL,
          rx: 5,
          fill: obs.amenity_blocks[b] ? "#c9b8a0" : "#ddd3bd",
        }),
      );
    }
  });
  layout.squares.forEach(([x, y, w, h], q) => {
    const code = obs.board[q];
    const g = svg("g", { class: "square", "data-square": q });
    let fill = "#efe6cf";
    if (code >= 0 && code < AMENITY) fill = FILL[data.tiles[code].colour] || FILL[""];
    if (code >= AMENITY) fill = AMENITY_FILL;
    const px = X(x);
    const py = Y(y);
    g.append(
      svg("rect", {
        class: "shape",
        x: px,
        y: py,
        width: w * CELL,
        height: h * CELL,
        rx: 4,
        fill,
        stroke: "#8a806c",
      }),
      svg(
        "text",
        {
          class: "square-code",
          x: px + 3,
          y: py + 12,
          "font-size": 11,
          fill: code >= 0 ? "#fff" : "#4d473c",
        },
        `${city.square_labels[q]} ${city.square_ns[q]}${city.square_ring[q]}`,
      ),
    );
    if (code >= 0) {
      tileText(data, code)
        .split(" ")
        .slice(0, 2)
        .forEach((word, k) => {
          g.append(
            svg(
              "text",
              {
                x: px + (w * CELL) / 2,
                y: py + 27 + k * 13,
                "text-anchor": "middle",
                "font-size": 11,
                fill: "#fff",
                "font-weight": "bold",
              },
              word,
            ),
          );
        });
    }
    const streets = city.square_streets[q].map((st) => `${city.street_colours[st]}`).join(" and ");
    // a square is marked for the tile put there, the Amenity left there, or the tile an Amenity placed
    ctx.bind(
      g,
      (a, by) =>
        ((a[0] === "square" || a[0] === "site") && a[1] === q) ||
        (by !== undefined && a[0] === "place" && code === a[1]),
      {
        key: `square-${q}`,
        label: `Square ${city.square_labels[q]} (${city.square_ns[q]}${city.square_ring[q]}, by ${streets} streets)${code >= 0 ? ": " + tileText(data, code) : ""}`,
        attempt: () => (step === "square" || step === "site" ? [step, q] : null),
      },
    );
    map.append(g);
  });

  // the streets: a line along each link, then the numbered spaces on top
  const links = svg("g", { class: "links" });
  city.up.forEach((ups, a) => {
    for (const b of ups) {
      const [x1, y1] = layout.spaces[a];
      const [x2, y2] = layout.spaces[b];
      links.append(
        svg("line", {
          x1: X(x1),
          y1: Y(y1),
          x2: X(x2),
          y2: Y(y2),
          stroke: "#8a806c",
          "stroke-width": 3,
        }),
      );
    }
  });
  map.append(links);
  for (const [a, b] of layout.shared) {
    // two spaces drawn as one box split by a wall (RON-8)
    const [x1, y1] = layout.spaces[a];
    const [x2, y2] = layout.spaces[b];
    const half = layout.space_size / 2 + 0.05;
    map.append(
      svg("rect", {
        class: "shared",
        x: X(Math.min(x1, x2) - half),
        y: Y(Math.min(y1, y2) - half),
        width: (Math.abs(x1 - x2) + 2 * half) * CELL,
        height: (Math.abs(y1 - y2) + 2 * half) * CELL,
        rx: 4,
        fill: "#fffdf8",
        stroke: "#555",
      }),
    );
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
    g.append(
      svg("rect", {
        class: "shape",
        x: px,
        y: py,
        width: size,
        height: size,
        rx: 3,
        fill: SPACE_FILL[colour] || "#ccc",
        stroke: "#6b6557",
      }),
      svg(
        "text",
        {
          x: px + 2,
          y: py + 11,
          "font-size": 11,
          "font-weight": "bold",
          fill: dark ? "#fff" : "#333",
        },
        city.numbers[sid],
      ),
    );
    const here = pieces[sid] || [];
    // up to four pieces a row, two rows when the space is crowded (the start space)
    const across = Math.min(here.length, 4);
    const gap = (size - 10) / 3;
    here.forEach(([seat, piece], j) => {
      const cx = px + size / 2 + ((j % 4) - (across - 1) / 2) * gap;
      const cy = py + (here.length > 4 ? 17 + Math.floor(j / 4) * 8 : 21);
      g.append(
        svg(
          piece === "citizen" ? "circle" : "rect",
          piece === "citizen"
            ? {
                class: "piece",
                cx,
                cy,
                r: 4.5,
                fill: ctx.colour(seat),
                stroke: "#111",
                "data-piece": `${seat}-${piece}`,
              }
            : {
                class: "piece",
                x: cx - 4.5,
                y: cy - 4.5,
                width: 9,
                height: 9,
                fill: ctx.colour(seat),
                stroke: "#111",
                "data-piece": `${seat}-${piece}`,
              },
          svg("title", {}, `${ctx.name(seat)}'s ${title(piece)} on ${city.numbers[sid]}`),
        ),
      );
    });
    const who = here.map(([seat, piece]) => `${ctx.name(seat)}'s ${title(piece)}`).join(", ");
    // the space also holds the choice of which of a seat's pieces moves first (RON-6)
    ctx.bind(
      g,
      (a, by) =>
        (a[0] === "go" && a[1] === sid) ||
        (a[0] === "first" && here.some(([seat, piece]) => seat === whose(by) && piece === a[1])),
      {
        key: `space-${sid}`,
        label: `${spaceWords(city, sid)}${who ? ": " + who : ""}`,
        attempt: () => (step === "go" ? ["go", sid] : null),
      },
    );
    map.append(g);
  });
  for (const [x1, y1, x2, y2] of layout.walls) {
    map.append(
      svg(
        "line",
        {
          class: "wall",
          x1: X(x1),
          y1: Y(y1),
          x2: X(x2),
          y2: Y(y2),
          stroke: "#222",
          "stroke-width": 4,
        },
        svg("title", {}, "A wall: the spaces on either side are not joined"),
      ),
    );
  }
  root.append(map);

  // the key under the map: what the pieces stand for, how paying works, the square codes
  const keyFont = Math.round(11 * big);
  const perLine = Math.floor(mapW / (0.58 * keyFont));
  let ky = Y(maxY) + 22;
  const key = svg("g", { id: "rondel-key" });
  const paragraphs = [
    "● Citizen: stands on its owner's victory points (VP). ■ Banker: stands on its owner's gold (gp): the number of the space under your Banker is your gold.",
    "Paying moves your Banker back by the price, gaining gold moves it on. When the Banker (or the Citizen) can end on more than one space of that number, choosing the highlighted street space is how you pay: the street you pick decides which squares your piece touches when buildings are placed.",
    'Square codes: A1 is square 1 of Block A (1 north-west, 2 north-east, 3 south-west, 4 south-east); N or S and + or o are the square\'s icons. A tile "Shop N+" in its street colour scores once for each icon the square matches (its colour: a street beside the square).',
    "Spaces: red, yellow, green and blue streets; white: corners, where streets meet (a piece there touches no square); black line: a wall, no way through. Squares: empty (cream), a tile in its colour, a Park (light green)" +
      (obs.amenities
        ? ", a used Civic Amenity (purple); a darker Block still hides an Amenity."
        : "."),
  ];
  for (const text of paragraphs) {
    for (const line of ctx.lines(text, perLine)) {
      key.append(svg("text", { x: 20, y: ky, "font-size": keyFont, fill: "#333" }, line));
      ky += keyFont + 3;
    }
    ky += 4;
  }
  map.append(key);
  const cityBottom = ky;

  // the rondel
  root.append(
    svg(
      "text",
      { x: rx - RR, y: ry - RR - 10, "font-size": 14, "font-weight": "bold" },
      "The rondel",
    ),
  );
  const n = market.rondel_buildings.length;
  for (let k = 0; k < n; k++) {
    const a0 = (2 * Math.PI * k) / n - Math.PI / 2;
    const a1 = (2 * Math.PI * (k + 1)) / n - Math.PI / 2;
    const p = (a, r) => `${(rx + r * Math.cos(a)).toFixed(1)},${(ry + r * Math.sin(a)).toFixed(1)}`;
    const g = svg("g", { class: "rondel-space", "data-rondel": k });
    g.append(
      svg("path", {
        class: "shape",
        d: `M${rx},${ry} L${p(a0, RR)} A${RR},${RR} 0 0 1 ${p(a1, RR)} Z`,
        fill: FILL[market.rondel_colours[k]],
        stroke: "#fff",
        "stroke-width": 2,
      }),
    );
    const mid = (a0 + a1) / 2;
    g.append(
      svg(
        "text",
        {
          x: rx + 46 * Math.cos(mid),
          y: ry + 46 * Math.sin(mid) + 4,
          "text-anchor": "middle",
          "font-size": 12,
          fill: "#fff",
          "font-weight": "bold",
          stroke: "#333",
          "stroke-width": 0.6,
        },
        title(BUILDINGS[market.rondel_buildings[k]]),
      ),
    );
    // markers on this space
    const here = obs.rondel.map((pos, c) => (pos === k ? c : -1)).filter((c) => c >= 0);
    here.forEach((c, j) => {
      g.append(
        svg(
          "circle",
          {
            cx: rx + (RR - 14) * Math.cos(mid) + (j - (here.length - 1) / 2) * 13 * Math.sin(mid),
            cy: ry + (RR - 14) * Math.sin(mid) - (j - (here.length - 1) / 2) * 13 * Math.cos(mid),
            r: 6.5,
            fill: obs.neutral.includes(c) ? "#bbb" : ctx.colour(c),
            stroke: "#333",
            "stroke-dasharray": obs.neutral.includes(c) ? "2 2" : null,
          },
          svg(
            "title",
            {},
            obs.neutral.includes(c)
              ? `neutral ${market.colour_names[c]} marker (grey, dashed)`
              : `${ctx.name(c)}'s Action marker (${drawnName(ctx, c)})`,
          ),
        ),
      );
    });
    // the viewer's choice: a[1] extra steps move the marker a[1] + 1 spaces, four come
    // back round; another's move is marked where their marker now stands
    const steps =
      obs.rondel[me] !== undefined && me < obs.players ? (k - obs.rondel[me] + n) % n : -1;
    ctx.bind(
      g,
      (a, by) =>
        a[0] === "rondel" && (by === undefined ? steps === (a[1] + 1) % n : obs.rondel[by] === k),
      {
        key: `rondel-${k}`,
        label: `Rondel space ${title(BUILDINGS[market.rondel_buildings[k]])} (${market.rondel_colours[k]})`,
        attempt: () => (step === "rotate" && steps >= 0 ? ["rondel", (steps + n - 1) % n] : null),
      },
    );
    root.append(g);
  }
  notes.forEach((line, j) => {
    root.append(
      svg(
        "text",
        {
          class: "rondel-note",
          x: rx - RR,
          y: ry + RR + 16 + (noteFont + 3) * j,
          "font-size": noteFont,
          fill: "#333",
        },
        line,
      ),
    );
  });

  // the market lines
  root.append(
    svg("text", { x: mx, y: my + 14, "font-size": 14, "font-weight": "bold" }, "The market"),
  );
  let ly = my + 22;
  obs.lines.forEach((line, k) => {
    const g = svg("g", { class: "line", "data-line": k });
    const face = line.left ? line.face_up : -1;
    const fill = face >= 0 ? FILL[data.tiles[face].colour] || FILL[""] : "#ddd3bd";
    g.append(
      svg("rect", {
        class: "shape",
        x: mx,
        y: ly,
        width: lineW,
        height: lineH,
        rx: 4,
        fill,
        stroke: "#8a806c",
      }),
      svg(
        "text",
        {
          x: mx + 6,
          y: ly + lineH * 0.69,
          "font-size": Math.round(12 * big),
          fill: face >= 0 ? "#fff" : "#333",
        },
        line.left
          ? `${tileText(data, face, true)} · ${line.price} gp · ${line.left} left`
          : `${title(line.building)}: sold out`,
      ),
    );
    const building = BUILDINGS.indexOf(line.building);
    // bought from: the line of the buyer's rondel space
    const ownLine = (by) => {
      const at = obs.rondel[whose(by)];
      return at !== undefined && market.rondel_buildings[at] === building;
    };
    ctx.bind(g, (a, by) => (a[0] === "buy" || a[0] === "amenity_buy") && ownLine(by), {
      key: `line-${k}`,
      label: `${title(line.building)} line`,
      attempt: () => (step === "action" && ownLine(undefined) ? ["buy"] : null),
    });
    root.append(g);
    ly += lineH + 4;
  });

  if (hasEvent) {
    const e = data.variants.events[obs.event];
    const g = svg(
      "g",
      { class: "event", "data-event": obs.event },
      svg("rect", {
        class: "shape",
        x: mx - 2,
        y: ly,
        width: lineW + 4,
        height: 20 * big,
        rx: 3,
        fill: "none",
        stroke: "none",
      }),
      svg(
        "text",
        { x: mx, y: ly + 15 * big, "font-size": Math.round(12 * big) },
        `Event: ${e.name}`,
      ),
    );
    ctx.bind(g, (a) => a[0] === "event" && a[1] === obs.event, { label: `${e.name}: ${e.text}` });
    root.append(g);
    ly += 24 * big;
    eventLines.forEach((line) => {
      g.append(
        svg(
          "text",
          {
            class: "event-text",
            x: mx,
            y: ly + eventFont * 0.6,
            "font-size": eventFont,
            fill: "#333",
          },
          line,
        ),
      );
      ly += eventFont + 3;
    });
  }
  let y = Math.max(cityBottom, narrow ? 0 : ly) + 20;

  // the players: their colour as drawn, VP and gold, and the tiles they hold
  for (const s of obs.seats) {
    const you = s.seat === me;
    const g = svg(
      "g",
      { class: "seat-line", "data-seat": s.seat },
      svg("rect", {
        class: "shape",
        x: 14,
        y: y - 2,
        width: width - 28,
        height: 36 * big,
        rx: 4,
        fill: "none",
        stroke: "none",
      }),
      svg(
        "text",
        {
          x: 20,
          y: y + 13 * big,
          "font-size": Math.round(13 * big),
          "font-weight": "bold",
          fill: ctx.colour(s.seat),
        },
        `${ctx.name(s.seat)}${you ? " (you)" : ""}: ${drawnName(ctx, s.seat)} pieces (${s.colour} in the rules)`,
      ),
      svg(
        "text",
        { x: 20, y: y + 29 * big, "font-size": Math.round(12 * big), fill: "#333" },
        ` ${s.vp} VP (Citizen on ${city.numbers[s.citizen]}) · ${s.gold} gp (Banker on ${city.numbers[s.banker]})`,
      ),
    );
    ctx.bind(g, (a, by) => by === s.seat && SEAT_MOVES.includes(a[0]), {});
    root.append(g);
    y += 40 * big;
    let x = 20;
    const chipW = Math.round(84 * big);
    const parkW = Math.round(176 * big);
    const chipH = narrow ? 44 : Math.round(26 * big); // a finger's height on a phone
    const room = narrow ? 350 : width; // what a phone's screen shows of the drawing
    for (const code of s.tiles) {
      const t = svg("g", { class: "tile", "data-tile": code });
      const tile = data.tiles[code];
      const w = tile && tile.building === 4 ? parkW : chipW;
      if (x > 20 && x + w > room) {
        x = 20;
        y += chipH + 6;
      }
      t.append(
        svg("rect", {
          class: "shape",
          x,
          y: y - 2,
          width: w,
          height: chipH,
          rx: 4,
          fill: tile ? FILL[tile.colour] || FILL[""] : "#888",
          stroke: "#333",
        }),
        svg(
          "text",
          {
            x: x + w / 2,
            y: y + chipH * 0.6,
            "text-anchor": "middle",
            "font-size": Math.round(12 * big),
            fill: "#fff",
            "font-weight": "bold",
          },
          tileText(data, code, true),
        ),
      );
      if (you)
        ctx.bind(t, (a) => a[0] === "place" && a[1] === code, {
          key: `tile-${code}`,
          label: tileText(data, code, true),
          attempt: () => (["action", "final", "pick"].includes(step) ? ["place", code] : null),
        });
      root.append(t);
      x += w + 6;
    }
    // the Civic Amenities the player holds, face up (RON-V6); using one is chosen here
    for (const am of s.amenities || []) {
      const name =
        data.variants && data.variants.amenities
          ? data.variants.amenities[am]
          : `Amenity ${am + 1}`;
      if (x > 20 && x + 130 * big > room) {
        x = 20;
        y += chipH + 6;
      }
      const t = svg(
        "g",
        { class: "amenity", "data-amenity": am },
        svg("rect", {
          class: "shape",
          x,
          y: y - 2,
          width: 130 * big,
          height: chipH,
          rx: 4,
          fill: AMENITY_FILL,
          stroke: "#333",
        }),
        svg(
          "text",
          {
            x: x + 65 * big,
            y: y + chipH * 0.6,
            "text-anchor": "middle",
            "font-size": Math.round(11 * big),
            fill: "#fff",
            "font-weight": "bold",
          },
          name,
        ),
      );
      ctx.bind(
        t,
        (a, by) =>
          (a[0] === "amenity_buy" || a[0] === "amenity_place") &&
          a[1] === am &&
          whose(by) === s.seat,
        { key: `amenity-${am}`, label: `Civic Amenity ${name}` },
      );
      root.append(t);
      x += 130 * big + 6;
    }
    if (x > 20) y += chipH + 6;
  }
  root.setAttribute("viewBox", `0 0 ${width} ${y + 6}`);
  return root;
}

export function scores(obs, data, view) {
  if (view.result) return view.result.scores;
  return obs.seats.map((s) => s.vp);
}
