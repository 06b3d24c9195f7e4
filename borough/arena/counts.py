"""A game's own counts in a balance report: numbers only the game knows to count.

A game declares them in `borough/games/<game>/balance_counts.py`, found through
its registry entry: `counts(game, state, record)` gives, for one finished game,
a mapping from a count's name to a whole number (Promises kept) or to a tally by
name (cards taken: Mayor 3, Architect 1). A game without the module adds none.
The report sums each over its games: a number's mean per game with its 95%
interval and the games where it occurred, a tally's total by name.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import cache
from typing import Any

from borough.arena import stats
from borough.games.registry import part

Hook = Callable[[Any, Any, Any], dict[str, Any]]


@cache
def hook(game: str) -> Hook | None:
    """Game `game`'s `counts` function, or None where it declares no counts."""
    module = part(game, "balance_counts")
    if module is None:
        return None
    found: Hook = module.counts
    return found


def of(game: Any, state: Any, record: Any) -> dict[str, Any] | None:
    """The finished game's own counts, as plain data; None for a game without any."""
    own = hook(game.name)
    if own is None:
        return None
    return {name: dict(value) if isinstance(value, dict) else int(value)
            for name, value in own(game, state, record).items()}


def summarise(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each count over the games whose results hold counts, in the game's order."""
    counted = [r["counts"] for r in results if r.get("counts") is not None]
    names = list(dict.fromkeys(name for c in counted for name in c))
    rows = []
    for name in names:
        values = [c.get(name) for c in counted]
        if any(isinstance(v, dict) for v in values):
            total: Counter[str] = Counter()
            for v in values:
                total.update(v or {})
            rows.append({"count": name, "games": len(counted), "total": total.total(),
                         "by_name": [{"name": k, "total": n, "per_game": n / len(counted)}
                                     for k, n in total.most_common()]})
        else:
            numbers = [float(v or 0) for v in values]
            mean, low, high = stats.mean_interval(numbers)
            low = max(0.0, low)  # a count is never negative, whatever the normal curve says
            rows.append({"count": name, "games": len(counted), "total": int(sum(numbers)),
                         "values": numbers, "mean": mean, "low": low, "high": high,
                         "games_with": sum(1 for v in numbers if v)})
    return rows


def lines(rows: list[dict[str, Any]]) -> list[str]:
    """The counts in words, a line each."""
    out = []
    for row in rows:
        if "by_name" in row:
            named = ", ".join(f"{k['name']} {k['total']}" for k in row["by_name"])
            out.append(f"{row['count']}: {named or 'none'}")
        else:
            out.append(f"{row['count']}: {row['total']} in {row['games']} games "
                       f"({row['mean']:.2f} a game, 95% interval {row['low']:.2f}–"
                       f"{row['high']:.2f}; in {row['games_with']} of {row['games']} games)")
    return out
