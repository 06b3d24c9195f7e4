// The end screen's explanation of a result: each game's score breakdown, the
// tie-break that decided a tie, and a solo or shared result against its measure.
// Everything comes from the result the engine sent; nothing is worked out here.
import { seatName } from "./api.js";

const SMALLCITY_KEYS = {
  economic: ["less pollution", "more votes"],
  citizens: ["less pollution", "more votes", "more money"],
  cultural: ["less pollution", "more votes", "more money"],
  basic: ["less pollution", "more money"],
  votes: ["less pollution", "more money"],
};

function topTied(result) {
  const best = Math.max(...result.scores);
  return result.scores
    .map((s, seat) => [s, seat])
    .filter(([s]) => s === best)
    .map(([, seat]) => seat);
}

function names(view, seats) {
  return seats.map((s) => seatName(view, s)).join(" and ");
}

const EXPLAIN = {
  architectura(view, result, d) {
    const columns = [
      ["Card values", d.values],
      ["End effects", d.end_effects],
      ["Graveyard", d.graveyard],
      ["Cards in the city", d.cards, false],
    ]
      .filter(([, v]) => Array.isArray(v))
      // the engine's totals are the sum of the first three (ARC-33); cards only break ties
      .map(([title, values, part = true]) => ({ title, values, part }));
    const tied = topTied(result);
    let tiebreak = null;
    if (tied.length > 1) {
      const most = Math.max(...tied.map((s) => d.cards[s]));
      const byCards = tied.filter((s) => d.cards[s] === most);
      tiebreak =
        byCards.length < tied.length
          ? `${names(view, tied)} tied on ${result.scores[tied[0]]} points; the most cards in the city (${most}) decided it.`
          : `${names(view, tied)} tied on points and on cards in the city; the lowest card value decided it.`;
      if (result.winners.length > 1)
        tiebreak = `${names(view, tied)} tied on points, cards and lowest card: they share the win.`;
    }
    return { columns, lines: [], tiebreak };
  },
  citycouncil(view, result, d) {
    const columns = Array.isArray(d.funds) ? [{ title: "Private funds", values: d.funds }] : [];
    const lines = [];
    const how = {
      mayor: "a player reached the points to become Mayor",
      government: "the city failed and the government took over",
      term: "the council's term ran out",
    }[d.outcome];
    if (how) lines.push(`The game ended after round ${d.rounds}: ${how}.`);
    if (Array.isArray(d.mayor) && d.mayor.length)
      lines.push(
        `${names(view, d.mayor)} ${d.mayor.length > 1 ? "share the office of" : "is elected"} Mayor.`,
      );
    let tiebreak = null;
    const tied = topTied(result);
    if (!d.everyone_loses && tied.length > 1) {
      // CC-59: private funds part a tie for the most points; the Key to the City does not
      tiebreak =
        result.winners.length > 1
          ? `${names(view, tied)} tied on ${result.scores[tied[0]]} points and private funds: they share the win.`
          : `${names(view, tied)} tied on ${result.scores[tied[0]]} points; the most private funds decided it.`;
    }
    return { columns, lines, tiebreak };
  },
  rondelcity(view, result, d) {
    const columns = Array.isArray(d.gold) ? [{ title: "Gold (Banker)", values: d.gold }] : [];
    const lines = [
      d.mayor_by === "reaching 50"
        ? "A Citizen reached 50: its player becomes Mayor at once."
        : "No Citizen reached 50: the Citizen on the highest number wins.",
    ];
    const tied = topTied(result);
    const tiebreak =
      tied.length > 1 && d.mayor_by !== "reaching 50"
        ? `${names(view, tied)} tied on ${result.scores[tied[0]]} VP: tied players all win.`
        : null;
    return { columns, lines, tiebreak };
  },
  smallcity(view, result, d) {
    const rows = d.rows || [];
    const at = (key, fn) => rows.map((r) => fn(r[key], r));
    // every part the engine summed into each seat's score, in its order
    const titles = [];
    for (const r of rows)
      for (const [title] of r.parts || []) if (!titles.includes(title)) titles.push(title);
    const parts = titles.map((title) => ({
      title,
      part: true,
      values: rows.map((r) => {
        const found = (r.parts || []).find(([t]) => t === title);
        return found ? found[1] : "—";
      }),
    }));
    const columns = [
      ...parts,
      {
        title: "Promise card",
        values: at("promise_delta", (v, r) =>
          r.promise > 0 ? `${r.promise_kept ? "kept" : "broken"} ${v >= 0 ? "+" : ""}${v}` : "none",
        ),
      },
      {
        title: "Special Promises",
        values: at("specials_kept", (v) =>
          v && v.length ? `${v.filter(Boolean).length} of ${v.length} kept` : "none",
        ),
      },
    ];
    const lines = [];
    if (d.rating) lines.push(`Solo rating for ${result.scores[0]} points: ${d.rating}.`);
    if (rows.some((r) => r.eliminated))
      lines.push(
        `Eliminated by pollution: ${names(
          view,
          rows.filter((r) => r.eliminated).map((r) => r.seat),
        )}.`,
      );
    let tiebreak = null;
    const tied = topTied(result).filter((s) => !rows[s] || !rows[s].eliminated);
    if (tied.length > 1) {
      const mode = (view.options && view.options.mode) || "basic";
      const order = SMALLCITY_KEYS[mode] || SMALLCITY_KEYS.basic;
      const keys = tied.map((s) => rows[s].keys);
      const k = keys[0].findIndex((_, i) => i > 0 && new Set(keys.map((x) => x[i])).size > 1);
      tiebreak =
        k > 0
          ? `${names(view, tied)} tied on ${result.scores[tied[0]]} points; ${order[k - 1]} decided it.`
          : `${names(view, tied)} tied on points and on every tie-break (${order.join(", then ")}): they share the win.`;
    }
    return { columns, lines, tiebreak };
  },
  ekopolis(view, result, d) {
    // every part the engine summed into the score, in its order
    const partColumns = (perSeat) =>
      (perSeat[0] || []).map(([title], i) => ({
        title,
        part: true,
        values: perSeat.map((p) => p[i][1]),
      }));
    if (d.group_score !== undefined) {
      return {
        columns: Array.isArray(d.parts) ? partColumns(result.scores.map(() => d.parts)) : [],
        lines: [
          `Everyone plays together: the group scores ${d.group_score} points, shared by all.`,
        ],
        tiebreak: null,
        shared: true,
      };
    }
    const columns = [
      ...(Array.isArray(d.parts) ? partColumns(d.parts) : []),
      ...(Array.isArray(d.green_buildings)
        ? [{ title: "Green Buildings", values: d.green_buildings }]
        : []),
    ];
    const tied = topTied(result);
    let tiebreak = null;
    if (tied.length > 1) {
      tiebreak =
        result.winners.length < tied.length
          ? `${names(view, tied)} tied on ${result.scores[tied[0]]} points; the most green Buildings decided it.`
          : `${names(view, tied)} tied on points and on green Buildings: they share the win.`;
    }
    return { columns, lines: [], tiebreak };
  },
};

function explainDetail(view) {
  const result = view.result;
  const explain = EXPLAIN[view.game];
  if (!explain || !result) return { columns: [], lines: [], tiebreak: null };
  try {
    return explain(view, result, result.detail || {});
  } catch (err) {
    // a result whose detail this page does not know still shows its scores
    return { columns: [], lines: [], tiebreak: null };
  }
}

// The game's own breakdown (view.breakdown), where the server sends it, gives every
// scoring part of every seat, the tie-break that decided and a solo score's scale;
// the result's detail adds only the columns that are not parts of the score.
export function explainResult(view) {
  const out = explainDetail(view);
  const told = view.breakdown;
  if (!told || !Array.isArray(told.parts)) return { ...out, scale: null };
  const parts = told.parts.map((p) => ({
    title: p.title,
    rule: p.rule,
    part: true,
    values: p.values,
  }));
  const titles = new Set(parts.map((p) => p.title));
  return {
    columns: [...parts, ...out.columns.filter((c) => !c.part && !titles.has(c.title))],
    lines: out.lines,
    tiebreak: told.tiebreak || null,
    scale: told.scale || null,
  };
}
