// Ekopolis: the hex map with its Buildings, City halls and tokens, the score
// track, the viewer's Buildings in hand (others' as backs) and the Action cards.
const TILE_FILL = ["#d2553f", "#4f9d5a", "#3f76c4"];
const COLOUR_WORD = ["red", "green", "blue"];
const R = 26; // hex radius
const TILE_W = 104; // a Building in hand: room for its whole name
const W = Math.sqrt(3) * R;

function hexPoints(cx, cy) {
  const pts = [];
  for (let k = 0; k < 6; k++) {
    const a = (Math.PI / 180) * (60 * k - 30);
    pts.push(`${(cx + R * Math.cos(a)).toFixed(1)},${(cy + R * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

// A Building's short name on its hex: its words' initials ("Coal power plant": "Cpp").
function initials(name) {
  return name
    .split(" ")
    .map((w) => w[0])
    .join("")
    .slice(0, 3);
}

// Phones get a drawing no wider than the map, so the map is drawn as large as it can be.

function cellOf(action) {
  if (action[0] === "place") return action[2];
  if (["pollute", "green", "remove"].includes(action[0])) return action[1];
  return null;
}

function tileWords(t) {
  const values = t.values.map((v, c) => `${COLOUR_WORD[c]} ${v >= 0 ? "+" : ""}${v}`).join(", ");
  const marks = [
    t.bonus ? `bonus ${t.bonus}` : "",
    t.pollution ? "pollutes" : "",
    t.green_zone ? "green zone" : "",
  ].filter(Boolean);
  return `${t.name} (${COLOUR_WORD[t.colour]}; per neighbour ${values}${marks.length ? "; " + marks.join(", ") : ""})`;
}

// Who built each Building, read from the log's build lines (the map itself keeps no owner).
function builders(events, labels) {
  const out = {};
  for (const e of events || []) {
    if (e.kind !== "place" || e.seat === null || e.seat === undefined) continue;
    const m = / on ([A-Z]\d+) and scores/.exec(e.text);
    if (m) out[labels.indexOf(m[1])] = e.seat;
  }
  return out;
}

export function draw(ctx) {
  const { obs, data, svg } = ctx;
  const narrow = ctx.narrow;
  const owners = builders(ctx.view.events, data.board.labels);
  const board = data.board;
  const tiles = data.tiles;
  const cards = data.cards;
  const places = board.labels.map((label) => ({
    row: label.charCodeAt(0) - 65,
    col: Number(label.slice(1)),
  }));
  const pos = places.map(({ row, col }) => ({
    x: 40 + (col - 1) * W + (row % 2 ? W / 2 : 0),
    y: 40 + row * R * 1.5,
  }));
  const mapW = Math.max(...pos.map((p) => p.x)) + W;
  const mapH = Math.max(...pos.map((p) => p.y)) + R + 10;
  const root = svg("svg", {
    id: "ekopolis-board",
    role: "group",
    "aria-label": "The Ekopolis map",
  });
  const map = svg("g", { id: "map" });
  board.labels.forEach((label, i) => {
    const { x, y } = pos[i];
    const code = obs.board[i];
    const kind = board.kinds[i];
    let fill = "#efe6cf";
    let text = "";
    let words = `${label}: empty`;
    if (kind === "X") {
      fill = "#7a7266";
      words = `${label}: blocked`;
    }
    if (code >= 100) {
      const seat = code - 100;
      fill = ctx.colour(seat);
      text = "★";
      words = `${label}: ${ctx.name(seat)}'s City hall`;
    } else if (code >= 0) {
      const t = tiles[code];
      fill = TILE_FILL[t.colour];
      text = initials(t.name);
      words = `${label}: ${tileWords(t)}${owners[i] !== undefined ? `, built by ${ctx.name(owners[i])}` : ""}`;
    }
    const g = svg("g", { class: "hex", "data-cell": i });
    if (kind === "X") g.dataset.blocked = "1";
    g.append(
      svg("polygon", {
        class: "shape",
        points: hexPoints(x, y),
        fill,
        stroke: "#8a806c",
        "stroke-width": 1.2,
      }),
    );
    if (code >= 0 && code < 100 && owners[i] !== undefined) {
      // the builder's colour as a ring inside the hex and a dot, as on the players' list
      g.append(
        svg("circle", {
          class: "owner",
          "data-owner": owners[i],
          cx: x,
          cy: y - 1,
          r: R - 8,
          fill: "none",
          stroke: ctx.colour(owners[i]),
          "stroke-width": 4,
        }),
      );
    }
    if (kind === "E" && code < 0)
      g.append(
        svg(
          "text",
          {
            x,
            y: y - (narrow ? 9 : 10),
            "text-anchor": "middle",
            "font-size": narrow ? 12 : 9,
            fill: "#4f6b2f",
            "font-weight": "bold",
          },
          "E",
        ),
      );
    if (code === -2) {
      g.append(svg("circle", { cx: x, cy: y, r: 9, fill: "#5b4636" }));
      words = `${label}: pollution`;
    }
    if (code === -3) {
      g.append(svg("circle", { cx: x, cy: y, r: 9, fill: "#7ccf6b", stroke: "#2f6b2a" }));
      words = `${label}: green zone`;
    }
    if (text)
      g.append(
        svg(
          "text",
          {
            x,
            y: y + 4,
            "text-anchor": "middle",
            "font-size": narrow ? 16 : 12,
            fill: "#fff",
            "font-weight": "bold",
          },
          text,
        ),
      );
    // the hex's name, as the log writes it ("C5"); larger on a phone, where the map is shrunk
    g.append(
      svg(
        "text",
        {
          x,
          y: y + (narrow ? 18.5 : 19),
          "text-anchor": "middle",
          "font-size": narrow ? 10 : 8.5,
          fill: code >= 0 || kind === "X" ? "#fff" : "#6b6557",
        },
        label,
      ),
    );
    ctx.bind(g, (a) => cellOf(a) === i, {
      key: `hex-${label}`,
      label: words,
      attempt: (chosen) => (chosen && chosen[0] === "place" ? ["place", chosen[1], i] : null),
    });
    map.append(g);
  });
  root.append(map);

  // what the marks on the map mean, with the short names of the Buildings on it
  const width = narrow ? mapW : Math.max(mapW, 700);
  // a phone's screen shows about this much of the drawing's width at readable letters:
  // the key, the track and the hands wrap to it (the map alone pans)
  const room = narrow ? 340 : width;
  // where a hand's Buildings start: beside the player's name, or under it on a phone
  const handX = narrow ? 20 : 140;
  // the key's text: larger on a phone, where the whole drawing is shrunk to its width
  const keyFont = narrow ? 13 : 10;
  const charW = 0.64 * keyFont; // at least as wide as a character of it runs
  let y = mapH + 4;
  const keyTop = y;
  const key = svg("g", { id: "map-key" });
  const items = [
    ["hex", TILE_FILL[0], "", "red Building"],
    ["hex", TILE_FILL[1], "", "green Building"],
    ["hex", TILE_FILL[2], "", "blue Building"],
    ["ring", ctx.colour(0), "", "ring: the colour of the player who built it"],
    ["hex", ctx.colour(0), "★", "a player's City hall"],
    ["hex", "#7a7266", "", "grey: blocked (stream and pond), nothing is built here"],
    [
      "hex",
      "#efe6cf",
      "E",
      "endangered species: a Building or pollution here costs 3 points, a green zone earns 3",
    ],
    ["dot", "#5b4636", "", "pollution token"],
    ["dot", "#7ccf6b", "", "green zone token"],
  ];
  let kx = 20;
  const step = keyFont + 8;
  const keyLine = (w) => {
    if (kx + w > room) {
      kx = 20;
      y += step;
    }
  };
  for (const [shape, fill, mark, words] of items) {
    const w = 24 + words.length * charW;
    keyLine(w);
    const item = svg("g", { class: "key-item" });
    if (shape === "dot") item.append(svg("circle", { cx: kx + 7, cy: y + 6, r: 6, fill }));
    else if (shape === "ring")
      item.append(
        svg("circle", {
          cx: kx + 7,
          cy: y + 6,
          r: 6,
          fill: "none",
          stroke: fill,
          "stroke-width": 3,
        }),
      );
    else
      item.append(
        svg("rect", { x: kx, y: y - 1, width: 14, height: 14, rx: 3, fill, stroke: "#8a806c" }),
      );
    if (mark)
      item.append(
        svg(
          "text",
          {
            x: kx + 7,
            y: y + 10,
            "text-anchor": "middle",
            "font-size": 9,
            "font-weight": "bold",
            fill: mark === "E" ? "#4f6b2f" : "#fff",
          },
          mark,
        ),
      );
    item.append(svg("text", { x: kx + 18, y: y + 10, "font-size": keyFont }, words));
    key.append(item);
    kx += w + 10;
  }
  // the letters on the map's Buildings, each with its whole name
  const shown = [...new Set(obs.board.filter((code) => code >= 0 && code < 100))]
    .map((code) => tiles[code].name)
    .sort();
  const names = [...new Set(shown)].map((name) => `${initials(name)} ${name}`);
  if (names.length) {
    kx = 20;
    y += step;
    const head = "Letters on the map:";
    key.append(
      svg("text", { x: kx, y: y + 10, "font-size": keyFont, "font-weight": "bold" }, head),
    );
    kx += head.length * charW + 10;
    for (const words of names) {
      keyLine(words.length * charW);
      key.append(
        svg("text", { class: "short-name", x: kx, y: y + 10, "font-size": keyFont }, words),
      );
      kx += words.length * charW + 12;
    }
  }
  kx = 20;
  y += step;
  const handKey = ctx.lines(
    "On a Building in hand: R, G, B = points for each red, green, blue neighbour; " +
      "★ = its bonus points; brown dot = it pollutes; green dot = it brings a green zone." +
      (obs.version === "full"
        ? " Action cards are framed in their colour; a faded block is one kept face down."
        : ""),
    Math.floor((room - 40) / charW),
  );
  handKey.forEach((line, j) =>
    key.append(
      svg(
        "text",
        {
          class: "hand-key",
          x: kx,
          y: y + 10 + (keyFont + 3) * j,
          "font-size": keyFont,
          fill: "#333",
        },
        line,
      ),
    ),
  );
  y += (keyFont + 3) * (handKey.length - 1);
  root.append(key);

  // the score track
  y += 30;
  const scores = obs.version === "basic" ? [obs.scores[0]] : obs.scores;
  const top = Math.max(50, ...scores) + 5;
  const trackW = Math.min(mapW, room) - 60;
  const track = svg(
    "g",
    { id: "score-track" },
    svg(
      "text",
      { x: 20, y, "font-size": 13, "font-weight": "bold" },
      obs.version === "basic" ? `Group score ${obs.scores[0]}` : "Scores",
    ),
    svg("rect", {
      x: 20,
      y: y + 8,
      width: trackW,
      height: 14,
      fill: "#e9e2d2",
      stroke: "#8a806c",
      rx: 7,
    }),
  );
  for (let v = 0; v <= top; v += 10) {
    track.append(
      svg(
        "text",
        { x: 20 + (trackW * v) / top, y: y + 36, "font-size": 9, "text-anchor": "middle" },
        v,
      ),
    );
  }
  scores.forEach((s, k) => {
    const cx = 20 + (trackW * Math.max(0, Math.min(s, top))) / top;
    track.append(
      svg(
        "circle",
        {
          cx,
          cy: y + 15,
          r: 7,
          fill: obs.version === "basic" ? "#444" : ctx.colour(k),
          stroke: "#fff",
        },
        svg("title", {}, obs.version === "basic" ? `Group: ${s}` : `${ctx.name(k)}: ${s}`),
      ),
    );
  });
  root.append(track);
  y += 60;
  const infoTop = y;

  // the round, the supplies and the face-up discard pile (its top Building is named)
  const info = svg("g", { id: "hands" });
  const supplies = ctx.lines(
    `Round ${obs.round} of ${obs.rounds} · stack ${obs.deck_size} · tokens left: ${obs.tokens_left[0]} pollution, ${obs.tokens_left[1]} green zone`,
    Math.floor((room - 30) / (11 * 0.64)),
  );
  supplies.forEach((line, j) => {
    if (j) y += 15;
    info.append(svg("text", { x: 20, y, "font-size": 11 }, line));
  });
  if (obs.discard.length) {
    y += 21;
    const top = obs.discard[obs.discard.length - 1];
    const pile = svg(
      "g",
      { id: "discard-pile", "data-discard": top },
      svg("rect", {
        class: "shape",
        x: 14,
        y: y - 14,
        width: 340,
        height: 19,
        rx: 3,
        fill: "none",
        stroke: "none",
      }),
      svg(
        "text",
        { x: 20, y, "font-size": 11 },
        `Discard pile: ${obs.discard.length}, on top the ${tiles[top].name}`,
      ),
    );
    ctx.bind(pile, (a) => a[0] === "discard" && a[1] === top, {
      label: `Discarded last: ${tileWords(tiles[top])}`,
    });
    info.append(pile);
  }
  y += 12;
  // hands and cards, one row per player
  for (const seat of obs.seats) {
    const mine = seat.seat === obs.viewer;
    // the player's name: it is marked when they kept their hand, passed or placed no green zone
    const who = svg(
      "g",
      { class: "seat-name", "data-seat": seat.seat },
      svg("rect", {
        class: "shape",
        x: 14,
        y: y + 10,
        width: 120,
        height: 20,
        rx: 4,
        fill: "none",
        stroke: "none",
      }),
      svg(
        "text",
        {
          x: 20,
          y: y + 24,
          "font-size": 12,
          "font-weight": mine ? "bold" : "normal",
          fill: ctx.colour(seat.seat),
        },
        `${ctx.name(seat.seat)}${mine ? " (you)" : ""}`,
      ),
    );
    ctx.bind(who, (a, by) => by === seat.seat && ["keep", "skip", "pass"].includes(a[0]), {});
    info.append(who);
    if (narrow) y += 30; // the name on a line of its own
    let x = handX;
    const hand = seat.hand;
    const count = hand ? hand.length : seat.hand_size;
    for (let k = 0; k < count; k++) {
      const g = svg("g", {
        class: "tile",
        "data-hand": hand ? hand[k] : "back",
        "data-hand-seat": seat.seat,
      });
      if (hand) {
        const t = tiles[hand[k]];
        g.append(
          svg("rect", {
            class: "shape",
            x,
            y,
            width: TILE_W,
            height: 38,
            rx: 5,
            fill: TILE_FILL[t.colour],
            stroke: "#333",
          }),
          svg(
            "text",
            {
              x: x + TILE_W / 2,
              y: y + 15,
              "text-anchor": "middle",
              "font-size": t.name.length > 14 ? 8.5 : 9,
              fill: "#fff",
              "font-weight": "bold",
            },
            t.name,
          ),
          svg(
            "text",
            { x: x + TILE_W / 2, y: y + 30, "text-anchor": "middle", "font-size": 9, fill: "#fff" },
            t.values.map((v, c) => `${"RGB"[c]}${v >= 0 ? "+" : ""}${v}`).join(" ") +
              (t.bonus ? ` ★${t.bonus}` : ""),
          ),
        );
        if (t.pollution)
          g.append(
            svg("circle", {
              class: "mark-pollution",
              cx: x + TILE_W - 6,
              cy: y + 6,
              r: 4,
              fill: "#5b4636",
              stroke: "#fff",
            }),
          );
        if (t.green_zone)
          g.append(
            svg("circle", {
              class: "mark-green",
              cx: x + TILE_W - (t.pollution ? 16 : 6),
              cy: y + 6,
              r: 4,
              fill: "#7ccf6b",
              stroke: "#fff",
            }),
          );
        if (mine) {
          const id = hand[k];
          ctx.bind(g, (a) => a[0] === "place" && a[1] === id, {
            key: `hand-${id}`,
            label: tileWords(t),
          });
        } else {
          g.prepend(svg("title", {}, tileWords(t)));
        }
      } else {
        g.append(
          svg("rect", { x, y, width: TILE_W, height: 38, rx: 5, fill: "#6d5c45", stroke: "#333" }),
          svg(
            "text",
            {
              x: x + TILE_W / 2,
              y: y + 23,
              "text-anchor": "middle",
              "font-size": 10,
              fill: "#f0e6d0",
            },
            "Building",
          ),
        );
      }
      info.append(g);
      x += TILE_W + 6;
      if (x + TILE_W + 6 > room) {
        x = handX;
        y += 44;
      }
    }
    const held = seat.held;
    const shownCards = [...(seat.revealed_cards || []), ...(held || [])];
    for (const c of shownCards) {
      const card = cards[c];
      const g = svg(
        "g",
        { class: "card", "data-card": c },
        svg("rect", {
          class: "shape",
          x,
          y,
          width: 70,
          height: 38,
          rx: 4,
          fill: "#fffdf8",
          stroke: TILE_FILL[card.colour],
          "stroke-width": 2,
        }),
        ...ctx
          .lines(card.name, 14)
          .map((line, j) =>
            svg(
              "text",
              { x: x + 35, y: y + 16 + j * 11, "text-anchor": "middle", "font-size": 8.5 },
              line,
            ),
          ),
      );
      // a kept card is marked when its owner plays it, on everyone's board
      ctx.bind(
        g,
        (a, by) => a[0] === "play" && a[1] === c && (by === undefined ? mine : by === seat.seat),
        { key: `card-${c}`, label: `${card.name}: ${card.text}` },
      );
      info.append(g);
      x += 76;
      if (x + 76 > room) {
        x = handX;
        y += 44;
      }
    }
    if (held === null && seat.held_colours.some((n) => n > 0)) {
      seat.held_colours.forEach((n, colour) => {
        for (let k = 0; k < n; k++) {
          info.append(
            svg(
              "rect",
              { x, y, width: 30, height: 38, rx: 4, fill: TILE_FILL[colour], opacity: 0.6 },
              svg("title", {}, `a hidden ${COLOUR_WORD[colour]} Action card`),
            ),
          );
          x += 34;
          if (x + 34 > room) {
            x = handX;
            y += 44;
          }
        }
      });
    }
    if (x + 180 > room) {
      x = handX;
      y += 44;
    }
    info.append(
      svg(
        "text",
        { x: x + 6, y: y + 24, "font-size": 10, fill: "#6b6557" },
        `built ${seat.built.map((n, c) => `${n} ${COLOUR_WORD[c]}`).join(", ")}`,
      ),
    );
    y += 46;
  }
  root.append(info);
  // the hands straight under the map, where what the prompt asks for is seen with it;
  // the key and the score track below them
  info.setAttribute("transform", `translate(0 ${keyTop + 14 - infoTop})`);
  const below = y - infoTop + 14;
  y += 14;
  key.setAttribute("transform", `translate(0 ${below})`);
  track.setAttribute("transform", `translate(0 ${below})`);
  root.setAttribute("viewBox", `0 0 ${width.toFixed(0)} ${y + 10}`);
  // a frame as wide as the drawing may ever be, so its scale never changes with the cards
  root.prepend(
    svg("rect", {
      class: "frame",
      x: 0,
      y: 0,
      width: width.toFixed(0),
      height: y + 10,
      fill: "none",
    }),
  );
  // more cards make the drawing taller, never the map smaller: the page scrolls instead
  root.style.maxHeight = "none";
  return root;
}

export function scores(obs, data, view) {
  if (view.result) return view.result.scores;
  return obs.version === "basic" ? obs.seats.map(() => obs.scores[0]) : obs.scores;
}
