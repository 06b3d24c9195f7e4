"""A ladder: does each agent beat the next one in the list, with 95% confidence?

This is how the README's strength table is measured. Each step A vs B plays A
in one seat against B in every other seat, on the arena's deals, A taking each
seat in turn. A beats B when the lower end of the Wilson interval of A's win
share is above the share a seat wins by chance. Two kinds of game are judged
otherwise:

- where the seats share one score (Ekopolis basic), whole tables of A and of B
  play the same deals and A beats B when the mean difference of their group
  scores is above zero;
- where the whole table often loses together (City Council), A beats B when its
  mean score margin over its best rival is above zero.
"""

from __future__ import annotations

from typing import Any

import borough
from borough.arena import stats
from borough.arena.tournament import Arena, own_results


def steps(arena: Arena, results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per step of the ladder, with its measure and verdict."""
    table_of = {job.key: t for t, job in arena.tables()}
    by_table: dict[int, list[dict[str, Any]]] = {}
    for result in own_results(arena, results):
        by_table.setdefault(table_of[result["key"]], []).append(result)
    by_margin = borough.game(arena.game).table_can_lose
    rows = []
    for t, (a, b) in enumerate(arena.steps()):
        row: dict[str, Any] = {"setting": arena.name, "a": a, "b": b}
        if arena.cooperative:
            row.update(_group(by_table.get(t, []), by_table.get(t + 1, [])))
        else:
            row.update(_seated(a, arena.players, by_table.get(t, []), by_margin))
        rows.append(row)
    return rows


def _group(tables_a: list[dict[str, Any]], tables_b: list[dict[str, Any]]) -> dict[str, Any]:
    """Whole tables of A against whole tables of B on the same deals."""
    score_b = {r["seed"]: r["scores"][0] for r in tables_b}
    diffs = [r["scores"][0] - score_b[r["seed"]] for r in tables_a if r["seed"] in score_b]
    mean, low, high = stats.mean_interval(diffs)
    return {"judged_by": "group score", "games": len(diffs), "group_score": mean,
            "group_score_low": low, "group_score_high": high,
            "beats": bool(diffs) and low > 0}


def _seated(hero: str, players: int, games: list[dict[str, Any]],
            by_margin: bool) -> dict[str, Any]:
    """A in one seat against B in the others, seats rotated."""
    wins, margins = 0.0, []
    for result in games:
        seat = result["seats"].index(hero)
        scores, winners = result["scores"], result["winners"]
        if seat in winners:
            wins += 1 / len(winners)
        margins.append(scores[seat] - max(s for i, s in enumerate(scores) if i != seat))
    low, high = stats.wilson(wins, len(games))
    margin, m_low, m_high = stats.mean_interval(margins)
    fair = 1 / players
    beats = (m_low > 0) if by_margin else (low > fair)
    return {"judged_by": "score margin" if by_margin else "win share", "games": len(games),
            "win_share": wins / len(games) if games else float("nan"),
            "win_share_low": low, "win_share_high": high, "fair_share": fair,
            "margin": margin, "margin_low": m_low, "margin_high": m_high,
            "beats": bool(games) and beats}


def _pct(x: float) -> str:
    return f"{x:.0%}" if round(x, 3) in (0.0, 1.0) else f"{x:.1%}"


def measure(row: dict[str, Any]) -> str:
    """The row's measure in the README's words."""
    if row["judged_by"] == "group score":
        return (f"group score {row['group_score']:+.1f} "
                f"[{row['group_score_low']:+.1f}, {row['group_score_high']:+.1f}]")
    win = f"{_pct(row['win_share'])} [{_pct(row['win_share_low'])}, {_pct(row['win_share_high'])}]"
    margin = f"{row['margin']:+.1f} [{row['margin_low']:+.1f}, {row['margin_high']:+.1f}]"
    if row["judged_by"] == "score margin":
        return f"score margin {margin} (win {_pct(row['win_share'])})"
    return f"win {win} vs {row['fair_share']:.0%}; margin {margin}"


def markdown(row: dict[str, Any]) -> str:
    """The row as a line of the README's strength table."""
    games = f"{row['games']} tables each" if row["judged_by"] == "group score" else row["games"]
    verdict = "yes" if row["beats"] else "NO"
    return f"| {row['setting']} | {row['a']} vs {row['b']} | {games} | {measure(row)} | {verdict} |"
