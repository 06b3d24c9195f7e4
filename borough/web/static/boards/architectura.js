// Architectura: the streets of block cards with their current values, which side
// is up, protection and reservations, and the destroyed cards lying under a space's
// top card (ARC-6, ARC-31: everybody may look at them); the viewer's hand with every
// side's value and the effect printed on each card, and everyone's decks. Every text
// is drawn at 11 units or more on a board about 900 units wide, so it reads at 11 px
// or more on a desktop; on a narrow screen the hands are drawn apart from the city,
// at the phone's own scale, so their texts stay readable.
const FILL = { blue: "#3f76c4", green: "#4f9d5a", yellow: "#d9a521", red: "#c8483a" };
const DOWN = "#8b8173";
const COLOURS = ["blue", "green", "yellow", "red"];
const PER_COLOUR = 18;
const COLUMNS = 8;
const GRAVE = 32;
const CW = 96;
const CH = 120;
const LEFT = 70;
const WIDTH = LEFT + COLUMNS * (CW + 8);
const UNDER_H = 18;

// A card's values clockwise as printed (5, X+1, No.-2), the starting side marked; ARC-17, ARC-18.
export function sideLabels(card) {
  if (card.kind === "grave") return [{ text: "cards beside it", start: true }];
  const prefix = { x: "X", no: "No." }[card.kind] || "";
  return card.sides.map((v, k) => ({
    text: prefix ? (v ? `${prefix}${v > 0 ? "+" : "−"}${Math.abs(v)}` : prefix) : String(v),
    start: k === card.basic,
  }));
}

const CHAR = 6.7; // the width of a letter at 11 units, for wrapping

function handHeight(ctx, card, w) {
  return 66 + ctx.lines(card.text, Math.floor((w - 10) / CHAR)).length * 14;
}

// A hand card: name, every side's value with the starting one boxed, and its effect.
function handCard(ctx, g, card, x, y, w, h, fill) {
  const { svg } = ctx;
  g.append(svg("rect", { class: "shape", x, y, width: w, height: h, rx: 6, fill, stroke: "#333" }));
  g.append(
    svg(
      "text",
      {
        x: x + w / 2,
        y: y + 18,
        "text-anchor": "middle",
        "font-size": 13,
        fill: "#fff",
        "font-weight": "bold",
        class: "card-name",
      },
      card.name,
    ),
  );
  const sides = sideLabels(card);
  const cell = Math.min(48, (w - 8) / sides.length);
  sides.forEach((side, k) => {
    const sx = x + 4 + k * cell;
    const sg = svg("g", { class: side.start ? "side start" : "side", "data-side": k });
    sg.append(
      svg("rect", {
        x: sx,
        y: y + 27,
        width: cell - 4,
        height: 22,
        rx: 3,
        fill: side.start ? "#fffdf8" : "rgba(255,255,255,0.25)",
        stroke: side.start ? "#111" : "none",
        "stroke-width": 2,
      }),
      svg(
        "text",
        {
          x: sx + (cell - 4) / 2,
          y: y + 43,
          "text-anchor": "middle",
          "font-size": side.text.length > 4 ? 11 : 13,
          "font-weight": "bold",
          fill: side.start ? "#111" : "#fff",
          class: "side-value",
        },
        side.text,
      ),
    );
    g.append(sg);
  });
  ctx
    .lines(card.text, Math.floor((w - 10) / CHAR))
    .forEach((line, j) =>
      g.append(
        svg(
          "text",
          { x: x + 5, y: y + 66 + j * 14, "font-size": 11, fill: "#fff", class: "card-text" },
          line,
        ),
      ),
    );
}

function cellOf(a) {
  if (a[0] === "play" || a[0] === "lab") return a[2];
  if (a[0] === "target" || a[0] === "to" || a[0] === "rotate") return a[1];
  return null;
}

