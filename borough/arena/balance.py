"""What many games at one level say about a game's fairness and its components.

`study` plans the games, `analyse` turns their results into plain numbers
(each with its 95% interval) that the HTML report draws and `--json` prints.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from borough.arena import counts, stats
from borough.arena.jobs import Job
from borough.games import content as contents

CHAIN = ("random", "easy", "medium", "hard")


@dataclass(frozen=True)
class Study:
    game: str
    players: int
    games: int
    agent: str = "medium"
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    content: str | None = None
    chain: tuple[str, ...] = CHAIN
    chain_games: int = 0
    """Deals per step of the skill chain (each played once per seat rotation)."""

    def components(self) -> tuple[str, ...]:
        """Names of the designed components: every named entry of the data files."""
        return contents.component_names(self.game, self.content)

    def jobs(self) -> list[Job]:
        seats = (self.agent,) * self.players
        watch = self.components()
        out = [Job(f"g{i}", self.game, self.players, self.seed + i, seats, self.options,
                   self.content, watch, track_lead=True, game_counts=True)
               for i in range(self.games)]
        if self.players > 1:
            for step, (weak, strong) in enumerate(pairwise(self.chain)):
                for d in range(self.chain_games):
                    for seat in range(self.players):
                        lineup = tuple(strong if s == seat else weak
                                       for s in range(self.players))
                        out.append(Job(f"s{step}d{d}r{seat}", self.game, self.players,
                                       self.seed + d, lineup, self.options, self.content))
        return out


def analyse(study: Study, results: list[dict[str, Any]]) -> dict[str, Any]:
    main = [r for r in results if r["key"].startswith("g")]
    main.sort(key=lambda r: int(r["key"][1:]))
    n = study.players
    report: dict[str, Any] = {
        "game": study.game, "players": n, "agent": study.agent, "games": len(main),
        "seed": study.seed, "options": study.options,
        "content": main[0]["content"] if main else None,
        "seats": _seats(main, n), "length": _spread([r["length"] for r in main]),
        "lengths": [r["length"] for r in main],
        "scores": [[r["scores"][s] for r in main] for s in range(n)],
        "lead": _lead(main), "components": _components(study.components(), main, n),
        "chain": _chain(study, results), "counts": counts.summarise(main),
    }
    report["first_player"] = _first_player(report["seats"], n, _fair(main, n))
    report["summary"] = summary(report)
    return report


def _spread(values: list[float]) -> dict[str, float]:
    mean, low, high = stats.mean_interval([float(v) for v in values])
    return {"mean": mean, "low": low, "high": high,
            "sd": statistics.pstdev(values) if values else math.nan}


def _credit(result: dict[str, Any], seat: int) -> float:
    winners = result["winners"]
    return 1 / len(winners) if seat in winners else 0.0


def _seats(main: list[dict[str, Any]], n: int) -> list[dict[str, Any]]:
    rows = []
    for seat in range(n):
        wins = sum(_credit(r, seat) for r in main)
        low, high = stats.wilson(wins, len(main))
        rows.append({"seat": seat + 1, "wins": wins,
                     "share": wins / len(main) if main else math.nan, "low": low,
                     "high": high, "score": _spread([r["scores"][seat] for r in main])})
    return rows


def _fair(games: list[dict[str, Any]], n: int) -> float:
    """A fair seat's win share: 1/n of the games someone wins (in a game the whole table
    can lose, the lost games are nobody's)."""
    decided = sum(1 for r in games if r["winners"]) / len(games) if games else 1.0
    return decided / n


def _first_player(seats: list[dict[str, Any]], n: int, fair: float) -> dict[str, Any]:
    first = seats[0]
    if n == 1:
        verdict = "a solo game has no seat order"
    elif first["low"] > fair:
        verdict = "the first player has an advantage"
    elif first["high"] < fair:
        verdict = "the first player is at a disadvantage"
    else:
        verdict = "no first-player advantage shows"
    return {"fair": fair, "verdict": verdict, "clear": n > 1 and not (
        first["low"] <= fair <= first["high"])}


