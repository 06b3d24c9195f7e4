"""The balance report as one self-contained HTML page, its plots embedded as PNG."""

from __future__ import annotations

import base64
import html
import io
import math
from typing import Any

import matplotlib

matplotlib.use("Agg")  # files only: no display is needed or wanted
import matplotlib.pyplot as plt
from matplotlib.figure import Figure

STYLE = """
body { font: 15px/1.5 system-ui, sans-serif; max-width: 980px; margin: 2em auto;
       padding: 0 1em; color: #1c1c1c; }
h1 { margin-bottom: 0.2em; } .meta { color: #555; }
.summary { background: #f3f6fa; border-left: 4px solid #3b6ea5; padding: 0.8em 1em; }
table { border-collapse: collapse; margin: 0.6em 0; } td, th { padding: 2px 10px;
        border-bottom: 1px solid #ddd; text-align: right; }
td:first-child, th:first-child { text-align: left; }
.flag { color: #b00020; font-weight: 600; } img { max-width: 100%; }
.wide { overflow-x: auto; }
"""


def _png(fig: Figure) -> str:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=90, bbox_inches="tight")
    plt.close(fig)
    data = base64.b64encode(buffer.getvalue()).decode()
    return f'<img alt="plot" src="data:image/png;base64,{data}">'


def _share_bars(labels: list[str], rows: list[dict[str, Any]], fair: float | None,
                title: str, key: str = "share") -> str:
    fig, ax = plt.subplots(figsize=(7, 0.5 + 0.45 * len(rows)))
    y = range(len(rows))
    values = [r[key] for r in rows]
    errors = [[r[key] - r["low"] for r in rows], [r["high"] - r[key] for r in rows]]
    ax.barh(list(y), values, xerr=errors, color="#6c9bd2", capsize=3)
    ax.set_yticks(list(y), labels)
    ax.invert_yaxis()
    if fair is not None:
        mark = f"fair seat ({fair:.0%})" if fair else "no effect"
        ax.axvline(fair, color="#b00020", linestyle="--", label=mark)
        ax.legend(loc="lower right")
    ax.set_title(title)
    return _png(fig)


def _histograms(series: list[list[float]], labels: list[str], title: str, xlabel: str) -> str:
    fig, ax = plt.subplots(figsize=(7, 3))
    clean = [[v for v in s if not math.isnan(v)] for s in series]
    if any(clean):
        ax.hist([s for s in clean], bins=20, label=labels, alpha=0.8)
        if len(labels) > 1:
            ax.legend()
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("games")
    return _png(fig)


def _table(head: list[str], rows: list[list[str]], flags: list[bool] | None = None) -> str:
    cells = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = []
    for i, row in enumerate(rows):
        mark = ' class="flag"' if flags and flags[i] else ""
        body.append(f"<tr{mark}>" + "".join(f"<td>{html.escape(c)}</td>" for c in row)
                    + "</tr>")
    # a wide table scrolls inside its frame, so the page keeps a phone's width
    return f"<div class=\"wide\"><table><tr>{cells}</tr>{''.join(body)}</table></div>"


def _interval(low: float, high: float, fmt: str = "{:.0%}") -> str:
    return f"{fmt.format(low)} – {fmt.format(high)}"


def render(report: dict[str, Any], title: str, comparison: dict[str, Any] | None = None,
           other: dict[str, Any] | None = None) -> str:
    """The page; with `comparison`, `report` is the default content and `other` the new."""
    n = report["players"]
    shown = other if other is not None else report
    parts = [f"<h1>{html.escape(title)}: balance report</h1>",
             f'<p class="meta">{shown["games"]} games, {n} players, every seat played by '
             f'{html.escape(shown["agent"])}; first seed {shown["seed"]}; options '
             f'{html.escape(str(shown["options"]))}; content {shown["content"]}.</p>',
             f'<p class="summary">{html.escape(shown["summary"])}</p>']
    if comparison is not None and other is not None:
        parts += _comparison(report, other, comparison)
    parts += _sections(shown)
    return ("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{html.escape(title)} balance</title><style>{STYLE}</style></head>"
            f"<body>{''.join(parts)}</body></html>\n")


