"""Small City balance under simulation: seats, strategies, promises, game length, rules.

Sensible players here are one-ply greedy players on a sampled full state (they
never look at hidden cards): each tries up to a dozen of its legal actions,
finishes a compound decision (a tile and its place) greedily, and keeps the
one that most improves an estimate of its final score. A leaning adds a
bonus for one strategy: homes, industry, commerce or the City Council.

1. Win share by place in the first round's turn order, 3 and 4 players, all
   seats balanced (a fair seat wins 1/n).
2. Win share by leaning in seat-rotated 4-player games.
3. How often each Promise is kept at the end (every game above).
4. Game length per victory mode (decisions and seconds, 4 players).
5. Promises kept when each seat works toward a card from a set deck.
6. How often each rule is exercised in random games (all modes, sides, counts).

    python benchmarks/smallcity_balance.py [--games N] [--random-games N] [--only PART]
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import time
from collections import Counter, defaultdict
from pathlib import Path

import borough
import borough.games.smallcity as package
from borough.games.smallcity import citizens, pollution, scoring
from borough.games.smallcity.build import stored
from borough.games.smallcity.rules import CARDS
from borough.games.smallcity.state import SmallCityState

GAME = borough.game("smallcity")
GAME_DIR = Path(package.__file__).parent
LEANINGS = ("balanced", "homes", "industry", "commerce", "council")
FOLLOW_UPS = frozenset({"place", "warehouse", "extend", "to", "keep", "benefit", "staff",
                        "waive", "spend", "store"})


def estimate(st: SmallCityState, s: int, lean: str) -> float:
    """What the seat's final score looks like from here, plus its leaning."""
    seat = st.seats[s]
    if seat.eliminated:
        return -1000.0
    left = max(0, GAME.rounds + 1 - st.round)
    tiles = [(GAME.types[t.type], t) for t in seat.tiles if t is not None]
    spaces: Counter = Counter()
    for t, tile in tiles:
        spaces[t.family] += len(tile.cells)
    mats = sum(stored(GAME, seat))
    promise = 0.0
    if seat.promise > 0:
        card = GAME.content.promises[seat.promise - 1]
        # the seat works toward its Promise: each step of the way is worth a share
        # of the swing between breaking and keeping it
        gain, loss = scoring.PROMISE_GAIN[card.deck], scoring.PROMISE_LOSS[card.deck]
        promise = scoring.progress(GAME, st, s, card) * (gain + loss) - loss
    if st.mode == "economic":
        base = seat.money + seat.revenue + scoring.revenue(GAME, st, s) * left + promise
    elif st.mode == "citizens":
        base = seat.in_play_total + scoring.in_play(st, s) * left + 0.3 * seat.money
    elif st.mode == "cultural":
        cult = sum(len(x.cells) for t, x in tiles if t.cultural)
        base = 4 * cult + 1.5 * mats + 0.3 * seat.money
    else:
        # income still to come from today's workers: $1 shops, conversions, factories
        shops = sum(1.0 if mark == 0 else 1.5
                    for _, mark in citizens.workplaces(GAME, st, s, "commercial"))
        works = 0.8 * len(citizens.workplaces(GAME, st, s, "factory"))
        # pollution still to come if this round's is repeated: it costs votes at the end
        future = pollution.generated(GAME, st, s) * left
        base = (seat.votes + pollution.votes_of(GAME, st, s) * left + 0.35 * seat.money
                + 0.35 * (shops + works) * left + promise - seat.pollution - 0.5 * future
                - 4 * len(seat.specials) + 0.8 * mats + 0.3 * sum(spaces.values()))
    base += 0.5 * sum(spaces.values()) + 0.5 * sum(seat.disc_col)
    bonus = {
        "homes": spaces["residential"],
        "industry": spaces["factory"] + mats,
        "commerce": spaces["commercial"],
        "council": sum(seat.disc_col),
    }.get(lean, 0)
    return base + 1.5 * bonus


