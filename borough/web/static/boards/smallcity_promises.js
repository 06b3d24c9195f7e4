// Small City's Promises: the three offered when choosing, the kept Promise and the
// Special Promises always in view of their owner with each condition's progress
// (the observation's `standing`), the others' as backs.
const DECKS = ["easy", "medium", "difficult"];
const GAIN = [6, 12, 18]; // SC-88
const LOSS = [3, 6, 12];

function card(ctx, x, y, w, title, text, extra = {}) {
  const { svg } = ctx;
  const heads = ctx.lines(title, Math.floor((w - 12) / 6));
  const lines = ctx.lines(text, Math.floor((w - 12) / 5.6));
  const top = 10 + heads.length * 13;
  const h = top + 4 + lines.length * 13 + (extra.progress ? extra.progress.length * 12 + 2 : 0);
  const g = svg("g", { class: extra.cls || "promise-card", ...(extra.attrs || {}) });
  g.append(svg("rect", { class: "shape", x, y, width: w, height: h, rx: 6, fill: extra.fill || "#fff8e1", stroke: "#a08a4a" }));
  heads.forEach((line, k) => g.append(svg("text", { x: x + 6, y: y + 14 + k * 13, "font-size": 10, "font-weight": "bold" }, line)));
  lines.forEach((line, k) => g.append(svg("text", { x: x + 6, y: y + top + 4 + k * 13, "font-size": 11, class: "promise-text" }, line)));
  let py = y + top + 4 + lines.length * 13;
  for (const [words, has, needs] of extra.progress || []) {
    const done = has >= needs;
    const share = needs > 0 ? Math.max(0, Math.min(1, has / needs)) : 1;
    g.append(svg("rect", { x: x + 6, y: py - 7, width: 60, height: 7, fill: "#eee", stroke: "#bbb" }));
    g.append(svg("rect", { x: x + 6, y: py - 7, width: 60 * share, height: 7, fill: done ? "#2e7d32" : "#e0a526" }));
    g.append(svg("text", { x: x + 72, y: py, "font-size": 9, class: "promise-progress" }, `${words}${done ? " ✓" : ""}`));
    py += 12;
  }
  return [g, h];
}

// A Promise condition's progress in words: what the seat has against what it needs.
function progressWords(test, has, needs) {
  if (test[0] === "pollution_below") return `pollution ${test[1] - has}%, must stay under ${test[1]}%`;
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
    panel.append(svg("text", { x, y: yy + 12, "font-size": 12, "font-weight": "bold" }, text));
    yy += 18;
  };
  if (me && obs.step === "promise" && me.offered && ctx.your_turn) {
    heading("Choose the Promise you keep (the others go back):");
    me.offered.forEach((n, i) => {
      const p = promiseText(data, n);
      const [g, ch] = card(ctx, x, yy, width, `Promise #${n}, ${DECKS[p.deck]}: +${GAIN[p.deck]} kept, −${LOSS[p.deck]} broken`, p.text,
        { attrs: { "data-promise": n, "data-offer": i } });
      ctx.bind(g, (a) => a[0] === "promise" && a[1] === i, { key: `promise-${i}`, label: `Promise #${n}`, detail: p.text });
      panel.append(g);
      yy += ch + 6;
    });
    yy += 4;
  }
  if (me && obs.step === "keep" && Array.isArray(obs.draw) && ctx.your_turn) {
    heading("Keep one Special Promise (−5 when broken, kept only if you alone meet it):");
    obs.draw.forEach((n, i) => {
      const p = promiseText(data, n, true);
      const [g, ch] = card(ctx, x, yy, width, `Special Promise #${n}`, p.text, { attrs: { "data-special": n, "data-offer": i } });
      ctx.bind(g, (a) => a[0] === "keep" && a[1] === i, { key: `keep-${i}`, label: `Special Promise #${n}`, detail: p.text });
      panel.append(g);
      yy += ch + 6;
    });
    yy += 4;
  }
  if (me && me.promise > 0) {
    const p = promiseText(data, me.promise);
    const standing = me.standing || { promise: [], specials: [] };
    const progress = p.test.map((t, k) => (standing.promise[k] ? [progressWords(t, ...standing.promise[k]), ...standing.promise[k]] : null)).filter(Boolean);
    const w = width;
    const [g, h] = card(ctx, x, yy, w, `Your Promise #${me.promise} (${DECKS[p.deck]}: +${GAIN[p.deck]} kept, −${LOSS[p.deck]} broken)`,
      p.text, { cls: "promise-card kept", attrs: { "data-kept-promise": me.promise }, progress });
    panel.append(g);
    yy += h + 6;
    (me.specials || []).forEach((n, k) => {
      const sp = promiseText(data, n, true);
      const prog = sp.test.map((t, j) => (standing.specials[k] && standing.specials[k][j] ? [progressWords(t, ...standing.specials[k][j]), ...standing.specials[k][j]] : null)).filter(Boolean);
      const [sg, shh] = card(ctx, x, yy, width, `Your Special Promise #${n} (0 kept, −5 broken; kept only if no one else meets it)`, sp.text,
        { cls: "promise-card special", attrs: { "data-kept-special": n }, progress: prog, fill: "#f3e8ff" });
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
  const specials = seat.special_count ? ` + ${seat.special_count} Special Promise${seat.special_count > 1 ? "s" : ""} (face down)` : "";
  return deck ? `Promise: face down (${deck} deck)${specials}` : `Promise: not chosen yet${specials}`;
}