def _sections(r: dict[str, Any]) -> list[str]:
    n = r["players"]
    seats = r["seats"]
    out = ["<h2>Win share by seat</h2>",
           f"<p>Verdict: <b>{html.escape(r['first_player']['verdict'])}</b>. "
           "Bars show 95% Wilson intervals; shared wins count as fractions. A fair seat "
           "wins its share of the games someone wins (a game the whole table loses is "
           "nobody's).</p>"]
    if n > 1:
        out.append(_share_bars([f"seat {s['seat']}" for s in seats], seats,
                               r["first_player"]["fair"], "Win share by seat"))
    out.append(_table(["Seat", "Win share", "95% interval", "Mean score", "95% interval"], [
        [str(s["seat"]), f"{s['share']:.1%}", _interval(s["low"], s["high"]),
         f"{s['score']['mean']:.1f}", _interval(s["score"]["low"], s["score"]["high"],
                                                "{:.1f}")] for s in seats]))
    out += ["<h2>Score distributions</h2>",
            _histograms(r["scores"], [f"seat {s + 1}" for s in range(n)],
                        "Final score by seat", "score"),
            "<h2>Game length</h2>",
            f"<p>Mean {r['length']['mean']:.1f} decisions (95% interval "
            f"{_interval(r['length']['low'], r['length']['high'], '{:.1f}')}).</p>",
            _histograms([r["lengths"]], ["games"], "Decisions per game", "decisions")]
    lead = r["lead"]
    out += ["<h2>Decisiveness and lead changes</h2>",
            "<p>The leader after each decision is the seat the game's own position "
            "estimate rates highest. <i>Settled</i> is how far through the game (0 = start, "
            "1 = end) the eventual sole winner took the lead for good: early means the game "
            "is decided early. Shared and lost games are left out of it.</p>",
            _histograms([lead["settled"]], ["settled"], "When the winner took the lead for "
                        "good", "share of the game"),
            _histograms([lead["changes"]], ["changes"], "Lead changes per game", "changes")]
    if r["chain"]:
        out += ["<h2>Skill chain</h2>",
                "<p>Each stronger level plays one seat against the weaker level in every "
                "other seat, seats rotated on the same deals. A clear step has its whole "
                "interval above chance.</p>",
                _share_bars([f"{s['stronger']} vs {s['weaker']}" for s in r["chain"]],
                            r["chain"], _same({s["fair"] for s in r["chain"]}),
                            "Win share of the stronger level"),
                _table(["Step", "Games", "Win share", "95% interval", "Fair seat", "Clear"], [
                    [f"{s['stronger']} over {s['weaker']}", str(s["games"]),
                     f"{s['share']:.1%}", _interval(s["low"], s["high"]), f"{s['fair']:.1%}",
                     "yes" if s["clear"] else "no"] for s in r["chain"]])]
    if r["components"]:
        rows = r["components"]
        judged = [c for c in rows if not math.isnan(c["table_difference"])][:30]
        out += ["<h2>Component impact</h2>",
                "<p>For each designed component named in a seat's moves: the win share of "
                "the seats that got or used it minus that of the seats that did not, with "
                "its 95% interval, over all seat-games and at the same table (only the "
                "games where some seats used it and others did not, so that how the game "
                "went for the whole table counts for both sides). The seats of one game "
                "share its result, so the intervals count games, not seats: at the same "
                "table each game gives its own difference and the figure is their mean. "
                "The same-table "
                "difference is the one judged: flagged (red) components clear an interval "
                f"widened for the {len(rows)} comparisons made at once (Bonferroni). A "
                "component is counted as used when a move the seat made names it and, as the "
                "game says, uses it (a discarded tile is named, not used). A gap also "
                "measures who comes to use a component (a building reached only by a "
                "city already ahead); what the component itself is worth to a level, "
                "an arena of the level against itself forgoing it tells: "
                f"<code>{html.escape(_forgo_command(r))}</code>.</p>",
                _share_bars([c["component"] for c in judged],
                            [{"d": c["table_difference"], "low": c["table_low"],
                              "high": c["table_high"]} for c in judged], 0.0,
                            "Win share difference at the same table (used − not used)",
                            key="d"),
                _table(["Component", "Seat-games used", "Win share used", "not used",
                        "Difference", "95% interval", "Games with both",
                        "At the same table", "95% interval"], [
                    [c["component"], str(c["used"]), f"{c['share_used']:.1%}",
                     f"{c['share_not']:.1%}", f"{c['difference']:+.1%}",
                     _interval(c["low"], c["high"], "{:+.1%}"), str(c["table_games"]),
                     f"{c['table_difference']:+.1%}",
                     _interval(c["table_low"], c["table_high"], "{:+.1%}")] for c in rows],
                    [c["outlier"] for c in rows])]
    if r.get("counts"):
        out += _own_counts(r["counts"])
    return out