class Leaning:
    """A one-ply greedy player on a sampled state, with a strategic leaning."""

    def __init__(self, lean: str, seed: int, width: int = 12, deck: int | None = None) -> None:
        self.lean = lean
        self.rng = random.Random(seed)
        self.width = width
        self.deck = deck  # when set, the Promise deck this player keeps its card from

    def _follow(self, st: SmallCityState, s: int, depth: int) -> float:
        step = st.seats[s].bstep if st.phase == "build" else st.step
        if depth == 0 or s not in GAME.to_act(st) or step not in FOLLOW_UPS:
            return estimate(st, s, self.lean)
        acts = GAME.legal_actions(st, s)
        best = None
        for a in self.rng.sample(acts, min(4, len(acts))):
            trial = st.copy()
            GAME.apply(trial, s, a)
            v = self._follow(trial, s, depth - 1)
            best = v if best is None or v > best else best
        return estimate(st, s, self.lean) if best is None else best

    def choose(self, st: SmallCityState, s: int) -> tuple:
        acts = GAME.legal_actions(st, s)
        if len(acts) == 1:
            return acts[0]
        if st.step == "promise" and self.deck is not None:
            offered = st.seats[s].offered
            for a in acts:
                if GAME.content.promises[offered[a[1]] - 1].deck == self.deck:
                    return a
        world = GAME.determinize(st, s, self.rng)
        best, best_value = acts[0], None
        for a in self.rng.sample(acts, min(self.width, len(acts))):
            trial = world.copy()
            GAME.apply(trial, s, a)
            value = self._follow(trial, s, 2) + self.rng.random() * 0.1
            if best_value is None or value > best_value:
                best, best_value = a, value
        return best


def play(players: int, seed: int, leans: list[str], options: dict | None = None,
         decks: list[int] | None = None):
    st = GAME.setup(players, seed, options or {})
    first_order = None
    agents = [Leaning(leans[s], seed * 31 + s, deck=decks[s] if decks else None)
              for s in range(players)]
    decisions = 0
    t0 = time.process_time()
    while not GAME.is_over(st):
        if first_order is None and st.phase != "setup":
            first_order = list(st.order)
        s = GAME.to_act(st)[0]
        GAME.apply(st, s, agents[s].choose(st, s))
        decisions += 1
    return st, first_order or list(st.order), decisions, time.process_time() - t0


def share(wins: dict, key, games: int) -> str:
    return f"{wins[key] / games:5.1%}" if games else "  -  "


MET: Counter = Counter()  # final positions meeting each Promise, kept or not
POSITIONS = [0]


def promise_tally(st: SmallCityState, kept: Counter, held: Counter) -> None:
    for row in GAME.result(st).detail["rows"]:
        if row["promise"] > 0:
            held[row["promise"]] += 1
            kept[row["promise"]] += bool(row["promise_kept"])
    if st.mode in ("basic", "votes"):
        for s in range(st.players):
            POSITIONS[0] += 1
            for card in GAME.content.promises:
                MET[card.number] += scoring.kept(GAME, st, s, card)


def seats_part(games: int, kept: Counter, held: Counter) -> None:
    print("1. Win share by place in turn order (balanced players; fair = 1/n)")
    for n in (3, 4):
        wins: dict = defaultdict(float)
        first_cash: list[float] = []
        for i in range(games):
            st, order, _, _ = play(n, 1000 * n + i, ["balanced"] * n)
            res = GAME.result(st)
            for w in res.winners:
                wins[order.index(w)] += 1 / len(res.winners)
            first_cash.append(res.scores[order[0]] - statistics.fmean(res.scores))
            promise_tally(st, kept, held)
        row = "  ".join(f"place {p + 1} {share(wins, p, games)}" for p in range(n))
        print(f"   {n} players, {games} games: {row}; first place's score vs the "
              f"table mean {statistics.fmean(first_cash):+.1f}")