def _lead(main: list[dict[str, Any]]) -> dict[str, Any]:
    settled = [r["lead"]["settled"] for r in main if r["lead"]["settled"] is not None]
    changes = [r["lead"]["changes"] for r in main]
    return {"settled": settled, "changes": changes,
            "settled_mean": _spread(settled), "changes_mean": _spread(changes)}


def _components(names: tuple[str, ...], main: list[dict[str, Any]], n: int) -> list[dict]:
    """Win share of the seats that used each component against the seats that did not:
    over all seat-games, and at the same table (only the games where some seats used it
    and others did not). The second is the one judged: where the whole table can lose,
    or long games see more components, the first also measures how the game went for
    everyone; a rival at the same table shares that. The seats of one game share its
    result, so the intervals count games, not seat-games, as the independent draws:
    over all seat-games `stats.clustered_share_difference`, at the same table the
    mean of each game's own difference (`stats.paired_share_difference`)."""
    rows: list[dict[str, Any]] = []
    tallies = []
    for name in names:
        every, table = _per_game(name, main, n)
        n_used = sum(g[1] for g in every)
        if n_used and sum(g[3] for g in every):
            tallies.append((name, every, table))
    # Many components are tested at once: an outlier must clear a Bonferroni-widened
    # interval, so fair components are not flagged by chance alone.
    z_all = stats.z_for(1 - 0.05 / max(1, len(tallies)))
    for name, every, table in tallies:
        wins, n_used = sum(g[0] for g in every), sum(g[1] for g in every)
        wins_not, n_not = sum(g[2] for g in every), sum(g[3] for g in every)
        diff, low, high = stats.clustered_share_difference(every)
        t_diff, t_low, t_high = stats.paired_share_difference(table)
        _, wide_low, wide_high = stats.paired_share_difference(table, z_all)
        rows.append({"component": name, "used": n_used, "share_used": wins / n_used,
                     "share_not": wins_not / n_not, "difference": diff, "low": low,
                     "high": high, "table_games": len(table), "table_difference": t_diff,
                     "table_low": t_low, "table_high": t_high,
                     "outlier": not math.isnan(t_diff) and not wide_low <= 0 <= wide_high})
    rows.sort(key=lambda row: -abs(row["table_difference"])
              if not math.isnan(row["table_difference"]) else 0.0)
    return rows


Tally = tuple[float, int, float, int]  # one game's wins and seats: users, then the rest


def _per_game(name: str, main: list[dict[str, Any]],
              n: int) -> tuple[list[Tally], list[Tally]]:
    """Per game, the wins and seats of the seats that used the component and of the
    others: every game, and the games where some seats used it and others did not."""
    every: list[Tally] = []
    table: list[Tally] = []
    for r in main:
        wins_u = wins_n = 0.0
        n_u = 0
        for s in range(n):
            if name in r["used"][s]:
                wins_u, n_u = wins_u + _credit(r, s), n_u + 1
            else:
                wins_n += _credit(r, s)
        tally = (wins_u, n_u, wins_n, n - n_u)
        every.append(tally)
        if 0 < n_u < n:
            table.append(tally)
    return every, table