function cardOf(cards, id) {
  return { colour: COLOURS[Math.floor(id / PER_COLOUR)], card: cards[id % PER_COLOUR] };
}

// The city: one street per player, the Graveyard space when it can be used, and a key.
function drawCity(ctx, root) {
  const { obs, data, svg } = ctx;
  const cards = data.cards;
  for (let c = 0; c < COLUMNS; c++) {
    root.append(
      svg(
        "text",
        {
          x: LEFT + c * (CW + 8) + CW / 2,
          y: 18,
          "text-anchor": "middle",
          "font-size": 13,
          fill: "#6b6557",
        },
        `block ${c + 1}`,
      ),
    );
  }
  let y = 28;
  for (let r = 0; r < obs.players; r++) {
    root.append(
      svg(
        "text",
        { x: 4, y: y + CH / 2, "font-size": 13, "font-weight": "bold" },
        `street ${r + 1}`,
      ),
    );
    let deepest = 0;
    for (let c = 0; c < COLUMNS; c++) {
      const i = r * COLUMNS + c;
      const x = LEFT + c * (CW + 8);
      const id = obs.cells[i];
      const g = svg("g", { class: "space", "data-cell": i });
      let words = `street ${r + 1}, block ${c + 1}: empty`;
      let detail = "";
      if (id < 0) {
        g.append(
          svg("rect", {
            class: "shape",
            x,
            y,
            width: CW,
            height: CH,
            rx: 8,
            fill: "#efe6cf",
            stroke: "#b9ae97",
            "stroke-dasharray": "5 4",
          }),
        );
        if (obs.reserved[i] >= 0) {
          g.append(
            svg("circle", {
              cx: x + CW / 2,
              cy: y + 44,
              r: 12,
              fill: ctx.colour(obs.reserved[i]),
              stroke: "#333",
            }),
            svg(
              "text",
              { x: x + CW / 2, y: y + 76, "text-anchor": "middle", "font-size": 11 },
              "reserved for",
            ),
            svg(
              "text",
              {
                x: x + CW / 2,
                y: y + 91,
                "text-anchor": "middle",
                "font-size": 11,
                "font-weight": "bold",
              },
              ctx.name(obs.reserved[i]),
            ),
          );
          words += `, reserved by ${ctx.name(obs.reserved[i])} (Fountain)`;
        }
      } else {
        const { colour, card } = cardOf(cards, id);
        const down = obs.face[i] < 0;
        const guarded = obs.guard[i] >= 0;
        const value = obs.values[i];
        g.append(
          svg("rect", {
            class: "shape",
            x,
            y,
            width: CW,
            height: CH,
            rx: 8,
            fill: down ? DOWN : FILL[colour],
            stroke: down ? FILL[colour] : "#333",
            "stroke-width": down ? 3 : 1.5,
          }),
        );
        ctx.lines(card.name, 11).forEach((line, j) =>
          g.append(
            svg(
              "text",
              {
                x: x + CW / 2,
                y: y + 16 + j * 13,
                "text-anchor": "middle",
                "font-size": 11,
                fill: "#fff",
                "font-weight": "bold",
                class: "card-name",
              },
              line,
            ),
          ),
        );
        if (!down) {
          g.append(
            svg("circle", { cx: x + CW / 2, cy: y + 64, r: 22, fill: "#fffdf8", stroke: "#333" }),
            svg(
              "text",
              {
                x: x + CW / 2,
                y: y + 72,
                "text-anchor": "middle",
                "font-size": 22,
                "font-weight": "bold",
                class: "value",
              },
              value === null ? "?" : value,
            ),
          );
        } else {
          g.append(
            svg(
              "text",
              {
                x: x + CW / 2,
                y: y + 70,
                "text-anchor": "middle",
                "font-size": 12,
                fill: "#fff",
                "font-weight": "bold",
              },
              "destroyed",
            ),
          );
        }
        if (guarded || (card.protected && !down)) {
          g.append(
            svg("path", {
              class: "shield",
              d: `M${x + CW - 24} ${y + 94} l10 -4 l10 4 v8 q0 9 -10 13 q-10 -4 -10 -13 z`,
              fill: guarded ? ctx.colour(obs.guard[i]) : "#fff",
              stroke: "#333",
            }),
          );
        }
        g.append(svg("text", { x: x + 7, y: y + CH - 9, "font-size": 11, fill: "#fff" }, colour));
        words = `street ${r + 1}, block ${c + 1}: ${colour} ${card.name}${down ? ", destroyed" : `, value ${value}`}${guarded ? `, protected by ${ctx.name(obs.guard[i])}` : card.protected && !down ? ", protected" : ""}`;
        detail = card.text;
      }
      // ARC-6: the destroyed cards under the top card, the nearest first
      const under = (obs.under && obs.under[i]) || [];
      [...under].reverse().forEach((u, j) => {
        const { colour, card } = cardOf(cards, u);
        const uy = y + CH + 3 + j * UNDER_H;
        g.append(
          svg(
            "g",
            { class: "under-card", "data-under": u },
            svg("rect", {
              x: x + 4,
              y: uy,
              width: CW - 8,
              height: UNDER_H - 2,
              rx: 3,
              fill: DOWN,
              stroke: FILL[colour],
              "stroke-width": 2,
            }),
            svg(
              "text",
              { x: x + CW / 2, y: uy + 12, "text-anchor": "middle", "font-size": 11, fill: "#fff" },
              card.name,
            ),
          ),
        );
      });
      if (under.length)
        words += `; under it, destroyed: ${[...under]
          .reverse()
          .map((u) => `${cardOf(cards, u).colour} ${cardOf(cards, u).card.name}`)
          .join(", ")}`;
      deepest = Math.max(deepest, under.length);
      ctx.bind(g, (a) => cellOf(a) === i, {
        key: `cell-${i}`,
        label: words,
        detail,
        attempt: (chosen) => (chosen && chosen[0] === "play" ? ["play", chosen[1], i] : null),
      });
      root.append(g);
    }
    y += CH + 16 + deepest * UNDER_H;
  }
  // a card played beside the Graveyard, when the game allows it
  const grave = svg("g", { class: "space", "data-cell": GRAVE });
  grave.append(
    svg("rect", {
      class: "shape",
      x: LEFT,
      y,
      width: 240,
      height: 32,
      rx: 6,
      fill: "#e9e2d2",
      stroke: "#b9ae97",
    }),
    svg(
      "text",
      { x: LEFT + 120, y: y + 21, "text-anchor": "middle", "font-size": 12 },
      "beside the Graveyard",
    ),
  );
  ctx.bind(grave, (a) => cellOf(a) === GRAVE, { key: "grave", label: "beside the Graveyard" });
  if (
    ctx.view.legal_actions.some((m) => cellOf(m.action) === GRAVE) ||
    obs.seats.some((s) => s.graveyard)
  ) {
    root.append(grave);
    y += 42;
  }
  return y;
}