def leaning_part(games: int, kept: Counter, held: Counter) -> None:
    print("2. Win share by leaning (4 players, seats rotated; fair = 25%)")
    groups = [LEANINGS[:4], (LEANINGS[0], *LEANINGS[2:])]
    for group in groups:
        wins: dict = defaultdict(float)
        scores: dict = defaultdict(list)
        for i in range(games):
            leans = [group[(s + i) % 4] for s in range(4)]
            st, _, _, _ = play(4, 5000 + i, leans)
            res = GAME.result(st)
            for w in res.winners:
                wins[leans[w]] += 1 / len(res.winners)
            for s, lean in enumerate(leans):
                scores[lean].append(res.scores[s])
            promise_tally(st, kept, held)
        print("   " + "  ".join(f"{lean} {share(wins, lean, games)} "
                                 f"(mean {statistics.fmean(scores[lean]):.1f})"
                                 for lean in group))


def modes_part(games: int, kept: Counter, held: Counter) -> None:
    print("3. Game length by victory (4 balanced players)")
    for mode in ("basic", "votes", "economic", "citizens", "cultural"):
        lengths, seconds, lost = [], [], 0
        for i in range(games):
            st, _, decisions, secs = play(4, 9000 + i, ["balanced"] * 4, {"mode": mode})
            lengths.append(decisions)
            seconds.append(secs)
            lost += sum(seat.eliminated for seat in st.seats)
            promise_tally(st, kept, held)
        print(f"   {mode:>8}: decisions median {statistics.median(lengths):.0f} "
              f"(min {min(lengths)}, max {max(lengths)}), {statistics.median(seconds):.2f} s "
              f"per game, {lost} seats lost to pollution")


def promises_part(games: int) -> None:
    """Each seat keeps its card from a set deck (rotating with seat and game), so
    that every Promise is held; kept/held per card and the share of all final
    positions meeting it; Special Promises met, and met by one seat alone."""
    print("5. Promises worked toward (4 players, basic game)")
    kept: Counter = Counter()
    held: Counter = Counter()
    met: Counter = Counter()
    alone: Counter = Counter()
    positions = 0
    for i in range(games):
        st, _, _, _ = play(4, 20000 + i, ["balanced"] * 4, decks=[(i + s) % 3 for s in range(4)])
        promise_tally(st, kept, held)
        for s in range(4):
            positions += 1
            for card in GAME.content.specials:
                met[card.number] += scoring.kept(GAME, st, s, card)
                alone[card.number] += scoring.special_kept(GAME, st, s, card)
    print("   kept/held: " + ", ".join(f"#{n} {kept[n]}/{held[n]}" for n in sorted(held)))
    print("   Special Promises met / met alone: " + ", ".join(
        f"#{n} {met[n] / positions:.0%}/{alone[n] / positions:.0%}" for n in sorted(met)))


