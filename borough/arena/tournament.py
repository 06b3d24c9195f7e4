"""Arenas: which games a tournament plays, and the table its results make.

Every lineup of agents plays the same deals (paired seeds), each deal once per
seat rotation, so no agent is favoured by the cards or by its seat. Ratings
are OpenSkill's Plackett-Luce model, fed the games in plan order, so the same
results give the same ratings however and wherever they were played.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce

from borough.arena import stats
from borough.arena.jobs import Job

FORMATS = ("round-robin", "gauntlet", "ladder")


@dataclass(frozen=True)
class Arena:
    game: str
    players: int
    agents: tuple[str, ...]
    deals: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    format: str = "round-robin"
    content: str | None = None
    cooperative: bool = False
    """The seats share one score (a ladder then compares whole tables)."""
    label: str = ""
    """How tables and job keys name this arena (default: game and player count)."""

    @property
    def name(self) -> str:
        return self.label or f"{self.game} {self.players}p"

    def plan(self) -> dict[str, Any]:
        """What the results file must agree with to be continued."""
        return {"game": self.game, "players": self.players, "agents": list(self.agents),
                "deals": self.deals, "seed": self.seed, "options": self.options,
                "format": self.format, "content": self.content, "name": self.name}

    def steps(self) -> list[tuple[str, str]]:
        """A ladder's pairings: each agent against the next one in the list."""
        return list(itertools.pairwise(self.agents))

    def lineups(self) -> list[tuple[str, ...]]:
        """The agents at one table, before rotation."""
        agents, n = self.agents, self.players
        if self.format == "ladder":
            if self.cooperative:  # a whole table of each agent on the same deals
                return [(agent,) * n for agent in agents]
            return [(a, *([b] * (n - 1))) for a, b in self.steps()]
        if self.format == "gauntlet":
            challenger, rivals = agents[0], agents[1:]
            return [(challenger, *([rival] * (n - 1))) for rival in rivals]
        if len(agents) >= n:
            return list(itertools.combinations(agents, n))
        # Fewer agents than seats: one table, the agents in turn around it.
        return [tuple(agents[s % len(agents)] for s in range(n))]

    def jobs(self) -> list[Job]:
        return [job for _, job in self.tables()]

    def tables(self) -> list[tuple[int, Job]]:
        """Every job with the index of its lineup, in plan order."""
        out = []
        for t, lineup in enumerate(self.lineups()):
            rotations = dict.fromkeys(lineup[r:] + lineup[:r] for r in range(len(lineup)))
            for d in range(self.deals):
                for r, seats in enumerate(rotations):
                    out.append((t, Job(f"{self.name}/t{t}d{d}r{r}", self.game, self.players,
                                       self.seed + d, seats, self.options, self.content)))
        return out


def placings(result: dict[str, Any]) -> list[int]:
    """Rank per seat, 1 best: the winners first, then by score (a lost game ties all)."""
    scores, winners = result["scores"], result["winners"]
    if not winners:
        return [1] * len(scores)
    order = sorted({s for i, s in enumerate(scores) if i not in winners}, reverse=True)
    return [1 if i in winners else 2 + order.index(s) for i, s in enumerate(scores)]


def own_results(arena: Arena, results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The arena's results among a run's, in plan order."""
    order = {job.key: i for i, job in enumerate(arena.jobs())}
    return sorted((r for r in results if r["key"] in order), key=lambda r: order[r["key"]])


def standings(arena: Arena, results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per agent: rating, win share and score margin with their intervals."""
    results = own_results(arena, results)
    model = PlackettLuce()
    ratings = {a: model.rating(name=a) for a in arena.agents}
    games = dict.fromkeys(arena.agents, 0)
    wins = dict.fromkeys(arena.agents, 0.0)
    margins: dict[str, list[float]] = {a: [] for a in arena.agents}
    for result in results:
        seats, scores, winners = result["seats"], result["scores"], result["winners"]
        ranks = placings(result)
        for seat, agent in enumerate(seats):
            games[agent] += 1
            if seat in winners:
                wins[agent] += 1 / len(winners)
            rivals = [scores[s] for s in range(len(seats)) if s != seat]
            if rivals:
                margins[agent].append(scores[seat] - max(rivals))
        # An agent in several seats is one team placed by its best seat.
        present = list(dict.fromkeys(seats))
        if len(present) > 1:
            best: list[float] = [min(ranks[s] for s in range(len(seats)) if seats[s] == a)
                                 for a in present]
            rated = model.rate([[ratings[a]] for a in present], ranks=best)
            for a, team in zip(present, rated, strict=True):
                ratings[a] = team[0]
    fair = 1 / arena.players
    rows: list[dict[str, Any]] = []
    for agent in arena.agents:
        low, high = stats.wilson(wins[agent], games[agent])
        mean, m_low, m_high = stats.mean_interval(margins[agent])
        rating = ratings[agent]
        rows.append({
            "agent": agent, "games": games[agent], "wins": wins[agent],
            "win_share": wins[agent] / games[agent] if games[agent] else math.nan,
            "win_share_low": low, "win_share_high": high, "fair_share": fair,
            "margin": mean, "margin_low": m_low, "margin_high": m_high,
            "mu": rating.mu, "sigma": rating.sigma, "rating": rating.ordinal(),
        })
    rows.sort(key=lambda row: -row["rating"])
    return rows
