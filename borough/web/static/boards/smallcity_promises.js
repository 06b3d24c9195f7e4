// Small City's Promises: the three offered when choosing, the kept Promise and the
// Special Promises always in view of their owner with each condition's progress
// (the observation's `standing`), the others' as backs.
const DECKS = ["easy", "medium", "difficult"];
const GAIN = [6, 12, 18]; // SC-88
const LOSS = [3, 6, 12];
const FONT = 12;
const fit = (width, size) => Math.max(8, Math.floor(width / (size * 0.6)));

function card(ctx, x, y, w, title, text, extra = {}) {
  const { svg } = ctx;
  const heads = ctx.lines(title, fit(w - 12, 13));
  const lines = ctx.lines(text, fit(w - 12, FONT));
  const top = 10 + heads.length * 16;
  const h = top + 6 + lines.length * 15 + (extra.progress ? extra.progress.length * 15 + 2 : 0);
  const g = svg("g", { class: extra.cls || "promise-card", ...(extra.attrs || {}) });
  g.append(
    svg("rect", {
      class: "shape",
      x,
      y,
      width: w,
      height: h,
      rx: 6,
      fill: extra.fill || "#fff8e1",
      stroke: "#a08a4a",
    }),
  );
  heads.forEach((line, k) =>
    g.append(
      svg("text", { x: x + 6, y: y + 17 + k * 16, "font-size": 13, "font-weight": "bold" }, line),
    ),
  );
  lines.forEach((line, k) =>
    g.append(
      svg(
        "text",
        { x: x + 6, y: y + top + 8 + k * 15, "font-size": FONT, class: "promise-text" },
        line,
      ),
    ),
  );
  let py = y + top + 8 + lines.length * 15;
  for (const [words, has, needs] of extra.progress || []) {
    const done = has >= needs;
    const share = needs > 0 ? Math.max(0, Math.min(1, has / needs)) : 1;
    g.append(
      svg("rect", { x: x + 6, y: py - 9, width: 60, height: 9, fill: "#eee", stroke: "#bbb" }),
    );
    g.append(
      svg("rect", {
        x: x + 6,
        y: py - 9,
        width: 60 * share,
        height: 9,
        fill: done ? "#2e7d32" : "#e0a526",
      }),
    );
    g.append(
      svg(
        "text",
        { x: x + 72, y: py, "font-size": 11, class: "promise-progress" },
        `${words}${done ? " ✓" : ""}`,
      ),
    );
    py += 15;
  }
  return [g, h];
}

// A Promise condition's progress in words: what the seat has against what it needs.
function progressWords(test, has, needs) {
  if (test[0] === "pollution_below")
    return `pollution ${test[1] - has}%, must stay under ${test[1]}%`;
  if (["has", "no_cemetery"].includes(test[0])) return has >= needs ? "done" : "not yet";
  return `${has} of ${needs}`;
}

export function promiseText(data, number, special = false) {
  const list = special ? data.content.specials : data.content.promises;
  return list[number - 1];
}

// The Promises a seat holds (or the ones it chooses from); answers the height used.
export function drawPromises(ctx, root, x, y, width) {
  const { obs, data, svg } = ctx;
  const me = obs.seats.find((st) => st.seat === obs.viewer);
  const panel = svg("g", { id: "promises" });
  let yy = y;
  const heading = (text) => {
    for (const line of ctx.lines(text, fit(width, 13))) {
      panel.append(svg("text", { x, y: yy + 13, "font-size": 13, "font-weight": "bold" }, line));
      yy += 17;
    }
    yy += 2;
  };
  if (me && obs.step === "promise" && me.offered && ctx.your_turn) {
    heading("Choose the Promise you keep (the others go back):");
    me.offered.forEach((n, i) => {
      const p = promiseText(data, n);
      const [g, ch] = card(
        ctx,
        x,
        yy,
        width,
        `${DECKS[p.deck][0].toUpperCase()}${DECKS[p.deck].slice(1)} Promise: +${GAIN[p.deck]} kept, −${LOSS[p.deck]} broken`,
        p.text,
        { attrs: { "data-promise": n, "data-offer": i } },
      );
      ctx.bind(g, (a) => a[0] === "promise" && a[1] === i, {
        key: `promise-${i}`,
        label: `The ${DECKS[p.deck]} Promise`,
        detail: p.text,
      });
      panel.append(g);
      yy += ch + 6;
    });
    yy += 4;
  }
  if (me && obs.step === "keep" && Array.isArray(obs.draw) && ctx.your_turn) {
    heading("Keep one Special Promise (−5 when broken, kept only if you alone meet it):");
    obs.draw.forEach((n, i) => {
      const p = promiseText(data, n, true);
      const [g, ch] = card(
        ctx,
        x,
        yy,
        width,
        `Special Promise ${i + 1} of ${obs.draw.length}`,
        p.text,
        { attrs: { "data-special": n, "data-offer": i } },
      );
      ctx.bind(g, (a) => a[0] === "keep" && a[1] === i, {
        key: `keep-${i}`,
        label: `Special Promise ${i + 1}`,
        detail: p.text,
      });
      panel.append(g);
      yy += ch + 6;
    });
    yy += 4;
  }
  if (me && me.promise > 0) {
    const p = promiseText(data, me.promise);
    const standing = me.standing || { promise: [], specials: [] };
    const progress = p.test
      .map((t, k) =>
        standing.promise[k]
          ? [progressWords(t, ...standing.promise[k]), ...standing.promise[k]]
          : null,
      )
      .filter(Boolean);
    const w = width;
    const [g, h] = card(
      ctx,
      x,
      yy,
      w,
      `Your Promise (${DECKS[p.deck]}: +${GAIN[p.deck]} kept, −${LOSS[p.deck]} broken)`,
      p.text,
      { cls: "promise-card kept", attrs: { "data-kept-promise": me.promise }, progress },
    );
    panel.append(g);
    yy += h + 6;
    (me.specials || []).forEach((n, k) => {
      const sp = promiseText(data, n, true);
      const prog = sp.test
        .map((t, j) =>
          standing.specials[k] && standing.specials[k][j]
            ? [progressWords(t, ...standing.specials[k][j]), ...standing.specials[k][j]]
            : null,
        )
        .filter(Boolean);
      const [sg, shh] = card(
        ctx,
        x,
        yy,
        width,
        `Your Special Promise (0 kept, −5 broken; kept only if no one else meets it)`,
        sp.text,
        {
          cls: "promise-card special",
          attrs: { "data-kept-special": n },
          progress: prog,
          fill: "#f3e8ff",
        },
      );
      panel.append(sg);
      yy += shh + 6;
    });
    yy += 4;
  }
  if (panel.childNodes.length) root.append(panel);
  return yy - y;
}

// Another seat's Promise as a back: its deck is public, its text is not.
export function promiseBack(ctx, seat) {
  const deck = seat.promise_deck >= 0 ? DECKS[seat.promise_deck] : null;
  const specials = seat.special_count
    ? ` + ${seat.special_count} Special Promise${seat.special_count > 1 ? "s" : ""} (face down)`
    : "";
  return deck
    ? `Promise: face down (${deck} deck)${specials}`
    : `Promise: not chosen yet${specials}`;
}