# ------------------------------------------------------- rules exercised
PATTERNS: tuple[tuple[str, str], ...] = (
    ("SC-6", r"The mayor parades"), ("SC-8", r"finds no street"),
    ("SC-9", r"takes the .* card for \$"), ("SC-13", r"as Supporter"),
    ("SC-10", r"Architect waives"), ("SC-25", r"Screens up"),
    ("SC-46", r"plays on the \w+ side"), ("SC-28", r"grows the Constructible Zone"),
    ("SC-39", r"demolishes"), ("SC-40", r"upgrades the"), ("SC-42", r"Constructible Zone to"),
    ("SC-31", r"builds a Level-\d Residential"), ("SC-32", r"builds a Level-\d (Res|Fac)"),
    ("SC-20", r"builds a Level-[2-5]"), ("SC-33", r"builds a Level-\d Factory"),
    ("SC-34", r"builds a Warehouse"), ("SC-35", r"builds a Level-\d Commercial"),
    ("SC-36", r"builds a \w+ Park"), ("SC-30", r"builds a .* for \$[1-9]"),
    ("SC-7", r"The mayor parades"), ("SC-86", r"hosts the mayor"), ("SC-89", r" scores -?\d"),
    ("SC-90", r"^Winner"), ("SC-70", r"Pollution kills"), ("SC-80", r"from the Department"),
    ("SC-37", r"builds a (Refinery|Harbor|Police|Fire)"),
    ("SC-38", r"builds a (School|Library|Museum|Metro|Clinic|University)"),
    ("SC-21", r"builds a Harbor"), ("SC-50", r"staffs the"), ("SC-51", r"sends .* tourist home"),
    ("SC-52", r"moves a citizen"), ("SC-56", r"finds no space"),
    ("SC-62", r"new citizen\(s\) arrive"), ("SC-63", r"[1-9]\d* from tourists"),
    ("SC-64", r"(sells a|buys \d+ votes|trades a)"), ("SC-65", r"factories produce"),
    ("SC-65", r"stores a"), ("SC-65", r"back to the reserve"), ("SC-66", r"gains \d+ votes"),
    ("SC-68", r"generates [1-9]"), ("SC-69", r"loses the game"), ("SC-71", r"Pollution kills"),
    ("SC-73", r"saved by the Fire"), ("SC-74", r"Cemetery is laid"),
    ("SC-74", r"nobody knows"), ("SC-78", r"moves to column"), ("SC-81", r"column 4"),
    ("SC-82", r"Department of Industry"), ("SC-84", r"Department of Economy"),
    ("SC-85", r"Department of Tourism"), ("SC-A3", r"makes a Special Promise"),
    ("SC-87", r"Round \d+ begins"), ("SC-88", r"reveals Promise"),
)
ACTION_RULES = {
    "hall": ("SC-44",), "side": ("SC-46",), "promise": ("SC-4",), "expand": ("SC-14", "SC-28"),
    "demolish": ("SC-29", "SC-39"), "upgrade": ("SC-40", "SC-41"), "extend": ("SC-40",),
    "house": ("SC-61",), "kill": ("SC-72",), "bury": ("SC-74",), "enter": ("SC-79",),
    "advance": ("SC-79",), "keep": ("SC-A3",), "waive": ("SC-10",), "spend": ("SC-38",),
    "store": ("SC-65",), "sell": ("SC-64",), "trade": ("SC-64",), "lot": ("SC-64",),
    "staff": ("SC-50",), "pick": ("SC-53",), "to": ("SC-54", "SC-57"), "done": (),
}
STEP_RULES = {"tile": ("SC-83",), "build": ("SC-27",)}
END_RULES = {"economic": "SC-A7", "citizens": "SC-A9", "cultural": "SC-A11"}
CARD_RULES = {"Mayor": "SC-17", "Architect": "SC-10", "Mediator": "SC-11",
              "Engineer": "SC-12", "Supporter": "SC-13", "Urban Planner": "SC-14",
              "City Councilor": "SC-15", "Opponent": "SC-16"}