def _chain(study: Study, results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    steps = []
    for step, (weak, strong) in enumerate(pairwise(study.chain)):
        games = [r for r in results if r["key"].startswith(f"s{step}d")]
        if not games:
            continue
        fair = _fair(games, study.players)
        wins = sum(_credit(r, r["seats"].index(strong)) for r in games)
        low, high = stats.wilson(wins, len(games))
        steps.append({"weaker": weak, "stronger": strong, "games": len(games),
                      "share": wins / len(games), "low": low, "high": high, "fair": fair,
                      "clear": low > fair})
    return steps


def summary(report: dict[str, Any]) -> str:
    """One paragraph: what looks unbalanced, and what does not."""
    parts = []
    first = report["first_player"]
    if report["players"] > 1:
        seat = report["seats"][0]
        parts.append(f"Over {report['games']} games at the {report['agent']} level, "
                     f"{first['verdict']} (seat 1 wins {seat['share']:.0%}, 95% interval "
                     f"{seat['low']:.0%}–{seat['high']:.0%}, against {first['fair']:.0%} "
                     "for a fair seat).")
        skewed = [s for s in report["seats"][1:] if not s["low"] <= first["fair"] <= s["high"]]
        if skewed and report["players"] > 2:  # with two, seat 2 mirrors seat 1
            parts.append("Seat " + ", ".join(str(s["seat"]) for s in skewed)
                         + " also wins more or less often than chance.")
    outliers = [c for c in report["components"] if c["outlier"]]
    if outliers:
        parts.append("Components whose users win clearly more or less often than their "
                     "rivals at the same table: " + "; ".join(
                         f"{c['component']} ({c['table_difference']:+.0%})"
                         for c in outliers[:8]) + ".")
    elif report["components"]:
        parts.append(f"None of the {len(report['components'])} components measured moves "
                     "the win share beyond chance.")
    weak_steps = [s for s in report["chain"] if not s["clear"]]
    if weak_steps:
        parts.append("Skill does not clearly pay between " + ", ".join(
            f"{s['weaker']} and {s['stronger']}" for s in weak_steps) + ".")
    elif report["chain"]:
        parts.append("Each stronger level clearly beats the one below it.")
    settled = report["lead"]["settled_mean"]
    if not math.isnan(settled["mean"]):
        parts.append(f"The winner takes the lead for good {settled['mean']:.0%} of the way "
                     f"through the game on average, after "
                     f"{report['lead']['changes_mean']['mean']:.1f} lead changes.")
    return " ".join(parts)


def compare(base: dict[str, Any], other: dict[str, Any],
            changes: list[str]) -> dict[str, Any]:
    """What moved from `base` (the default content) to `other`, with 95% intervals."""
    rows = []
    for a, b in zip(base["seats"], other["seats"], strict=True):
        diff, low, high = stats.share_difference(b["wins"], other["games"], a["wins"],
                                                 base["games"])
        rows.append({"measure": f"seat {a['seat']} win share", "base": a["share"],
                     "other": b["share"], "difference": diff, "low": low, "high": high})
    for s in range(base["players"]):
        rows.append(_mean_row(f"seat {s + 1} mean score", base["scores"][s],
                              other["scores"][s]))
    rows.append(_mean_row("game length (decisions)", base["lengths"], other["lengths"]))
    rows.append(_mean_row("winner settled (share of game)", base["lead"]["settled"],
                          other["lead"]["settled"]))
    # the game's own counts that are numbers, per game (a tally by name is not compared)
    others = {row["count"]: row for row in other.get("counts", []) if "values" in row}
    for row in base.get("counts", []):
        if "values" in row and row["count"] in others:
            rows.append(_mean_row(f"{row['count']} per game", row["values"],
                                  others[row["count"]]["values"]))
    for row in rows:
        row["moved"] = not (row["low"] <= 0 <= row["high"])
    return {"changes": changes, "rows": rows}


def _mean_row(measure: str, a: list[float], b: list[float]) -> dict[str, Any]:
    mean_a, mean_b = statistics.fmean(a) if a else math.nan, statistics.fmean(b) if b else math.nan
    var = (statistics.variance(a) / len(a) if len(a) > 1 else 0.0) + (
        statistics.variance(b) / len(b) if len(b) > 1 else 0.0)
    half = stats.Z95 * math.sqrt(var)
    diff = mean_b - mean_a
    return {"measure": measure, "base": mean_a, "other": mean_b, "difference": diff,
            "low": diff - half, "high": diff + half}
