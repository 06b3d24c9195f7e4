// The end screen's explanation of a result. The game's own breakdown
// (view.breakdown) gives every scoring part of every seat, the tie-break that
// decided and a solo score's place on its scale; the result's detail adds the
// columns that are not parts of the score and a line on how the game ended.
// Everything comes from what the engine sent; nothing is worked out here.
import { seatName } from "./api.js";

function names(view, seats) {
  return seats.map((s) => seatName(view, s)).join(" and ");
}

// Per game: the columns beside the score's parts, and lines on how it ended.
const DETAIL = {
  architectura(view, d) {
    // cards in the city only part a tie (ARC-34): not a part of the score
    return { columns: [["Cards in the city", d.cards]], lines: [] };
  },
  citycouncil(view, d) {
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
    return { columns: [["Private funds", d.funds]], lines };
  },
  rondelcity(view, d) {
    const lines = [
      d.mayor_by === "reaching 50"
        ? "A Citizen reached 50: its player becomes Mayor at once."
        : "No Citizen reached 50: the Citizen on the highest number wins.",
    ];
    return { columns: [["Gold (Banker)", d.gold]], lines };
  },
  smallcity(view, d) {
    const rows = d.rows || [];
    const columns = [
      [
        "Promise card",
        rows.map((r) =>
          r.promise > 0
            ? `${r.promise_kept ? "kept" : "broken"} ${r.promise_delta >= 0 ? "+" : ""}${r.promise_delta}`
            : "none",
        ),
      ],
      [
        "Special Promises kept",
        rows.map((r) =>
          r.specials_kept && r.specials_kept.length
            ? `${r.specials_kept.filter(Boolean).length} of ${r.specials_kept.length}`
            : "none",
        ),
      ],
    ];
    const lines = [];
    if (d.rating) {
      const n = view.result.scores[0];
      lines.push(`Solo rating for ${n} ${n === 1 ? "point" : "points"}: ${d.rating}.`);
    }
    const out = rows.filter((r) => r.eliminated).map((r) => r.seat);
    if (out.length) lines.push(`Eliminated by pollution: ${names(view, out)}.`);
    return { columns, lines };
  },
  ekopolis(view, d) {
    const lines = [];
    if (d.group_score !== undefined)
      lines.push(
        `Everyone plays together: the group scores ${d.group_score} points, shared by all.`,
      );
    const greens = Array.isArray(d.green_buildings) ? d.green_buildings : null;
    return { columns: [["Green Buildings", greens]], lines };
  },
};

export function explainResult(view) {
  const result = view.result;
  const told = view.breakdown || {};
  const out = { columns: [], lines: [], tiebreak: told.tiebreak || null, scale: null };
  if (!result) return out;
  out.scale = told.scale || null;
  out.columns = (told.parts || []).map((p) => ({
    title: p.title,
    rule: p.rule,
    part: true,
    values: p.values,
  }));
  const detail = DETAIL[view.game];
  if (!detail) return out;
  try {
    const more = detail(view, result.detail || {});
    for (const [title, values] of more.columns)
      if (Array.isArray(values)) out.columns.push({ title, values });
    out.lines = more.lines;
  } catch (err) {
    // a result whose detail this page does not know still shows its parts and scores
  }
  return out;
}