def rules_part(games: int) -> None:
    compiled = [(rule, re.compile(p)) for rule, p in PATTERNS]
    seen: Counter = Counter()
    option_sets = GAME.option_sets()
    for i in range(games):
        players = 1 + i % 4
        options = option_sets[i % len(option_sets)]
        if players == 1 and "level" not in options:
            options = {**options, "level": ("citizen", "president", "governor")[i % 3]}
        rng = random.Random(i)
        st = GAME.setup(players, seed=i, options=options)
        seen["SC-1"] += 1
        seen["SC-2"] += 1
        seen["SC-3"] += 1
        seen["SC-5"] += 1
        if st.mode != "basic":
            seen["SC-A1"] += 1
            seen["SC-A2"] += 1
            seen[{"votes": "SC-A5", "economic": "SC-A6", "citizens": "SC-A8",
                  "cultural": "SC-A10"}[st.mode]] += 1
        if players == 1:
            seen["SC-S1"] += 1
        while not GAME.is_over(st):
            s = GAME.to_act(st)[0]
            step = st.seats[s].bstep if st.phase == "build" else st.step
            action = rng.choice(GAME.legal_actions(st, s))
            kind = "hall" if step == "hall" else action[0]
            if kind == "card":
                seen[CARD_RULES[CARDS[st.circle[action[1]]]]] += 1
                if players == 1:
                    seen["SC-S2"] += 1
            if kind == "tile" and action[2] == 1:
                seen["SC-43"] += 1
            if kind == "tile" and GAME.types[action[1]].level > 1 and (
                    GAME.types[action[1]].family in ("residential", "commercial", "factory")):
                seen["SC-26"] += 1
            if kind == "to" and action[1] != s:
                seen["SC-58"] += 1
            if (kind == "to" and st.picked[0] not in (-1, s)) or (
                    kind == "pick" and action[1] != s):
                seen["SC-59"] += 1
            for rule in ACTION_RULES.get(kind, ()):
                seen[rule] += 1
            if kind not in ("done", "pass"):
                for rule in STEP_RULES.get(step, ()):
                    seen[rule] += 1
            if players == 1 and kind == "card":
                seen["SC-S3"] += 1
            events = GAME.apply(st, s, action)
            for e in events:
                for rule, pat in compiled:
                    if pat.search(e.text):
                        seen[rule] += 1
                if e.kind == "death" and players == 1:
                    seen["SC-S4"] += 1
        if players == 1:
            seen["SC-S6"] += 1
        if st.mode in END_RULES:
            seen[END_RULES[st.mode]] += 1
        seen["SC-A4"] += sum(len(row["specials"]) for row in GAME.result(st).detail["rows"])
    ids = re.findall(r"\*\*(SC-[A-Z]?\d+)\*\*",
                     (GAME_DIR / "RULES.md").read_text(encoding="utf-8"))
    counted = [r for r in ids if r in seen]
    print(f"4. Rules exercised in {games} random games (all modes, sides, 1-4 players): "
          f"{len(counted)} of {len(ids)} rule ids seen by an event or action")
    print("   " + ", ".join(f"{r} {seen[r]}" for r in counted))
    missing = [r for r in ids if r not in seen]
    print("   not counted here (no event of their own; proved by the tests): "
          + (", ".join(missing) or "none"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=24, help="games per table")
    parser.add_argument("--random-games", type=int, default=400)
    parser.add_argument("--only", choices=("seats", "leanings", "modes", "promises", "rules"))
    parser.add_argument("--equal-money", action="store_true",
                        help="an experiment off the book: every seat starts with $5")
    args = parser.parse_args()
    if args.equal_money:
        GAME.content.setup["money"] = [5, 5, 5, 5]
    kept: Counter = Counter()
    held: Counter = Counter()
    t0 = time.time()
    if args.only in (None, "seats"):
        seats_part(args.games, kept, held)
    if args.only in (None, "leanings"):
        leaning_part(args.games, kept, held)
    if args.only in (None, "modes"):
        modes_part(max(4, args.games // 3), kept, held)
    if held:
        print("   Promises kept at the end (kept/held): " + ", ".join(
            f"#{n} {kept[n]}/{held[n]}" for n in sorted(held)))
    if POSITIONS[0]:
        decks = ("easy", "medium", "difficult")
        print(f"   Share of {POSITIONS[0]} final positions (basic and votes) meeting each "
              "Promise: " + ", ".join(
                  f"#{p.number} ({decks[p.deck][0]}) {MET[p.number] / POSITIONS[0]:.0%}"
                  for p in GAME.content.promises))
    if args.only in (None, "promises"):
        promises_part(args.games)
    if args.only in (None, "rules"):
        rules_part(args.random_games)
    print(f"({time.time() - t0:.0f} s)")


if __name__ == "__main__":
    main()