// What the city's marks mean.
function drawKey(ctx, root, y, width) {
  const { svg } = ctx;
  const key = svg("g", { id: "city-key" });
  const items = [
    [
      (x, yy) =>
        svg("rect", {
          x,
          y: yy - 11,
          width: 16,
          height: 14,
          rx: 3,
          fill: "#efe6cf",
          stroke: "#b9ae97",
          "stroke-dasharray": "3 2",
        }),
      "empty space",
    ],
    [
      (x, yy) => svg("rect", { x, y: yy - 11, width: 16, height: 14, rx: 3, fill: DOWN }),
      "destroyed card (no value; may be restored)",
    ],
    [
      (x, yy) =>
        svg("rect", { x, y: yy - 8, width: 16, height: 9, rx: 2, fill: DOWN, stroke: "#333" }),
      "strip under a card: a destroyed card it covers",
    ],
    [
      (x, yy) =>
        svg("path", {
          d: `M${x + 3} ${yy - 11} l6 -2 l6 2 v5 q0 6 -6 8 q-6 -2 -6 -8 z`,
          fill: "#fff",
          stroke: "#333",
        }),
      "protected: a token in its owner's colour, white for the Temple",
    ],
    [
      (x, yy) => svg("circle", { cx: x + 8, cy: yy - 4, r: 6, fill: "#888", stroke: "#333" }),
      "space reserved by a Fountain",
    ],
    [
      (x, yy) => svg("circle", { cx: x + 8, cy: yy - 4, r: 7, fill: "#fffdf8", stroke: "#333" }),
      "the card's current value",
    ],
  ];
  let x = 4;
  for (const [mark, words] of items) {
    // an item wider than the key (on a phone) takes lines of its own
    const lines = ctx.lines(words, Math.floor((width - 30) / CHAR));
    const w = 24 + Math.max(...lines.map((line) => line.length)) * CHAR;
    if (x + w > width || (lines.length > 1 && x > 4)) {
      x = 4;
      y += 20;
    }
    key.append(mark(x, y));
    lines.forEach((line, j) =>
      key.append(svg("text", { x: x + 22, y: y + j * 15, "font-size": 11, fill: "#3f3b34" }, line)),
    );
    y += (lines.length - 1) * 15;
    x = lines.length > 1 ? width : x + w + 14;
  }
  root.append(key);
  return y + 14;
}