def _own_counts(rows: list[dict[str, Any]]) -> list[str]:
    """The counts the game itself declares (`arena.counts`), over the whole table."""
    numbers = [c for c in rows if "by_name" not in c]
    out = ["<h2>The game's own counts</h2>",
           "<p>What the game itself counts in each finished game, over the whole table: "
           "a number's mean per game with its 95% interval, and the games where it "
           "occurred; a tally's total by name.</p>"]
    if numbers:
        out.append(_table(["Count", "Total", "Per game", "95% interval", "Games with any"], [
            [c["count"], str(c["total"]), f"{c['mean']:.2f}",
             _interval(c["low"], c["high"], "{:.2f}"), f"{c['games_with']} of {c['games']}"]
            for c in numbers]))
    for c in rows:
        if "by_name" in c:
            out += [f"<h3>{html.escape(c['count'].capitalize())}</h3>",
                    _table(["Name", "Total", "Per game"], [
                        [k["name"], str(k["total"]), f"{k['per_game']:.2f}"]
                        for k in c["by_name"]])]
    return out


def _forgo_command(r: dict[str, Any]) -> str:
    """The arena that measures one component's worth at this report's setting (its
    player count and options; with other content, add its --content)."""
    options = "".join(f" -o {k}={v}" for k, v in sorted(r["options"].items()))
    level = r["agent"]
    return (f"borough arena --game {r['game']} --players {r['players']}{options} "
            f"--agents '{level},{level} without NAME' --format gauntlet")


def _same(values: set[float]) -> float | None:
    """The one fair share of every step, or None (no single line) when they differ."""
    return next(iter(values)) if len(values) == 1 else None


def _comparison(base: dict[str, Any], other: dict[str, Any],
                comparison: dict[str, Any]) -> list[str]:
    changes = comparison["changes"] or ["(no field differs)"]
    rows = comparison["rows"]
    out = ["<h2>Against the default content</h2>",
           f"<p>Both contents played the same {other['games']} deals. "
           f"Default content {base['content']}, this content {other['content']}.</p>",
           "<h3>What changed</h3><ul>"
           + "".join(f"<li>{html.escape(c)}</li>" for c in changes) + "</ul>",
           "<h3>What moved</h3><p>Differences are this content minus the default, with "
           "95% intervals; red rows moved beyond chance.</p>",
           _table(["Measure", "Default", "This content", "Difference", "95% interval"], [
               [r["measure"], _number(r["measure"], r["base"]),
                _number(r["measure"], r["other"]), _number(r["measure"], r["difference"], "+"),
                f"{_number(r['measure'], r['low'], '+')} – "
                f"{_number(r['measure'], r['high'], '+')}"]
               for r in rows], [r["moved"] for r in rows])]
    if base["players"] > 1:
        fig, ax = plt.subplots(figsize=(7, 3))
        xs = range(base["players"])
        for offset, (label, rep) in enumerate((("default", base), ("this content", other))):
            shares = [s["share"] for s in rep["seats"]]
            errs = [[s["share"] - s["low"] for s in rep["seats"]],
                    [s["high"] - s["share"] for s in rep["seats"]]]
            ax.bar([x + 0.4 * offset for x in xs], shares, 0.4, yerr=errs, capsize=3,
                   label=label)
        ax.set_xticks([x + 0.2 for x in xs], [f"seat {x + 1}" for x in xs])
        ax.axhline(1 / base["players"], color="#b00020", linestyle="--")
        ax.set_title("Win share by seat, both contents")
        ax.legend()
        out.append(_png(fig))
    return out


def _number(measure: str, value: float, sign: str = "") -> str:
    """A measure's value: win shares as percentages, the rest as numbers; `sign="+"`
    for differences."""
    if math.isnan(value):
        return "–"
    if "win share" in measure:
        return f"{value:{sign}.1%}"
    return f"{value:{sign}.2f}"