// The players: deck, tokens, hands (the viewer's face up), cards shown and removed.
function drawSeats(ctx, root, y, width, cardW) {
  const { obs, data, svg } = ctx;
  const cards = data.cards;
  const own = new Set(ctx.view.legal_actions.map((m) => m.action)); // the viewer's moves, not the others' recent ones
  for (const seat of obs.seats) {
    const mine = seat.seat === obs.viewer;
    const colour = seat.colour;
    const head = ctx.lines(
      `${ctx.name(seat.seat)}${mine ? " (you)" : ""} · ${colour} cards · deck ${seat.deck_size} · protection tokens ${seat.tokens} · hand limit ${seat.hand_limit}`,
      Math.floor(width / 8.4),
    );
    head.forEach((line, j) =>
      root.append(
        svg(
          "text",
          {
            x: 4,
            y: y + 16 + j * 17,
            "font-size": 13,
            "font-weight": "bold",
            fill: FILL[colour] || "#333",
            class: "seat-line",
            "data-seat": seat.seat,
          },
          line,
        ),
      ),
    );
    y += 24 + 17 * (head.length - 1);
    const extra = [];
    if (seat.graveyard)
      extra.push(
        `Beside the Graveyard (${seat.pile.length}): ${seat.pile.map((t) => cards[t].name).join(", ") || "nothing yet"}`,
      );
    if (seat.removed.length)
      extra.push(`Removed from the game: ${seat.removed.map((t) => cards[t].name).join(", ")}`);
    for (const words of extra) {
      for (const line of ctx.lines(words, Math.floor(width / CHAR))) {
        root.append(svg("text", { x: 4, y: y + 6, "font-size": 11, fill: "#3f3b34" }, line));
        y += 15;
      }
    }
    if (extra.length) y += 6;
    const hand = seat.hand;
    if (mine && hand && hand.length) {
      for (const line of ctx.lines(
        "Values clockwise; the boxed one is up when the card is played. X: the value of its left neighbour; No.: its block's number.",
        Math.floor(width / CHAR),
      )) {
        root.append(
          svg(
            "text",
            { x: 4, y: y + 4, "font-size": 11, fill: "#3f3b34", class: "hand-key" },
            line,
          ),
        );
        y += 15;
      }
      y += 4;
    }
    let x = 4;
    const count = hand ? hand.length : seat.hand_size;
    const cardH =
      hand && hand.length ? Math.max(...hand.map((t) => handHeight(ctx, cards[t], cardW))) : 54;
    for (let k = 0; k < count; k++) {
      const g = svg("g", {
        class: "card",
        "data-hand": hand ? hand[k] : "back",
        "data-hand-seat": seat.seat,
      });
      const w = hand ? cardW : 76;
      if (x + w > width + 1 && x > 4) {
        x = 4;
        y += cardH + 8;
      }
      if (hand) {
        const card = cards[hand[k]];
        handCard(ctx, g, card, x, y, w, cardH, FILL[colour] || "#888");
        if (mine) {
          const idx = hand[k];
          ctx.bind(
            g,
            (a) => own.has(a) && ["play", "lab", "pay", "tutor"].includes(a[0]) && a[1] === idx,
            { key: `hand-${idx}`, label: `${card.name}: ${card.text}` },
          );
        } else {
          ctx.detail(g, `${card.name}: ${card.text}`);
        }
      } else {
        g.append(
          svg(
            "rect",
            { x, y, width: 70, height: 54, rx: 6, fill: "#5c4f3d", stroke: "#333" },
            svg("title", {}, "a card in the hand, unseen"),
          ),
          svg(
            "text",
            { x: x + 35, y: y + 32, "text-anchor": "middle", "font-size": 11, fill: "#efe6cf" },
            "hidden",
          ),
        );
      }
      root.append(g);
      x += w + 8;
    }
    for (const c of seat.shown || []) {
      if (x + 110 > width + 1 && x > 4) {
        x = 4;
        y += cardH + 8;
      }
      const g = svg(
        "g",
        { class: "card shown" },
        svg("rect", {
          x,
          y,
          width: 110,
          height: 54,
          rx: 6,
          fill: "#fffdf8",
          stroke: FILL[colour] || "#333",
          "stroke-width": 2,
        }),
        svg(
          "text",
          { x: x + 55, y: y + 22, "text-anchor": "middle", "font-size": 11 },
          "shown in hand:",
        ),
        svg(
          "text",
          { x: x + 55, y: y + 40, "text-anchor": "middle", "font-size": 12, "font-weight": "bold" },
          cards[c].name,
        ),
      );
      ctx.detail(g, `shown in hand: ${cards[c].name}: ${cards[c].text}`);
      root.append(g);
      x += 118;
    }
    y += (count || (seat.shown || []).length ? (hand && hand.length ? cardH : 54) : 0) + 14;
  }
  return y;
}

export function draw(ctx) {
  const { svg } = ctx;
  const narrow = ctx.narrow;
  const city = svg("svg", {
    id: narrow ? "architectura-city" : "architectura-board",
    role: "group",
    "aria-label": "The streets of Architectura",
  });
  let y = drawCity(ctx, city);
  if (!narrow) {
    y = drawKey(ctx, city, y + 6, WIDTH);
    y = drawSeats(ctx, city, y + 14, WIDTH, 200);
    city.setAttribute("viewBox", `0 0 ${WIDTH} ${y}`);
    return city;
  }
  // a phone: the hands in a drawing of their own, about as wide as the screen, so the
  // cards' texts are drawn at nearly their own size
  city.setAttribute("viewBox", `-4 0 ${WIDTH + 8} ${y + 4}`);
  const handsWidth = 330; // at 11 px its smallest letters still fit a 390 px phone
  const hands = svg("svg", {
    id: "architectura-hands",
    role: "group",
    "aria-label": "The players' hands",
  });
  let hy = drawKey(ctx, hands, 12, handsWidth - 8);
  hy = drawSeats(ctx, hands, hy + 8, handsWidth - 8, handsWidth - 16);
  hands.setAttribute("viewBox", `-4 -4 ${handsWidth} ${hy + 4}`);
  const wrap = ctx.el("div", { id: "architectura-board", class: "architectura-narrow" });
  wrap.append(city, hands);
  return wrap;
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
